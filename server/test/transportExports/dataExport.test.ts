import { TRANSPORT_COLUMN_KEYS, TRANSPORT_COLUMNS, TRANSPORT_WEIGHT_COLUMNS } from '@app/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'
import { insertTransports, post, transportRow, twoBases, workbookOf } from './setup.js'

let env: TestEnv
let s: Awaited<ReturnType<typeof twoBases>>
/** the three transports by plate */
let ids: Record<string, number>
beforeAll(async () => {
  env = await createTestApp()
  s = await twoBases(env)
  const made = await insertTransports(env, [
    transportRow(s.a.id, { deliveryPlateNumber: '皖A00001', deliveryNetWeight: 30.1, signNetWeight: 29, poundDiff: 1.1, createTime: new Date('2024-05-01T00:00:00Z') }),
    transportRow(s.a.id, { deliveryPlateNumber: '皖A00002', deliveryCarrier: '远通运输', deliveryNetWeight: 31, signNetWeight: null, poundDiff: null, createTime: new Date('2024-05-02T00:00:00Z') }),
    transportRow(s.b.id, { deliveryPlateNumber: '苏B99999', createTime: new Date('2024-05-03T00:00:00Z') }),
  ])
  ids = Object.fromEntries(made.map((t) => [t.deliveryPlateNumber!, t.id]))
})
afterAll(async () => { await env?.close() })

const exportOf = (token: string, body: unknown) => post(env, token, '/api/logistics/export', body)

describe('POST /logistics/export', () => {
  it('writes exactly the chosen columns, weights as numbers formatted 0.00, header frozen', async () => {
    const res = await exportOf(s.tokenA, { exportColumns: ['deliveryPlateNumber', 'deliveryNetWeight', 'signNetWeight', 'poundDiff', 'createTime'] })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('数据导出.xlsx')}`)
    const ws = (await workbookOf(res)).worksheets[0]!
    expect(ws.getRow(1).values).toEqual([undefined, '车牌号', '发货净重(吨)', '收货净重(吨)', '磅差(吨)', '上传时间'])
    expect(ws.actualColumnCount).toBe(5)
    expect(ws.rowCount).toBe(3)
    // newest first, like the grid
    // an empty weight is an empty cell
    expect(ws.getRow(2).values).toEqual([undefined, '皖A00002', 31, undefined, undefined, '2024-05-02 08:00:00'])
    expect(ws.getRow(3).values).toEqual([undefined, '皖A00001', 30.1, 29, 1.1, '2024-05-01 08:00:00'])
    expect(typeof ws.getCell('B3').value).toBe('number')
    for (const c of ['B3', 'C3', 'D3']) expect(ws.getCell(c).numFmt).toBe('0.00')
    expect(ws.getCell('A3').numFmt).toBeUndefined()
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(ws.getRow(1).font?.bold).toBe(true)
    expect(ws.getColumn(5).width).toBe(20)
  })

  it('takes the old client\'s titles and keeps the order sent', async () => {
    const res = await exportOf(s.tokenA, { exportColumns: ['磅差(吨)', '承运单位', 'poundDiff'], page: 1, size: 1000 })
    const ws = (await workbookOf(res)).worksheets[0]!
    expect(ws.getRow(1).values).toEqual([undefined, '磅差(吨)', '承运单位'])
  })

  it('writes every column in the grid\'s order when all are chosen', async () => {
    const res = await exportOf(s.tokenA, { exportColumns: TRANSPORT_COLUMN_KEYS })
    const ws = (await workbookOf(res)).worksheets[0]!
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(Object.values(TRANSPORT_COLUMNS))
    TRANSPORT_COLUMN_KEYS.forEach((k, i) => {
      expect(ws.getRow(3).getCell(i + 1).numFmt ?? null).toBe(TRANSPORT_WEIGHT_COLUMNS.includes(k) ? '0.00' : null)
    })
    expect(ws.getRow(3).getCell(TRANSPORT_COLUMN_KEYS.indexOf('companyName') + 1).value).toBe('甲基地')
  })

  it('applies the grid filters', async () => {
    const res = await exportOf(s.tokenA, { deliveryCarrier: '远通', exportColumns: ['deliveryPlateNumber'] })
    const ws = (await workbookOf(res)).worksheets[0]!
    expect(ws.getColumn(1).values.slice(1)).toEqual(['车牌号', '皖A00002'])
  })

  it('gives a base user only its own rows, and refuses another base it names before the file; headquarters the one it picks', async () => {
    const refused = await exportOf(s.tokenA, { companyId: s.b.id, exportColumns: ['deliveryPlateNumber'] })
    expect([refused.statusCode, refused.json().message]).toEqual([404, '基地不存在'])
    const own = (await workbookOf(await exportOf(s.tokenA, { exportColumns: ['deliveryPlateNumber'] }))).worksheets[0]!
    expect(own.getColumn(1).values.slice(1)).toEqual(['车牌号', '皖A00002', '皖A00001'])
    const hq = (await workbookOf(await exportOf(s.hq, { companyId: s.b.id, exportColumns: ['deliveryPlateNumber'] }))).worksheets[0]!
    expect(hq.getColumn(1).values.slice(1)).toEqual(['车牌号', '苏B99999'])
  })

  it('writes only the selected transports (ids), newest first, and never another base\'s', async () => {
    const plates = async (token: string, body: object) =>
      (await workbookOf(await exportOf(token, { exportColumns: ['deliveryPlateNumber'], ...body }))).worksheets[0]!.getColumn(1).values.slice(1)
    expect(await plates(s.tokenA, { ids: [ids['皖A00001']!] })).toEqual(['车牌号', '皖A00001'])
    expect(await plates(s.tokenA, { ids: [ids['皖A00001']!, ids['皖A00002']!, ids['皖A00001']!] })).toEqual(['车牌号', '皖A00002', '皖A00001'])
    // base 甲 names base 乙's transport: it is not written
    expect(await plates(s.tokenA, { ids: [ids['苏B99999']!, ids['皖A00002']!] })).toEqual(['车牌号', '皖A00002'])
    // headquarters sees every base's
    expect(await plates(s.hq, { ids: [ids['苏B99999']!, ids['皖A00002']!] })).toEqual(['车牌号', '苏B99999', '皖A00002'])
    // the filters still apply
    expect(await plates(s.tokenA, { ids: [ids['皖A00001']!, ids['皖A00002']!], deliveryCarrier: '远通' })).toEqual(['车牌号', '皖A00002'])
  })

  it('refuses a selection that is empty, not ids or more than a page', async () => {
    const cases: [unknown, string][] = [
      [[], '请至少选择一条运单'], [['x'], '运单必须是整数'], ['1,2', '运单编号格式不正确'],
      [Array.from({ length: 100_001 }, (_, i) => i + 1), '一次最多导出所选100000条运单'],
    ]
    for (const [value, message] of cases) {
      const res = await exportOf(s.tokenA, { exportColumns: ['deliveryPlateNumber'], ids: value })
      expect([res.statusCode, res.json().message], JSON.stringify(value).slice(0, 20)).toEqual([400, message])
    }
  })

  it('refuses no column, an unknown column and a caller without the permission', async () => {
    for (const body of [{}, { exportColumns: [] }, { exportColumns: null }, { exportColumns: 'deliveryPlateNumber' }]) {
      const res = await exportOf(s.tokenA, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('请至少选择一列导出')
    }
    const unknown = await exportOf(s.tokenA, { exportColumns: ['password'] })
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, '导出列不存在：password'])
    const huge = await exportOf(s.tokenA, { exportColumns: ['x'.repeat(100_000)] })
    expect(huge.statusCode).toBe(400)
    expect(huge.json().message).toMatch(/^导出列不存在：x{40}$/)
    const forbidden = await exportOf(s.inspector, { exportColumns: ['poundDiff'] })
    expect(forbidden.statusCode).toBe(403)
  })

  it('writes a few thousand rows across the reading batches, in order', async () => {
    await env.db.execute(sql`
      insert into transport (company_id, status, delivery_plate_number, delivery_net_weight, create_time)
      select ${s.b.id}, 2, 'P' || lpad(g::text, 5, '0'), (g % 100) + 0.25, timestamptz '2023-01-01' + g * interval '1 minute'
      from generate_series(1, 4500) g`)
    const res = await exportOf(s.hq, { companyId: s.b.id, exportColumns: ['deliveryPlateNumber', 'deliveryNetWeight'] })
    const ws = (await workbookOf(res)).worksheets[0]!
    expect(ws.rowCount).toBe(4502)
    expect(ws.getRow(2).values).toEqual([undefined, '苏B99999', 32.5])
    expect(ws.getRow(3).values).toEqual([undefined, 'P04500', 0.25])
    expect(ws.getRow(4502).values).toEqual([undefined, 'P00001', 1.25])
  })
})
