import {
  formatDateTime, formatQuantity, formatYuan, lineAmount, SALE_EXPORT_NAME, StockMsg,
  type Page, type RefundBody, type Sale, type SaleBody, type SaleQuery,
} from '@app/contract'
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { companies, materials, reports, saleLines, sales, users } from '../../db/schema/index.js'
import { ConflictError, NotFoundError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList, type ListFilters } from '../../platform/list.js'
import { contains, isUniqueViolation, withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertInScope, inCompanyScope, ownerCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'
import { logChange } from './audit.js'
import { applyMovement, materialsOf } from './ledger.js'

/**
 * Sales (销售): a customer (a tanker's unit, optionally an inspection report of the same base), lines
 * of material, quantity and price, the payment method and who sold it. Each line takes its stock with
 * one conditional update; a refund is a sale of its own (`refund_of_id`) returning every line's stock,
 * once per sale, never of a refund. Totals are summed by the database from the lines.
 */

const refund = alias(sales, 'refund')


function saleWhere(auth: SessionUser, q: ListFilters<SaleQuery>): SQL | undefined {
  return and(
    inCompanyScope(auth, sales.companyId, q.companyId),
    q.customer ? contains(sales.customer, q.customer) : undefined,
    q.paymentMethod ? eq(sales.paymentMethod, q.paymentMethod) : undefined,
    q.kind === '销售' ? isNull(sales.refundOfId) : q.kind === '退款' ? isNotNull(sales.refundOfId) : undefined,
    withinRange(sales.createTime, q.createTimeQuery as (string | null)[] | undefined),
  )
}

const saleSelect = (db: Executor, where: SQL | undefined) =>
  db.select({ s: sales, companyName: companies.name, sellerName: users.name, reportNumber: reports.reportNumber, refundId: refund.id }).from(sales)
    .leftJoin(companies, eq(companies.id, sales.companyId))
    .leftJoin(users, eq(users.id, sales.sellerId))
    .leftJoin(reports, eq(reports.id, sales.reportId))
    .leftJoin(refund, eq(refund.refundOfId, sales.id))
    .where(where).$dynamic()

type SaleRow = Awaited<ReturnType<typeof saleSelect>>[number]
const toSale = ({ s, companyName, sellerName, reportNumber, refundId }: SaleRow): Sale => ({
  id: s.id, companyId: s.companyId, companyName: companyName ?? '', kind: s.refundOfId == null ? '销售' : '退款', customer: s.customer,
  reportId: s.reportId, reportNumber: reportNumber ?? null, paymentMethod: s.paymentMethod, total: s.total, refundOfId: s.refundOfId,
  refundId: refundId ?? null, remark: s.remark, sellerName: sellerName ?? '', createTime: formatDateTime(s.createTime), lines: [],
})

async function withLines(db: Executor, items: Sale[]) {
  if (!items.length) return
  const rows = await db.select({ l: saleLines, name: materials.name, unit: materials.unit }).from(saleLines)
    .innerJoin(materials, eq(materials.id, saleLines.materialId))
    .where(inArray(saleLines.saleId, items.map((i) => i.id))).orderBy(asc(saleLines.id))
  const byId = new Map(items.map((i) => [i.id, i]))
  for (const { l, name, unit } of rows) {
    byId.get(l.saleId)?.lines.push({ materialId: l.materialId, materialName: name, unit, quantity: formatQuantity(l.quantity), price: l.price, amount: l.amount })
  }
}

const saleList = (db: Executor, auth: SessionUser, q: ListFilters<SaleQuery>) => listSource({
  db,
  query: () => saleSelect(db, saleWhere(auth, q)),
  count: () => db.select({ id: sales.id }).from(sales).where(saleWhere(auth, q)).$dynamic(),
  orderBy: [desc(sales.id)],
  map: toSale,
  complete: (items) => withLines(db, items),
})

export const findSales = (db: Executor, auth: SessionUser, q: SaleQuery): Promise<Page<Sale>> => pagedList(saleList(db, auth, q), q)
export const allSales = (db: Executor, auth: SessionUser, q: ListFilters<SaleQuery>) => allRows(saleList(db, auth, q))

export const saleExport = defineExport<Sale>({
  name: SALE_EXPORT_NAME, sheet: '销售', format: 'xlsx',
  columns: [
    { header: '单号', value: (r) => r.id, width: 10 },
    { header: '类型', value: (r) => r.kind, width: 8 },
    { header: '所属基地', value: (r) => r.companyName, width: 24 },
    { header: '客户单位', value: (r) => r.customer, width: 24 },
    { header: '检验报告', value: (r) => r.reportNumber, width: 18 },
    { header: '明细', value: (r) => r.lines.map((l) => `${l.materialName}×${l.quantity}${l.unit}@${formatYuan(l.price)}`).join('；'), width: 40 },
    { header: '金额（元）', value: (r) => formatYuan(r.total), width: 12 },
    { header: '付款方式', value: (r) => r.paymentMethod, width: 10 },
    { header: '销售人', value: (r) => r.sellerName, width: 12 },
    { header: '备注', value: (r) => r.remark, width: 24 },
    { header: '时间', value: (r) => r.createTime, width: 20 },
  ],
})

async function saleOf(db: Executor, auth: SessionUser, id: number): Promise<Sale> {
  const [row] = await saleSelect(db, eq(sales.id, id))
  if (!row) throw new NotFoundError(StockMsg.saleNotFound)
  assertInScope(auth, row.s.companyId, StockMsg.saleNotFound)
  const sale = toSale(row)
  await withLines(db, [sale])
  return sale
}
export const getSale = (db: Executor, auth: SessionUser, id: number) => saleOf(db, auth, id)

/** The sale's total, summed by the database from its lines. */
const sumTotal = (tx: Executor, id: number) =>
  tx.update(sales).set({ total: sql`(select coalesce(sum(${saleLines.amount}), 0) from ${saleLines} where ${saleLines.saleId} = ${id})` }).where(eq(sales.id, id))

export async function saveSale(db: Executor, auth: SessionUser, body: SaleBody): Promise<Sale> {
  const companyId = ownerCompany(auth, body.companyId)
  return db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId)
    if (body.reportId != null) {
      const [report] = await tx.select({ companyId: reports.companyId }).from(reports).where(eq(reports.id, body.reportId))
      if (!report || report.companyId !== companyId) throw new NotFoundError(StockMsg.reportNotFound)
    }
    const named = await materialsOf(tx, body.lines.map((l) => l.materialId), true)
    const [sale] = await tx.insert(sales).values({
      companyId, customer: body.customer, reportId: body.reportId ?? null, paymentMethod: body.paymentMethod, remark: body.remark ?? null, sellerId: auth.userId,
    }).returning()
    const lines = body.lines.map((l) => {
      const price = l.price ?? named.get(l.materialId)!.listPrice
      return { saleId: sale!.id, materialId: l.materialId, quantity: l.quantity, price, amount: lineAmount(price, l.quantity) }
    })
    await tx.insert(saleLines).values(lines)
    await sumTotal(tx, sale!.id)
    await logChange(tx, auth, companyId, `sale-${sale!.id}`, `销售单 ${sale!.id}：${body.customer}，${lines.length}项，${body.paymentMethod}`)
    const answer = await saleOf(tx, auth, sale!.id)
    // the stock last, so a balance's row stays locked only until the commit (parallel sales of a base wait
    // on it); in material order, so parallel sales lock a base's balances in the same order
    for (const l of [...lines].sort((a, b) => a.materialId - b.materialId)) {
      await applyMovement(tx, { companyId, materialId: l.materialId, delta: -l.quantity, kind: 'sold', saleId: sale!.id, userId: auth.userId }, named.get(l.materialId)!.name)
    }
    return answer
  })
}

/** Refunds a whole sale: its stock comes back, once; a refund is never refunded. */
export async function refundSale(db: Executor, auth: SessionUser, id: number, body: RefundBody): Promise<Sale> {
  return db.transaction(async (tx) => {
    const sale = await saleOf(tx, auth, id)
    if (sale.refundOfId != null) throw new ConflictError(StockMsg.refundOfRefund)
    if (sale.refundId != null) throw new ConflictError(StockMsg.alreadyRefunded)
    const [row] = await tx.insert(sales).values({
      companyId: sale.companyId, customer: sale.customer, reportId: sale.reportId, paymentMethod: sale.paymentMethod, refundOfId: id,
      remark: body.reason, sellerId: auth.userId,
    }).returning().catch((err) => {
      if (isUniqueViolation(err, 'sale_refund_of_unique')) throw new ConflictError(StockMsg.alreadyRefunded)
      throw err
    })
    const lines = await tx.select().from(saleLines).where(eq(saleLines.saleId, id)).orderBy(asc(saleLines.materialId))
    await tx.insert(saleLines).values(lines.map((l) => ({ saleId: row!.id, materialId: l.materialId, quantity: l.quantity, price: l.price, amount: -l.amount })))
    await sumTotal(tx, row!.id)
    await logChange(tx, auth, sale.companyId, `sale-${row!.id}`, `退款：销售单 ${id} 全部退回（退款单 ${row!.id}），原因：${body.reason}`)
    const answer = await saleOf(tx, auth, row!.id)
    const names = new Map(sale.lines.map((l) => [l.materialId, l.materialName]))
    for (const l of lines) {
      await applyMovement(tx, { companyId: sale.companyId, materialId: l.materialId, delta: l.quantity, kind: 'refunded', reason: body.reason, saleId: row!.id, userId: auth.userId }, names.get(l.materialId) ?? '')
    }
    return answer
  })
}
