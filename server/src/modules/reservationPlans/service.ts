import {
  formatDateTime, rangeBounds, type Page, type ReservationPlanFindBody, type ReservationPlanRow, type ReservationPlanSaveBody,
} from '@app/contract'
import { and, asc, desc, eq, gte, lte, type SQL } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { companies, reservationPlans } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { listSource, pagedList } from '../../platform/list.js'
import { ownerCompany, scopeCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/service.js'

/** Reservation plans (预约设置): how many reservations a base takes on a date, period and tanker type. */

const select = (db: Executor) =>
  db.select({ p: reservationPlans, companyName: companies.name }).from(reservationPlans)
    .leftJoin(companies, eq(companies.id, reservationPlans.companyId))

const toRow = (r: { p: typeof reservationPlans.$inferSelect; companyName: string | null }): ReservationPlanRow => ({
  id: r.p.id, companyId: r.p.companyId, companyName: r.companyName ?? '', reserveTime: r.p.reserveTime,
  reservePeriod: r.p.reservePeriod, tankerType: r.p.tankerType, totalCount: r.p.totalCount, createTimeStr: formatDateTime(r.p.createTime),
})

/** Sets the count of one plan (one per base, date, period and tanker type), adding it when missing. */
export async function saveReservationPlan(db: Db, auth: Auth, body: ReservationPlanSaveBody): Promise<ReservationPlanRow> {
  const companyId = ownerCompany(auth, body.companyId)
  await assertCompanyExists(db, companyId)
  const [saved] = await db.insert(reservationPlans).values({
    companyId, reserveTime: body.reserveTime, reservePeriod: body.reservePeriod, tankerType: body.tankerType, totalCount: body.totalCount,
  }).onConflictDoUpdate({
    target: [reservationPlans.companyId, reservationPlans.reserveTime, reservationPlans.reservePeriod, reservationPlans.tankerType],
    set: { totalCount: body.totalCount, updateTime: new Date() },
  }).returning({ id: reservationPlans.id })
  const [row] = await select(db).where(eq(reservationPlans.id, saved!.id))
  return toRow(row!)
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

/** The plans the caller may see that the filters select, latest date first. */
export const findReservationPlans = (db: Db, auth: Auth, body: ReservationPlanFindBody): Promise<Page<ReservationPlanRow>> => pagedList(listSource({
  db,
  query: () => select(db).where(filters(auth, body)).$dynamic(),
  orderBy: [desc(reservationPlans.reserveTime), asc(reservationPlans.reservePeriod), asc(reservationPlans.tankerType)],
  map: toRow,
}), body)
