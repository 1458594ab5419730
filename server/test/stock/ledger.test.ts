import { CompanyMsg, StockMsg } from '@app/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { stockWorld, type StockWorld } from './stockKit.js'

let w: StockWorld
beforeAll(async () => { w = await stockWorld() })
afterAll(async () => w?.env.close())

test('movements keep the balance, never below zero; balances mark low stock; every write is logged', async () => {
  const m = await w.material({ lowStock: '5' })
  await w.stock(w.baseA, m, '12.5')
  const used = await w.call(w.baseA, 'POST', '/api/companyMaterial/record', { materialId: m, kind: 'used', quantity: '8', reason: '保养' })
  expect(used.data).toEqual({ quantity: '4.500' })
  const tooMuch = await w.call(w.baseA, 'POST', '/api/companyMaterial/record', { materialId: m, kind: 'lost', quantity: '4.501' })
  expect(tooMuch.status).toBe(409)
  expect(tooMuch.message).toMatch(/^物料“物料\d+”库存不足：现有4\.500，需要4\.501$/)
  expect(await w.balance(w.a, m)).toBe(4500)

  const balances = await w.call(w.baseA, 'POST', '/api/companyMaterial/find', {})
  expect(balances.data.data).toEqual([expect.objectContaining({ companyId: w.a, materialId: m, quantity: '4.500', lowStock: '5.000', low: true })])
  expect((await w.call(w.baseA, 'POST', '/api/companyMaterial/find', { low: '否' })).data.totalCount).toBe(0)
  // B sees none of A's: the material is on B's page at B's own 0, marked low
  expect((await w.call(w.baseB, 'POST', '/api/companyMaterial/find', {})).data.data)
    .toEqual([expect.objectContaining({ companyId: w.b, materialId: m, quantity: '0.000', low: true, updateTime: null })])
  expect((await w.call(w.baseB, 'POST', '/api/companyMaterial/find', { companyId: w.a })).message).toBe(CompanyMsg.notFound)

  const ledger = await w.call(w.baseA, 'POST', '/api/companyMaterial/ledger', { materialId: m, page: 1, size: 1 })
  expect(ledger.data.totalCount).toBe(2)
  expect(ledger.data.data[0]).toMatchObject({ kind: 'used', kindName: '领用', quantity: '-8.000', reason: '保养', userName: '甲管理员' })
  const hqView = await w.call(w.hq, 'POST', '/api/companyMaterial/ledger', { companyId: w.a, kind: 'purchased' })
  expect(hqView.data.data.map((e: { quantity: string }) => e.quantity)).toEqual(['12.500'])

  const file = await w.env.app.inject({ method: 'GET', url: `/api/companyMaterial/export/${w.a}`, headers: { authorization: `Bearer ${w.baseA}` } })
  expect(file.statusCode).toBe(200)
  const ledgerFile = await w.env.app.inject({ method: 'GET', url: `/api/companyMaterial/ledger/export/${w.a}?materialId=${m}`, headers: { authorization: `Bearer ${w.baseA}` } })
  expect(ledgerFile.statusCode).toBe(200)

  const logs = await w.env.db.execute<{ error_mes: string; phone: string }>(sql`select error_mes, phone from log_entry where company_id = ${w.a} order by id`)
  expect(logs.rows.map((r) => r.error_mes)).toEqual([expect.stringMatching(/^甲管理员记录采购入库/), expect.stringMatching(/^甲管理员记录领用.*-8\.000桶（保养）/)])
  expect(logs.rows[0]!.phone).toBe('13633330001')
  expect(await w.ledgerMismatches()).toEqual([])
})

test('stock-taking: count → difference → confirm adjusts with the reason; a stale count is refused', async () => {
  const m = await w.material()
  const n = await w.material()
  await w.stock(w.baseA, m, '10')
  expect((await w.call(w.baseA, 'POST', '/api/stockTake/save', { lines: [{ materialId: m, counted: '9' }] })).message).toMatch(/盘点有差异，请填写原因$/)
  const count = await w.call(w.baseA, 'POST', '/api/stockTake/save', { lines: [{ materialId: m, counted: '9.5', reason: '破损' }, { materialId: n, counted: '2', reason: '盘盈' }] })
  expect(count.data).toMatchObject({ status: 0, statusName: '待确认' })
  expect(count.data.lines).toEqual([
    expect.objectContaining({ materialId: m, book: '10.000', counted: '9.500', difference: '-0.500', reason: '破损' }),
    expect.objectContaining({ materialId: n, book: '0.000', counted: '2.000', difference: '2.000' }),
  ])
  expect(await w.balance(w.a, m)).toBe(10_000)
  expect((await w.call(w.baseB, 'POST', `/api/stockTake/confirm/${count.data.id}`)).message).toBe(StockMsg.stockTakeNotFound)
  const confirmed = await w.call(w.baseA, 'POST', `/api/stockTake/confirm/${count.data.id}`)
  expect(confirmed).toMatchObject({ status: 200, message: StockMsg.confirmed, data: { status: 1, statusName: '已确认', confirmUserName: '甲管理员' } })
  expect(await w.balance(w.a, m)).toBe(9_500)
  expect(await w.balance(w.a, n)).toBe(2_000)
  expect((await w.call(w.baseA, 'POST', `/api/stockTake/confirm/${count.data.id}`))).toMatchObject({ status: 409, message: StockMsg.stockTakeState('已确认', '已确认') })
  const adjusted = await w.call(w.baseA, 'POST', '/api/companyMaterial/ledger', { materialId: m, kind: 'adjusted' })
  expect(adjusted.data.data).toEqual([expect.objectContaining({ quantity: '-0.500', reason: '破损', stockTakeId: count.data.id })])

  // counted, then sold from: the count no longer holds
  const stale = await w.call(w.baseA, 'POST', '/api/stockTake/save', { lines: [{ materialId: m, counted: '9', reason: '少了' }] })
  await w.call(w.baseA, 'POST', '/api/companyMaterial/record', { materialId: m, kind: 'used', quantity: '1' })
  expect(await w.call(w.baseA, 'POST', `/api/stockTake/confirm/${stale.data.id}`)).toMatchObject({ status: 409, message: expect.stringContaining('请重新盘点') })
  expect((await w.call(w.baseA, 'POST', `/api/stockTake/get/${stale.data.id}`)).data.status).toBe(0)
  expect((await w.call(w.baseA, 'POST', `/api/stockTake/cancel/${stale.data.id}`)).data.statusName).toBe('已取消')
  expect((await w.call(w.baseA, 'POST', '/api/stockTake/find', { status: 2 })).data.totalCount).toBe(1)
  expect(await w.ledgerMismatches()).toEqual([])
})

test('a base\'s stock page lists every material in use, at 0 where it never held any; a retired one only while it holds a balance row', async () => {
  const held = await w.material({ lowStock: '1' })
  const never = await w.material({ lowStock: '2' })
  const retired = await w.material()
  const retiredHeld = await w.material()
  await w.stock(w.baseB, held, '3')
  await w.stock(w.baseB, retiredHeld, '1')
  for (const id of [retired, retiredHeld]) expect((await w.call(w.hq, 'PUT', `/api/material/update/${id}`, { retired: true })).status).toBe(200)
  const page = (await w.call(w.baseB, 'POST', '/api/companyMaterial/find', { size: 100 })).data
  const byId = new Map(page.data.map((r: { materialId: number }) => [r.materialId, r]))
  expect(byId.get(held)).toMatchObject({ quantity: '3.000', low: false })
  expect(byId.get(never)).toMatchObject({ companyId: w.b, quantity: '0.000', low: true, updateTime: null })
  expect(byId.get(retiredHeld)).toMatchObject({ quantity: '1.000' })
  expect(byId.has(retired)).toBe(false)
  // the never-held one is low (0 ≤ 2), so it comes before the others
  expect(page.data.findIndex((r: { materialId: number }) => r.materialId === never)).toBeLessThan(page.data.findIndex((r: { materialId: number }) => r.materialId === held))
  expect(page.totalCount).toBe(page.data.length)
  // what the page lists is what the ledger sums to, 0 for a material with no movement
  const sums = await w.env.db.execute<{ material_id: number; total: string }>(sql`select material_id, sum(delta) total from stock_movement where company_id = ${w.b} group by 1`)
  const ledger = new Map(sums.rows.map((r) => [Number(r.material_id), Number(r.total)]))
  for (const r of page.data as { materialId: number; quantity: string }[]) expect(Math.round(Number(r.quantity) * 1000)).toBe(ledger.get(r.materialId) ?? 0)
  // headquarters sees B's row for the never-held material too, but no row of its own for it
  const hq = (await w.call(w.hq, 'POST', '/api/companyMaterial/find', { size: 100 })).data.data as { companyId: number; materialId: number }[]
  expect(hq.some((r) => r.companyId === w.b && r.materialId === never)).toBe(true)
  expect(hq.some((r) => r.companyId === 1 && r.materialId === never)).toBe(false)
})
