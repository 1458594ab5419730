import {
  chinaToday, formatDateTime, isAbnormal, parseDateTime, REPORT_RESULTS, REPORT_STATUS, REPORT_STATUS_LABELS, REPORT_STATUS_VALUES,
  RESERVATION_STATUS, SCREEN_MEASURES, ScreenMsg, HQ_COMPANY_ID,
  type ScreenBase, type ScreenData, type ScreenFigures, type ScreenMeasure, type ScreenProvince, type ReportStatus,
} from '@app/contract'
import { eq, inArray, sql } from 'drizzle-orm'
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

  const scoped = (column: Parameters<typeof eq>[0]) => (companyId === null ? sql`` : sql` and ${column} = ${companyId}`)
  // the five sources in one statement: a round trip each would cost more than the reading on the embedded database
  const r = reports
  const figureRows = db.execute<{ kind: 'r' | 's' | 'b' | 't' | 'm'; company_id: number; status: number; measure: string; conclusion: string; n: number; n2: number }>(sql`
    select 'r' as kind, ${r.companyId} as company_id, ${r.status}::int as status, '' as measure, '' as conclusion, count(*)::int as n, 0 as n2
      from ${r} where ${r.createTime} >= ${from} and ${r.createTime} < ${to}${scoped(r.companyId)} group by ${r.companyId}, ${r.status}
    union all
    select 's', ${r.companyId}, 0, '', '', count(*)::int, (count(*) filter (where ${r.result} = ${REPORT_RESULTS.pass}))::int
      from ${r} where ${r.signTime} >= ${from} and ${r.signTime} < ${to} and ${r.status} = ${REPORT_STATUS.signed}${scoped(r.companyId)} group by ${r.companyId}
    union all
    select 'b', ${reservations.companyId}, 0, '', '', (count(*) filter (where ${reservations.status} <> ${RESERVATION_STATUS.cancelled}))::int,
        (count(*) filter (where ${reservations.status} = ${RESERVATION_STATUS.arrived}))::int
      from ${reservations} where ${reservations.reserveTime} = ${day}${scoped(reservations.companyId)} group by ${reservations.companyId}
    union all
    select 't', ${transportDaily.companyId}, 0, '', '', ${transportDaily.count}, ${transportDaily.poundAlerts}
      from ${transportDaily} where ${transportDaily.day} = ${day}${scoped(transportDaily.companyId)}
    union all
    select 'm', ${measurementDaily.companyId}, 0, ${measurementDaily.measure}, ${measurementDaily.conclusion}, sum(${measurementDaily.count})::int, 0
      from ${measurementDaily} where ${measurementDaily.day} = ${day}${scoped(measurementDaily.companyId)}
        and ${inArray(measurementDaily.measure, ['all', ...MEASURES])}
      group by ${measurementDaily.companyId}, ${measurementDaily.measure}, ${measurementDaily.conclusion}`)
  const [bases, { rows }] = await Promise.all([
    db.select({ id: companies.id, name: companies.name, province: companies.province }).from(companies)
      .where(companyId === null ? undefined : eq(companies.id, companyId)).orderBy(companies.id),
    figureRows,
  ])
  const of_ = <K extends string>(kind: K) => rows.filter((x) => x.kind === kind).map((x) => ({
    companyId: Number(x.company_id), status: Number(x.status), measure: x.measure, conclusion: x.conclusion, n: Number(x.n), n2: Number(x.n2),
  }))
  const registered = of_('r')
  const signed = of_('s').map((x) => ({ ...x, passed: x.n2 }))
  const booked = of_('b').map((x) => ({ ...x, arrived: x.n2 }))
  const carried = of_('t').map((x) => ({ ...x, alerts: x.n2 }))
  const measured = of_('m')

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
