import { usageFilters, usageQuery } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { exportCompany, exportParams } from '../../platform/exports.js'
import * as usage from './service.js'

/** 使用统计 (spec 000 menu key `use`): the table, its chart and its export (permission usage). */
export function usageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['使用统计']
  const config = { access: 'usage' as const }

  r.post('/use/find', {
    config,
    schema: { tags, summary: '使用统计：每个用户在每个基地的上传次数、识别失败、磅差超标运单、发货与收货重量（默认本月）', body: usageQuery },
  }, async (req) => usage.findUsage(ctx.db, authOf(req), req.body))

  r.post('/use/chart', {
    config,
    schema: { tags, summary: '使用统计：统计时间内每天的合计（图表）', body: usageFilters },
  }, async (req) => usage.usageChart(ctx.db, authOf(req), req.body))

  r.get('/use/export/:companyId', {
    config,
    schema: { tags, summary: '导出使用统计（xlsx，末行合计）', params: exportParams, querystring: usageFilters },
  }, async (req, reply) => usage.usageExport.send(reply,
    usage.usageExportRows(ctx.db, authOf(req), { ...req.query, companyId: exportCompany(authOf(req), req.params.companyId, req.query.companyId) })))
}
