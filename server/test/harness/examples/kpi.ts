import type { Examples } from './types.js'

/** 检验统计 (modules/kpi): asked for B, each answers A's own reports (B's report never counts). */
export const kpiExamples: Examples = {
  '/api/kpi/summary': ({ b }) => ({ body: { companyId: b.companyId, range: [], granularity: 'week' }, expect: 'served' }),
  '/api/kpi/steps': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'served' }),
  '/api/kpi/detail': ({ b }) => ({ body: { companyId: b.companyId, figure: 'registered' }, expect: 'served' }),
  '/api/kpi/export/:companyId': ({ b }) => ({ params: { companyId: b.companyId }, query: { companyId: b.companyId, figure: 'registered' }, expect: 'served' }),
}
