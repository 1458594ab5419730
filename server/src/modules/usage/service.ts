import {
  formatDateTime, rangeBounds, round2, thisMonthRange, TransportStatus, USAGE_EXPORT_NAME, USAGE_FIGURES, USAGE_MAX_DAYS, UsageMsg,
  type Page, type Paging, type UsageChart, type UsageFigure, type UsageFigures, type UsageFilters, type UsageRow,
} from '@app/contract'
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm'
import { union, type PgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { companies, ticketReadings, transports, userCompanies, users } from '../../db/schema/index.js'
import { ValidationError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { contains } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { inCompanyScope } from '../../platform/tenancy.js'

/**
 * Usage statistics (使用统计): per user and base over a date range, uploads and failed readings from
 * ticket_reading, transports over tolerance and tonnage from completed transports. Each figure set is
 * one grouped scan of its table over the range (by the company/user time indexes), never a query per
 * user. Rows of a deleted user (user_id set null) are counted nowhere, so the chart adds up to the table.
 */

const DAY_MS = 86_400_000
const FIGURES = Object.keys(USAGE_FIGURES) as UsageFigure[]
const zero = (): UsageFigures => ({ useTimes: 0, uploadErrors: 0, poundErrors: 0, deliveryWeight: 0, signWeight: 0 })

/** The instants and the days (China Standard Time) a request counts: this month unless it says otherwise. */
export function usageRange(range: (string | null)[] | undefined, now = new Date()) {
  const [thisMonthStart, today] = thisMonthRange(now)
  const [a, b] = range ?? []
  // an open start is the first of the end's month, an open end today
  const fromText = a || (b ? `${b.slice(0, 8)}01` : thisMonthStart)
  const toText = b || today
  const { from, to } = rangeBounds([fromText, toText]) as { from: Date; to: Date }
  if (from > to) throw new ValidationError(UsageMsg.rangeReversed)
  const fromDay = formatDateTime(from).slice(0, 10)
  const toDay = formatDateTime(to).slice(0, 10)
  const days = Math.round((Date.parse(toDay) - Date.parse(fromDay)) / DAY_MS) + 1
  if (days > USAGE_MAX_DAYS) throw new ValidationError(UsageMsg.rangeTooLong(USAGE_MAX_DAYS))
  return { from, to, fromDay, toDay, days }
}

type Range = ReturnType<typeof usageRange>

/** The rows of one table a figure set counts: in scope, in the range, by a user the name filter selects. */
function counted(auth: SessionUser, q: UsageFilters, range: Range, t: { companyId: PgColumn; userId: PgColumn; createTime: PgColumn }, db: Executor) {
  return and(
    inCompanyScope(auth, t.companyId, q.companyId),
    gte(t.createTime, range.from),
    lte(t.createTime, range.to),
    isNotNull(t.userId),
    q.name ? inArray(t.userId, db.select({ id: users.id }).from(users).where(userNamed(q.name))) : undefined,
  )
}

const userNamed = (name: string) => or(contains(users.name, name), contains(users.phone, name))

const overTolerance = sql`${transports.dangerLevel} in (1, 3)`
const completed = eq(transports.status, TransportStatus.DONE)

/** Sums come back as numeric text; tons are shown with two decimals. */
const figures = (r: Partial<Record<UsageFigure, unknown>>): UsageFigures => ({
  useTimes: Number(r.useTimes ?? 0), uploadErrors: Number(r.uploadErrors ?? 0), poundErrors: Number(r.poundErrors ?? 0),
  deliveryWeight: round2(Number(r.deliveryWeight ?? 0)), signWeight: round2(Number(r.signWeight ?? 0)),
})

/**
 * One row per user and base: every member of the bases in scope (zeros included) and anyone with
 * readings or transports there in the range; busiest first.
 */
function usageList(db: Executor, auth: SessionUser, q: UsageFilters, range: Range) {
  const readings = db.$with('usage_readings').as(
    db.select({
      userId: ticketReadings.userId, companyId: ticketReadings.companyId,
      useTimes: sql<number>`count(*)`.as('n_uploads'),
      uploadErrors: sql<number>`count(*) filter (where not ${ticketReadings.ok})`.as('n_failed'),
    }).from(ticketReadings).where(counted(auth, q, range, ticketReadings, db)).groupBy(ticketReadings.userId, ticketReadings.companyId),
  )
  const moved = db.$with('usage_transports').as(
    db.select({
      userId: transports.userId, companyId: transports.companyId,
      poundErrors: sql<number>`count(*) filter (where ${overTolerance})`.as('n_over_tolerance'),
      deliveryWeight: sql<string>`sum(${transports.deliveryNetWeight})`.as('delivery_tons'),
      signWeight: sql<string>`sum(${transports.signNetWeight})`.as('sign_tons'),
    }).from(transports).where(and(completed, counted(auth, q, range, transports, db))).groupBy(transports.userId, transports.companyId),
  )
  const keys = db.$with('usage_keys').as(union(
    db.select({ userId: readings.userId, companyId: readings.companyId }).from(readings),
    db.select({ userId: moved.userId, companyId: moved.companyId }).from(moved),
    db.select({ userId: userCompanies.userId, companyId: userCompanies.companyId }).from(userCompanies)
      .where(inCompanyScope(auth, userCompanies.companyId, q.companyId)),
  ))
  const useTimes = sql<number>`coalesce(${readings.useTimes}, 0)`
  return listSource({
    db,
    query: () => db.with(readings, moved, keys).select({
      userId: users.id, name: users.name, phone: users.phone, companyId: companies.id, companyName: companies.name,
      useTimes, uploadErrors: readings.uploadErrors, poundErrors: moved.poundErrors, deliveryWeight: moved.deliveryWeight, signWeight: moved.signWeight,
    }).from(keys)
      .innerJoin(users, eq(users.id, keys.userId))
      .innerJoin(companies, eq(companies.id, keys.companyId))
      .leftJoin(readings, and(eq(readings.userId, keys.userId), eq(readings.companyId, keys.companyId)))
      .leftJoin(moved, and(eq(moved.userId, keys.userId), eq(moved.companyId, keys.companyId)))
      .where(q.name ? userNamed(q.name) : undefined)
      .$dynamic(),
    orderBy: [desc(useTimes), asc(companies.id), asc(users.id)],
    map: (r): UsageRow => ({ userId: r.userId, name: r.name, phone: r.phone, companyId: r.companyId, companyName: r.companyName, ...figures(r) }),
  })
}

export const findUsage = (db: Executor, auth: SessionUser, q: UsageFilters & Paging, now = new Date()): Promise<Page<UsageRow>> =>
  pagedList(usageList(db, auth, q, usageRange(q.createTimeQuery, now)), q)

/** Every row of the table, then a 合计 row (the range is checked before the file starts). */
export function usageExportRows(db: Executor, auth: SessionUser, q: UsageFilters, now = new Date()): AsyncIterable<UsageRow> {
  const rows = allRows(usageList(db, auth, q, usageRange(q.createTimeQuery, now)))
  return (async function* () {
    const total = zero()
    for await (const row of rows) {
      for (const f of FIGURES) total[f] += row[f]
      yield row
    }
    yield { userId: 0, name: '', phone: '', companyId: 0, companyName: '合计', ...figures(total) }
  })()
}

export const usageExport = defineExport<UsageRow>({
  name: USAGE_EXPORT_NAME, format: 'xlsx',
  columns: [
    { header: '基地', value: (r) => r.companyName, width: 28 },
    { header: '姓名', value: (r) => r.name, width: 14 },
    { header: '账号', value: (r) => r.phone, width: 16 },
    ...FIGURES.map((f) => ({ header: USAGE_FIGURES[f], value: (r: UsageRow) => r[f], width: 16 })),
  ],
})

/** `to_char` of an instant as its day in China Standard Time, whatever the session's time zone. */
const cstDay = (column: PgColumn) => sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`

/** Each day of the range with the five figures (zeros on quiet days) and the range's totals. */
export async function usageChart(db: Executor, auth: SessionUser, q: UsageFilters, now = new Date()): Promise<UsageChart> {
  const range = usageRange(q.createTimeQuery, now)
  const readingDay = cstDay(ticketReadings.createTime)
  const transportDay = cstDay(transports.createTime)
  const [readings, moved] = await Promise.all([
    db.select({
      day: readingDay,
      useTimes: sql<number>`count(*)`,
      uploadErrors: sql<number>`count(*) filter (where not ${ticketReadings.ok})`,
    }).from(ticketReadings).where(counted(auth, q, range, ticketReadings, db)).groupBy(readingDay),
    db.select({
      day: transportDay,
      poundErrors: sql<number>`count(*) filter (where ${overTolerance})`,
      deliveryWeight: sql<string>`sum(${transports.deliveryNetWeight})`,
      signWeight: sql<string>`sum(${transports.signNetWeight})`,
    }).from(transports).where(and(completed, counted(auth, q, range, transports, db))).groupBy(transportDay),
  ])
  const byDay = new Map<string, Partial<Record<UsageFigure, unknown>>>()
  for (const r of [...readings, ...moved]) byDay.set(r.day, { ...byDay.get(r.day), ...r })
  const days = Array.from({ length: range.days }, (_, i) => {
    const day = new Date(Date.parse(range.fromDay) + i * DAY_MS).toISOString().slice(0, 10)
    return { day, ...figures(byDay.get(day) ?? {}) }
  })
  const totals = zero()
  for (const d of days) for (const f of FIGURES) totals[f] += d[f]
  return { from: range.fromDay, to: range.toDay, days, totals: figures(totals) }
}
