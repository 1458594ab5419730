import { REPORT_B_TOKEN } from '../reportRows.js'
import type { Examples } from './types.js'

/** Inspection reports (modules/reports): B's report, and B named as the base, answer as missing to every call naming them. */
const registration = {
  licenseNumber: '苏A20001', tankerType: '常压车辆', org: '走查运输公司', contactName: '走查司机', phone: '13900002222',
  latestMaterial: '柴油', outdate: '2031-12-31',
}
export const reportExamples: Examples = {
  '/api/report/find': ({ b }) => [
    { body: { companyId: b.companyId }, expect: 'otherBase' },
    { body: { center: String(b.companyId) }, expect: 'otherBase' },
  ],
  '/api/report/export/:companyId': ({ b }) => ({ params: { companyId: b.companyId }, query: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/report/saveFirst': ({ b }) => ({ body: { ...registration, companyId: b.companyId }, expect: 'otherBase' }),
  '/api/report/save': ({ b }) => [
    { body: { ...registration, id: b.id('report') }, expect: 'refused' },
    { body: { ...registration, companyId: b.companyId }, expect: 'otherBase' },
  ],
  '/api/report/reveal/:id': ({ b }) => ({ params: { id: b.id('report') }, body: { field: 'phone' }, expect: 'refused' }),
  '/api/report/syncFromReservation/:id': ({ b }) => ({ params: { id: b.id('todaysReservation') }, expect: 'refused' }),
  '/api/report/getDetail/:id': ({ b }) => ({ params: { id: b.id('report') }, expect: 'refused' }),
  '/api/report/get/:testeeId': ({ b }) => ({ params: { testeeId: b.id('report') }, expect: 'refused' }),
  '/api/report/getByUserId/:id': ({ b }) => ({ params: { id: b.id('admin') }, body: {}, expect: 'served' }),
  '/api/report/selectReports/:stationId/:licenseNumber': ({ b }) => ({ params: { stationId: b.id('station'), licenseNumber: '苏' }, expect: 'served' }),
  '/api/report/searchReports/:licenseNumber/:tankerNumber': () => ({ params: { licenseNumber: '-', tankerNumber: '-' }, expect: 'served' }),
  '/api/report/start/:id': ({ b }) => ({ params: { id: b.id('report') }, body: { inspectorId: b.id('admin'), templateId: b.id('template') }, expect: 'refused' }),
  '/api/report/changeStatus/:id/:status': ({ b }) => ({ params: { id: b.id('report'), status: 2 }, body: {}, expect: 'refused' }),
  '/api/report/setStatus/:id': ({ b }) => ({ params: { id: b.id('report') }, query: { status: 2 }, body: {}, expect: 'refused' }),
  '/api/report/cancel/:id': ({ b }) => ({ params: { id: b.id('report') }, expect: 'refused' }),
  '/api/report/upStation/:id': ({ b }) => ({ params: { id: b.id('report') }, body: { stationId: b.id('station') }, expect: 'refused' }),
  '/api/report/pdf/:id': ({ b }) => ({ params: { id: b.id('report') }, expect: 'refused' }),
  // anyone holding the QR code's token sees the result and validity (B's report is not signed: nothing of it)
  '/api/public/report/:token': () => ({ params: { token: REPORT_B_TOKEN }, expect: 'public' }),
  '/api/report/record/:id': ({ b }) => ({ params: { id: b.id('report') }, body: { itemKey: 'x1', value: true }, expect: 'refused' }),
}
