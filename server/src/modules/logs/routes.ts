import { logBody, logQuery } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { crudRoutes } from '../../platform/crudRoutes.js'
import * as logs from './service.js'

export function logRoutes(app: FastifyInstance, ctx: AppContext) {
  crudRoutes(app, {
    path: '/log', noun: '日志', config: { access: 'log' },
    summary: { findCenter: '日志（不分页，最多 1000 条）' },
    query: logQuery, centerSize: 1000, find: (req, q) => logs.findLogs(ctx.db, authOf(req), q),
    body: logBody, save: (req, body) => logs.saveLog(ctx.db, authOf(req), body),
    updateBody: logBody, update: (req, id, body) => logs.updateLog(ctx.db, authOf(req), id, body),
    remove: (req, id) => logs.deleteLog(ctx.db, authOf(req), id),
    // the export takes the list's filters; it is not paged
    exportQuery: logQuery.omit({ page: true, size: true, pageNo: true, pageSize: true }),
    exporter: logs.logExport,
    exportRows: (auth, q) => logs.allLogs(ctx.db, auth, q),
  })
}
