import {
  EXAM_ITEMS, StatisticsMsg, examItemById, isAbnormal, statisticsPeriods,
  type AllTraceQuery, type StatisticsFilters, type TownScoreParams, type TownScoreSeries, type TownTotal, type TownTrace, type TownTraceQuery,
} from '@app/contract'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import type { Auth } from '../../platform/access.js'
import { NotFoundError, ValidationError } from '../../platform/errors.js'
import { townOf, type TownPlace } from '../../platform/towns.js'
import { companyAnd, companyOf, daysOf, daysWhere, itemMeasures, measureCounts, num, periodOf } from './rollup.js'

/**
 * 乡镇追溯 (`/trace/*`): the results of each examined item per town, a device's town being where it
 * stands (its 9-digit code of the national division); read from `measurement_daily`'s town column.
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
    select r.measure, r.conclusion, sum(r.count) as count from measurement_daily r
    where r.town_code = ${place.townId} and (${itemMeasures('r')} or r.measure = 'all') and ${daysWhere('r', d)} ${companyAnd('r', company)}
    group by 1, 2`) as Rows<{ measure: string; conclusion: string; count: unknown }>)
  return { ...place, from: d.from, to: d.to, total: num(rows.find((r) => r.measure === 'all')?.count), items: measureCounts(rows) }
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
    select ${periodOf('r', 'month')} as period, sum(r.count) as n from measurement_daily r
    where r.town_code = ${place.townId} and r.measure = ${item.measure} and r.conclusion = ${conclusion} and ${daysWhere('r', d)} ${companyAnd('r', company)}
    group by 1`) as Rows<{ period: string; n: unknown }>)
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
    select r.town_code, r.measure, r.conclusion, sum(r.count) as count from measurement_daily r
    where r.town_code <> '' and (${itemMeasures('r')} or r.measure = 'all') and ${daysWhere('r', d)} ${companyAnd('r', company)}
    group by 1, 2, 3`) as Rows<{ town_code: string; measure: string; conclusion: string; count: unknown }>)
  const byTown = new Map<string, TownTotal>()
  for (const r of rows) {
    const place = townOf(r.town_code)
    if (!place) continue
    const t = byTown.get(r.town_code) ?? { ...place, total: 0, items: EXAM_ITEMS.map((i) => ({ examItemId: i.id, label: i.label, total: 0, abnormal: 0 })) }
    byTown.set(r.town_code, t)
    const n = num(r.count)
    if (r.measure === 'all') t.total += n
    const item = t.items[EXAM_ITEMS.findIndex((i) => i.measure === r.measure)]
    if (item) {
      item.total += n
      if (isAbnormal(r.conclusion)) item.abnormal += n
    }
  }
  return [...byTown.values()].sort((a, b) => b.total - a.total || a.townId.localeCompare(b.townId))
}
