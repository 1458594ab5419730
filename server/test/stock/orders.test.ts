import { CompanyMsg, StockMsg } from '@app/contract'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { stockWorld, type StockWorld } from './stockKit.js'

let w: StockWorld
beforeAll(async () => { w = await stockWorld() })
afterAll(async () => w?.env.close())

const order = (token: string, body: object) => w.call(token, 'POST', '/api/supplyOrder/save', body)
const step = (token: string, what: 'ship' | 'receive' | 'cancel', id: number) => w.call(token, 'POST', `/api/supplyOrder/${what}/${id}`)

test('a base orders from its paired supplier: the supplier ships (its stock down), the buyer receives (its stock up)', async () => {
  const m = await w.material()
  await w.stock(w.baseB, m, '20')
  const lines = [{ materialId: m, quantity: '3' }, { materialId: m, quantity: '1.5' }]
  expect(await order(w.baseA, { supplierCompanyId: w.b, lines })).toMatchObject({ status: 409, message: StockMsg.notPaired })
  // headquarters pairs them with the existing call
  expect((await w.call(w.hq, 'POST', '/api/companyMaterialOrder/save', { buyCompanyId: w.a, saleCompanyId: w.b })).status).toBe(200)
  expect((await order(w.baseA, { companyId: w.b, supplierCompanyId: w.b, lines })).message).toBe(CompanyMsg.notFound)
  const placed = await order(w.baseA, { supplierCompanyId: w.b, lines, remark: '急用' })
  expect(placed.data).toMatchObject({ companyId: w.a, supplierCompanyId: w.b, statusName: '待确认', lines: [expect.objectContaining({ materialId: m, quantity: '4.500' })] })
  const id = placed.data.id as number
  // each side sees it; the buyer cannot ship it, nor receive it before shipping
  expect((await w.call(w.baseB, 'POST', '/api/supplyOrder/find', {})).data.totalCount).toBe(1)
  expect(await step(w.baseA, 'ship', id)).toMatchObject({ status: 403, message: StockMsg.supplierOnly })
  expect(await step(w.baseB, 'receive', id)).toMatchObject({ status: 403, message: StockMsg.buyerOnly })
  expect(await step(w.baseA, 'receive', id)).toMatchObject({ status: 409, message: StockMsg.orderState('待确认', '已收货') })
  // headquarters watches but is neither side
  expect(await step(w.hq, 'ship', id)).toMatchObject({ status: 403, message: StockMsg.supplierOnly })

  const shipped = await step(w.baseB, 'ship', id)
  expect(shipped.data).toMatchObject({ statusName: '已发货', shipTime: expect.any(String) })
  expect(await w.balance(w.b, m)).toBe(15_500)
  expect(await w.balance(w.a, m)).toBe(0)
  expect(await step(w.baseB, 'ship', id)).toMatchObject({ status: 409, message: StockMsg.orderState('已发货', '已发货') })
  expect(await step(w.baseA, 'cancel', id)).toMatchObject({ status: 409, message: StockMsg.orderState('已发货', '已取消') })
  expect((await step(w.baseA, 'receive', id)).data.statusName).toBe('已收货')
  expect(await w.balance(w.a, m)).toBe(4_500)
  const ledger = await w.call(w.baseA, 'POST', '/api/companyMaterial/ledger', { materialId: m })
  expect(ledger.data.data).toEqual([expect.objectContaining({ kind: 'received', quantity: '4.500', supplyOrderId: id })])
  expect(await w.ledgerMismatches()).toEqual([])
})

test('a supplier without the stock cannot ship; an order is cancelled before shipping by either side only', async () => {
  const m = await w.material()
  await w.stock(w.baseB, m, '1')
  const id = (await order(w.baseA, { supplierCompanyId: w.b, lines: [{ materialId: m, quantity: 2 }] })).data.id as number
  const short = await step(w.baseB, 'ship', id)
  expect(short.status).toBe(409)
  expect(short.message).toMatch(/库存不足：现有1\.000，需要2\.000$/)
  expect((await w.call(w.baseB, 'POST', `/api/supplyOrder/get/${id}`)).data.statusName).toBe('待确认')
  expect(await w.balance(w.b, m)).toBe(1_000)
  expect((await step(w.baseB, 'cancel', id)).data.statusName).toBe('已取消')
  expect(await step(w.baseB, 'ship', id)).toMatchObject({ status: 409, message: StockMsg.orderState('已取消', '已发货') })
  expect((await w.call(w.baseA, 'POST', '/api/supplyOrder/find', { status: 3 })).data.totalCount).toBe(1)
})
