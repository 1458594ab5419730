import {
  StatisticsMsg, examItemById, statisticsPeriods,
  type AllTraceQuery, type StatisticsFilters, type TownScoreParams, type TownScoreSeries, type TownTotal, type TownTrace, type TownTraceQuery,
} from '@app/contract'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import type { Auth } from '../../platform/access.js'
import { NotFoundError, ValidationError } from '../../platform/errors.js'
import { townOf, type TownPlace } from '../../platform/towns.js'
import { companyAnd, companyOf, conclusionColumn, daysOf, daysWhere, itemSums, measureCounts, num, periodKey, periodOf, statRows } from './rollup.js'

/**
 * 乡镇追溯 (`/trace/*`): the results of each examined item per town, a device's town being where it
 * stands (its 9-digit code of the national division); read from the town column of the devices' days (`measurement_stat_day`).
 */

type Rows<T> = Promise<{ rows: T[] }>

function town(townId: string): TownPlace {
  const t = townOf(townId)
  if (!t) throw new NotFoundError(StatisticsMsg.townNotFound)
  return t
}

/** `GET /trace/townTrace?townId=`: each examined item's conclusions in the town. */
export async function townTrace(db: Executor, auth: Auth, q: TownTraceQuery): Promise<TownTrace> {
  const place = town(q.townId)
  const d = daysOf(q.range)
  const company = companyOf(auth, q.companyId)
  const { rows } = await (db.execute(sql`
    select coalesce(sum(r.total), 0) as total, ${itemSums('r')} from ${statRows(d, company)}
    where r.town_code = ${place.townId} and true`) as Rows<Record<string, unknown>>)
  return { ...place, from: d.from, to: d.to, total: num(rows[0]?.total), items: measureCounts(rows[0]) }
}

/** `POST /trace/{examItemId}/{townId}/{score}`: one conclusion of one item in the town, per month. */
export async function townScore(db: Executor, auth: Auth, p: TownScoreParams, q: StatisticsFilters): Promise<TownScoreSeries> {
  const item = examItemById(p.examItemId)!
  const conclusion = item.conclusions[p.score]
  if (conclusion === undefined) throw new ValidationError(StatisticsMsg.scoreOutOfRange(item))
  const place = town(p.townId)
  const d = daysOf(q.range)
  const company = companyOf(auth, q.companyId)
  const { rows } = await (db.execute(sql`
    select ${periodOf('r', 'month')} as period, sum(r.${sql.raw(conclusionColumn(item.measure, p.score))}) as n from ${statRows(d, company)}
    where r.town_code = ${place.townId} and true
    group by ${periodKey('r', 'month')}`) as Rows<{ period: string; n: unknown }>)
  const xAxisData = statisticsPeriods(d.from, d.to, 'month')
  const at = new Map(rows.map((r) => [r.period, num(r.n)]))
  const totalNumber = xAxisData.map((x) => at.get(x) ?? 0)
  return {
    ...place, examItemId: item.id, label: item.label, score: p.score, conclusion, from: d.from, to: d.to,
    xAxisData, totalNumber, total: totalNumber.reduce((s, n) => s + n, 0),
  }
}

/** `GET /trace/getAllTrace`: every town with readings in the range, each item's readings and abnormal ones. */
export async function allTrace(db: Executor, auth: Auth, q: AllTraceQuery): Promise<TownTotal[]> {
  const d = daysOf(q.range)
  const company = companyOf(auth, q.companyId)
  const { rows } = await (db.execute(sql`
    select r.town_code, coalesce(sum(r.total), 0) as total, ${itemSums('r')} from ${statRows(d, company)}
    where r.town_code <> '' and true
    group by 1`) as Rows<Record<string, unknown> & { town_code: string }>)
  const byTown = new Map<string, TownTotal>()
  for (const r of rows) {
    const place = townOf(r.town_code)
    if (!place) continue
    byTown.set(r.town_code, { ...place, total: num(r.total), items: measureCounts(r).map((m) => ({ examItemId: m.examItemId, label: m.label, total: m.total, abnormal: m.abnormal })) })
  }
  return [...byTown.values()].sort((a, b) => b.total - a.total || a.townId.localeCompare(b.townId))
}
