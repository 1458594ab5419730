import {
  EXAM_ITEMS, HQ_COMPANY_ID, NO_GROUP, NO_PROVINCE, REPORT_RESULTS, REPORT_STATUS, STATISTICS_OTHERS, STATISTICS_TOP_GROUPS, STATISTICS_TOP_SERIES,
  StatisticsMsg, formatDateTime, statisticsPeriods,
  type BasicFigures, type CertificateSeries, type ChartData, type CompanySeries, type ExceptionSeries, type GroupTotal, type MachineSeries,
  type MachineTotal, type MachineTypeTotal, type MeasureCount, type ProvinceCount, type ProvinceTotals, type SeriesFilters, type StatisticsFilters,
  type StatisticsGranularity,
} from '@app/contract'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { machines, testeeGroups } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { NotFoundError } from '../../platform/errors.js'
import { exportCompany } from '../../platform/exports.js'
import { assertCompanyInScope, assertInScope } from '../../platform/tenancy.js'
import {
  abnormalOf, abnormalRate, companyAnd, companyNames, companyOf, daysOf, daysWhere, itemSums, machineNames, measureCounts, num, periodKey, periodOf,
  STAT_DAY, STAT_GROUP_DAY, statRows, timeSeries, totals, type Days,
} from './rollup.js'

/**
 * The spec's chart calls (`/machine/bar|line/month/`, `/data/*`), each one aggregate over the daily
 * roll-ups of the caller's scope; names of devices, bases and departments are looked up for the few
 * rows the aggregate answers.
 */

type Rows<T> = Promise<{ rows: T[] }>

/** series beyond the top ones summed as 其他 */
function topSeries(series: { machineName: string; totalNumber: number[] }[], width: number): ChartData['datas'] {
  const sorted = [...series].sort((a, b) => sum(b.totalNumber) - sum(a.totalNumber) || a.machineName.localeCompare(b.machineName))
  if (sorted.length <= STATISTICS_TOP_SERIES) return sorted
  const rest = sorted.slice(STATISTICS_TOP_SERIES)
  const others = Array.from({ length: width }, (_, i) => rest.reduce((s, r) => s + r.totalNumber[i]!, 0))
  return [...sorted.slice(0, STATISTICS_TOP_SERIES), { machineName: STATISTICS_OTHERS, totalNumber: others }]
}
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0)

/** `POST /machine/bar/month/`: readings per month of each device (the ten busiest, the rest as 其他). */
export async function machineBarMonth(db: Executor, auth: Auth, q: StatisticsFilters): Promise<ChartData> {
  const d = daysOf(q.range)
  const company = companyOf(auth, q.companyId)
  const { rows } = await (db.execute(sql`
    select r.machine_id, ${periodOf('r', 'month')} as period, sum(r.total) as n
    from ${statRows(d, company)}
    where true
    group by 1, ${periodKey('r', 'month')}`) as Rows<{ machine_id: number; period: string; n: unknown }>)
  const xAxisData = statisticsPeriods(d.from, d.to, 'month')
  const names = await machineNames(db, [...new Set(rows.map((r) => Number(r.machine_id)))])
  const byMachine = new Map<number, number[]>()
  for (const r of rows) {
    const id = Number(r.machine_id)
    const line = byMachine.get(id) ?? xAxisData.map(() => 0)
    line[xAxisData.indexOf(r.period)] = num(r.n)
    byMachine.set(id, line)
  }
  const series = [...byMachine].map(([id, totalNumber]) => ({ machineName: names.get(id)?.deviceNo ?? String(id), totalNumber }))
  return { xAxisData, datas: topSeries(series, xAxisData.length) }
}

/** `POST /machine/line/month/`: readings per month of each device type (血压计, 体检一体机 …). */
export async function machineLineMonth(db: Executor, auth: Auth, q: StatisticsFilters): Promise<ChartData> {
  const d = daysOf(q.range)
  const company = companyOf(auth, q.companyId)
  const { rows } = await (db.execute(sql`
    select m.type, ${periodOf('r', 'month')} as period, sum(r.total) as n
    from ${statRows(d, company)} join ${machines} m on m.id = r.machine_id
    where true
    group by 1, ${periodKey('r', 'month')}`) as Rows<{ type: string; period: string; n: unknown }>)
  const xAxisData = statisticsPeriods(d.from, d.to, 'month')
  const byType = new Map<string, number[]>()
  for (const r of rows) {
    const line = byType.get(r.type) ?? xAxisData.map(() => 0)
    line[xAxisData.indexOf(r.period)] = num(r.n)
    byType.set(r.type, line)
  }
  return { xAxisData, datas: topSeries([...byType].map(([machineName, totalNumber]) => ({ machineName, totalNumber })), xAxisData.length) }
}

/** `POST /data/byProvince`: readings and abnormal ones per province of the base, most first. */
export async function byProvince(db: Executor, auth: Auth, q: StatisticsFilters): Promise<ProvinceCount[]> {
  const d = daysOf(q.range)
  const company = companyOf(auth, q.companyId)
  const { rows } = await (db.execute(sql`
    select r.province, ${totals('r')}
    from ${statRows(d, company)}
    where true
    group by 1`) as Rows<{ province: string; total: unknown; abnormal: unknown }>)
  return rows.map((r) => ({ province: r.province || NO_PROVINCE, total: num(r.total), abnormal: num(r.abnormal), abnormalRate: abnormalRate(num(r.abnormal), num(r.total)) }))
    .sort((a, b) => b.total - a.total || a.province.localeCompare(b.province))
}

/** `POST /data/counts/byProvince`: per province the bases, their devices and the readings in the range. */
export async function countsByProvince(db: Executor, auth: Auth, q: StatisticsFilters): Promise<ProvinceTotals[]> {
  const d = daysOf(q.range)
  const company = companyOf(auth, q.companyId)
  const scoped = company == null ? sql`c.id <> ${HQ_COMPANY_ID}` : sql`c.id = ${company}`
  const [places, readings] = await Promise.all([
    db.execute(sql`
      select coalesce(c.province, '') as province, count(distinct c.id) as companies, count(m.id) as machines
      from company c left join ${machines} m on m.company_id = c.id
      where ${scoped}
      group by 1`) as Rows<{ province: string; companies: unknown; machines: unknown }>,
    db.execute(sql`
      select r.province, sum(r.total) as n from ${statRows(d, company)}
      where true
      group by 1`) as Rows<{ province: string; n: unknown }>,
  ])
  const out = new Map<string, ProvinceTotals>()
  const at = (p: string) => {
    const province = p || NO_PROVINCE
    const row = out.get(province) ?? { province, companies: 0, machines: 0, measurements: 0 }
    out.set(province, row)
    return row
  }
  for (const r of places.rows) Object.assign(at(r.province), { companies: num(r.companies), machines: num(r.machines) })
  for (const r of readings.rows) at(r.province).measurements += num(r.n)
  return [...out.values()].sort((a, b) => b.measurements - a.measurements || b.companies - a.companies || a.province.localeCompare(b.province))
}

async function scopedMachine(db: Executor, auth: Auth, id: number, companyId?: number | null) {
  assertCompanyInScope(auth, companyId)
  const [row] = await db.select({ id: machines.id, deviceNo: machines.deviceNo, type: machines.type, companyId: machines.companyId }).from(machines).where(eq(machines.id, id))
  if (!row || (companyId != null && row.companyId !== companyId)) throw new NotFoundError(StatisticsMsg.machineNotFound)
  assertInScope(auth, row.companyId, StatisticsMsg.machineNotFound)
  return row
}

async function seriesOf(db: Executor, where: ReturnType<typeof sql>, d: Days, g: StatisticsGranularity) {
  const [periods, items] = await Promise.all([
    db.execute(sql`
      select ${periodOf('r', g)} as period, ${totals('r')} from ${STAT_DAY} r
      where ${daysWhere('r', d)} and ${where} group by ${periodKey('r', g)}`) as Rows<{ period: string; total: unknown; abnormal: unknown }>,
    db.execute(sql`select ${itemSums('r')} from ${STAT_DAY} r where ${daysWhere('r', d)} and ${where}`) as Rows<Record<string, unknown>>,
  ])
  return { series: timeSeries(d, g, periods.rows), measures: measureCounts(items.rows[0]) }
}

/** `POST /data/byMachine/{machineId}` (per month, or per day as asked) and `/data/byMachineDay/{machineId}` (per day). */
export async function byMachine(db: Executor, auth: Auth, machineId: number, q: SeriesFilters): Promise<MachineSeries> {
  const d = daysOf(q.range)
  const m = await scopedMachine(db, auth, machineId, q.companyId)
  const { series, measures } = await seriesOf(db, sql`r.machine_id = ${m.id}`, d, q.granularity)
  const names = await companyNames(db, [m.companyId])
  return { ...series, machine: { ...m, companyName: names.get(m.companyId)?.name ?? '' }, measures }
}

/** `POST /data/allMyMachines/{from}/{to}`: every device of the scope with its readings in the days, busiest first. */
export async function allMyMachines(db: Executor, auth: Auth, d: Days, companyId?: number | null): Promise<MachineTotal[]> {
  const company = companyOf(auth, companyId)
  const { rows } = await (db.execute(sql`
    select m.id, m.device_no, m.type, m.company_id, c.name as company_name, coalesce(t.total, 0) as total, coalesce(t.abnormal, 0) as abnormal
    from ${machines} m join company c on c.id = m.company_id
    left join (
      select r.machine_id, ${totals('r')} from ${statRows(d, company)}
      where true group by 1
    ) t on t.machine_id = m.id
    where ${company == null ? sql`true` : sql`m.company_id = ${company}`}
    order by 6 desc, m.id`) as Rows<{ id: number; device_no: string; type: string; company_id: number; company_name: string; total: unknown; abnormal: unknown }>)
  return rows.map((r) => ({
    machineId: Number(r.id), deviceNo: r.device_no, type: r.type, companyId: Number(r.company_id), companyName: r.company_name, total: num(r.total), abnormal: num(r.abnormal),
  }))
}

/** `POST /data/byTopGroups/{from}/{to}`: the departments with the most readings in the days. */
export async function byTopGroups(db: Executor, auth: Auth, d: Days, companyId?: number | null): Promise<GroupTotal[]> {
  const company = companyOf(auth, companyId)
  const { rows } = await (db.execute(sql`
    select r.company_id, r.group_id, ${totals('r')} from ${STAT_GROUP_DAY} r
    where ${daysWhere('r', d)} ${companyAnd('r', company)}
    group by 1, 2 order by 3 desc, 1, 2 limit ${STATISTICS_TOP_GROUPS}`) as Rows<{ company_id: number; group_id: number; total: unknown; abnormal: unknown }>)
  const groupIds = rows.map((r) => Number(r.group_id)).filter(Boolean)
  const [groups, bases] = await Promise.all([
    groupIds.length ? db.select({ id: testeeGroups.id, name: testeeGroups.name }).from(testeeGroups).where(inArray(testeeGroups.id, groupIds)) : [],
    companyNames(db, rows.map((r) => Number(r.company_id))),
  ])
  const groupName = new Map(groups.map((g) => [g.id, g.name]))
  return rows.map((r) => ({
    groupId: Number(r.group_id), groupName: groupName.get(Number(r.group_id)) ?? NO_GROUP,
    companyId: Number(r.company_id), companyName: bases.get(Number(r.company_id))?.name ?? '', total: num(r.total), abnormal: num(r.abnormal),
  }))
}

/** `POST /data/byMeasures/{from}/{to}`: per examined item, each conclusion's count. */
export async function byMeasures(db: Executor, auth: Auth, d: Days, companyId?: number | null): Promise<MeasureCount[]> {
  const company = companyOf(auth, companyId)
  const { rows } = await (db.execute(sql`select ${itemSums('r')} from ${statRows(d, company)} where true`) as Rows<Record<string, unknown>>)
  return measureCounts(rows[0])
}

/** `POST /data/dataByMeasuresException/{from}/{to}`: abnormal findings per day (or month) of each examined item. */
export async function exceptionSeries(db: Executor, auth: Auth, d: Days, g: StatisticsGranularity, companyId?: number | null): Promise<ExceptionSeries> {
  const company = companyOf(auth, companyId)
  const sums = sql.raw(EXAM_ITEMS.map((i) => `coalesce(sum(${abnormalOf('r', i.measure)}), 0) as ${i.measure}`).join(', '))
  const { rows } = await (db.execute(sql`
    select ${periodOf('r', g)} as period, ${sums} from ${statRows(d, company, g === 'day')}
    where true group by ${periodKey('r', g)}`) as Rows<Record<string, unknown> & { period: string }>)
  const xAxisData = statisticsPeriods(d.from, d.to, g)
  const at = new Map(rows.map((r) => [r.period, r]))
  return { xAxisData, datas: EXAM_ITEMS.map((i) => ({ examItemId: i.id, label: i.label, totalNumber: xAxisData.map((p) => num(at.get(p)?.[i.measure])) })) }
}

/** The base a `{companyId}` path names: headquarters' own id is every base (or the body's), as in the exports. */
const pathCompany = (auth: Auth, pathCompanyId: number, bodyCompanyId?: number | null) => companyOf(auth, exportCompany(auth, pathCompanyId, bodyCompanyId))

/** `POST /data/basic/{companyId}`: devices, members, readings in the range and today, abnormal share. */
export async function basic(db: Executor, auth: Auth, companyId: number, q: StatisticsFilters): Promise<BasicFigures> {
  const d = daysOf(q.range)
  const company = pathCompany(auth, companyId, q.companyId)
  const today = formatDateTime(new Date()).slice(0, 10)
  const where = company == null ? sql`true` : sql`company_id = ${company}`
  const [counts, readings, names] = await Promise.all([
    db.execute(sql`select (select count(*) from machine where ${where}) as machines, (select count(*) from testee where ${where}) as members`) as Rows<{ machines: unknown; members: unknown }>,
    db.execute(sql`
      select ${totals('r')}, (select coalesce(sum(t.total), 0) from ${STAT_DAY} t where t.day = ${today}::date ${companyAnd('t', company)}) as today
      from ${statRows(d, company)}`) as Rows<{ total: unknown; abnormal: unknown; today: unknown }>,
    companyNames(db, [company ?? HQ_COMPANY_ID]),
  ])
  const r = readings.rows[0]
  const total = num(r?.total)
  const abnormal = num(r?.abnormal)
  return {
    companyId: company ?? HQ_COMPANY_ID, companyName: names.get(company ?? HQ_COMPANY_ID)?.name ?? '',
    machines: num(counts.rows[0]?.machines), members: num(counts.rows[0]?.members),
    measurements: total, abnormal, abnormalRate: abnormalRate(abnormal, total), today: num(r?.today), from: d.from, to: d.to,
  }
}

/** `POST /data/byMachineType`: per device type, its devices and their readings. */
export async function byMachineType(db: Executor, auth: Auth, q: StatisticsFilters): Promise<MachineTypeTotal[]> {
  const d = daysOf(q.range)
  const company = companyOf(auth, q.companyId)
  const { rows } = await (db.execute(sql`
    select m.type, count(*) as machines, coalesce(sum(t.total), 0) as total, coalesce(sum(t.abnormal), 0) as abnormal
    from ${machines} m left join (
      select r.machine_id, ${totals('r')} from ${statRows(d, company)}
      where true group by 1
    ) t on t.machine_id = m.id
    where ${company == null ? sql`true` : sql`m.company_id = ${company}`}
    group by 1 order by 3 desc, 1`) as Rows<{ type: string; machines: unknown; total: unknown; abnormal: unknown }>)
  return rows.map((r) => ({ type: r.type, machines: num(r.machines), total: num(r.total), abnormal: num(r.abnormal) }))
}

/** `POST /data/byCompany/{companyId}`: the base's readings per month (or day), and one row per base of the scope. */
export async function byCompany(db: Executor, auth: Auth, companyId: number, q: SeriesFilters): Promise<CompanySeries> {
  const d = daysOf(q.range)
  const company = pathCompany(auth, companyId, q.companyId)
  const [periods, bases] = await Promise.all([
    db.execute(sql`
      select ${periodOf('r', q.granularity)} as period, ${totals('r')} from ${statRows(d, company, q.granularity === 'day')}
      where true group by ${periodKey('r', q.granularity)}`) as Rows<{ period: string; total: unknown; abnormal: unknown }>,
    db.execute(sql`
      select r.company_id, ${totals('r')} from ${statRows(d, company)}
      where true group by 1 order by 2 desc, 1`) as Rows<{ company_id: number; total: unknown; abnormal: unknown }>,
  ])
  const names = await companyNames(db, bases.rows.map((r) => Number(r.company_id)))
  return {
    ...timeSeries(d, q.granularity, periods.rows),
    bases: bases.rows.map((r) => {
      const c = names.get(Number(r.company_id))
      return { companyId: Number(r.company_id), companyName: c?.name ?? '', province: c?.province || NO_PROVINCE, total: num(r.total), abnormal: num(r.abnormal) }
    }),
  }
}

/** `POST /data/certificate/byCompany/{companyId}`: inspection certificates (reports 已签发 in the range) per month and base. */
export async function certificatesByCompany(db: Executor, auth: Auth, companyId: number, q: StatisticsFilters): Promise<CertificateSeries> {
  const d = daysOf(q.range)
  const company = pathCompany(auth, companyId, q.companyId)
  const from = new Date(`${d.from}T00:00:00+08:00`)
  const to = new Date(new Date(`${d.to}T00:00:00+08:00`).getTime() + 86_400_000)
  const { rows } = await (db.execute(sql`
    select to_char((r.sign_time at time zone 'UTC') + interval '8 hours', 'YYYY-MM') as period, r.company_id,
      count(*) as signed, count(*) filter (where r.result = ${REPORT_RESULTS.pass}) as passed
    from report r
    where r.status = ${REPORT_STATUS.signed} and r.sign_time >= ${from} and r.sign_time < ${to} ${companyAnd('r', company)}
    group by 1, 2`) as Rows<{ period: string; company_id: number; signed: unknown; passed: unknown }>)
  const xAxisData = statisticsPeriods(d.from, d.to, 'month')
  const byPeriod = new Map<string, { signed: number; passed: number }>()
  const byBase = new Map<number, { signed: number; passed: number }>()
  for (const r of rows) {
    for (const [map, key] of [[byPeriod, r.period], [byBase, Number(r.company_id)]] as const) {
      const c = (map as Map<typeof key, { signed: number; passed: number }>).get(key) ?? { signed: 0, passed: 0 }
      c.signed += num(r.signed)
      c.passed += num(r.passed)
      ;(map as Map<typeof key, { signed: number; passed: number }>).set(key, c)
    }
  }
  const names = await companyNames(db, [...byBase.keys()])
  return {
    from: d.from, to: d.to, xAxisData,
    signed: xAxisData.map((p) => byPeriod.get(p)?.signed ?? 0),
    passed: xAxisData.map((p) => byPeriod.get(p)?.passed ?? 0),
    bases: [...byBase].map(([id, c]) => ({ companyId: id, companyName: names.get(id)?.name ?? '', ...c })).sort((a, b) => b.signed - a.signed || a.companyId - b.companyId),
  }
}

export { machineNames }
