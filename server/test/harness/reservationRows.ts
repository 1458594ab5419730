import { chinaToday } from '@app/contract'
import { reservationPlans, reservations } from '../../src/db/schema/index.js'
import type { TestEnv } from '../helpers.js'
import { MARKER, type OtherCompany } from './otherCompany.js'

/** Company B's bookings: one of its plan of 2031-02-03 and one of a plan of today (reception's list). */
export async function reservationRows(env: TestEnv, b: OtherCompany) {
  const today = chinaToday()
  const [plan] = await env.db.insert(reservationPlans).values({ companyId: b.companyId, reserveTime: today, reservePeriod: '下午', tankerType: '承压车辆', totalCount: 3 }).returning()
  const row = (planId: number, reserveTime: string, reservePeriod: string, tankerType: string) => ({
    companyId: b.companyId, planId, licenseNumber: MARKER, contactName: MARKER, phone: MARKER, tankerType, reserveTime, reservePeriod,
    remarks: MARKER, createUserId: b.id('admin'),
  })
  const [later, todays] = await env.db.insert(reservations).values([
    row(b.id('reservationPlan'), '2031-02-03', '上午', '常压车辆'),
    row(plan!.id, today, '下午', '承压车辆'),
  ]).returning()
  Object.assign(b.ids, { reservation: later!.id, todaysReservation: todays!.id, todaysPlan: plan!.id })
}
