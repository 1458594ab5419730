import type { Examples } from './types.js'

/** Logistics companies (modules/logisticsCompanies): B's row, and B named as the base, answer as missing. */
export const logisticsCompanyExamples: Examples = {
  '/api/lCompany/find': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/lCompany/findCenter': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/lCompany/get/getLCompany': ({ b }) => ({ query: { id: b.id('logisticsCompany') }, expect: 'refused' }),
  '/api/lCompany/save': ({ b }) => ({ body: { name: '走查物流', phone: '13800008888', companyId: b.companyId }, expect: 'otherBase' }),
  '/api/lCompany/update/:id': ({ b }) => ({ params: { id: b.id('logisticsCompany') }, body: { name: '走查物流改', companyId: b.companyId }, expect: 'refused' }),
  '/api/lCompany/delete/:id': ({ b }) => ({ params: { id: b.id('logisticsCompany') }, expect: 'refused' }),
  '/api/lCompany/export/:companyId': ({ b }) => ({ params: { companyId: b.companyId }, query: { companyId: b.companyId }, expect: 'otherBase' }),
}
