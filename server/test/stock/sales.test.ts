import { lineAmount, StockMsg } from '@app/contract'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { reports } from '../../src/db/schema/index.js'
import { stockWorld, type StockWorld } from './stockKit.js'

let w: StockWorld
beforeAll(async () => { w = await stockWorld() })
afterAll(async () => w?.env.close())

const sell = (token: string, body: object) => w.call(token, 'POST', '/api/sale/save', { customer: '某危货运输公司', paymentMethod: '微信', ...body })

test('a line is price × quantity in fen, rounded half up, exactly', () => {
  expect(lineAmount(1250, 1500)).toBe(1875)
  expect(lineAmount(333, 1500)).toBe(500) // 499.5 → 500
  expect(lineAmount(100_000_000, 1_000_000_000)).toBe(100_000_000_000_000)
})

test('a sale takes its stock and sums its lines; the refund returns it once; a refund is not refunded', async () => {
  const m = await w.material()
  const n = await w.material()
  await w.stock(w.baseA, m, '10')
  await w.stock(w.baseA, n, '1')
  const sale = await sell(w.baseA, { lines: [{ materialId: m, quantity: '1.5' }, { materialId: n, quantity: 1, price: 999 }, { materialId: m, quantity: '0.5', price: 333 }] })
  expect(sale.data).toMatchObject({ kind: '销售', total: 1875 + 999 + 167, sellerName: '甲管理员', paymentMethod: '微信', refundId: null })
  expect(await w.balance(w.a, m)).toBe(8_000)
  expect(await w.balance(w.a, n)).toBe(0)
  // one line short: nothing of the sale happens
  const short = await sell(w.baseA, { lines: [{ materialId: m, quantity: 1 }, { materialId: n, quantity: 1 }] })
  expect(short.status).toBe(409)
  expect(await w.balance(w.a, m)).toBe(8_000)

  expect((await w.call(w.baseB, 'POST', `/api/sale/refund/${sale.data.id}`, { reason: '退' })).message).toBe(StockMsg.saleNotFound)
  expect((await w.call(w.baseA, 'POST', `/api/sale/refund/${sale.data.id}`, {})).message).toBe('退款原因不能为空')
  const refund = await w.call(w.baseA, 'POST', `/api/sale/refund/${sale.data.id}`, { reason: '客户退货' })
  expect(refund.data).toMatchObject({ kind: '退款', total: -(1875 + 999 + 167), refundOfId: sale.data.id, remark: '客户退货' })
  expect(await w.balance(w.a, m)).toBe(10_000)
  expect(await w.balance(w.a, n)).toBe(1_000)
  expect(await w.call(w.baseA, 'POST', `/api/sale/refund/${sale.data.id}`, { reason: '再退' })).toMatchObject({ status: 409, message: StockMsg.alreadyRefunded })
  expect(await w.call(w.baseA, 'POST', `/api/sale/refund/${refund.data.id}`, { reason: '退退款' })).toMatchObject({ status: 409, message: StockMsg.refundOfRefund })
  expect((await w.call(w.baseA, 'POST', `/api/sale/get/${sale.data.id}`)).data.refundId).toBe(refund.data.id)
  expect((await w.call(w.baseA, 'POST', '/api/sale/find', { kind: '退款' })).data.totalCount).toBe(1)
  const receipt = await w.env.app.inject({ method: 'GET', url: `/api/sale/receipt/${refund.data.id}`, headers: { authorization: `Bearer ${w.baseA}` } })
  expect(receipt.statusCode).toBe(200)
  expect(receipt.headers['content-type']).toBe('application/pdf')
  expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  expect((await w.call(w.baseB, 'GET', `/api/sale/receipt/${sale.data.id}`)).message).toBe(StockMsg.saleNotFound)
  const file = await w.env.app.inject({ method: 'GET', url: `/api/sale/export/${w.a}`, headers: { authorization: `Bearer ${w.baseA}` } })
  expect(file.statusCode).toBe(200)
  expect(await w.ledgerMismatches()).toEqual([])

  const month = await w.call(w.baseA, 'POST', '/api/sale/summary', { by: 'month' })
  expect(month.data.data).toEqual([expect.objectContaining({
    period: expect.stringMatching(/^\d{4}-\d{2}$/), companyId: w.a, saleCount: 1, refundCount: 1, salesTotal: 3041, refundTotal: -3041, net: 0,
  })])
  const day = await w.call(w.hq, 'POST', '/api/sale/summary', { companyId: w.a })
  expect(day.data.data[0].period).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  expect((await w.call(w.baseB, 'POST', '/api/sale/summary', {})).data.totalCount).toBe(0)
  expect((await w.call(w.baseA, 'POST', '/api/sale/summary', { by: 'year' })).message).toMatch(/^汇总方式只能是/)
})

test('the customer may be an inspection report of the same base only; bad lines are refused in Chinese', async () => {
  const m = await w.material()
  await w.stock(w.baseA, m, '5')
  const report = (companyId: number) => w.env.db.insert(reports).values({
    companyId, reportNumber: `JC${companyId}`, licenseNumber: '苏A12345', tankerType: '常压车辆', contactName: '司机', phone: '13900000000', verifyToken: `t${companyId}`,
  }).returning().then((r) => r[0]!.id)
  const own = await report(w.a)
  const other = await report(w.b)
  expect((await sell(w.baseA, { reportId: other, lines: [{ materialId: m, quantity: 1 }] })).message).toBe(StockMsg.reportNotFound)
  expect((await sell(w.baseA, { reportId: own, lines: [{ materialId: m, quantity: 1 }] })).data).toMatchObject({ reportId: own, reportNumber: `JC${w.a}` })
  expect((await sell(w.baseA, { lines: [] })).message).toBe('销售明细至少需要1项')
  expect((await sell(w.baseA, { lines: [{ materialId: m, quantity: 0 }] })).message).toBe('数量不能小于0.001')
  expect((await sell(w.baseA, { lines: [{ materialId: m, quantity: -1 }] })).message).toMatch(/^数量格式不正确/)
  expect((await sell(w.baseA, { lines: [{ materialId: m, quantity: 1, price: -5 }] })).message).toBe('单价（分）不能小于0')
  expect((await sell(w.baseA, { paymentMethod: '比特币', lines: [{ materialId: m, quantity: 1 }] })).message).toMatch(/^付款方式只能是/)
  expect((await sell(w.baseA, { customer: 'x'.repeat(5000), lines: [{ materialId: m, quantity: 1 }] })).message).toBe('客户单位不能超过100个字符')
  expect((await sell(w.baseA, { lines: [{ materialId: 999999, quantity: 1 }] })).status).toBe(404)
})

test('the summary adds up each material (net quantity) and each seller of a day, and exports', async () => {
  const m = await w.material()
  const n = await w.material()
  await w.stock(w.baseB, m, '10')
  await w.stock(w.baseB, n, '5')
  await sell(w.baseB, { lines: [{ materialId: m, quantity: 2 }, { materialId: n, quantity: 1, price: 999 }] })
  const second = await sell(w.baseB, { lines: [{ materialId: m, quantity: 1 }] })
  await w.call(w.baseB, 'POST', `/api/sale/refund/${second.data.id}`, { reason: '退货' })

  const byMaterial = await w.call(w.baseB, 'POST', '/api/sale/summary', { group: 'material' })
  expect(byMaterial.data.data).toEqual([
    expect.objectContaining({ itemId: m, itemName: expect.stringMatching(/^物料/), unit: '桶', quantity: '2.000', saleCount: 2, refundCount: 1, salesTotal: 3750, refundTotal: -1250, net: 2500 }),
    expect.objectContaining({ itemId: n, quantity: '1.000', saleCount: 1, refundCount: 0, salesTotal: 999, refundTotal: 0, net: 999 }),
  ])
  const bySeller = await w.call(w.baseB, 'POST', '/api/sale/summary', { group: 'seller', by: 'month' })
  expect(bySeller.data.data).toEqual([expect.objectContaining({ itemName: '乙管理员', quantity: null, saleCount: 2, refundCount: 1, salesTotal: 4749, refundTotal: -1250, net: 3499 })])
  expect((await w.call(w.baseB, 'POST', '/api/sale/summary', { group: 'customer' })).message).toMatch(/^汇总对象只能是/)
  const file = await w.env.app.inject({ method: 'GET', url: `/api/sale/summary/export/${w.b}?group=material`, headers: { authorization: `Bearer ${w.baseB}` } })
  expect(file.statusCode).toBe(200)
  expect(file.headers['content-type']).toMatch(/spreadsheetml/)
  expect((await w.call(w.baseB, 'GET', `/api/sale/summary/export/${w.a}`)).status).toBe(404)
})
