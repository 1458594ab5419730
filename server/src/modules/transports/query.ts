import {
  ATTACHMENT_URL_PREFIX, attachmentUrl, originalKey, resolvePaging, TICKET_FIELDS, TRANSPORT_DEFAULT_PAGE_SIZE,
  type Destination, type TicketField, type Transport, type TransportColumn, type TransportFilters, type TransportGridField,
} from '@app/contract'
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { companies, transportDestinations, transports, users } from '../../db/schema/index.js'
import { allPackedRows, listSource, pagedJson, type JsonPage, type Packing } from '../../platform/list.js'
import { containsEach, withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { inCompanyScope } from '../../platform/tenancy.js'

/** The transport grid (spec 001 §2), its export and the single-transport reads share this one mapping. */

const uploader = alias(users, 'uploader')
const updater = alias(users, 'updater')

const ORIGINAL_KEYS = (Object.keys(TICKET_FIELDS) as TicketField[]).map((f) => [f, originalKey(f)] as const)

/**
 * Times as the answer shows them ('YYYY-MM-DD HH:mm:ss', China Standard Time), made by the database:
 * a 100,000-row page then parses and formats no Date in JavaScript. The timestamp's own text, cut
 * before its fraction of a second, costs a third of `to_char`'s time.
 */
const cst = (column: PgColumn) => sql<string | null>`left((${column} at time zone 'UTC' + interval '8 hours')::text, 19)`

/** A transport with what the grid shows beside it: its base's name, its uploader's account and its last writer's name. */
export const transportColumns = {
  ...getTableColumns(transports),
  deliveryTime: cst(transports.deliveryTime),
  signTime: cst(transports.signTime),
  createTime: cst(transports.createTime).mapWith(String),
  updateTime: cst(transports.updateTime).mapWith(String),
  companyName: companies.name,
  phone: uploader.phone,
  updaterName: updater.name,
}

/**
 * The grid's rows leave out the raw OCR texts and the readings (several KB a row, a few hundred MB on
 * a 100,000-row page); the detail, edit and raw-data pages read one transport with them.
 */
const { deliveryOrigin: _d, signOrigin: _s, originals: _o, ...gridColumns } = transportColumns

/** the select every read of a transport starts from (joins included); `grid`: without texts and readings */
export const selectTransports = (db: Executor, grid = false) =>
  db.select(grid ? gridColumns as typeof transportColumns : transportColumns).from(transports)
    .innerJoin(companies, eq(companies.id, transports.companyId))
    .leftJoin(uploader, eq(uploader.id, transports.userId))
    .leftJoin(updater, eq(updater.id, transports.updatedBy))

export type TransportRow = Awaited<ReturnType<typeof selectTransports>>[number]

const picUrl = (id: number | null) => (id == null ? null : attachmentUrl(id))

/**
 * A row becomes the contract's Transport in place (a big page makes no second object per row): the
 * ud- originals where the reading found the field, picture URLs, the last writer's name;
 * `destinations` are filled by `withDestinations`. Keys set to undefined are left out of the JSON.
 */
export function toTransport(r: TransportRow): Transport {
  const t = r as unknown as Record<string, unknown>
  const originals = r.originals
  if (originals) for (const [f, ud] of ORIGINAL_KEYS) if (originals[f] != null) t[ud] = originals[f]
  t.originals = undefined
  t.deliveryTimeStr = r.deliveryTime ?? ''
  t.signTimeStr = r.signTime ?? ''
  t.deliveryPicUrl = picUrl(r.deliveryPicId)
  t.signPicUrl = picUrl(r.signPicId)
  t.updatedBy = r.updaterName
  t.updaterName = undefined
  t.destinations = []
  return t as unknown as Transport
}

const destinationColumns = { ...getTableColumns(transportDestinations), signTime: cst(transportDestinations.signTime) }

export function toDestination(d: Awaited<ReturnType<typeof selectDestinations>>[number]): Destination {
  const { transportId: _, ...destination } = d
  return { ...destination, signTimeStr: d.signTime ?? '' }
}
const selectDestinations = (db: Executor) => db.select(destinationColumns).from(transportDestinations)

/** ids per destinations query: one array parameter (`= any($1)`), not thousands of bind parameters */
const DESTINATION_BATCH = 10_000

/** The extra destinations of these transports, in order, loaded by the transports' ids in a few queries. */
export async function withDestinations(db: Executor, items: Transport[]) {
  if (!items.length) return
  const byId = new Map<number, Transport>()
  for (const t of items) byId.set(t.id, t)
  const ids = [...byId.keys()]
  for (let i = 0; i < ids.length; i += DESTINATION_BATCH) {
    const batch = ids.slice(i, i + DESTINATION_BATCH)
    const rows = await selectDestinations(db)
      .where(sql`${transportDestinations.transportId} = any(${sql.param(batch)}::int[])`)
      .orderBy(asc(transportDestinations.transportId), asc(transportDestinations.ordinal))
    for (const d of rows) byId.get(d.transportId)!.destinations.push(toDestination(d))
  }
}

const picUrlSql = (id: PgColumn) => sql<string | null>`case when ${id} is null then null else ${ATTACHMENT_URL_PREFIX} || ${id} end`
const aliased = (fields: Record<string, PgColumn | SQL>) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, sql`${value}`.as(key)]))

/** what `toDestination` makes of a destination, written by the database */
const { transportId: _t, ...destinationFields } = destinationColumns
const destinationJson = sql`json_build_object(${sql.join(
  Object.entries({ ...destinationFields, signTimeStr: sql`coalesce(${destinationColumns.signTime}, '')` })
    .map(([key, value]) => sql`${key}::text, ${value}`), sql`, `)})`

/**
 * A grid row as `toTransport` makes it (a test compares the two), every field aliased to its answer
 * key, for `pagedJson`: the database writes the 100,000 rows of a big page as JSON.
 */
const { updatedBy: _u, updaterName: _n, ...plainGridColumns } = gridColumns
const gridJsonFields = aliased({
  ...plainGridColumns,
  deliveryTimeStr: sql`coalesce(${transportColumns.deliveryTime}, '')`,
  signTimeStr: sql`coalesce(${transportColumns.signTime}, '')`,
  deliveryPicUrl: picUrlSql(transports.deliveryPicId),
  signPicUrl: picUrlSql(transports.signPicId),
  updatedBy: updater.name,
  destinations: sql`coalesce((select json_agg(${destinationJson} order by ${transportDestinations.ordinal}) from ${transportDestinations}
    where ${transportDestinations.transportId} = ${transports.id}), '[]'::json)`,
})

/** the grid's text filters, each with the column it searches (the account: the uploader's phone) */
const TEXT_FILTERS = {
  deliveryManufactory: transports.deliveryManufactory, deliveryCustomer: transports.deliveryCustomer, deliveryCarrier: transports.deliveryCarrier,
  deliveryGoodsName: transports.deliveryGoodsName, signName: transports.signName, signSettlement: transports.signSettlement,
  phone: uploader.phone,
} satisfies Partial<Record<keyof TransportFilters, PgColumn>>

function where(auth: SessionUser, q: TransportFilters): SQL | undefined {
  return and(
    inCompanyScope(auth, transports.companyId, q.companyId),
    ...containsEach(q, TEXT_FILTERS),
    withinRange(transports.deliveryTime, q.deliveryTimeQuery as (string | null)[] | undefined),
    withinRange(transports.createTime, q.createTimeQuery as (string | null)[] | undefined),
    q.status != null ? eq(transports.status, q.status) : undefined,
    q.dangerLevel != null ? eq(transports.dangerLevel, q.dangerLevel) : undefined,
  )
}

/** newest first: read backwards from transport_time_idx (transport_company_time_idx for a base) */
export const GRID_ORDER = [desc(transports.createTime), desc(transports.id)]

/** The transports the caller may see that the filters select, newest first: the grid and its exports. */
export const transportList = (db: Executor, auth: SessionUser, q: TransportFilters) => listSource({
  db,
  query: () => selectTransports(db, true).where(where(auth, q)).$dynamic(),
  orderBy: GRID_ORDER,
  map: toTransport,
  // counted, and sorted for an export, without the joins unless the account filter needs the uploader
  count: () => transportIds(db, auth, q),
  key: { column: transports.id, select: () => transportIds(db, auth, q), of: (row) => row.id },
  complete: (items) => withDestinations(db, items),
})

const transportIds = (db: Executor, auth: SessionUser, q: TransportFilters, also?: SQL) => (q.phone
  ? db.select({ id: transports.id }).from(transports).leftJoin(uploader, eq(uploader.id, transports.userId))
  : db.select({ id: transports.id }).from(transports)).where(and(where(auth, q), also)).$dynamic()

/** the ids among `ids` the caller may see that the filters select (one array parameter: a page of ids is more than the bind parameters allowed) */
const selectedIds = (db: Executor, auth: SessionUser, q: TransportFilters, ids: readonly number[]) =>
  transportIds(db, auth, q, sql`${transports.id} = any(${sql.param([...new Set(ids)])}::int[])`)

type TransportPaging = TransportFilters & { page?: number; size?: number; pageNo?: number; pageSize?: number }

/** JSON fields of a transport with the tables they may read joined */
const selectJoined = (db: Executor, fields: Record<string, SQL.Aliased | SQL | PgColumn>) => db.select(fields).from(transports)
  .innerJoin(companies, eq(companies.id, transports.companyId))
  .leftJoin(uploader, eq(uploader.id, transports.userId))
  .leftJoin(updater, eq(updater.id, transports.updatedBy))

/** pages up to this size pick their transports' ids first (see pageOf) */
const KEYED_PAGE_MAX = 1000

/**
 * A page of the grid. One of up to KEYED_PAGE_MAX rows picks its ids first, from a select of the id
 * alone that an index answers without the table (transport_company_time_idx, or the delivery-period
 * index with its carrier once vacuumed), then reads those rows: rows skipped for the offset or refused
 * by a filter are never read whole. A bigger page reads its rows in order straight away.
 */
function pageOf(db: Executor, auth: SessionUser, q: TransportPaging, fields: Record<string, SQL.Aliased | SQL | PgColumn>, packed?: Packing) {
  const { size, offset } = resolvePaging(q, TRANSPORT_DEFAULT_PAGE_SIZE)
  const keyed = size <= KEYED_PAGE_MAX
  const onPage = keyed ? inArray(transports.id, transportIds(db, auth, q).orderBy(...GRID_ORDER).limit(size).offset(offset)) : undefined
  return pagedJson(db, selectJoined(db, fields).where(and(where(auth, q), onPage)).$dynamic(), transportIds(db, auth, q), GRID_ORDER,
    keyed ? { page: 1, size } : q, TRANSPORT_DEFAULT_PAGE_SIZE, packed)
}

/** A page of transports as the spec's list answers it (every field but the raw texts and readings), written as JSON by the database. */
export const findTransportsJson = (db: Executor, auth: SessionUser, q: TransportPaging): Promise<JsonPage> => pageOf(db, auth, q, gridJsonFields)

/**
 * The grid's fields of the transport itself, in the order of the JSON values of them that the table
 * keeps written (`transport.grid_row`, set by a trigger on every write: migration 0017, which must
 * change with this list); the fields of other tables follow them in a packed row.
 */
const STORED_GRID_FIELDS = [
  'id', 'status', 'dangerLevel', 'createTime', 'deliveryTimeStr', 'signTimeStr', 'deliveryCarrier', 'deliveryPlateNumber',
  'deliveryManufactory', 'signName', 'signPlace', 'signSettlement', 'deliveryGoodsName', 'deliveryNetWeight', 'signNetWeight',
  'poundDiff', 'deliverySpecific', 'deliveryCustomer', 'signUser', 'deliveryNumber', 'signNumber', 'deliveryBags',
  'deliveryAdditional', 'deliveryGrossWeight', 'deliveryTareWeight', 'signFirstNetWeight', 'signBags', 'signGrossWeight',
  'signTareWeight', 'signAdditional', 'deliveryPicId', 'signPicId',
] as const satisfies readonly TransportGridField[]
type JoinedGridField = 'phone' | 'companyName' | 'destinations'

/**
 * A packed row is the stored values with the joined fields' after them: a page of 100,000 rows copies
 * text the table holds instead of writing 3,200,000 JSON values (2.8 s became 1.6 s on the embedded database).
 */
const packing = (joined: readonly JoinedGridField[]) => ({
  packing: {
    columns: [...STORED_GRID_FIELDS, ...joined],
    row: sql`'[' || page."gridRow" || ${sql.join(joined.map((key) => sql`', ' || coalesce(to_json(page.${sql.identifier(key)})::text, 'null')`), sql` || `)} || ']'`,
  } satisfies Packing,
  fields: { gridRow: sql`"transport"."grid_row"`.as('gridRow'), ...Object.fromEntries(joined.map((key) => [key, gridJsonFields[key]!])) },
})
const gridPacking = packing(['phone', 'companyName', 'destinations'])

/** The grid's page, packed (TRANSPORT_GRID_FIELDS): what the grid shows, in under a third of the bytes (pages of up to 100,000 rows). */
export const findTransportGrid = (db: Executor, auth: SessionUser, q: TransportPaging): Promise<JsonPage> =>
  pageOf(db, auth, q, gridPacking.fields, gridPacking.packing)

/** the grid's columns (TRANSPORT_COLUMNS) without the destinations: what a data export writes */
const columnPacking = packing(['phone', 'companyName'])

/**
 * Every transport of the filters (more than the export maximum are refused) as the grid's columns, a batch at a time,
 * read from the packed rows the grid reads: an export writes the grid's columns.
 */
export const allTransportColumns = (db: Executor, auth: SessionUser, q: TransportFilters, ids?: readonly number[]) =>
  allPackedRows<Pick<Transport, TransportColumn>>(db, ids ? selectedIds(db, auth, q, ids) : transportIds(db, auth, q), GRID_ORDER, (ids) => selectJoined(db, columnPacking.fields)
    .where(sql`${transports.id} = any(${sql.param(ids)}::int[])`).$dynamic(), columnPacking.packing)
