import type { Examples } from './types.js'

/** 检验统计 (modules/kpi): B named as the base answers as missing. */
export const kpiExamples: Examples = {
  '/api/kpi/summary': ({ b }) => ({ body: { companyId: b.companyId, range: [], granularity: 'week' }, expect: 'otherBase' }),
  '/api/kpi/steps': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/kpi/detail': ({ b }) => ({ body: { companyId: b.companyId, figure: 'registered' }, expect: 'otherBase' }),
  '/api/kpi/export/:companyId': ({ b }) => ({ params: { companyId: b.companyId }, query: { companyId: b.companyId, figure: 'registered' }, expect: 'otherBase' }),
}
