import { PAYMENT_METHODS, QUANTITY_SCALE } from '@app/contract'
import { eq, sql, type AnyColumn } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { materials, materialTypes, reports, sales, stockMovements, stockTakes, supplyOrders } from '../db/schema/index.js'
import { saveMaterial, saveMaterialType } from '../modules/materials/service.js'
import { recordMovement } from '../modules/stock/balances.js'
import { cancelSupplyOrder, receiveSupplyOrder, saveSupplyOrder, shipSupplyOrder } from '../modules/stock/orders.js'
import { refundSale, saveSale } from '../modules/stock/sales.js'
import { confirmStockTake, saveStockTake } from '../modules/stock/stockTakes.js'
import { isPaired, saveMaterialOrder } from '../modules/supplyOrders/service.js'
import type { Auth } from '../platform/access.js'
import type { SessionUser } from '../platform/sessions.js'
import { daysBefore, seededRandom } from './kit.js'

/**
 * The stock part of `npm run seed:demo`: material types and materials (one retired), each base's
 * purchases, uses and a loss, supply orders from the first base to the second in every state, sales
 * with one refund and a confirmed count at the first base. Everything goes through the stock services,
 * so every balance is its ledger's sum; afterwards the rows are dated back over four weeks in the order
 * they were made. A base with movements gets none again; types and materials are looked up by name.
 */

export interface DemoStockBase {
  companyId: number
  /** the base's main account: who records, orders and sells */
  userId: number
}
export interface DemoStockAdded { materials: number; supplyOrders: number; sales: number }

const TYPES = ['封签与标志', '证书与表格', '检测耗材']
/** name, type, specification, unit, list price (fen), low-stock threshold (units) */
const MATERIALS: [string, number, string | null, string, number, number][] = [
  ['罐体铅封', 0, '塑料 30cm', '个', 150, 100],
  ['危险品标志牌', 0, '3类 易燃液体', '块', 4500, 5],
  ['车身反光贴', 0, '红白 5cm×45m', '卷', 12000, 3],
  ['罐车检验合格证', 1, 'A5 带防伪', '本', 800, 20],
  ['压力容器检验记录表', 1, null, '本', 1500, 5],
  ['呼吸阀密封垫', 2, 'DN80', '个', 2600, 10],
  ['防冻液', 2, '4L', '桶', 3990, 2],
  ['静电接地线', 2, '5m', '根', 6800, 0],
]
const RETIRED = '检验合格证（旧版）'
const UNITS = QUANTITY_SCALE
const CUSTOMERS = ['中石化南京分公司车队', '宁波港通危险品运输有限公司', '成都川西化工物流', '广州穗安运输集团', '齐鲁石化储运公司']

export async function addDemoStock(db: Db, hq: Auth, now: Date, bases: DemoStockBase[]): Promise<DemoStockAdded> {
  const added: DemoStockAdded = { materials: 0, supplyOrders: 0, sales: 0 }
  const typeIds: number[] = []
  for (const name of TYPES) {
    const [found] = await db.select({ id: materialTypes.id }).from(materialTypes).where(eq(materialTypes.name, name))
    typeIds.push(found?.id ?? (await saveMaterialType(db, hq, { name })).id)
  }
  const ids: number[] = []
  for (const [name, type, specification, unit, listPrice, low] of [...MATERIALS, [RETIRED, 1, 'A5', '本', 600, 0] as const]) {
    const [found] = await db.select({ id: materials.id }).from(materials).where(eq(materials.name, name))
    if (found) { ids.push(found.id); continue }
    const m = await saveMaterial(db, hq, { name, typeId: typeIds[type]!, specification: specification ?? undefined, unit, listPrice, lowStock: low * UNITS, retired: name === RETIRED })
    ids.push(m.id)
    added.materials++
  }
  const active = ids.slice(0, MATERIALS.length)

  const fresh = []
  for (const b of bases) {
    const [moved] = await db.select({ id: stockMovements.id }).from(stockMovements).where(eq(stockMovements.companyId, b.companyId)).limit(1)
    if (!moved) fresh.push(b)
  }
  if (!fresh.length) return added
  const rand = seededRandom(20250437)
  const as = (b: DemoStockBase): SessionUser => ({ sessionId: 0, userId: b.userId, companyId: b.companyId, roleId: null })
  /** what the last step made is dated `days` ago: the rows with ids past `since` */
  /** what happens `days` ago (run oldest first); `dated`: a time it sets on a row made before (a shipment, a receipt, a confirmation) */
  const plan: { days: number; run: () => Promise<unknown>; dated?: Step['dated'] }[] = []
  const step = (days: number, run: () => Promise<unknown>, dated?: Step['dated']) => { plan.push({ days, run, dated }) }

  // four weeks ago every base buys its stock; the first base, the supplier, buys more; a few are left low
  for (const [k, b] of fresh.entries()) {
    for (const [i, materialId] of active.entries()) {
      if ((i + k) % 5 === 4) continue
      const [, , , , , low] = MATERIALS[i]!
      const quantity = (k === 0 ? 3 : 1) * (low > 0 ? low * 2 + rand(low * 3 + 1) : 10 + rand(20)) * UNITS
      step(28 - k, () => recordMovement(db, as(b), { materialId, kind: 'purchased', quantity, reason: `${2025}年度集中采购` }))
    }
    // seals for the bases that bought them, else warning signs (k = 4 skipped the seals)
    const used = k % 5 === 4 ? 1 : 0
    step(20 - k, () => recordMovement(db, as(b), { materialId: active[used]!, kind: 'used', quantity: (2 + rand(4)) * UNITS, reason: used ? '更换破损标志牌' : '检验时更换罐体铅封' }))
    if (k === 1) step(18, () => recordMovement(db, as(b), { materialId: active[6]!, kind: 'lost', quantity: UNITS, reason: '搬运时桶身破裂' }))
  }

  // supply orders: the second base orders from the first (headquarters pairs them), one in each state
  const [supplier, buyer] = fresh
  if (supplier && buyer) {
    if (!(await isPaired(db, buyer.companyId, supplier.companyId))) {
      await saveMaterialOrder(db, hq, { buyCompanyId: buyer.companyId, saleCompanyId: supplier.companyId })
    }
    const ids = { monthly: 0, signs: 0, mistaken: 0 }
    const at = (field: 'shipTime' | 'receiveTime', which: keyof typeof ids) => (time: Date) =>
      db.update(supplyOrders).set({ [field]: time }).where(eq(supplyOrders.id, ids[which]))
    const order = (which: keyof typeof ids | null, remark: string, lines: [number, number][]) => async () => {
      const placed = await saveSupplyOrder(db, as(buyer), { supplierCompanyId: supplier.companyId, remark, lines: lines.map(([i, q]) => ({ materialId: active[i]!, quantity: q * UNITS })) })
      if (which) ids[which] = placed.id
    }
    step(16, order('monthly', '月度补货', [[0, 200], [3, 30]]))
    step(15, () => shipSupplyOrder(db, as(supplier), ids.monthly), at('shipTime', 'monthly'))
    step(13, () => receiveSupplyOrder(db, as(buyer), ids.monthly), at('receiveTime', 'monthly'))
    step(9, order('mistaken', '误下单', [[2, 1]]))
    step(9, () => cancelSupplyOrder(db, as(buyer), ids.mistaken))
    step(6, order('signs', '补充标志牌', [[1, 4]]))
    step(5, () => shipSupplyOrder(db, as(supplier), ids.signs), at('shipTime', 'signs'))
    step(2, order(null, '下月备货', [[6, 5], [5, 8]]))
    added.supplyOrders += 4
  }

  // sales over the last two weeks, the first of each base for one of its inspection reports; one refunded
  for (const [k, b] of fresh.entries()) {
    const [report] = await db.select({ id: reports.id, org: reports.org }).from(reports).where(eq(reports.companyId, b.companyId)).limit(1)
    for (let s = 0; s < 4; s++) {
      const lines = [{ materialId: active[(k + s) % 3]!, quantity: (1 + rand(3)) * UNITS }, ...(s % 2 ? [{ materialId: active[3]!, quantity: UNITS }] : [])]
      const customer = s === 0 && report?.org ? report.org : CUSTOMERS[(k + s) % CUSTOMERS.length]!
      let saleId = 0
      step(14 - s * 4 + (k % 2), async () => {
        // only what the base has: its first purchase skipped some materials
        const held = await db.execute<{ id: number }>(sql`select material_id id from company_material where company_id = ${b.companyId} and quantity >= ${3 * UNITS}`)
        const sellable = new Set(held.rows.map((r) => Number(r.id)))
        const sold = lines.filter((l) => sellable.has(l.materialId))
        if (!sold.length) return
        const sale = await saveSale(db, as(b), { customer, reportId: s === 0 ? report?.id : undefined, paymentMethod: PAYMENT_METHODS[(k + s) % PAYMENT_METHODS.length]!, lines: sold })
        saleId = sale.id
        added.sales++
      })
      if (k === 0 && s === 1) step(14 - s * 4, async () => { if (saleId) await refundSale(db, as(b), saleId, { reason: '客户多买，原样退回' }) })
    }
  }

  // yesterday the first base counted its seals and decals: two short, one found
  if (supplier) {
    const book = async (materialId: number) => Number((await db.execute<{ q: string }>(sql`select quantity q from company_material where company_id = ${supplier.companyId} and material_id = ${materialId}`)).rows[0]?.q ?? 0)
    let takeId = 0
    step(1, async () => {
      const lines = [
        { materialId: active[0]!, counted: Math.max(0, await book(active[0]!) - 2 * UNITS), reason: '盘亏：铅封破损丢弃未登记' },
        { materialId: active[1]!, counted: await book(active[1]!) },
        { materialId: active[4]!, counted: await book(active[4]!) + UNITS, reason: '盘盈：库房角落找到一本' },
      ]
      takeId = (await saveStockTake(db, as(supplier), { lines })).id
    })
    step(1, () => confirmStockTake(db, as(supplier), takeId), (time) => db.update(stockTakes).set({ confirmTime: time }).where(eq(stockTakes.id, takeId)))
  }

  const steps: Step[] = []
  for (const { days, run, dated } of plan.map((p, i) => ({ ...p, i })).sort((a, b) => b.days - a.days || a.i - b.i)) {
    steps.push({ days, since: await lastIds(db), dated })
    await run()
  }
  await dateSteps(db, now, steps)
  return added
}

/** The largest ids now of the rows the stock services write. */
async function lastIds(db: Db) {
  const row = (await db.execute<Record<string, number | null>>(sql`select
    (select max(id) from stock_movement) movement, (select max(id) from sale) sale,
    (select max(id) from supply_order) "order", (select max(id) from stock_take) take`)).rows[0]!
  return { movement: Number(row.movement ?? 0), sale: Number(row.sale ?? 0), order: Number(row.order ?? 0), take: Number(row.take ?? 0) }
}

interface Step { days: number; since: Awaited<ReturnType<typeof lastIds>>; dated?: (time: Date) => Promise<unknown> }

/** Each step's rows (ids past its start, up to the next step's) dated `days` ago at 9:00 China time, three minutes apart in the order made. */
async function dateSteps(db: Db, now: Date, steps: Step[]) {
  const end = await lastIds(db)
  for (const [i, { days, since, dated }] of steps.entries()) {
    const until = steps[i + 1]?.since ?? end
    const time = new Date(daysBefore(now, days, 9).getTime() + i * 3 * 60_000)
    const within = (col: AnyColumn, from: number, to: number) => sql`${col} > ${from} and ${col} <= ${to}`
    await db.update(stockMovements).set({ createTime: time }).where(within(stockMovements.id, since.movement, until.movement))
    await db.update(sales).set({ createTime: time }).where(within(sales.id, since.sale, until.sale))
    await db.update(supplyOrders).set({ createTime: time }).where(within(supplyOrders.id, since.order, until.order))
    await db.update(stockTakes).set({ createTime: time }).where(within(stockTakes.id, since.take, until.take))
    await dated?.(time)
  }
}
