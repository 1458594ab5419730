import type { Examples } from './types.js'

const base = { name: '走查基地', contactor: '走查联系人', domain: 'walk-base' }

/** Bases, reservation plans and supply orders (modules/companies, reservationPlans, supplyOrders). */
export const companyExamples: Examples = {
  '/api/company/find': () => ({ body: {}, expect: 'served' }),
  '/api/company/save': ({ b }) => ({ body: { ...base, phone: '13900000001', attachmentId: b.id('pdf'), picId: b.id('picture') }, expect: 'refused' }),
  '/api/company/update/:id': ({ b }) => ({ params: { id: b.companyId }, body: base, expect: 'refused' }),
  '/api/company/delete/:id': ({ b }) => ({ params: { id: b.companyId }, expect: 'refused' }),
  '/api/company/export/:companyId': ({ b }) => ({ params: { companyId: b.companyId }, expect: 'otherBase' }),
  // the login page of B's subdomain shows its name to anyone
  '/api/company/getByDomain': () => ({ query: { domain: 'zx9-secret' }, expect: 'public' }),
  // B has no picture: the login page is told so, as anyone would be
  '/api/company/picture': () => ({ query: { domain: 'zx9-secret' }, expect: 404 }),
  '/api/company/get/:id': ({ b }) => ({ params: { id: b.companyId }, expect: 'otherBase' }),
  '/api/company/options': () => ({ expect: 'served' }),
  '/api/company/settings': () => ({ expect: 'served' }),
  '/api/companyMaterialOrder/save': ({ a, b }) => ({ body: { buyCompanyId: b.companyId, saleCompanyId: a.companyId }, expect: 'refused' }),
  '/api/companyMaterialOrder/find': ({ b }) => ({ body: { buyCompanyId: b.companyId }, expect: 'served' }),
  '/api/companyMaterialOrder/delete/:id': ({ b }) => ({ params: { id: b.id('supplyOrder') }, expect: 'refused' }),
  // B's plan is not A's to set
  '/api/reservationPlan/save': ({ b }) => ({ body: { companyId: b.companyId, reserveTime: '2031-02-03', totalCount: 9 }, expect: 'otherBase' }),
  '/api/reservationPlan/find': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
}
