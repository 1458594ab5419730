import {
  chinaToday, formatDateTime, isAbnormal, parseDateTime, REPORT_RESULTS, REPORT_STATUS, REPORT_STATUS_LABELS, REPORT_STATUS_VALUES,
  RESERVATION_STATUS, SCREEN_MEASURES, ScreenMsg, HQ_COMPANY_ID,
  type ScreenBase, type ScreenData, type ScreenFigures, type ScreenMeasure, type ScreenProvince, type ReportStatus,
} from '@app/contract'
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, measurementDaily, reports, reservations, transportDaily } from '../../db/schema/index.js'

const DAY_MS = 86_400_000
const MEASURES = Object.keys(SCREEN_MEASURES) as ScreenMeasure[]

const zero = (): ScreenFigures => ({
  inspections: 0, signed: 0, passed: 0, reservations: 0, arrived: 0, transports: 0, poundAlerts: 0, measurements: 0, results: 0, abnormal: 0,
})

const FIGURE_KEYS = Object.keys(zero()) as (keyof ScreenFigures)[]

function add(to: ScreenFigures, from: ScreenFigures) {
  for (const k of FIGURE_KEYS) to[k] += from[k]
}

/** How busy a slice is, to order the bars: everything it counted today. */
const activity = (f: ScreenFigures) => f.inspections + f.reservations + f.transports + f.measurements

/**
 * Today's figures of one base (`companyId`) or of every base (null), read from the day's roll-ups and
 * from indexed counts of today's rows only, never from history: transport_daily and measurement_daily
 * by their day, today's reports by create_time and sign_time, today's bookings by reserve_time. Each is
 * a handful of rows per base, so the cost does not grow with the years of data behind it.
 */
export async function screenFigures(db: Executor, companyId: number | null, now = new Date()): Promise<ScreenData> {
  const day = chinaToday(now)
  const from = parseDateTime(day)
  const to = new Date(from.getTime() + DAY_MS)
  const inScope = (column: Parameters<typeof eq>[0]): SQL | undefined => (companyId === null ? undefined : eq(column, companyId))

  const [bases, registered, signed, booked, carried, measured] = await Promise.all([
    db.select({ id: companies.id, name: companies.name, province: companies.province }).from(companies)
      .where(companyId === null ? undefined : eq(companies.id, companyId)).orderBy(companies.id),
    db.select({ companyId: reports.companyId, status: reports.status, n: sql<number>`count(*)::int` }).from(reports)
      .where(and(gte(reports.createTime, from), lt(reports.createTime, to), inScope(reports.companyId)))
      .groupBy(reports.companyId, reports.status),
    db.select({
      companyId: reports.companyId,
      n: sql<number>`count(*)::int`,
      passed: sql<number>`(count(*) filter (where ${reports.result} = ${REPORT_RESULTS.pass}))::int`,
    }).from(reports)
      .where(and(gte(reports.signTime, from), lt(reports.signTime, to), eq(reports.status, REPORT_STATUS.signed), inScope(reports.companyId)))
      .groupBy(reports.companyId),
    db.select({
      companyId: reservations.companyId,
      n: sql<number>`(count(*) filter (where ${reservations.status} <> ${RESERVATION_STATUS.cancelled}))::int`,
      arrived: sql<number>`(count(*) filter (where ${reservations.status} = ${RESERVATION_STATUS.arrived}))::int`,
    }).from(reservations)
      .where(and(eq(reservations.reserveTime, day), inScope(reservations.companyId)))
      .groupBy(reservations.companyId),
    db.select({ companyId: transportDaily.companyId, n: transportDaily.count, alerts: transportDaily.poundAlerts }).from(transportDaily)
      .where(and(eq(transportDaily.day, day), inScope(transportDaily.companyId))),
    db.select({
      companyId: measurementDaily.companyId, measure: measurementDaily.measure, conclusion: measurementDaily.conclusion,
      n: sql<number>`sum(${measurementDaily.count})::int`,
    }).from(measurementDaily)
      .where(and(eq(measurementDaily.day, day), inScope(measurementDaily.companyId), inArray(measurementDaily.measure, ['all', ...MEASURES])))
      .groupBy(measurementDaily.companyId, measurementDaily.measure, measurementDaily.conclusion),
  ])

  const perBase = new Map<number, ScreenFigures>()
  const of = (id: number) => {
    let f = perBase.get(id)
    if (!f) perBase.set(id, (f = zero()))
    return f
  }
  const byStatus = new Map<ReportStatus, number>()
  for (const r of registered) {
    of(r.companyId).inspections += r.n
    byStatus.set(r.status as ReportStatus, (byStatus.get(r.status as ReportStatus) ?? 0) + r.n)
  }
  for (const r of signed) {
    of(r.companyId).signed += r.n
    of(r.companyId).passed += r.passed
  }
  for (const r of booked) {
    of(r.companyId).reservations += r.n
    of(r.companyId).arrived += r.arrived
  }
  for (const r of carried) {
    of(r.companyId).transports += r.n
    of(r.companyId).poundAlerts += r.alerts
  }
  const measures = new Map<ScreenMeasure, { results: number; abnormal: number }>(MEASURES.map((m) => [m, { results: 0, abnormal: 0 }]))
  for (const r of measured) {
    const f = of(r.companyId)
    if (r.measure === 'all') {
      f.measurements += r.n
      continue
    }
    const m = measures.get(r.measure as ScreenMeasure)!
    const abnormal = isAbnormal(r.conclusion) ? r.n : 0
    f.results += r.n
    f.abnormal += abnormal
    m.results += r.n
    m.abnormal += abnormal
  }

  const totals = zero()
  for (const f of perBase.values()) add(totals, f)
  // every base of the scope, headquarters only when something was counted under its own id
  const byBase: ScreenBase[] = bases
    .filter((b) => b.id !== HQ_COMPANY_ID || perBase.has(b.id))
    .map((b) => ({ companyId: b.id, name: b.name, province: b.province || ScreenMsg.noProvince, ...(perBase.get(b.id) ?? zero()) }))
    .sort((a, b) => activity(b) - activity(a) || a.companyId - b.companyId)
  const provinces = new Map<string, ScreenProvince>()
  for (const b of byBase) {
    let p = provinces.get(b.province)
    if (!p) provinces.set(b.province, (p = { province: b.province, bases: 0, ...zero() }))
    p.bases += 1
    add(p, b)
  }

  const title = companyId === null ? ScreenMsg.allBases : (bases[0]?.name ?? '')
  return {
    day,
    updatedAt: formatDateTime(now),
    companyId,
    title,
    totals,
    inspectionsByStatus: REPORT_STATUS_VALUES.map((status) => ({ status, label: REPORT_STATUS_LABELS[status], count: byStatus.get(status) ?? 0 })),
    measures: MEASURES.map((measure) => ({ measure, label: SCREEN_MEASURES[measure], ...measures.get(measure)! })),
    byBase,
    byProvince: [...provinces.values()].sort((a, b) => activity(b) - activity(a) || a.province.localeCompare(b.province, 'zh-CN')),
  }
}
