import {
  formatDateTime, GOODS_EXPORT_NAME, GoodsMsg, maskIdNumber, maskPhone, parseDateTime, type RevealAnswer,
  type Goods, type GoodsBody, type GoodsQuery, type GoodsUpdateBody, type Page, type PersonalField,
} from '@app/contract'
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { attachments, companies, goods } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { claimAttachments } from '../../platform/attachments.js'
import { NotFoundError, ValidationError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { revealPersonalData } from '../../platform/personalData.js'
import { contains, containsEach, withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertInScope, inCompanyScope, ownerCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'
import { writeLog } from '../logs/index.js'

type Row = typeof goods.$inferSelect

/** Lists, exports and the detail show the phone and ID number masked; `revealGoods` gives one in full. */
export const toGoods = ({ g, shopName }: { g: Row; shopName: string | null }): Goods => ({
  id: g.id, name: g.name, ticketNumber: g.ticketNumber, category: g.category as Goods['category'],
  ticketPicId: g.ticketPicId, goodsPicIds: g.goodsPicIds, shopId: g.companyId, shopName: shopName ?? '',
  pawnTime: formatDateTime(g.pawnTime), createTime: formatDateTime(g.createTime), pawnName: g.pawnName,
  phone: maskPhone(g.phone), idNumber: maskIdNumber(g.idNumber),
  isInvalid: g.isInvalid as Goods['isInvalid'], doubtable: g.doubtable as Goods['doubtable'], photoText: g.photoText,
})

/**
 * The description search matches the name, ticket number and photo text (search_text, trigram-indexed).
 * Items containing the text come first and alone when there are any, newest first; only when none does,
 * the items with a stretch like it by trigrams (`<%`: pg_trgm's word similarity at least TEXT_SIMILARITY),
 * so that one misread character still finds them, best match first. Fuzzy matching every search would
 * bury an exact ticket number under thousands of its neighbours (DT0004242 is like DT0004243).
 */
type TextMode = 'exact' | 'fuzzy'
const textCondition = (text: string, mode: TextMode) => (mode === 'exact' ? contains(goods.searchText, text) : sql`${text} <% ${goods.searchText}`)

function where(auth: SessionUser, q: Omit<GoodsQuery, 'page' | 'size' | 'pageNo' | 'pageSize'>, mode: TextMode = 'exact'): SQL | undefined {
  return and(
    inCompanyScope(auth, goods.companyId, q.shopId),
    ...containsEach(q, { name: goods.name, pawnName: goods.pawnName, ticketNumber: goods.ticketNumber }),
    // lists show these masked: a filter matches the whole number only, or counting the rows a part finds would spell it out
    q.phone ? eq(goods.phone, q.phone) : undefined,
    q.idNumber ? eq(goods.idNumber, q.idNumber.toUpperCase()) : undefined,
    q.category ? eq(goods.category, q.category) : undefined,
    q.doubtable ? eq(goods.doubtable, q.doubtable) : undefined,
    q.isInvalid ? eq(goods.isInvalid, q.isInvalid) : undefined,
    withinRange(goods.createTime, q.createTimeQuery as (string | null)[] | undefined),
    q.imagetext ? textCondition(q.imagetext, mode) : undefined,
  )
}

type Filters = Parameters<typeof where>[1]

/** The items the caller may see that the filters select: best text match first when searching by text, else newest first. */
const goodsList = (db: Executor, auth: SessionUser, q: Filters, mode: TextMode = 'exact') => listSource({
  db,
  query: () => db.select({ g: goods, shopName: companies.name }).from(goods)
    .leftJoin(companies, eq(companies.id, goods.companyId)).where(where(auth, q, mode)).$dynamic(),
  count: () => db.select({ id: goods.id }).from(goods).where(where(auth, q, mode)).$dynamic(),
  orderBy: [...(mode === 'fuzzy' ? [sql`word_similarity(${q.imagetext}, ${goods.searchText}) desc`] : []), desc(goods.createTime), desc(goods.id)],
  map: toGoods,
})

/**
 * pg_trgm's default (0.6) misses one wrong character in eight Chinese ones (0.5: a character takes part in
 * three trigrams); below 0.45 unrelated texts sharing a few characters begin to match.
 */
const TEXT_SIMILARITY = 0.45

/**
 * Reads the list with the text matched exactly when anything in scope contains it, else fuzzily, in a
 * transaction whose settings are local to it: `<%` uses TEXT_SIMILARITY, and every statement is planned
 * for its own text (a prepared statement's generic plan cannot see that `%SN3F9…%` is rare, and walks the
 * whole table in time order instead of asking the trigram index).
 */
async function withTextMode<T>(
  db: Executor, auth: SessionUser, q: Filters, read: (db: Executor, mode: TextMode) => Promise<T>, found: (exact: T) => boolean,
): Promise<T> {
  if (!q.imagetext) return read(db, 'exact')
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TEXT_SIMILARITY)}, true), set_config('plan_cache_mode', 'force_custom_plan', true)`)
    // no "limit 1" probe first: thinking matches plentiful, the planner would read the table in order for one
    const exact = await read(tx, 'exact')
    return found(exact) ? exact : read(tx, 'fuzzy')
  })
}

export const findGoods = (db: Executor, auth: SessionUser, q: GoodsQuery): Promise<Page<Goods>> =>
  withTextMode(db, auth, q, (tx, mode) => pagedList(goodsList(tx, auth, q, mode), q), (page) => page.totalCount > 0)

/** Every item the filters select, for the export (streamed; a text search is read whole in its transaction). */
export async function* allGoods(db: Executor, auth: SessionUser, q: Filters): AsyncIterable<Goods> {
  if (!q.imagetext) return yield* allRows(goodsList(db, auth, q))
  const items = await withTextMode(db, auth, q, async (tx, mode) => {
    // read whole here: the transaction holding the settings ends with this function
    const rows: Goods[] = []
    for await (const g of allRows(goodsList(tx, auth, q, mode))) rows.push(g)
    return rows
  }, (rows) => rows.length > 0)
  yield* items
}

export const goodsExport = defineExport<Goods>({
  name: GOODS_EXPORT_NAME, sheet: '物品', format: 'xlsx',
  columns: [
    { header: '物品名称', value: (r) => r.name, width: 24 },
    { header: '物品类别', value: (r) => r.category, width: 10 },
    { header: '当票号', value: (r) => r.ticketNumber, width: 20 },
    { header: '当票时间', value: (r) => r.pawnTime, width: 20 },
    { header: '当户姓名', value: (r) => r.pawnName, width: 12 },
    { header: '手机号', value: (r) => r.phone, width: 14 },
    { header: '身份证号', value: (r) => r.idNumber, width: 22 },
    { header: '是否可疑', value: (r) => r.doubtable, width: 10 },
    { header: '是否作废', value: (r) => r.isInvalid, width: 10 },
    { header: '所属基地', value: (r) => r.shopName, width: 26 },
    { header: '登记时间', value: (r) => r.createTime, width: 20 },
  ],
})

/**
 * The photos must be pictures the caller may use (their own base's, or headquarters' uploads, which then
 * move to the item's base): another base's id answers as missing, a document is refused.
 */
async function checkPictures(tx: Executor, auth: SessionUser, ids: number[], companyId: number) {
  await claimAttachments(tx, auth, ids, companyId)
  const rows = await tx.select({ id: attachments.id, mime: attachments.mime }).from(attachments).where(inArray(attachments.id, ids))
  const notPicture = rows.find((r) => !r.mime.startsWith('image/'))
  if (notPicture) throw new ValidationError(GoodsMsg.notPicture(notPicture.id))
}

const pictureIdsOf = (b: { ticketPicId?: number; goodsPicIds?: number[] }) => [...(b.ticketPicId ? [b.ticketPicId] : []), ...(b.goodsPicIds ?? [])]

async function withShop(db: Executor, row: Row) {
  const [shop] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId))
  return toGoods({ g: row, shopName: shop?.name ?? null })
}

export async function saveGoods(db: Executor, auth: SessionUser, body: GoodsBody): Promise<Goods> {
  const companyId = ownerCompany(auth, body.shopId)
  return db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId)
    await checkPictures(tx, auth, pictureIdsOf(body), companyId)
    const { shopId: _shop, pawnTime, ...fields } = body
    const [row] = await tx.insert(goods).values({ ...fields, pawnTime: parseDateTime(pawnTime), companyId, userId: auth.userId }).returning()
    return withShop(tx, row!)
  })
}

async function ownGoods(db: Executor, auth: SessionUser, id: number) {
  const [row] = await db.select().from(goods).where(eq(goods.id, id))
  if (!row) throw new NotFoundError(GoodsMsg.notFound)
  assertInScope(auth, row.companyId, GoodsMsg.notFound)
  return row
}

export async function getGoods(db: Executor, auth: SessionUser, id: number): Promise<Goods> {
  return withShop(db, await ownGoods(db, auth, id))
}

/** Changes the fields sent; new photos are read again (`photoText` empties until then). */
export async function updateGoods(db: Executor, auth: SessionUser, id: number, body: GoodsUpdateBody): Promise<{ goods: Goods; photosChanged: boolean; moved: boolean }> {
  return db.transaction(async (tx) => {
    const old = await ownGoods(tx, auth, id)
    const companyId = body.shopId != null ? ownerCompany(auth, body.shopId) : old.companyId
    if (companyId !== old.companyId) await assertCompanyExists(tx, companyId)
    const pictures = pictureIdsOf(body)
    if (pictures.length || companyId !== old.companyId) await checkPictures(tx, auth, pictures.length ? pictures : pictureIdsOf(old), companyId)
    const photosChanged = body.goodsPicIds !== undefined && body.goodsPicIds.join() !== old.goodsPicIds.join()
    const { shopId: _shop, pawnTime, ...fields } = body
    const [row] = await tx.update(goods).set({
      ...fields, companyId,
      ...(pawnTime !== undefined && { pawnTime: parseDateTime(pawnTime) }),
      ...(photosChanged && { photoText: '' }),
    }).where(eq(goods.id, id)).returning()
    return { goods: await withShop(tx, row!), photosChanged, moved: companyId !== old.companyId }
  })
}

export async function deleteGoods(db: Executor, auth: SessionUser, id: number) {
  const deleted = await db.delete(goods).where(and(eq(goods.id, id), inCompanyScope(auth, goods.companyId))).returning({ id: goods.id })
  if (!deleted.length) throw new NotFoundError(GoodsMsg.notFound)
}

/** One item's ID number or phone in full, for the roles allowed, logged (platform/personalData.ts). */
export const revealGoods = (db: Executor, auth: Auth, id: number, field: PersonalField): Promise<RevealAnswer> => revealPersonalData(db, auth, {
  field, notFound: GoodsMsg.notFound, log: writeLog,
  load: async () => {
    const [row] = await db.select().from(goods).where(eq(goods.id, id))
    return row && { companyId: row.companyId, subject: GoodsMsg.revealSubject(row.id, row.ticketNumber), serialNumber: `goods-${row.id}`, values: row }
  },
})

/** Stores what the OCR read on an item's photos, unless its photos changed meanwhile. */
export async function storePhotoText(db: Executor, id: number, goodsPicIds: number[], text: string) {
  await db.update(goods).set({ photoText: text.slice(0, 5000) })
    .where(and(eq(goods.id, id), sql`${goods.goodsPicIds} = ${sql.raw(`'{${goodsPicIds.map(Number).join(',')}}'::integer[]`)}`))
}

/** An item's base and its photos' attachments with their blobs, in the item's order; null when it is gone. */
export async function photoFilesOf(db: Executor, id: number) {
  const [row] = await db.select({ companyId: goods.companyId, goodsPicIds: goods.goodsPicIds }).from(goods).where(eq(goods.id, id))
  if (!row) return null
  const pics = row.goodsPicIds.length
    ? await db.select({ id: attachments.id, sha256: attachments.sha256 }).from(attachments).where(inArray(attachments.id, row.goodsPicIds))
    : []
  const blob = new Map(pics.map((p) => [p.id, p.sha256]))
  return {
    companyId: row.companyId,
    goodsPicIds: row.goodsPicIds,
    photos: row.goodsPicIds.flatMap((attachmentId) => (blob.get(attachmentId) ? [{ attachmentId, sha256: blob.get(attachmentId)! }] : [])),
  }
}
