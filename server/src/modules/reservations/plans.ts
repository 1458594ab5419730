import {
  formatDateTime, HOLDS_PLACE, rangeBounds, ReservationMsg, type Page, type ReservationDayPlan, type ReservationMonth,
  type ReservationMonthBody, type ReservationPlanFindBody, type ReservationPlanListRow, type ReservationPlanSaveBody,
} from '@app/contract'
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { companies, reservationPlans, reservations } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ConflictError, NotFoundError } from '../../platform/errors.js'
import { listSource, pagedList } from '../../platform/list.js'
import { assertInScope, ownerCompany, scopeCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'

/**
 * Reservation plans (预约设置): how many reservations a base takes on a date, period and tanker type.
 * A plan's places are held by its bookings in HOLDS_PLACE (bookings.ts); the plan row is the lock
 * every change of its places takes first.
 */

/** Bookings of the plan `planId` (an SQL expression) that hold a place. */
export const placesHeld = (planId: SQL | typeof reservationPlans.id) =>
  sql<number>`(select count(*)::int from ${reservations} where ${reservations.planId} = ${planId} and ${inArray(reservations.status, [...HOLDS_PLACE])})`

const select = (db: Executor) =>
  db.select({ p: reservationPlans, companyName: companies.name, bookedCount: placesHeld(reservationPlans.id) }).from(reservationPlans)
    .leftJoin(companies, eq(companies.id, reservationPlans.companyId))

type Row = { p: typeof reservationPlans.$inferSelect; companyName: string | null; bookedCount: number }
const toRow = (r: Row): ReservationPlanListRow => ({
  id: r.p.id, companyId: r.p.companyId, companyName: r.companyName ?? '', reserveTime: r.p.reserveTime,
  reservePeriod: r.p.reservePeriod, tankerType: r.p.tankerType, totalCount: r.p.totalCount, bookedCount: Number(r.bookedCount),
  createTimeStr: formatDateTime(r.p.createTime),
})

/** The plan row, locked until the transaction ends; another base's answers as missing. */
export async function lockPlan(tx: Executor, auth: Auth, id: number) {
  const [plan] = await tx.select().from(reservationPlans).where(eq(reservationPlans.id, id)).for('update')
  if (!plan) throw new NotFoundError(ReservationMsg.planNotFound)
  assertInScope(auth, plan.companyId, ReservationMsg.planNotFound)
  return plan
}

/** How many places of the plan its bookings hold. */
export const heldBy = async (tx: Executor, planId: number) =>
  Number((await tx.execute<{ n: number }>(sql`select ${placesHeld(sql`${planId}::int`)} as n`)).rows[0]?.n ?? 0)

/**
 * Sets the count of one plan (one per base, date, period and tanker type), adding it when missing.
 * Under the plan's lock, so a count below the places already booked is refused (409) even while
 * bookings arrive.
 */
export async function saveReservationPlan(db: Db, auth: Auth, body: ReservationPlanSaveBody): Promise<ReservationPlanListRow> {
  const companyId = ownerCompany(auth, body.companyId)
  await assertCompanyExists(db, companyId)
  const id = await db.transaction(async (tx) => {
    const key = and(eq(reservationPlans.companyId, companyId), eq(reservationPlans.reserveTime, body.reserveTime),
      eq(reservationPlans.reservePeriod, body.reservePeriod), eq(reservationPlans.tankerType, body.tankerType))
    const [created] = await tx.insert(reservationPlans).values({
      companyId, reserveTime: body.reserveTime, reservePeriod: body.reservePeriod, tankerType: body.tankerType, totalCount: body.totalCount,
    }).onConflictDoNothing().returning({ id: reservationPlans.id })
    if (created) return created.id
    const [plan] = await tx.select().from(reservationPlans).where(key).for('update')
    const booked = await heldBy(tx, plan!.id)
    if (body.totalCount < booked) throw new ConflictError(ReservationMsg.planBelowBooked(booked))
    await tx.update(reservationPlans).set({ totalCount: body.totalCount, updateTime: new Date() }).where(eq(reservationPlans.id, plan!.id))
    return plan!.id
  })
  const [row] = await select(db).where(eq(reservationPlans.id, id))
  return toRow(row!)
}

/** Deletes a plan no booking holds a place of (its cancelled bookings go with it); else 409. */
export async function deleteReservationPlan(db: Db, auth: Auth, id: number) {
  await db.transaction(async (tx) => {
    await lockPlan(tx, auth, id)
    const booked = await heldBy(tx, id)
    if (booked > 0) throw new ConflictError(ReservationMsg.planInUse(booked))
    await tx.delete(reservationPlans).where(eq(reservationPlans.id, id))
  })
}

// plan days are China dates; a bound given as a UTC instant belongs to its China-time day
const chinaDay = (d: Date) => formatDateTime(d).slice(0, 10)

function filters(auth: Auth, body: ReservationPlanFindBody): SQL | undefined {
  const companyId = scopeCompany(auth, body.companyId)
  const { from, to } = rangeBounds(body.reserveTime)
  return and(
    companyId != null ? eq(reservationPlans.companyId, companyId) : undefined,
    from ? gte(reservationPlans.reserveTime, chinaDay(from)) : undefined,
    to ? lte(reservationPlans.reserveTime, chinaDay(to)) : undefined,
  )
}

/** The plans the caller may see that the filters select, latest date first, with the places booked. */
export const findReservationPlans = (db: Db, auth: Auth, body: ReservationPlanFindBody): Promise<Page<ReservationPlanListRow>> => pagedList(listSource({
  db,
  query: () => select(db).where(filters(auth, body)).$dynamic(),
  orderBy: [desc(reservationPlans.reserveTime), asc(reservationPlans.reservePeriod), asc(reservationPlans.tankerType)],
  map: toRow,
  count: () => db.select({ id: reservationPlans.id }).from(reservationPlans).where(filters(auth, body)).$dynamic(),
}), body)

/** The last day of a 'YYYY-MM' month. */
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`
}

/** One base's plans of a month by day, each with its places and the places booked (the calendar). */
export async function reservationMonth(db: Db, auth: Auth, body: ReservationMonthBody): Promise<ReservationMonth> {
  const companyId = ownerCompany(auth, body.companyId)
  await assertCompanyExists(db, companyId)
  const rows = await select(db).where(and(eq(reservationPlans.companyId, companyId),
    gte(reservationPlans.reserveTime, `${body.month}-01`), lte(reservationPlans.reserveTime, lastDay(body.month))))
    .orderBy(asc(reservationPlans.reserveTime), asc(reservationPlans.reservePeriod), asc(reservationPlans.tankerType))
  const days = new Map<string, ReservationDayPlan[]>()
  for (const r of rows) {
    const plans = days.get(r.p.reserveTime) ?? []
    plans.push({ planId: r.p.id, reservePeriod: r.p.reservePeriod, tankerType: r.p.tankerType, totalCount: r.p.totalCount, bookedCount: Number(r.bookedCount) })
    days.set(r.p.reserveTime, plans)
  }
  return { companyId, month: body.month, days: [...days].map(([date, plans]) => ({ date, plans })) }
}
