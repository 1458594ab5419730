import { idParam, logBody, logQuery, Msg } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { exportCompany, exportParams } from '../../platform/exports.js'
import * as logs from './service.js'

export function logRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['日志']
  const config = { access: 'log' as const }
  const idParams = z.object({ id: idParam().describe('日志编号') })
  // the export takes the list's filters; it is not paged
  const logFilters = logQuery.omit({ page: true, size: true, pageNo: true, pageSize: true })

  r.post('/log/find', { config, schema: { tags, summary: '日志列表', body: logQuery } },
    async (req) => logs.findLogs(ctx.db, authOf(req), req.body))
  r.post('/log/findCenter', { config, schema: { tags, summary: '日志（不分页，最多 1000 条）', body: logQuery.optional() } },
    async (req) => (await logs.findLogs(ctx.db, authOf(req), { ...req.body, page: 1, size: 1000 })).data)
  r.post('/log/save', { config, schema: { tags, summary: '新增日志', body: logBody } },
    async (req) => done(await logs.saveLog(ctx.db, authOf(req), req.body), Msg.created))
  r.put('/log/update/:id', { config, schema: { tags, summary: '编辑日志', params: idParams, body: logBody } },
    async (req) => done(await logs.updateLog(ctx.db, authOf(req), req.params.id, req.body), Msg.updated))
  r.delete('/log/delete/:id', { config, schema: { tags, summary: '删除日志', params: idParams } }, async (req) => {
    await logs.deleteLog(ctx.db, authOf(req), req.params.id)
    return done(null, Msg.deleted)
  })
  r.get('/log/export/:companyId', { config, schema: { tags, summary: '导出日志（xlsx）', params: exportParams, querystring: logFilters } },
    async (req, reply) => logs.logExport.send(reply, logs.allLogs(ctx.db, authOf(req), { ...req.query, companyId: exportCompany(req.params.companyId, req.query.companyId) })))
}
