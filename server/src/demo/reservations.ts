import { chinaToday, RESERVATION_STATUS, TANKER_TYPES, type ReservationStatus } from '@app/contract'
import { and, eq } from 'drizzle-orm'
import { bookReservation, changeReservationStatus, checkIn, saveReservationPlan } from '../modules/reservations/index.js'
import type { Auth } from '../platform/access.js'
import type { Db } from '../db/client.js'
import { daysBefore, seededRandom } from './kit.js'
import { PLATE_PREFIX } from './transports.js'
import { reservationPlans, reservations } from '../db/schema/index.js'

/**
 * Demo reservations (part of `npm run seed:demo`): every base gets plans for the last 3 days, today and
 * the next 13 (上午/下午 × 常压/承压), and bookings in every status: past days' vehicles that came (已到场),
 * did not (未到) or cancelled (已取消); today's some checked in at reception, some waiting; the coming
 * days' bookings with one slot full. Made by the reservation services as headquarters, except the past
 * days' bookings (a booking of a past day is refused), which are inserted as they would have ended.
 * A base that already has bookings gets none again; plans are looked up by their slot.
 */

export interface DemoReservationBase {
  companyId: number
  index: number
  /** its province, for the plates' prefix (苏A …) */
  province: string
}
export interface DemoReservationsAdded { plans: number; reservations: number }

const DAYS_BACK = 3
const DAYS_AHEAD = 13
const DRIVERS = ['张卫东', '李春生', '王海涛', '刘建军', '陈国庆', '杨志刚', '赵德明', '黄永强', '周立新', '吴振华', '徐长青', '孙宏伟']
const PLATE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'

const dayOffset = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Places of a slot: 常压 takes more than 承压 and mornings more than afternoons. */
const placesOf = (index: number, period: string, tankerType: string) =>
  (tankerType === TANKER_TYPES[0] ? 6 : 3) + (period === '上午' ? 2 : 0) + (index % 3)

export async function addDemoReservations(db: Db, hq: Auth, now: Date, bases: DemoReservationBase[]): Promise<DemoReservationsAdded> {
  const added: DemoReservationsAdded = { plans: 0, reservations: 0 }
  const today = chinaToday(now)
  for (const base of bases) {
    const rand = seededRandom(4242 + base.index)
    const plate = () => `${PLATE_PREFIX[base.province] ?? '京A'}${Array.from({ length: 5 }, () => PLATE_CHARS[rand(PLATE_CHARS.length)]).join('')}`
    const driver = () => {
      const k = rand(DRIVERS.length)
      return { contactName: DRIVERS[k]!, phone: `139${String(base.index).padStart(2, '0')}${String(100000 + k * 7919 + rand(1000)).slice(-6)}` }
    }

    for (let d = -DAYS_BACK; d <= DAYS_AHEAD; d++) {
      const reserveTime = dayOffset(today, d)
      for (const reservePeriod of ['上午', '下午'] as const) {
        for (const tankerType of TANKER_TYPES) {
          const [exists] = await db.select({ id: reservationPlans.id }).from(reservationPlans).where(and(eq(reservationPlans.companyId, base.companyId),
            eq(reservationPlans.reserveTime, reserveTime), eq(reservationPlans.reservePeriod, reservePeriod), eq(reservationPlans.tankerType, tankerType)))
          if (exists) continue
          await saveReservationPlan(db, hq, { companyId: base.companyId, reserveTime, reservePeriod, tankerType, totalCount: placesOf(base.index, reservePeriod, tankerType) })
          added.plans++
        }
      }
    }

    const [any] = await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.companyId, base.companyId)).limit(1)
    if (any) continue

    // past days: inserted as they ended (a past day cannot be booked any more)
    const ended: ReservationStatus[] = [RESERVATION_STATUS.arrived, RESERVATION_STATUS.arrived, RESERVATION_STATUS.noShow, RESERVATION_STATUS.cancelled]
    for (let d = DAYS_BACK; d >= 1; d--) {
      const reserveTime = dayOffset(today, -d)
      for (const [k, status] of ended.entries()) {
        const reservePeriod = k % 2 ? '下午' : '上午'
        const tankerType = TANKER_TYPES[k % 3 === 2 ? 1 : 0]
        const [plan] = await db.select().from(reservationPlans).where(and(eq(reservationPlans.companyId, base.companyId),
          eq(reservationPlans.reserveTime, reserveTime), eq(reservationPlans.reservePeriod, reservePeriod), eq(reservationPlans.tankerType, tankerType)))
        const createTime = daysBefore(now, d + 2, 9 + k, rand(60))
        await db.insert(reservations).values({
          companyId: base.companyId, planId: plan!.id, licenseNumber: plate(), ...driver(), tankerType, reserveTime, reservePeriod, status,
          createUserId: hq.userId, createTime, updateTime: createTime,
          arriveTime: status === RESERVATION_STATUS.arrived ? daysBefore(now, d, reservePeriod === '上午' ? 9 : 14, rand(60)) : null,
        })
        added.reservations++
      }
    }

    // today and the coming days, booked through the service; then today's moves at reception
    const book = async (reserveTime: string, reservePeriod: '上午' | '下午', tankerType: (typeof TANKER_TYPES)[number], remarks?: string) => {
      const r = await bookReservation(db, hq, { companyId: base.companyId, licenseNumber: plate(), ...driver(), tankerType, reserveTime, reservePeriod, remarks }, now)
      added.reservations++
      return r
    }
    const todays = [
      await book(today, '上午', TANKER_TYPES[0]), await book(today, '上午', TANKER_TYPES[0]), await book(today, '上午', TANKER_TYPES[1], '装过液化气，需置换'),
      await book(today, '下午', TANKER_TYPES[0]), await book(today, '下午', TANKER_TYPES[1]),
    ]
    await checkIn(db, hq, todays[0]!.id, undefined, now)
    await checkIn(db, hq, todays[2]!.id, undefined, now)
    await changeReservationStatus(db, hq, todays[1]!.id, RESERVATION_STATUS.noShow, now)
    await changeReservationStatus(db, hq, todays[4]!.id, RESERVATION_STATUS.cancelled, now)
    for (let d = 1; d <= 6; d++) {
      const day = dayOffset(today, d)
      for (let k = 0; k < 1 + rand(3); k++) await book(day, k % 2 ? '下午' : '上午', TANKER_TYPES[rand(2)])
    }
    // one slot full (承压 in the afternoon the day after tomorrow), one booking cancelled
    const full = dayOffset(today, 2)
    const [slot] = await db.select().from(reservationPlans).where(and(eq(reservationPlans.companyId, base.companyId),
      eq(reservationPlans.reserveTime, full), eq(reservationPlans.reservePeriod, '下午'), eq(reservationPlans.tankerType, TANKER_TYPES[1])))
    const taken = (await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.planId, slot!.id))).length
    for (let k = taken; k < slot!.totalCount; k++) await book(full, '下午', TANKER_TYPES[1])
    const later = await book(dayOffset(today, 3), '上午', TANKER_TYPES[0], '车辆临时调度，改期')
    await changeReservationStatus(db, hq, later.id, RESERVATION_STATUS.cancelled, now)
  }
  return added
}
