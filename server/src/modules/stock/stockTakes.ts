import {
  formatDateTime, formatQuantity, STOCK_TAKE_STATUS, StockMsg, StockTakeStatus,
  type Page, type StockTake, type StockTakeBody, type StockTakeQuery,
} from '@app/contract'
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { companies, companyMaterials, materials, stockTakeLines, stockTakes, users } from '../../db/schema/index.js'
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { listSource, pagedList } from '../../platform/list.js'
import { withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertInScope, inCompanyScope, ownerCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'
import { logChange } from './audit.js'
import { applyMovement, materialsOf } from './ledger.js'

/**
 * Stock-taking (盘点): a count records each material's counted quantity beside its balance then (the
 * book) and the difference; confirming applies the differences as 盘点调整 movements, in one
 * transaction, only while every balance is still its book (else the count is stale: count again).
 */

const confirmer = alias(users, 'confirmer')

const takeList = (db: Executor, auth: SessionUser, q: StockTakeQuery) => {
  const where = and(
    inCompanyScope(auth, stockTakes.companyId, q.companyId),
    q.status != null ? eq(stockTakes.status, q.status) : undefined,
    withinRange(stockTakes.createTime, q.createTimeQuery as (string | null)[] | undefined),
  )
  return listSource({
    db,
    query: () => takeSelect(db, where),
    count: () => db.select({ id: stockTakes.id }).from(stockTakes).where(where).$dynamic(),
    orderBy: [desc(stockTakes.id)],
    map: toTake,
    complete: (items) => withLines(db, items),
  })
}

const takeSelect = (db: Executor, where: SQL | undefined) =>
  db.select({ t: stockTakes, companyName: companies.name, userName: users.name, confirmName: confirmer.name }).from(stockTakes)
    .leftJoin(companies, eq(companies.id, stockTakes.companyId))
    .leftJoin(users, eq(users.id, stockTakes.userId))
    .leftJoin(confirmer, eq(confirmer.id, stockTakes.confirmUserId))
    .where(where).$dynamic()

type TakeRow = Awaited<ReturnType<typeof takeSelect>>[number]
const toTake = ({ t, companyName, userName, confirmName }: TakeRow): StockTake => ({
  id: t.id, companyId: t.companyId, companyName: companyName ?? '', status: t.status, statusName: STOCK_TAKE_STATUS[t.status] ?? '',
  userName: userName ?? '', confirmUserName: confirmName, createTime: formatDateTime(t.createTime),
  confirmTime: t.confirmTime ? formatDateTime(t.confirmTime) : null, lines: [],
})

async function withLines(db: Executor, items: StockTake[]) {
  if (!items.length) return
  const rows = await db.select({ l: stockTakeLines, name: materials.name, unit: materials.unit }).from(stockTakeLines)
    .innerJoin(materials, eq(materials.id, stockTakeLines.materialId))
    .where(inArray(stockTakeLines.stockTakeId, items.map((i) => i.id))).orderBy(asc(stockTakeLines.id))
  const byTake = new Map(items.map((i) => [i.id, i]))
  for (const { l, name, unit } of rows) {
    byTake.get(l.stockTakeId)?.lines.push({
      materialId: l.materialId, materialName: name, unit, book: formatQuantity(l.book), counted: formatQuantity(l.counted),
      difference: formatQuantity(l.counted - l.book), reason: l.reason,
    })
  }
}

export const findStockTakes = (db: Executor, auth: SessionUser, q: StockTakeQuery): Promise<Page<StockTake>> => pagedList(takeList(db, auth, q), q)

async function takeOf(db: Executor, auth: SessionUser, id: number): Promise<StockTake> {
  const [row] = await takeSelect(db, eq(stockTakes.id, id))
  if (!row) throw new NotFoundError(StockMsg.stockTakeNotFound)
  assertInScope(auth, row.t.companyId, StockMsg.stockTakeNotFound)
  const take = toTake(row)
  await withLines(db, [take])
  return take
}

export const getStockTake = (db: Executor, auth: SessionUser, id: number) => takeOf(db, auth, id)

/** Records a count: each line's book quantity is the balance now; a difference needs a reason. */
export async function saveStockTake(db: Executor, auth: SessionUser, body: StockTakeBody): Promise<StockTake> {
  const companyId = ownerCompany(auth, body.companyId)
  return db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId)
    const ids = body.lines.map((l) => l.materialId)
    const named = await materialsOf(tx, ids, false)
    if (new Set(ids).size !== ids.length) throw new ValidationError(StockMsg.duplicateMaterial)
    const books = new Map((await tx.select({ id: companyMaterials.materialId, q: companyMaterials.quantity }).from(companyMaterials)
      .where(and(eq(companyMaterials.companyId, companyId), inArray(companyMaterials.materialId, ids)))).map((r) => [r.id, r.q]))
    const lines = body.lines.map((l) => ({ ...l, book: books.get(l.materialId) ?? 0 }))
    const unexplained = lines.find((l) => l.counted !== l.book && !l.reason)
    if (unexplained) throw new ValidationError(StockMsg.reasonNeeded(named.get(unexplained.materialId)!.name))
    const [take] = await tx.insert(stockTakes).values({ companyId, userId: auth.userId }).returning()
    await tx.insert(stockTakeLines).values(lines.map((l) => ({ stockTakeId: take!.id, materialId: l.materialId, book: l.book, counted: l.counted, reason: l.reason ?? null })))
    const differing = lines.filter((l) => l.counted !== l.book).length
    await logChange(tx, auth, companyId, `stockTake-${take!.id}`, `盘点${lines.length}种物料（盘点单 ${take!.id}），${differing}种有差异`)
    return takeOf(tx, auth, take!.id)
  })
}

/** Moves a pending count to `to` (claimed by one conditional update, so two confirmations never both apply). */
async function claim(tx: Executor, auth: SessionUser, id: number, to: number) {
  const take = await takeOf(tx, auth, id)
  const [row] = await tx.update(stockTakes)
    .set({ status: to, ...(to === StockTakeStatus.confirmed && { confirmUserId: auth.userId, confirmTime: sql`now()` }) })
    .where(and(eq(stockTakes.id, id), eq(stockTakes.status, StockTakeStatus.pending))).returning({ id: stockTakes.id })
  if (!row) {
    const [now] = await tx.select({ status: stockTakes.status }).from(stockTakes).where(eq(stockTakes.id, id))
    throw new ConflictError(StockMsg.stockTakeState(STOCK_TAKE_STATUS[now?.status ?? take.status] ?? '', STOCK_TAKE_STATUS[to]!))
  }
  return take
}

/** Applies a count's differences to the balances, each a 盘点调整 with the line's reason. */
export async function confirmStockTake(db: Executor, auth: SessionUser, id: number): Promise<StockTake> {
  return db.transaction(async (tx) => {
    const take = await claim(tx, auth, id, StockTakeStatus.confirmed)
    const lines = await tx.select().from(stockTakeLines).where(eq(stockTakeLines.stockTakeId, id)).orderBy(asc(stockTakeLines.materialId))
    const names = new Map(take.lines.map((l) => [l.materialId, l.materialName]))
    for (const l of lines) {
      if (l.counted === l.book) continue
      const applied = await applyMovement(tx, {
        companyId: take.companyId, materialId: l.materialId, delta: l.counted - l.book, kind: 'adjusted', reason: l.reason, stockTakeId: id, userId: auth.userId,
      }, names.get(l.materialId) ?? '', l.book)
      if (applied == null) throw new ConflictError(StockMsg.stockChanged(names.get(l.materialId) ?? ''))
    }
    await logChange(tx, auth, take.companyId, `stockTake-${id}`, `确认盘点单 ${id}，调整库存`)
    return takeOf(tx, auth, id)
  })
}

export async function cancelStockTake(db: Executor, auth: SessionUser, id: number): Promise<StockTake> {
  return db.transaction(async (tx) => {
    const take = await claim(tx, auth, id, StockTakeStatus.cancelled)
    await logChange(tx, auth, take.companyId, `stockTake-${id}`, `取消盘点单 ${id}`)
    return takeOf(tx, auth, id)
  })
}
