import {
  formatDateTime, INDICATOR_EXPORT_NAME, InspectionRefMsg, normalizeCheckItem, CHECK_ITEM_KIND_LABELS,
  type CheckItemKind, type Indicator, type IndicatorBody, type IndicatorFilters, type Page, type Paging,
} from '@app/contract'
import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { indicators } from '../../db/schema/index.js'
import { ConflictError, NotFoundError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { contains, isUniqueViolation } from '../../platform/query.js'

/**
 * Indicators (检验指标, `indicator`): headquarters' library of check items. A template step picks one
 * and copies its content; later edits of the indicator do not change saved template versions.
 */

type Row = typeof indicators.$inferSelect
const toIndicator = (r: Row): Indicator => ({
  id: r.id, name: r.name, kind: r.kind as CheckItemKind, unit: r.unit, min: r.min, max: r.max, options: r.options,
  required: r.required, remarks: r.remarks, createTimeStr: formatDateTime(r.createTime),
})

const where = (q: IndicatorFilters): SQL | undefined =>
  and(q.name ? contains(indicators.name, q.name) : undefined, q.kind ? eq(indicators.kind, q.kind) : undefined)

const indicatorList = (db: Executor, q: IndicatorFilters) => listSource({
  db,
  query: () => db.select().from(indicators).where(where(q)).$dynamic(),
  orderBy: [desc(indicators.id)],
  map: toIndicator,
})

export const findIndicators = (db: Executor, q: IndicatorFilters & Paging): Promise<Page<Indicator>> => pagedList(indicatorList(db, q), q)
export const allIndicators = (db: Executor, q: IndicatorFilters) => allRows(indicatorList(db, q))

const rangeText = (r: Indicator) => (r.kind === 'number' && (r.min != null || r.max != null) ? `${r.min ?? ''} ~ ${r.max ?? ''}` : '')

export const indicatorExport = defineExport<Indicator>({
  name: INDICATOR_EXPORT_NAME, sheet: '检验指标', format: 'xlsx',
  columns: [
    { header: '指标名称', value: (r) => r.name, width: 24 },
    { header: '类型', value: (r) => CHECK_ITEM_KIND_LABELS[r.kind], width: 14 },
    { header: '单位', value: (r) => r.unit, width: 10 },
    { header: '允许范围', value: rangeText, width: 16 },
    { header: '选项', value: (r) => r.options.join('、'), width: 24 },
    { header: '必填', value: (r) => (r.required ? '是' : '否'), width: 8 },
    { header: '备注', value: (r) => r.remarks, width: 30 },
  ],
})

export async function getIndicator(db: Executor, id: number): Promise<Indicator> {
  const [row] = await db.select().from(indicators).where(eq(indicators.id, id))
  if (!row) throw new NotFoundError(InspectionRefMsg.indicatorNotFound)
  return toIndicator(row)
}

const valuesOf = (body: IndicatorBody) => {
  const n = normalizeCheckItem(body)
  return { name: n.name, kind: n.kind, unit: n.unit, min: n.min, max: n.max, options: n.options, required: body.required ?? true, remarks: body.remarks ?? null }
}

async function nameUnique<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err, 'indicator_name_idx')) throw new ConflictError(InspectionRefMsg.indicatorNameTaken(name))
    throw err
  }
}

export async function saveIndicator(db: Executor, body: IndicatorBody) {
  const [row] = await nameUnique(body.name, () => db.insert(indicators).values(valuesOf(body)).returning())
  return toIndicator(row!)
}

export async function updateIndicator(db: Executor, id: number, body: IndicatorBody) {
  await getIndicator(db, id)
  const [row] = await nameUnique(body.name, () => db.update(indicators).set(valuesOf(body)).where(eq(indicators.id, id)).returning())
  return toIndicator(row!)
}

/** Templates keep what they copied; only the library entry goes. */
export async function deleteIndicator(db: Executor, id: number) {
  await getIndicator(db, id)
  await db.delete(indicators).where(eq(indicators.id, id))
}
