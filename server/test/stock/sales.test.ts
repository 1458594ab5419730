import { CompanyMsg, lineAmount, MaterialMsg, StockMsg } from '@app/contract'
import { sql } from 'drizzle-orm'
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

test('a refused sale writes nothing: no balance, sale, line, ledger row or log entry, whichever line is refused and why', async () => {
  const m = await w.material()
  const n = await w.material()
  const gone = await w.material()
  const never = await w.material()
  await w.stock(w.baseA, m, '5')
  await w.stock(w.baseA, n, '2')
  await w.stock(w.baseA, gone, '9')
  await w.call(w.hq, 'PUT', `/api/material/update/${gone}`, { retired: true })
  const count = async (table: string) => Number((await w.env.db.execute<{ n: string }>(sql`select count(*) n from ${sql.identifier(table)}`)).rows[0]!.n)
  const written = async () => Promise.all(['sale', 'sale_line', 'stock_movement', 'log_entry'].map(count))
  const before = await written()
  const goneName = (await w.env.db.execute<{ name: string }>(sql`select name from material where id = ${gone}`)).rows[0]!.name
  const refusals: [object, number, string | RegExp, string?][] = [
    // the last line short, after lines that had enough
    [{ lines: [{ materialId: m, quantity: 1 }, { materialId: n, quantity: 3 }] }, 409, /库存不足：现有2\.000，需要3\.000$/],
    // two lines of one material are taken together: 3 + 3 of 5
    [{ lines: [{ materialId: m, quantity: 3 }, { materialId: n, quantity: 1 }, { materialId: m, quantity: 3, price: 1 }] }, 409, /库存不足：现有5\.000，需要6\.000$/],
    // a material the base never held
    [{ lines: [{ materialId: m, quantity: 1 }, { materialId: never, quantity: 1 }] }, 409, /库存不足：现有0\.000，需要1\.000$/],
    [{ lines: [{ materialId: m, quantity: 1 }, { materialId: gone, quantity: 1 }] }, 409, MaterialMsg.retired(goneName)],
    [{ lines: [{ materialId: m, quantity: 1 }, { materialId: 999_999, quantity: 1 }] }, 404, MaterialMsg.notFound],
    // headquarters selling for a base that is not there
    [{ companyId: 999_999, lines: [{ materialId: m, quantity: 1 }] }, 404, CompanyMsg.notFound, w.hq],
  ]
  for (const [body, status, message, token] of refusals) {
    const answer = await sell(token ?? w.baseA, body)
    expect(answer.status, JSON.stringify(body)).toBe(status)
    if (typeof message === 'string') expect(answer.message).toBe(message)
    else expect(answer.message).toMatch(message)
  }
  expect(await written()).toEqual(before)
  expect(await w.balance(w.a, m)).toBe(5_000)
  expect(await w.balance(w.a, n)).toBe(2_000)
  expect(await w.ledgerMismatches()).toEqual([])
  // and the same lines within the stock are sold whole: lines in the order given, a ledger row each, one log entry
  const sale = await sell(w.baseA, { remark: '整单', lines: [{ materialId: n, quantity: 2 }, { materialId: m, quantity: '2.5' }, { materialId: m, quantity: '2.5', price: 1 }] })
  expect(sale.data).toMatchObject({ customer: '某危货运输公司', remark: '整单', total: 2500 + 3125 + 3, companyName: '库存甲基地', sellerName: '甲管理员' })
  expect(sale.data.lines.map((l: { materialId: number; quantity: string; amount: number }) => [l.materialId, l.quantity, l.amount])).toEqual([[n, '2.000', 2500], [m, '2.500', 3125], [m, '2.500', 3]])
  expect(sale.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  expect(await written()).toEqual([before[0]! + 1, before[1]! + 3, before[2]! + 3, before[3]! + 1])
  expect((await w.call(w.baseA, 'POST', `/api/sale/get/${sale.data.id}`)).data).toEqual(sale.data)
  const [log] = (await w.env.db.execute<{ error_mes: string }>(sql`select error_mes from log_entry where serial_number = ${`sale-${sale.data.id}`}`)).rows
  expect(log!.error_mes).toBe(`甲管理员销售单 ${sale.data.id}：某危货运输公司，3项，微信`)
  expect(await w.balance(w.a, m)).toBe(0)
  expect(await w.balance(w.a, n)).toBe(0)
  expect(await w.ledgerMismatches()).toEqual([])
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
