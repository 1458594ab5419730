import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { stockWorld, type StockWorld } from './stockKit.js'

/**
 * Stock under parallel requests. Meaningful on PostgreSQL (TEST_DATABASE_URL), where the requests run
 * on several connections at once; on the embedded database they run one after another and must agree.
 */
let w: StockWorld
beforeAll(async () => { w = await stockWorld() })
afterAll(async () => w?.env.close())

const sell = (materialId: number | number[], quantity: string | number = 1) => w.call(w.baseA, 'POST', '/api/sale/save', {
  customer: '并发客户', paymentMethod: '现金', lines: [materialId].flat().map((id) => ({ materialId: id, quantity })),
})

test('50 parallel sales of the last 10 units sell exactly 10; the ledger sums to the balance', async () => {
  const m = await w.material()
  await w.stock(w.baseA, m, '10')
  const answers = await Promise.all(Array.from({ length: 50 }, () => sell(m)))
  const statuses = answers.map((a) => a.status)
  expect(statuses.filter((s) => s === 200)).toHaveLength(10)
  expect(statuses.filter((s) => s === 409)).toHaveLength(40)
  expect(answers.find((a) => a.status === 409)!.message).toMatch(/库存不足：现有0\.000，需要1\.000$/)
  expect(await w.balance(w.a, m)).toBe(0)
  const sold = await w.env.db.execute<{ n: string }>(sql`select count(*) n from sale_line where material_id = ${m}`)
  expect(Number(sold.rows[0]!.n)).toBe(10)
  expect(await w.ledgerMismatches()).toEqual([])
})

test('parallel sales naming two materials in either order all complete (no deadlock) and add up', async () => {
  const m = await w.material()
  const n = await w.material()
  await w.stock(w.baseA, m, '100')
  await w.stock(w.baseA, n, '100')
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => sell(i % 2 ? [m, n] : [n, m], '0.5')))
  expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200))
  expect(await w.balance(w.a, m)).toBe(85_000)
  expect(await w.balance(w.a, n)).toBe(85_000)
  expect(await w.ledgerMismatches()).toEqual([])
})

test('parallel sales of a plentiful and a scarce material are whole or nothing: the plentiful one goes down only with the scarce one', async () => {
  const plenty = await w.material()
  const scarce = await w.material()
  await w.stock(w.baseA, plenty, '100')
  await w.stock(w.baseA, scarce, '7')
  const salesBefore = Number((await w.env.db.execute<{ n: string }>(sql`select count(*) n from sale`)).rows[0]!.n)
  // the scarce line first or last, one or two units of each; 26 of the 40 want one unit, so the scarce material sells out
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => sell(i % 2 ? [plenty, scarce] : [scarce, plenty], i % 3 ? 1 : 2)))
  const sold = answers.filter((a) => a.status === 200)
  expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true)
  const units = sold.reduce((sum, a) => sum + Number(a.data.lines[0].quantity), 0)
  expect(units).toBe(7)
  expect(await w.balance(w.a, scarce)).toBe((7 - units) * 1000)
  expect(await w.balance(w.a, plenty)).toBe((100 - units) * 1000)
  const rows = await w.env.db.execute<{ sales: string; lines: string; movements: string }>(sql`select
    (select count(*) from sale) - ${salesBefore} sales,
    (select count(*) from sale_line where material_id in (${plenty}, ${scarce})) lines,
    (select count(*) from stock_movement where kind = 'sold' and material_id in (${plenty}, ${scarce})) movements`)
  const { sales, lines, movements } = rows.rows[0]!
  expect([sales, lines, movements].map(Number)).toEqual([sold.length, sold.length * 2, sold.length * 2])
  expect(await w.ledgerMismatches()).toEqual([])
})

test('a step of a supply order, a refund and a count confirmation each happen once under parallel calls', async () => {
  const m = await w.material()
  await w.stock(w.baseB, m, '10')
  await w.stock(w.baseA, m, '10')
  await w.call(w.hq, 'POST', '/api/companyMaterialOrder/save', { buyCompanyId: w.a, saleCompanyId: w.b })
  const id = (await w.call(w.baseA, 'POST', '/api/supplyOrder/save', { supplierCompanyId: w.b, lines: [{ materialId: m, quantity: 4 }] })).data.id
  const ships = await Promise.all(Array.from({ length: 8 }, () => w.call(w.baseB, 'POST', `/api/supplyOrder/ship/${id}`)))
  expect(ships.filter((a) => a.status === 200)).toHaveLength(1)
  const receipts = await Promise.all(Array.from({ length: 8 }, () => w.call(w.baseA, 'POST', `/api/supplyOrder/receive/${id}`)))
  expect(receipts.filter((a) => a.status === 200)).toHaveLength(1)
  expect(await w.balance(w.b, m)).toBe(6_000)
  expect(await w.balance(w.a, m)).toBe(14_000)

  const sale = (await sell(m, 2)).data.id
  const refunds = await Promise.all(Array.from({ length: 8 }, () => w.call(w.baseA, 'POST', `/api/sale/refund/${sale}`, { reason: '并发退款' })))
  expect(refunds.filter((a) => a.status === 200)).toHaveLength(1)
  expect(refunds.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true)
  expect(await w.balance(w.a, m)).toBe(14_000)

  const take = (await w.call(w.baseA, 'POST', '/api/stockTake/save', { lines: [{ materialId: m, counted: 13, reason: '盘亏' }] })).data.id
  const confirms = await Promise.all(Array.from({ length: 8 }, () => w.call(w.baseA, 'POST', `/api/stockTake/confirm/${take}`)))
  expect(confirms.filter((a) => a.status === 200)).toHaveLength(1)
  expect(await w.balance(w.a, m)).toBe(13_000)
  expect(await w.ledgerMismatches()).toEqual([])
})
