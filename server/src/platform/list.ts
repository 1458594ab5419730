import { resolvePaging, type Page, type Paging } from '@app/contract'
import { count, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core'
import type { Executor } from '../db/client.js'

/**
 * What a list shows, independent of paging: the rows a caller may see (select, joins and filters,
 * already limited to the caller's scope), their order and how a row becomes an answer item.
 * One source feeds both the paged list and the export, so the two always agree.
 */
export interface ListSource<Q extends PgSelect, Item> {
  db: Executor
  /** a fresh `db.select(…).from(…)…where(…).$dynamic()` each call (drizzle builders are mutable) */
  query: () => Q
  orderBy: (PgColumn | SQL | SQL.Aliased)[]
  map: (row: Awaited<Q>[number]) => Item
  /** a cheaper select with as many rows, for the count (e.g. without joins the filters do not need) */
  count?: () => PgSelect
}

export function listSource<Q extends PgSelect, Item>(source: ListSource<Q, Item>) {
  return source
}

/** One page of the list and the number of all its rows: `{ data, totalCount }`. */
export async function pagedList<Q extends PgSelect, Item>(source: ListSource<Q, Item>, paging: Paging): Promise<Page<Item>> {
  const { size, offset } = resolvePaging(paging)
  const { db } = source
  // counted over the same select as a subquery, so joins and filters are written once
  const total = db.select({ n: count() }).from(sql`(${(source.count ?? source.query)()}) as matches`)
  const rows = source.query().orderBy(...source.orderBy).limit(size).offset(offset)
  const [page, [counted]] = await Promise.all([rows, total])
  return { data: (page as Awaited<Q>).map(source.map), totalCount: Number(counted?.n ?? 0) }
}

/** The most rows an export writes, and how many it reads from the database at a time. */
const EXPORT_MAX_ROWS = 100_000
const EXPORT_BATCH_ROWS = 2_000

/**
 * Every row of the list in order, read a batch at a time so that a large export never sits in
 * memory whole; stops at EXPORT_MAX_ROWS.
 */
export async function* allRows<Q extends PgSelect, Item>(source: ListSource<Q, Item>): AsyncGenerator<Item> {
  for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += EXPORT_BATCH_ROWS) {
    const batch = (await source.query().orderBy(...source.orderBy)
      .limit(Math.min(EXPORT_BATCH_ROWS, EXPORT_MAX_ROWS - offset)).offset(offset)) as Awaited<Q>
    yield* batch.map(source.map)
    if (batch.length < EXPORT_BATCH_ROWS) return
  }
}
