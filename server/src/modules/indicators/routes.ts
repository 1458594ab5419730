import { indicatorBody, indicatorFilters, indicatorQuery } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.js'
import { crudRoutes } from '../../platform/crudRoutes.js'
import * as service from './service.js'

/** `/indicator/*` (检验指标, permission indicator): headquarters' library of check items. */
export function indicatorRoutes(app: FastifyInstance, ctx: AppContext) {
  crudRoutes(app, {
    path: '/indicator', noun: '检验指标', config: { access: { permission: 'indicator', hq: true } },
    summary: { find: '检验指标列表（名称、类型）', findCenter: '检验指标（不分页，最多 1000 个；模板步骤从中选择）' },
    query: indicatorQuery, centerSize: 1000, find: (_req, q) => service.findIndicators(ctx.db, q),
    body: indicatorBody, save: (_req, body) => service.saveIndicator(ctx.db, body),
    updateBody: indicatorBody, update: (_req, id, body) => service.updateIndicator(ctx.db, id, body),
    remove: (_req, id) => service.deleteIndicator(ctx.db, id),
    exportQuery: indicatorFilters,
    exporter: service.indicatorExport,
    exportRows: (_auth, q) => service.allIndicators(ctx.db, q),
  })
}
