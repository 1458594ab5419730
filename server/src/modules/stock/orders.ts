import {
  formatDateTime, formatQuantity, StockMsg, SUPPLY_STATUS, SupplyStatus,
  type Page, type SupplyOrder, type SupplyOrderBody, type SupplyOrderQuery,
} from '@app/contract'
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { companies, materials, supplyOrderLines, supplyOrders, users } from '../../db/schema/index.js'
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.js'
import { listSource, pagedList } from '../../platform/list.js'
import { withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertCompanyInScope, isHeadquarters, ownerCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'
import { isPaired } from '../supplyOrders/index.js'
import { logChange } from './audit.js'
import { applyMovement, materialsOf, mergeLines } from './ledger.js'

/**
 * Supply orders (供货单): a base orders material from the supplier headquarters paired it with
 * (company_material_order). 待确认 → 已发货 (the supplier ships: its stock goes down) → 已收货 (the
 * buyer receives: its stock goes up); 待确认 → 已取消 by either side. Each step is taken by one
 * conditional update of the status in the transaction that moves the stock, so it happens once.
 */

const supplier = alias(companies, 'supplier')

/** Headquarters sees every order; a base those it orders or supplies. */
const visible = (auth: SessionUser): SQL | undefined => (isHeadquarters(auth) ? undefined
  : or(eq(supplyOrders.companyId, auth.companyId), eq(supplyOrders.supplierCompanyId, auth.companyId)))

const orderSelect = (db: Executor, where: SQL | undefined) =>
  db.select({ o: supplyOrders, companyName: companies.name, supplierName: supplier.name, userName: users.name }).from(supplyOrders)
    .leftJoin(companies, eq(companies.id, supplyOrders.companyId))
    .leftJoin(supplier, eq(supplier.id, supplyOrders.supplierCompanyId))
    .leftJoin(users, eq(users.id, supplyOrders.userId))
    .where(where).$dynamic()

type OrderRow = Awaited<ReturnType<typeof orderSelect>>[number]
const toOrder = ({ o, companyName, supplierName, userName }: OrderRow): SupplyOrder => ({
  id: o.id, companyId: o.companyId, companyName: companyName ?? '', supplierCompanyId: o.supplierCompanyId, supplierCompanyName: supplierName ?? '',
  status: o.status, statusName: SUPPLY_STATUS[o.status] ?? '', remark: o.remark, userName: userName ?? '', createTime: formatDateTime(o.createTime),
  shipTime: o.shipTime ? formatDateTime(o.shipTime) : null, receiveTime: o.receiveTime ? formatDateTime(o.receiveTime) : null, lines: [],
})

async function withLines(db: Executor, items: SupplyOrder[]) {
  if (!items.length) return
  const rows = await db.select({ l: supplyOrderLines, name: materials.name, unit: materials.unit }).from(supplyOrderLines)
    .innerJoin(materials, eq(materials.id, supplyOrderLines.materialId))
    .where(inArray(supplyOrderLines.orderId, items.map((i) => i.id))).orderBy(asc(supplyOrderLines.id))
  const byId = new Map(items.map((i) => [i.id, i]))
  for (const { l, name, unit } of rows) byId.get(l.orderId)?.lines.push({ materialId: l.materialId, materialName: name, unit, quantity: formatQuantity(l.quantity) })
}

export function findSupplyOrders(db: Executor, auth: SessionUser, q: SupplyOrderQuery): Promise<Page<SupplyOrder>> {
  assertCompanyInScope(auth, q.companyId)
  const where = and(
    visible(auth),
    q.companyId ? eq(supplyOrders.companyId, q.companyId) : undefined,
    q.supplierCompanyId ? eq(supplyOrders.supplierCompanyId, q.supplierCompanyId) : undefined,
    q.status != null ? eq(supplyOrders.status, q.status) : undefined,
    withinRange(supplyOrders.createTime, q.createTimeQuery as (string | null)[] | undefined),
  )
  return pagedList(listSource({
    db, query: () => orderSelect(db, where), orderBy: [desc(supplyOrders.id)], map: toOrder, complete: (items) => withLines(db, items),
    count: () => db.select({ id: supplyOrders.id }).from(supplyOrders).where(where).$dynamic(),
  }), q)
}

async function orderOf(db: Executor, auth: SessionUser, id: number): Promise<SupplyOrder> {
  const [row] = await orderSelect(db, and(eq(supplyOrders.id, id), visible(auth)))
  if (!row) throw new NotFoundError(StockMsg.orderNotFound)
  const order = toOrder(row)
  await withLines(db, [order])
  return order
}
export const getSupplyOrder = (db: Executor, auth: SessionUser, id: number) => orderOf(db, auth, id)

export async function saveSupplyOrder(db: Executor, auth: SessionUser, body: SupplyOrderBody): Promise<SupplyOrder> {
  const companyId = ownerCompany(auth, body.companyId)
  return db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId)
    if (!(await isPaired(tx, companyId, body.supplierCompanyId))) throw new ConflictError(StockMsg.notPaired)
    await materialsOf(tx, body.lines.map((l) => l.materialId), true)
    const [order] = await tx.insert(supplyOrders).values({ companyId, supplierCompanyId: body.supplierCompanyId, remark: body.remark ?? null, userId: auth.userId }).returning()
    await tx.insert(supplyOrderLines).values(mergeLines(body.lines).map((l) => ({ orderId: order!.id, ...l })))
    const placed = await orderOf(tx, auth, order!.id)
    await logChange(tx, auth, companyId, `supplyOrder-${placed.id}`, `向“${placed.supplierCompanyName}”下供货单 ${placed.id}（${placed.lines.length}种物料）`)
    return placed
  })
}

type Step = 'ship' | 'receive' | 'cancel'
const STEPS: Record<Step, { from: number; to: number }> = {
  ship: { from: SupplyStatus.pending, to: SupplyStatus.shipped },
  receive: { from: SupplyStatus.shipped, to: SupplyStatus.received },
  cancel: { from: SupplyStatus.pending, to: SupplyStatus.cancelled },
}

/** Whether the caller's base is the side that takes the step; a step of the wrong side is refused (403 naming the side). */
function assertSide(auth: SessionUser, order: SupplyOrder, step: Step) {
  const me = auth.companyId
  if (step === 'ship' && me !== order.supplierCompanyId) throw new ForbiddenError(StockMsg.supplierOnly)
  if (step === 'receive' && me !== order.companyId) throw new ForbiddenError(StockMsg.buyerOnly)
  if (step === 'cancel' && me !== order.companyId && me !== order.supplierCompanyId) throw new ForbiddenError(StockMsg.partyOnly)
}

/** Takes one step of an order: the status by one conditional update, then the stock, in one transaction. */
async function takeStep(db: Executor, auth: SessionUser, id: number, step: Step): Promise<SupplyOrder> {
  const { from, to } = STEPS[step]
  return db.transaction(async (tx) => {
    const order = await orderOf(tx, auth, id)
    assertSide(auth, order, step)
    const [claimed] = await tx.update(supplyOrders).set({
      status: to,
      ...(step === 'ship' && { shipUserId: auth.userId, shipTime: sql`now()` }),
      ...(step === 'receive' && { receiveUserId: auth.userId, receiveTime: sql`now()` }),
    }).where(and(eq(supplyOrders.id, id), eq(supplyOrders.status, from))).returning({ id: supplyOrders.id })
    if (!claimed) {
      const [now] = await tx.select({ status: supplyOrders.status }).from(supplyOrders).where(eq(supplyOrders.id, id))
      throw new ConflictError(StockMsg.orderState(SUPPLY_STATUS[now?.status ?? order.status] ?? '', SUPPLY_STATUS[to]!))
    }
    const side = step === 'ship' ? order.supplierCompanyId : step === 'receive' ? order.companyId : auth.companyId
    await logChange(tx, auth, side, `supplyOrder-${id}`, `将供货单 ${id} 从“${SUPPLY_STATUS[from]}”改为“${SUPPLY_STATUS[to]}”`)
    const answer = await orderOf(tx, auth, id)
    // the stock last: a balance's row stays locked only until the commit
    const lines = [...order.lines].sort((a, b) => a.materialId - b.materialId)
    const raw = new Map((await tx.select().from(supplyOrderLines).where(eq(supplyOrderLines.orderId, id))).map((l) => [l.materialId, l.quantity]))
    for (const l of step === 'cancel' ? [] : lines) {
      const quantity = raw.get(l.materialId)!
      await applyMovement(tx, step === 'ship'
        ? { companyId: order.supplierCompanyId, materialId: l.materialId, delta: -quantity, kind: 'shipped', supplyOrderId: id, userId: auth.userId }
        : { companyId: order.companyId, materialId: l.materialId, delta: quantity, kind: 'received', supplyOrderId: id, userId: auth.userId }, l.materialName)
    }
    return answer
  })
}

export const shipSupplyOrder = (db: Executor, auth: SessionUser, id: number) => takeStep(db, auth, id, 'ship')
export const receiveSupplyOrder = (db: Executor, auth: SessionUser, id: number) => takeStep(db, auth, id, 'receive')
export const cancelSupplyOrder = (db: Executor, auth: SessionUser, id: number) => takeStep(db, auth, id, 'cancel')

