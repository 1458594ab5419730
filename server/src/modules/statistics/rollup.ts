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
 * roll-ups (`measurement_daily` per device, `measurement_group_daily` per department).
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

/** A roll-up day as its period's label ('YYYY-MM-DD' or 'YYYY-MM'). */
export const periodOf = (alias: string, g: StatisticsGranularity): SQL =>
  sql.raw(`to_char(${alias}.day, '${g === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}')`)

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

/** Sums of 'all' and 'abnormal' of the roll-up rows a select reads (the column list of most charts). */
export const totals = (alias: string) => sql.raw(
  `coalesce(sum(${alias}.count) filter (where ${alias}.measure = 'all'), 0) as total, coalesce(sum(${alias}.count) filter (where ${alias}.measure = 'abnormal'), 0) as abnormal`,
)
/** `measure in ('all', 'abnormal')` */
export const totalsMeasures = (alias: string) => sql.raw(`${alias}.measure in ('all', 'abnormal')`)
/** `measure in ('bp', 'sugar', 'bmi')` */
export const itemMeasures = (alias: string) => sql.raw(`${alias}.measure in (${EXAM_ITEMS.map((i) => `'${i.measure}'`).join(', ')})`)

/** Per examined item, every conclusion of its list (zeros included) from rows (measure, conclusion, count). */
export function measureCounts(rows: { measure: string; conclusion: string; count: unknown }[]): MeasureCount[] {
  const at = new Map(rows.map((r) => [`${r.measure}/${r.conclusion}`, num(r.count)]))
  return EXAM_ITEMS.map((item) => {
    const conclusions = item.conclusions.map((conclusion, score) => ({ conclusion, score, count: at.get(`${item.measure}/${conclusion}`) ?? 0 }))
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
