import { ExportMsg, resolvePaging, unpackPage, type Page, type Paging } from '@app/contract'
import { count, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core'
import { isEmbedded, type Executor } from '../db/client.js'
import { rememberRead } from '../db/countMemo.js'
import { ValidationError } from './errors.js'

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
  /**
   * The number of rows, found another way than counting them (e.g. from per-day counts kept as rows
   * are written); in place of `count` where it answers a number, `count` still where it answers null.
   */
  total?: () => Promise<number | null>
  /** fills in what the rows do not hold, for a page or batch at once (e.g. children loaded by the items' ids) */
  complete?: (items: Item[]) => Promise<void>
  /**
   * The rows' primary key and a select of it alone over the same filters (like `count`): an export
   * then sorts the keys once and reads the rows by key a batch at a time, instead of sorting the
   * whole selection again for every OFFSET batch. `large`: an export may hold exportLimits.largeMaxRows
   * rows (a year of a busy base's readings), as a batch read by key costs the same however deep it lies.
   * `within`: the timestamp the table is partitioned by, which `select` then also answers as `at`
   * (seconds since the epoch): each batch is read between its keys' least and greatest, so the database
   * looks in their month's partitions, not in every month's.
   */
  key?: { column: PgColumn; select: () => PgSelect; of: (row: Awaited<Q>[number]) => number; large?: boolean; within?: PgColumn }
}

/** A list query's filters alone: what an export takes (`allRows`), the page's query without its paging. */
export type ListFilters<Q> = Omit<Q, 'page' | 'size' | 'pageNo' | 'pageSize'>

export function listSource<Q extends PgSelect, Item>(source: ListSource<Q, Item>) {
  return source
}

/**
 * Rows become items in place: a page of 100,000 rows never holds both forms whole, each row being
 * garbage as soon as its item is made.
 */
async function toItems<Q extends PgSelect, Item>(source: ListSource<Q, Item>, rows: Awaited<Q>): Promise<Item[]> {
  const items = rows as unknown as Item[]
  for (let i = 0; i < rows.length; i++) items[i] = source.map(rows[i])
  await source.complete?.(items)
  return items
}

/** One page of the list and the number of all its rows: `{ data, totalCount }`. */
export async function pagedList<Q extends PgSelect, Item>(source: ListSource<Q, Item>, paging: Paging, defaultSize?: number): Promise<Page<Item>> {
  const { size, offset } = resolvePaging(paging, defaultSize)
  const { db } = source
  // counted over the same select as a subquery, so joins and filters are written once
  const rows = source.query().orderBy(...source.orderBy).limit(size).offset(offset)
  const [page, totalCount] = await Promise.all([rows, totalOf(source)])
  return { data: await toItems(source, page as Awaited<Q>), totalCount }
}

/** How many rows the list has: its `total` when that knows, else counted. */
async function totalOf<Q extends PgSelect, Item>(source: ListSource<Q, Item>): Promise<number> {
  return (await source.total?.()) ?? countMatches(source.db, (source.count ?? source.query)())
}

/** How many rows a select matches; on the embedded database, the total it gave before if nothing it reads was written since. */
async function countMatches(db: Executor, matches: PgSelect): Promise<number> {
  const total = db.select({ n: count() }).from(sql`(${matches}) as matches`)
  return rememberRead(db, total.toSQL(), async () => Number((await total)[0]?.n ?? 0))
}

/** A page whose rows the database wrote as JSON text (`sendJsonRows` answers it). */
export interface JsonPage {
  /** the rows' JSON, a string a row, or on the embedded database one string of them all joined by commas */
  rows: string[]
  totalCount: number
  /** a packed page's keys: each row is the JSON array of their values (PackedPage) */
  columns?: readonly string[]
}

/**
 * A packed page's rows: the array of the `columns`' values, or `row`, an expression over the page's
 * fields (`page."key"`) writing that array another way (e.g. from text the table keeps written).
 */
export interface Packing {
  columns: readonly string[]
  row?: SQL
}

/**
 * `pagedList` for pages of up to 100,000 rows: the database writes each row as JSON (`row_to_json` of
 * `fields`, a select whose every field is aliased to its answer key), so the server makes no object a
 * row and no JSON.stringify of the page. With `packed`, each row is the array of its columns' values.
 * The subquery's order is kept by the outer select (and by the aggregate joining the rows, which reads them as they come).
 */
export async function pagedJson(
  db: Executor, fields: PgSelect, counted: PgSelect, orderBy: (PgColumn | SQL | SQL.Aliased)[], paging: Paging,
  defaultSize?: number, packed?: Packing,
): Promise<JsonPage> {
  const { size, offset } = resolvePaging(paging, defaultSize)
  const [rows, totalCount] = await Promise.all([
    jsonRows(db, fields.orderBy(...orderBy).limit(size).offset(offset), packed),
    countMatches(db, counted),
  ])
  return { rows, totalCount, columns: packed?.columns }
}

/** The rows of a select as JSON text, written by the database (see `pagedJson`). */
async function jsonRows(db: Executor, page: PgSelect, packed?: Packing): Promise<string[]> {
  const row = !packed ? sql`row_to_json(page)`
    : packed.row ?? sql`json_build_array(${sql.join(packed.columns.map((key) => sql`page.${sql.identifier(key)}`), sql`, `)})`
  // PGlite hands a result over row by row, and 100,000 rows cost it 200 ms more than one value of them
  // all; node-postgres is the other way round (one 40 MB message costs it 200 ms more)
  const rows = await db.execute<{ j: string | null }>(isEmbedded(db)
    ? sql`select string_agg(${row}::text, ',') as j from (${page}) as page`
    : sql`select ${row}::text as j from (${page}) as page`)
  return rows.rows.flatMap((r) => (r.j == null ? [] : [r.j]))
}

/**
 * The most rows an export writes (`largeMaxRows` for a list read by key that says it is `large`, under
 * a sheet's 1,048,576), and how many it reads from the database at a time (tests lower them). A selection
 * of more rows is refused, never cut short: a file holding the first 100,000 rows of more looks whole (a
 * reconciliation a few transports short).
 */
export const exportLimits = { maxRows: 100_000, largeMaxRows: 1_000_000, batchRows: 2_000 }

const tooManyRows = (max: number) => new ValidationError(ExportMsg.tooManyRows(max))

/**
 * Every row of the list in order, read a batch at a time so that a large export never sits in
 * memory whole. More than `exportLimits.maxRows` rows are refused before the first (counted first,
 * or read as keys first); rows added meanwhile past the limit end it with the same error.
 */
export async function* allRows<Q extends PgSelect, Item>(source: ListSource<Q, Item>): AsyncGenerator<Item> {
  if (source.key) {
    yield* rowsByKey(source, source.key)
    return
  }
  const { maxRows, batchRows } = exportLimits
  if (await totalOf(source) > maxRows) throw tooManyRows(maxRows)
  for (let offset = 0; ; offset += batchRows) {
    // up to one row past the limit, to tell a list that grew past it since the count
    const batch = (await source.query().orderBy(...source.orderBy)
      .limit(Math.min(batchRows, maxRows + 1 - offset)).offset(offset)) as Awaited<Q>
    if (offset + batch.length > maxRows) throw tooManyRows(maxRows)
    yield* await toItems(source, batch)
    if (batch.length < batchRows) return
  }
}

/** The rows of `keys` (the key first) in the list's order; more than `maxRows` are refused. */
async function keyRowsInOrder(db: Executor, keys: PgSelect, orderBy: (PgColumn | SQL | SQL.Aliased)[], maxRows: number): Promise<Record<string, unknown>[]> {
  const limited = keys.orderBy(...orderBy).limit(maxRows + 1)
  // on the embedded database as JSON text (jsonRows): handed over row by row, a year of readings' keys held it past 128 MB of heap
  const rows = isEmbedded(db)
    ? JSON.parse(`[${(await jsonRows(db, limited)).join(',')}]`) as Record<string, unknown>[]
    : await limited as Record<string, unknown>[]
  if (rows.length > maxRows) throw tooManyRows(maxRows)
  return rows
}

/** The keys an export reads, in the list's order (`keys` selects the key alone); more than `maxRows` are refused. */
async function keysInOrder(db: Executor, keys: PgSelect, orderBy: (PgColumn | SQL | SQL.Aliased)[], maxRows = exportLimits.maxRows): Promise<number[]> {
  return (await keyRowsInOrder(db, keys, orderBy, maxRows)).map((r) => Object.values(r)[0] as number)
}

/**
 * `allRows` of a list the database writes packed (`pagedJson`'s `packed`), as objects reading the
 * packed rows (`unpackPage`): the keys in order in one query, then each batch as JSON text parsed at
 * once. Read field by field, 100,000 rows of 40 fields took the embedded database's client 10.7 s
 * (it copies every value before decoding it); as text, 2.4 s. `rowsOf` selects the rows of some keys.
 */
export async function* allPackedRows<Item>(
  db: Executor, keys: PgSelect, orderBy: (PgColumn | SQL | SQL.Aliased)[], rowsOf: (keys: number[]) => PgSelect, packed: Packing,
): AsyncGenerator<Item> {
  const ordered = await keysInOrder(db, keys, orderBy)
  const { batchRows } = exportLimits
  for (let i = 0; i < ordered.length; i += batchRows) {
    const text = await jsonRows(db, rowsOf(ordered.slice(i, i + batchRows)).orderBy(...orderBy), packed)
    const rows = JSON.parse(`[${text.join(',')}]`) as unknown[][]
    yield* unpackPage<Item>({ columns: packed.columns as Extract<keyof Item, string>[], totalCount: rows.length, rows }).data
  }
}

/** `allRows` of a source with a key: the keys in order in one query, then the rows by key, a batch at a time. */
async function* rowsByKey<Q extends PgSelect, Item>(source: ListSource<Q, Item>, key: NonNullable<ListSource<Q, Item>['key']>): AsyncGenerator<Item> {
  const found = await keyRowsInOrder(source.db, key.select(), source.orderBy, key.large ? exportLimits.largeMaxRows : exportLimits.maxRows)
  const keys = found.map((r) => Number(Object.values(r)[0]))
  const at = key.within ? found.map((r) => Number(r.at)) : null
  found.length = 0
  const { batchRows } = exportLimits
  for (let i = 0; i < keys.length; i += batchRows) {
    const batch = keys.slice(i, i + batchRows)
    const times = at?.slice(i, i + batchRows)
    // a second either side: the epoch seconds are a float's, the column's microseconds are not
    const within = key.within && times
      ? sql` and ${key.within} between to_timestamp(${Math.min(...times) - 1}) and to_timestamp(${Math.max(...times) + 1})`
      : sql``
    // the keys were selected under the list's filters and scope; the batch is read by them alone
    const rows = await source.query().where(sql`${key.column} = any(${sql.param(batch)}::bigint[])${within}`) as Awaited<Q>
    const byKey = new Map<number, Awaited<Q>[number]>()
    for (const row of rows) byKey.set(key.of(row), row)
    const ordered = batch.map((k) => byKey.get(k)).filter((r) => r !== undefined) as Awaited<Q>
    yield* await toItems(source, ordered)
  }
}
