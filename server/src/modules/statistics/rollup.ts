import {
  abnormalRate, checkedDays, EXAM_ITEMS, isAbnormal, statisticsPeriods, statisticsRange,
  type MeasureCount, type StatisticsGranularity, type TimeSeries,
} from '@app/contract'
import { inArray, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, machines } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ValidationError } from '../../platform/errors.js'
import { scopeCompany } from '../../platform/tenancy.js'

/**
 * What every chart shares: the days it counts, the base it is limited to, and the conditions on the
 * roll-ups (`measurement_stat_day` per device, `measurement_stat_group_day` per department, migration 0022).
 */

export interface Days { from: string; to: string }

/** The body's range (default the last 12 months), refused in Chinese when reversed or too long. */
export function daysOf(range: (string | null)[] | undefined, now = new Date()): Days {
  const r = statisticsRange(range, now)
  if ('error' in r) throw new ValidationError(r.error)
  return r
}

/** `{from}/{to}` of a path, checked the same way. */
export function pathDays(from: string, to: string): Days {
  const r = checkedDays(from, to)
  if ('error' in r) throw new ValidationError(r.error)
  return r
}

/** The base a chart is limited to (null: headquarters, every base); another base named is refused as missing. */
export const companyOf = (auth: Auth, requested?: number | null) => scopeCompany(auth, requested)

/** `and <roll-up alias>.company_id = …` when limited to one base. */
export const companyAnd = (alias: string, company: number | null): SQL =>
  (company == null ? sql`` : sql`and ${sql.raw(alias)}.company_id = ${company}`)

/** `<alias>.day between from and to` */
export const daysWhere = (alias: string, d: Days): SQL => sql`${sql.raw(alias)}.day between ${d.from}::date and ${d.to}::date`

/** What a chart's rows are grouped by: the day, or its month (the label is made per group, not per row). */
// (a date as timestamp without time zone: date_trunc of a timestamptz would convert every row's time zone)
const keyOf = (alias: string, g: StatisticsGranularity) => (g === 'day' ? `${alias}.day` : `date_trunc('month', ${alias}.day::timestamp)`)
export const periodKey = (alias: string, g: StatisticsGranularity): SQL => sql.raw(keyOf(alias, g))
/** The period's label ('YYYY-MM-DD' or 'YYYY-MM') of a select grouped by `periodKey`. */
export const periodOf = (alias: string, g: StatisticsGranularity): SQL => sql.raw(`to_char(${keyOf(alias, g)}, '${g === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}')`)

export const num = (v: unknown) => Number(v ?? 0)

/** total and abnormal per period, zeros where nothing was counted */
export function timeSeries(d: Days, g: StatisticsGranularity, rows: { period: string; total: unknown; abnormal: unknown }[]): TimeSeries {
  const xAxisData = statisticsPeriods(d.from, d.to, g)
  const at = new Map(rows.map((r) => [r.period, r]))
  return {
    from: d.from, to: d.to, granularity: g, xAxisData,
    total: xAxisData.map((p) => num(at.get(p)?.total)),
    abnormal: xAxisData.map((p) => num(at.get(p)?.abnormal)),
  }
}

/** The statistics' roll-up of devices' days (`measurement_stat_day`) and of departments' days (`measurement_stat_group_day`). */
export const STAT_DAY = sql.raw('measurement_stat_day')
export const STAT_GROUP_DAY = sql.raw('measurement_stat_group_day')

const STAT_COLUMNS = ['machine_id', 'company_id', 'province', 'town_code', 'total', 'abnormal', ...EXAM_ITEMS.flatMap((i) => i.conclusions.map((_, k) => `${i.measure}_${k}`))].join(', ')
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`
const nextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
}
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/**
 * The devices' days of [from, to] in the scope, as `<subquery> r` (columns day, machine_id, company_id,
 * province, town_code, total, abnormal and the conclusion counts): the whole months inside the range
 * from `measurement_stat_month` (one row per device and month; `day` is the month's first), the days
 * at its ends from `measurement_stat_day`. A chart per day (`daily`) reads the days alone.
 */
export function statRows(d: Days, company: number | null, daily = false): SQL {
  const inCompany = (alias: string) => companyAnd(alias, company)
  // days in [from, before): each end of the range an index range of its own
  const days = (from: string, before: string) =>
    sql`select day, ${sql.raw(STAT_COLUMNS)} from ${STAT_DAY} x where x.day >= ${from}::date and x.day < ${before}::date ${inCompany('x')}`
  const start = d.from === firstOfMonth(d.from) ? d.from : nextMonth(d.from)
  // the first day after the last whole month
  const after = nextDay(d.to)
  const end = after === firstOfMonth(after) ? after : firstOfMonth(d.to)
  if (daily || start >= end) return sql`(${days(d.from, after)}) r`
  return sql`(select month as day, ${sql.raw(STAT_COLUMNS)} from measurement_stat_month m where m.month >= ${start}::date and m.month < ${end}::date ${inCompany('m')}
    union all ${days(d.from, start)} union all ${days(end, after)}) r`
}

/** `total` and `abnormal` summed (the column list of most charts). */
export const totals = (alias: string) => sql.raw(`coalesce(sum(${alias}.total), 0) as total, coalesce(sum(${alias}.abnormal), 0) as abnormal`)

/** A conclusion's column: `bp_2` is 血压's third conclusion (高血压1级). */
export const conclusionColumn = (measure: string, score: number) => `${measure}_${score}`
const ALL_COLUMNS = EXAM_ITEMS.flatMap((i) => i.conclusions.map((_, k) => conclusionColumn(i.measure, k)))

/** Every conclusion column summed, named as itself. */
export const itemSums = (alias: string) => sql.raw(ALL_COLUMNS.map((c) => `coalesce(sum(${alias}.${c}), 0) as ${c}`).join(', '))

/** The sum of an item's abnormal conclusions' columns (a row's abnormal findings of that item). */
export const abnormalOf = (alias: string, measure: string) => {
  const item = EXAM_ITEMS.find((i) => i.measure === measure)!
  return item.conclusions.map((c, k) => (isAbnormal(c) ? `${alias}.${conclusionColumn(measure, k)}` : null)).filter(Boolean).join(' + ')
}

/** Per examined item, every conclusion of its list, from a row of `itemSums`. */
export function measureCounts(row: Record<string, unknown> | undefined): MeasureCount[] {
  return EXAM_ITEMS.map((item) => {
    const conclusions = item.conclusions.map((conclusion, score) => ({ conclusion, score, count: num(row?.[conclusionColumn(item.measure, score)]) }))
    const total = conclusions.reduce((s, c) => s + c.count, 0)
    const abnormal = conclusions.filter((c) => isAbnormal(c.conclusion)).reduce((s, c) => s + c.count, 0)
    return { examItemId: item.id, measure: item.measure, label: item.label, total, abnormal, conclusions }
  })
}

export { abnormalRate }

export async function companyNames(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, { name: string; province: string }>()
  const rows = await db.select({ id: companies.id, name: companies.name, province: companies.province }).from(companies).where(inArray(companies.id, ids))
  return new Map(rows.map((r) => [r.id, { name: r.name, province: r.province ?? '' }]))
}

export async function machineNames(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, { deviceNo: string; type: string; companyId: number }>()
  const rows = await db.select({ id: machines.id, deviceNo: machines.deviceNo, type: machines.type, companyId: machines.companyId }).from(machines).where(inArray(machines.id, ids))
  return new Map(rows.map((r) => [r.id, r]))
}
