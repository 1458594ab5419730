import { usageFilters, usageQuery } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { exportRoute } from '../../platform/exportRoute.js'
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

  exportRoute(app, {
    url: '/use/export', config, tags, summary: '导出使用统计（xlsx，末行合计）', query: usageFilters,
    exporter: usage.usageExport, rows: (auth, q) => usage.usageExportRows(ctx.db, auth, q),
  })
}
