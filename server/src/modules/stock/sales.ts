import {
  CompanyMsg, formatDateTime, formatQuantity, formatYuan, MaterialMsg, QUANTITY_SCALE, SALE_EXPORT_NAME, StockMsg,
  type Page, type RefundBody, type Sale, type SaleBody, type SaleQuery,
} from '@app/contract'
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { companies, companyMaterials, logEntries, materials, reports, saleLines, sales, stockMovements, users } from '../../db/schema/index.js'
import { ConflictError, NotFoundError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList, type ListFilters } from '../../platform/list.js'
import { contains, isUniqueViolation, withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertInScope, inCompanyScope, ownerCompany } from '../../platform/tenancy.js'
import { logChange } from './audit.js'
import { applyMovement } from './ledger.js'

/**
 * Sales (销售): a customer (a tanker's unit, optionally an inspection report of the same base), lines
 * of material, quantity and price, the payment method and who sold it. A sale is one statement that takes
 * its stock and writes the rest, or writes nothing (saveSale); a refund is a sale of its own (`refund_of_id`)
 * returning every line's stock, once per sale, never of a refund. Totals are summed by the database from the lines.
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

/** What the sale's one statement answers: why nothing was written, or the sale it wrote with its lines. */
interface Written extends Record<string, unknown> {
  refused: 'company' | 'report' | 'material' | 'retired' | null
  retired_name: string | null
  /** the first material (in material order) a base has too little of: nothing was written */
  short_name: string | null
  have: number | string | null
  want: number | string | null
  id: number | null
  create_time: Date | string | null
  total: number | string | null
  company_name: string | null
  seller_name: string | null
  report_number: string | null
  lines: { materialId: number; materialName: string; unit: string; quantity: number | string; price: number; amount: number | string }[] | null
}

/**
 * A sale is one statement, committed on its own (the route opens no transaction around it: no round trip while a balance is locked):
 * it checks the base, the report and the materials (reading names, units and list prices once), locks the base's
 * balances of the sale's materials in material order (`for update`: parallel sales and every other stock writer
 * lock them in the same order) and reads them as locked, and only when every material has enough writes the
 * balances, the sale with its total, its lines with their amounts (both summed by the database), a ledger row a
 * line and the operation log; else it writes nothing and answers why. A balance is locked from its `for update`
 * to this statement's commit and no longer. The balance's check constraint (never below zero) stands behind it.
 */
export async function saveSale(db: Executor, auth: SessionUser, body: SaleBody): Promise<Sale> {
  const companyId = ownerCompany(auth, body.companyId)
  const reportId = body.reportId ?? null
  const wanted = sql.join(body.lines.map((l, i) => sql`(${l.materialId}::int, ${l.quantity}::bigint, ${l.price ?? null}::int, ${i}::int)`), sql`, `)
  const scale = sql.raw(String(QUANTITY_SCALE))
  const logged = `：${body.customer}，${body.lines.length}项，${body.paymentMethod}`
  const result = await db.execute<Written>(sql`
    with wanted (material_id, quantity, price, ord) as (values ${wanted}),
    merged as (select material_id, sum(quantity)::bigint quantity from wanted group by material_id),
    named as materialized (select id, name, unit, list_price, retired from ${materials} where id in (select material_id from merged)),
    refusal as materialized (
      select case
          when not exists (select 1 from ${companies} where id = ${companyId}::int) then 'company'
          when ${reportId}::int is not null and not exists (select 1 from ${reports} where id = ${reportId}::int and company_id = ${companyId}::int) then 'report'
          when exists (select 1 from merged where material_id not in (select id from named)) then 'material'
          when exists (select 1 from named where retired) then 'retired'
        end reason,
        (select n.name from named n join wanted w on w.material_id = n.id where n.retired order by w.ord limit 1) retired_name
    ),
    locked as materialized (
      select material_id, quantity from ${companyMaterials}
      where company_id = ${companyId}::int and material_id in (select material_id from merged) and (select reason from refusal) is null
      order by material_id
      for update
    ),
    short as materialized (
      select m.material_id, coalesce(l.quantity, 0) have, m.quantity want from merged m left join locked l using (material_id)
      where coalesce(l.quantity, 0) < m.quantity
      order by m.material_id limit 1
    ),
    go as materialized (select (select reason from refusal) is null and not exists (select 1 from short) ok),
    taken as (
      update ${companyMaterials} cm set quantity = cm.quantity - m.quantity, update_time = now()
      from merged m
      where (select ok from go) and cm.company_id = ${companyId}::int and cm.material_id = m.material_id
    ),
    priced as materialized (
      select w.ord, w.material_id, w.quantity, coalesce(w.price, n.list_price) price,
        -- fen a unit × thousandths → fen, half up (lineAmount)
        (coalesce(w.price, n.list_price)::bigint * w.quantity * 2 + ${scale}) / (2 * ${scale}) amount
      from wanted w join named n on n.id = w.material_id
    ),
    sale_row as (
      insert into ${sales} (company_id, customer, report_id, payment_method, total, remark, seller_id)
      select ${companyId}::int, ${body.customer}::text, ${reportId}::int, ${body.paymentMethod}::text, (select sum(amount) from priced)::bigint, ${body.remark ?? null}::text, ${auth.userId}::int
      where (select ok from go)
      returning id, create_time, total
    ),
    line_rows as (
      insert into ${saleLines} (sale_id, material_id, quantity, price, amount)
      select s.id, p.material_id, p.quantity, p.price, p.amount from sale_row s, priced p order by p.ord
      returning id, material_id, quantity, price, amount
    ),
    movements as (
      insert into ${stockMovements} (company_id, material_id, kind, delta, sale_id, user_id)
      select ${companyId}::int, w.material_id, 'sold', -w.quantity, s.id, ${auth.userId}::int from sale_row s, wanted w order by w.material_id, w.ord
    ),
    log_row as (
      insert into ${logEntries} (company_id, level, phone, serial_number, error_mes)
      select ${companyId}::int, 0, u.phone, 'sale-' || s.id, coalesce(u.name, ${`用户${auth.userId}`}::text) || '销售单 ' || s.id || ${logged}::text
      from sale_row s left join ${users} u on u.id = ${auth.userId}::int
    )
    select r.reason refused, r.retired_name, n.name short_name, sh.have, sh.want, s.id, s.create_time, s.total,
      (select name from ${companies} where id = ${companyId}::int) company_name,
      (select name from ${users} where id = ${auth.userId}::int) seller_name,
      (select report_number from ${reports} where id = ${reportId}::int) report_number,
      (select json_agg(json_build_object('materialId', l.material_id, 'materialName', ln.name, 'unit', ln.unit, 'quantity', l.quantity, 'price', l.price, 'amount', l.amount) order by l.id)
        from line_rows l join named ln on ln.id = l.material_id) lines
    from refusal r left join short sh on true left join named n on n.id = sh.material_id left join sale_row s on true`)
  const row = result.rows[0]!
  if (row.refused === 'company') throw new NotFoundError(CompanyMsg.notFound)
  if (row.refused === 'report') throw new NotFoundError(StockMsg.reportNotFound)
  if (row.refused === 'material') throw new NotFoundError(MaterialMsg.notFound)
  if (row.refused === 'retired') throw new ConflictError(MaterialMsg.retired(row.retired_name!))
  if (row.id == null) throw new ConflictError(StockMsg.shortage(row.short_name!, formatQuantity(Number(row.have)), formatQuantity(Number(row.want))))
  return {
    id: Number(row.id), companyId, companyName: row.company_name ?? '', kind: '销售', customer: body.customer, reportId, reportNumber: row.report_number,
    paymentMethod: body.paymentMethod, total: Number(row.total), refundOfId: null, refundId: null, remark: body.remark ?? null, sellerName: row.seller_name ?? '',
    createTime: formatDateTime(row.create_time), lines: (row.lines ?? []).map((l) => ({
      materialId: l.materialId, materialName: l.materialName, unit: l.unit, quantity: formatQuantity(Number(l.quantity)), price: l.price, amount: Number(l.amount),
    })),
  }
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
