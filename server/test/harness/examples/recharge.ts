import type { Examples } from './types.js'

/** Top-ups and recharge records (modules/recharge). */
export const rechargeExamples: Examples = {
  '/api/rechargeRecord/recharge': ({ b }) => ({ query: { companyId: b.companyId, times: 1, requestId: 'walk-recharge' }, expect: 'refused' }),
  '/api/rechargeRecord/rechargeAmount': ({ b }) => ({ query: { companyId: b.companyId, times: 1, requestId: 'walk-amount' }, expect: 'refused' }),
  '/api/rechargeRecord/find': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/rechargeRecord/findCenter': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/rechargeRecord/save': ({ b }) => ({ body: { companyId: b.companyId, times: 1, requestId: 'walk-save' }, expect: 'refused' }),
  '/api/rechargeRecord/update/:id': ({ b }) => ({ params: { id: b.id('rechargeRecord') }, body: { times: 1 }, expect: 'refused' }),
  '/api/rechargeRecord/delete/:id': ({ b }) => ({ params: { id: b.id('rechargeRecord') }, expect: 'refused' }),
  '/api/rechargeRecord/export/:companyId': ({ b }) => ({ params: { companyId: b.companyId }, query: { companyId: b.companyId }, expect: 'otherBase' }),
}
