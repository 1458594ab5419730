import { kpiDetailFilters, kpiDetailQuery, kpiFilters } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { exportRoute } from '../../platform/exportRoute.js'
import * as kpi from './service.js'

/** 检验统计 (issue 12 KPI): figures under permission kpi, step times and the reports behind a figure under kpi_detail. */
export function kpiRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['检验统计']

  r.post('/kpi/summary', {
    config: { access: 'kpi' },
    schema: { tags, summary: '检验统计：登记、开始、完成、签发、合格率与检验用时，按周期、检验负责人和基地（默认近30天）', body: kpiFilters },
  }, async (req) => kpi.kpiSummary(ctx.db, authOf(req), req.body))

  r.post('/kpi/steps', {
    config: { access: 'kpi_detail' },
    schema: { tags, summary: '检验统计：统计时间内签发的报告每个检验步骤的平均用时', body: kpiFilters },
  }, async (req) => kpi.kpiSteps(ctx.db, authOf(req), req.body))

  r.post('/kpi/detail', {
    config: { access: 'kpi_detail' },
    schema: { tags, summary: '检验统计明细：某项指标（按周期、检验负责人、基地）对应的检验报告', body: kpiDetailQuery },
  }, async (req) => kpi.kpiDetail(ctx.db, authOf(req), req.body))

  exportRoute(app, {
    url: '/kpi/export', config: { access: 'kpi_detail' }, tags, summary: '导出检验统计明细（xlsx）', query: kpiDetailFilters,
    exporter: kpi.kpiExport, rows: (auth, q) => kpi.kpiDetailRows(ctx.db, auth, q),
  })
}
