import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settlementTolerances } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { insertTransports, post, transportRow, twoBases, workbookOf } from './setup.js'

let env: TestEnv
let s: Awaited<ReturnType<typeof twoBases>>
const period = ['2024-05-01', '2024-05-31']
const body = { deliveryTimeQuery: period, deliveryCustomer: '华东建材', deliveryCarrier: '顺达物流' }

beforeAll(async () => {
  env = await createTestApp()
  s = await twoBases(env)
  const at = (day: number) => new Date(`2024-05-${String(day).padStart(2, '0')}T02:00:00Z`)
  await insertTransports(env, [
    // in the statement, listed by delivery time
    transportRow(s.a.id, { deliveryTime: at(12), deliveryPlateNumber: '皖A2', deliveryNumber: 'D2', deliveryNetWeight: 30, signNetWeight: 28.5, poundDiff: 1.5 }),
    transportRow(s.a.id, { deliveryTime: at(3), deliveryPlateNumber: '皖A1', deliveryNumber: 'D1', deliveryNetWeight: 32.5, signNetWeight: 32.3, poundDiff: 0.2 }),
    // over 1 t but its settlement unit tolerates 2 t
    transportRow(s.a.id, { deliveryTime: at(20), deliveryPlateNumber: '皖A3', deliveryNetWeight: 31, signNetWeight: 29.5, poundDiff: 1.5, signSettlement: '宽松结算' }),
    // received more than delivered, over tolerance: counted but no shortfall
    transportRow(s.a.id, { deliveryTime: at(25), deliveryPlateNumber: '皖A4', deliveryNetWeight: 30, signNetWeight: 31.2, poundDiff: -1.2 }),
    // last second of the period (China time) is in, the next day is not
    transportRow(s.a.id, { deliveryTime: new Date('2024-05-31T15:59:59Z'), deliveryPlateNumber: '皖A5', deliveryNetWeight: 30, signNetWeight: 30, poundDiff: 0 }),
    transportRow(s.a.id, { deliveryTime: new Date('2024-05-31T16:00:00Z'), deliveryPlateNumber: '期外' }),
    // not in: temporarily saved, invalid, another customer, another carrier, another base
    transportRow(s.a.id, { status: 1, deliveryPlateNumber: '暂存' }),
    transportRow(s.a.id, { status: 3, deliveryPlateNumber: '作废' }),
    transportRow(s.a.id, { deliveryCustomer: '华东建材二厂', deliveryPlateNumber: '别的客户' }),
    transportRow(s.a.id, { deliveryCarrier: '顺达物流公司', deliveryPlateNumber: '别的承运' }),
    transportRow(s.b.id, { deliveryPlateNumber: '乙的车' }),
  ])
  await env.db.insert(settlementTolerances).values({ companyId: s.a.id, settlement: '宽松结算', unit: 'ton', value: 2 })
})
afterAll(async () => { await env?.close() })

const statementOf = (token: string, b: unknown) => post(env, token, '/api/logistics/exportSum', b)

describe('POST /logistics/exportSum', () => {
  it('asks for start date, end date, purchasing unit and carrier, in that order', async () => {
    const steps: [unknown, string][] = [
      [{}, '请选择开始日期'],
      [{ deliveryCustomer: '华东建材', deliveryCarrier: '顺达物流' }, '请选择开始日期'],
      [{ deliveryTimeQuery: ['', '2024-05-31'], deliveryCustomer: '华东建材', deliveryCarrier: '顺达物流' }, '请选择开始日期'],
      [{ deliveryTimeQuery: ['2024-05-01'] }, '请选择结束日期'],
      [{ deliveryTimeQuery: ['2024-05-01', null], deliveryCarrier: '顺达物流' }, '请选择结束日期'],
      [{ deliveryTimeQuery: period, deliveryCarrier: '顺达物流' }, '请选择购货单位'],
      [{ deliveryTimeQuery: period, deliveryCustomer: '  ' }, '请选择购货单位'],
      [{ deliveryTimeQuery: period, deliveryCustomer: '华东建材' }, '请选择承运单位'],
    ]
    for (const [b, message] of steps) {
      const res = await statementOf(s.tokenA, b)
      expect([res.statusCode, res.json().message]).toEqual([400, message])
    }
    const wrong = await statementOf(s.tokenA, { ...body, deliveryTimeQuery: ['2024-13-99', '2024-05-31'] })
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, '发货时间格式不正确'])
    const typed = await statementOf(s.tokenA, { ...body, deliveryCustomer: 12 })
    expect([typed.statusCode, typed.json().message]).toEqual([400, '购货单位格式不正确'])
    expect((await statementOf(s.inspector, body)).statusCode).toBe(403)
  })

  it('lays out a statement to print: parties, period, rows, totals, summary, signatures', async () => {
    const res = await statementOf(s.tokenA, body)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('对账单.xlsx'))
    const book = await workbookOf(res)
    const ws = book.getWorksheet('对账单')!
    expect(ws.getCell('A1').value).toBe('对账单')
    expect(ws.getCell('A1').font.bold).toBe(true)
    expect(ws.getCell('A2').value).toBe('购货单位：华东建材')
    expect(ws.getCell('D2').value).toBe('承运单位：顺达物流')
    expect(ws.getCell('G2').value).toBe('基地：甲基地')
    expect(ws.getCell('A3').value).toBe('对账期间：2024-05-01 至 2024-05-31')
    expect((ws.getRow(4).values as unknown[]).slice(1)).toEqual(['序号', '发货时间', '车牌号', '发货单号', '商品名称', '发货净重(吨)', '收货净重(吨)', '磅差(吨)', '结算单位'])
    const rows = [5, 6, 7, 8, 9].map((r) => (ws.getRow(r).values as unknown[]).slice(1))
    expect(rows).toEqual([
      [1, '2024-05-03 10:00', '皖A1', 'D1', '水泥', 32.5, 32.3, 0.2, '华东结算'],
      [2, '2024-05-12 10:00', '皖A2', 'D2', '水泥', 30, 28.5, 1.5, '华东结算'],
      [3, '2024-05-20 10:00', '皖A3', 'D001', '水泥', 31, 29.5, 1.5, '宽松结算'],
      [4, '2024-05-25 10:00', '皖A4', 'D001', '水泥', 30, 31.2, -1.2, '华东结算'],
      [5, '2024-05-31 23:59', '皖A5', 'D001', '水泥', 30, 30, 0, '华东结算'],
    ])
    for (const c of ['F5', 'G5', 'H9']) expect(ws.getCell(c).numFmt).toBe('0.00')
    // over tolerance: the pound difference is marked (皖A3 is within its unit's 2 t)
    expect(ws.getCell('H6').font.color?.argb).toBe('FFCF1322')
    expect(ws.getCell('H8').font.color?.argb).toBe('FFCF1322')
    expect(ws.getCell('H7').font?.color?.argb).toBeUndefined()
    expect(ws.getCell('H5').border.top?.style).toBe('thin')

    expect(ws.getCell('A10').value).toBe('合计（5车）')
    expect(ws.getCell('F10').value).toEqual({ formula: 'SUM(F5:F9)', result: 153.5 })
    expect(ws.getCell('G10').value).toEqual({ formula: 'SUM(G5:G9)', result: 151.5 })
    expect(ws.getCell('H10').value).toEqual({ formula: 'SUM(H5:H9)', result: 2 })
    expect(ws.getCell('H10').numFmt).toBe('0.00')

    expect(ws.getCell('A12').value).toBe('磅差汇总')
    const summary = [13, 14, 15, 16].map((r) => [ws.getCell(r, 1).value, ws.getCell(r, 4).value])
    expect(summary).toEqual([['运单数（车）', 5], ['磅差合计（吨）', 2], ['磅差超标（车）', 2], ['超标亏吨合计（吨）', 1.5]])
    expect(ws.getCell('D16').numFmt).toBe('0.00')

    expect([ws.getCell('A19').value, ws.getCell('D19').value, ws.getCell('G19').value])
      .toEqual(['发货方（签字盖章）：', '承运方（签字盖章）：', '收货方（签字盖章）：'])
    expect(String(ws.getCell('A21').value)).toMatch(/^日期：\s+年\s+月\s+日$/)

    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 })
    expect(ws.getColumn(1).width).toBe(6)
    expect(ws.getColumn(9).width).toBe(22)
    expect(ws.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '4:4' })
    expect(ws.pageSetup.margins).toMatchObject({ left: 0.4, right: 0.4, top: 0.6, bottom: 0.6 })
    expect(ws.headerFooter.oddFooter).toContain('&P')
    expect(ws.model.merges).toContain('A1:I1')
  })

  it('is the caller\'s base only (another named is refused); headquarters picks a base', async () => {
    const refused = await statementOf(s.tokenA, { ...body, companyId: s.b.id })
    expect([refused.statusCode, refused.json().message]).toEqual([404, '基地不存在'])
    const own = await workbookOf(await statementOf(s.tokenA, body))
    expect(own.worksheets[0]!.getCell('G2').value).toBe('基地：甲基地')
    const onlyB = await statementOf(s.tokenB, body)
    const wsB = (await workbookOf(onlyB)).worksheets[0]!
    expect(wsB.getCell('C5').value).toBe('乙的车')
    expect(wsB.getCell('A6').value).toBe('合计（1车）')
    const hq = (await workbookOf(await statementOf(s.hq, { ...body, companyId: s.b.id }))).worksheets[0]!
    expect(hq.getCell('C5').value).toBe('乙的车')
  })

  it('says so when nothing matches, and refuses more rows than a statement holds', async () => {
    const none = await statementOf(s.tokenA, { ...body, deliveryCarrier: '没有这家' })
    expect([none.statusCode, none.json().message]).toEqual([400, '该期间没有该购货单位和承运单位的已上传完成的运单'])
    await env.db.execute(sql`
      insert into transport (company_id, status, delivery_customer, delivery_carrier, delivery_time)
      select ${s.b.id}, 2, '大客户', '大车队', timestamptz '2024-06-01 08:00+08' + g * interval '1 second' from generate_series(1, 5001) g`)
    const many = await statementOf(s.tokenB, { deliveryTimeQuery: ['2024-06-01', '2024-06-30'], deliveryCustomer: '大客户', deliveryCarrier: '大车队' })
    expect([many.statusCode, many.json().message]).toEqual([400, '该条件下有5001条运单，对账单最多5000条，请缩短日期范围'])
  })
})
