import type { Examples } from './types.js'

/**
 * Reservation plans, bookings and reception (modules/reservations): B's rows, and B named as the base
 * of a list, the calendar or a booking, answer as missing.
 */
export const reservationExamples: Examples = {
  '/api/reservationPlan/delete/:id': ({ b }) => ({ params: { id: b.id('todaysPlan') }, expect: 'refused' }),
  '/api/reservationPlan/batch': ({ b }) => ({
    body: { companyId: b.companyId, from: '2031-02-03', to: '2031-02-09', weekdays: [1, 2], periods: ['上午'], tankerTypes: ['常压车辆'], totalCount: 5 },
    expect: 'otherBase',
  }),
  '/api/reservationPlan/copyWeek': ({ b }) => ({ body: { companyId: b.companyId, weekOf: '2031-02-10' }, expect: 'otherBase' }),
  '/api/reservationPlan/month': ({ b }) => ({ body: { companyId: b.companyId, month: '2031-02' }, expect: 'otherBase' }),
  '/api/reservation/find': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/reservation/get/:id': ({ b }) => ({ params: { id: b.id('reservation') }, expect: 'refused' }),
  '/api/reservation/save': ({ b }) => ({
    body: { companyId: b.companyId, licenseNumber: '苏A10001', contactName: '走查司机', phone: '13900001111', tankerType: '常压车辆', reserveTime: '2031-02-03', reservePeriod: '上午' },
    expect: 'otherBase',
  }),
  '/api/reservation/upStatus/:id': ({ b }) => [
    { params: { id: b.id('reservation') }, body: { status: 2 }, expect: 'refused' },
    { params: { id: b.id('todaysReservation') }, body: { status: 1 }, expect: 'refused' },
  ],
  '/api/reservation/reveal/:id': ({ b }) => ({ params: { id: b.id('reservation') }, body: { field: 'phone' }, expect: 'refused' }),
  '/api/reception/today': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/reception/checkIn/:id': ({ b }) => ({ params: { id: b.id('todaysReservation') }, expect: 'refused' }),
}
