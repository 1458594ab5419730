import { thisMonthRange } from '@app/contract'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ticketReadings, transports } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

/**
 * Usage statistics against figures counted by hand from the rows below: readings ok and failed,
 * completed transports over tolerance (dangerLevel 1 and 3, not 2), tonnage of completed transports
 * only, both ends of the range, and another base's users left out.
 */
let env: TestEnv
let hq: string
let baseToken: string
let a: number
let b: number
const ids: Record<string, number> = {}
const JANUARY = ['2026-01-01', '2026-01-31']
const at = (s: string) => new Date(s)

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '统计甲基地')).id
  b = (await makeCompany(env.db, '统计乙基地')).id
  const zhang = await makeUser(env.db, { phone: '13511110001', name: '张三', role: 'baseAdmin', companyIds: [a] })
  const li = await makeUser(env.db, { phone: '13511110002', name: '李四', role: 'subAccount', companyIds: [a] })
  const both = await makeUser(env.db, { phone: '13511110003', name: '王五', role: 'subAccount', companyIds: [a, b] })
  const idle = await makeUser(env.db, { phone: '13511110004', name: '赵六', role: 'subAccount', companyIds: [a] })
  const other = await makeUser(env.db, { phone: '13522220001', name: '乙方用户', role: 'baseAdmin', companyIds: [b] })
  Object.assign(ids, { zhang: zhang.id, li: li.id, both: both.id, idle: idle.id, other: other.id })
  baseToken = await env.token(zhang.phone, zhang.password)

  const reading = (userId: number, companyId: number, ok: boolean, time: string) => ({ userId, companyId, ok, fileType: 1, createTime: at(time) })
  await env.db.insert(ticketReadings).values([
    reading(zhang.id, a, true, '2026-01-01T00:00:00+08:00'), // the first instant of the range
    reading(zhang.id, a, true, '2026-01-15T10:00:00+08:00'),
    reading(zhang.id, a, false, '2026-01-15T11:00:00+08:00'),
    reading(zhang.id, a, true, '2026-01-31T23:59:59+08:00'), // the last second of the range
    reading(zhang.id, a, true, '2025-12-31T23:59:59+08:00'), // the day before
    reading(zhang.id, a, true, '2026-02-01T00:00:00+08:00'), // the day after
    reading(li.id, a, false, '2026-01-10T09:00:00+08:00'),
    reading(both.id, a, true, '2026-01-10T09:30:00+08:00'),
    reading(both.id, b, true, '2026-01-10T09:40:00+08:00'),
    reading(other.id, b, true, '2026-01-10T10:00:00+08:00'),
    reading(other.id, b, false, '2026-01-11T10:00:00+08:00'),
  ])
  const transport = (userId: number, companyId: number, status: number, delivery: number, sign: number, dangerLevel: number | null, time: string) =>
    ({ userId, companyId, status, deliveryNetWeight: delivery, signNetWeight: sign, dangerLevel, createTime: at(time) })
  await env.db.insert(transports).values([
    transport(zhang.id, a, 2, 30, 29.5, null, '2026-01-05T08:00:00+08:00'),
    transport(zhang.id, a, 2, 32.1, 30, 1, '2026-01-06T08:00:00+08:00'),
    transport(zhang.id, a, 2, 31, 29, 3, '2026-01-31T23:00:00+08:00'),
    transport(zhang.id, a, 2, 33.33, 33, 2, '2026-01-20T08:00:00+08:00'), // modified, not over tolerance
    transport(zhang.id, a, 1, 40, 0, null, '2026-01-21T08:00:00+08:00'), // temporarily saved
    transport(zhang.id, a, 3, 40, 20, 1, '2026-01-22T08:00:00+08:00'), // invalid
    transport(zhang.id, a, 2, 35, 20, 1, '2026-02-01T00:00:00+08:00'), // after the range
    transport(both.id, b, 2, 30, 28, 1, '2026-01-12T08:00:00+08:00'),
    transport(other.id, b, 2, 36, 34, 1, '2026-01-12T09:00:00+08:00'),
  ])
})
afterAll(async () => env?.close())

const zero = { useTimes: 0, uploadErrors: 0, poundErrors: 0, deliveryWeight: 0, signWeight: 0 }
const zhangJanuary = { useTimes: 4, uploadErrors: 1, poundErrors: 2, deliveryWeight: 126.43, signWeight: 121.5 }

describe('POST /use/find', () => {
  test('a base sees its members (idle ones too) with figures counted by hand, busiest first', async () => {
    expect(await env.call(baseToken, 'POST', '/api/use/find', { createTimeQuery: JANUARY, companyId: b })).toMatchObject({ status: 404, message: '基地不存在' })
    const res = await env.call(baseToken, 'POST', '/api/use/find', { createTimeQuery: JANUARY })
    expect(res.status).toBe(200)
    expect(res.data.totalCount).toBe(4)
    const rows = res.data.data
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['张三', '李四', '王五', '赵六'])
    expect(rows[0]).toEqual({ userId: ids.zhang, name: '张三', phone: '13511110001', companyId: a, companyName: '统计甲基地', ...zhangJanuary })
    expect(rows[1]).toMatchObject({ ...zero, useTimes: 1, uploadErrors: 1 })
    // 王五's upload and transport in the other base are not the base's
    expect(rows[2]).toMatchObject({ ...zero, useTimes: 1, companyId: a })
    expect(rows[3]).toMatchObject(zero)
  })

  test('headquarters sees a user once per base, and every base unless it picks one', async () => {
    const all = await env.call(hq, 'POST', '/api/use/find', { createTimeQuery: JANUARY, size: 100 })
    const wang = all.data.data.filter((r: { userId: number }) => r.userId === ids.both)
    expect(wang.map((r: { companyId: number; useTimes: number; poundErrors: number }) => [r.companyId, r.useTimes, r.poundErrors]).sort())
      .toEqual([[a, 1, 0], [b, 1, 1]])
    const onlyB = await env.call(hq, 'POST', '/api/use/find', { createTimeQuery: JANUARY, companyId: b })
    expect(onlyB.data.data.map((r: { name: string }) => r.name)).toEqual(['乙方用户', '王五'])
    expect(onlyB.data.data[0]).toMatchObject({ useTimes: 2, uploadErrors: 1, poundErrors: 1, deliveryWeight: 36, signWeight: 34 })
  })

  test('a user filter matches the name or the account; paging counts the whole list', async () => {
    const byName = await env.call(hq, 'POST', '/api/use/find', { createTimeQuery: JANUARY, name: '张' })
    expect(byName.data.data).toEqual([expect.objectContaining({ name: '张三', ...zhangJanuary })])
    const byPhone = await env.call(hq, 'POST', '/api/use/find', { createTimeQuery: JANUARY, companyId: a, name: '1351111000' })
    expect(byPhone.data.totalCount).toBe(4)
    const page2 = await env.call(hq, 'POST', '/api/use/find', { createTimeQuery: JANUARY, companyId: a, page: 2, size: 3 })
    expect(page2.data).toMatchObject({ totalCount: 4, data: [expect.objectContaining({ name: '赵六' })] })
  })

  test('the range: a day either side is left out, this month when none is given, refused backwards or over a year', async () => {
    const day = await env.call(hq, 'POST', '/api/use/find', { createTimeQuery: ['2026-01-31', '2026-01-31'], name: '张三' })
    expect(day.data.data[0]).toMatchObject({ useTimes: 1, poundErrors: 1, deliveryWeight: 31, signWeight: 29 })
    const february = await env.call(hq, 'POST', '/api/use/find', { createTimeQuery: ['2026-02-01', '2026-02-28'], name: '张三' })
    expect(february.data.data[0]).toMatchObject({ useTimes: 1, poundErrors: 1, deliveryWeight: 35, signWeight: 20 })
    // nothing in this month yet: a reading now shows up without a range
    expect((await env.call(baseToken, 'POST', '/api/use/find', {})).data.data[0]).toMatchObject(zero)
    await env.db.insert(ticketReadings).values({ userId: ids.idle, companyId: a, ok: true, fileType: 2 })
    const now = await env.call(baseToken, 'POST', '/api/use/find', {})
    expect(now.data.data[0]).toMatchObject({ name: '赵六', useTimes: 1 })
    const chart = await env.call(baseToken, 'POST', '/api/use/chart', {})
    expect([chart.data.from, chart.data.to]).toEqual(thisMonthRange())
    expect(chart.data.totals.useTimes).toBe(1)

    const backwards = await env.call(hq, 'POST', '/api/use/find', { createTimeQuery: ['2026-02-01', '2026-01-01'] })
    expect(backwards).toMatchObject({ status: 400, message: '统计时间的开始日期不能晚于结束日期' })
    const long = await env.call(hq, 'POST', '/api/use/chart', { createTimeQuery: ['2024-01-01', '2026-01-01'] })
    expect(long).toMatchObject({ status: 400, message: '统计时间不能超过366天，请缩小范围' })
    const bad = await env.call(hq, 'POST', '/api/use/find', { createTimeQuery: ['2026-01-xx', ''] })
    expect(bad).toMatchObject({ status: 400, message: '统计时间格式不正确' })
    const huge = await env.call(hq, 'POST', '/api/use/find', { name: 'x'.repeat(5000) })
    expect(huge).toMatchObject({ status: 400, message: '用户不能超过100个字符' })
  })

  test('a sub-account (no usage permission) is refused', async () => {
    const li = await env.token('13511110002', 'Passw0rd!')
    expect((await env.call(li, 'POST', '/api/use/find', {})).status).toBe(403)
  })
})

describe('POST /use/chart', () => {
  test('every day of the range, quiet days as zeros, adding up to the table', async () => {
    const res = await env.call(baseToken, 'POST', '/api/use/chart', { createTimeQuery: JANUARY })
    expect(res.data.days).toHaveLength(31)
    const day = (d: string) => res.data.days.find((x: { day: string }) => x.day === d)
    expect(day('2026-01-01')).toEqual({ day: '2026-01-01', ...zero, useTimes: 1 })
    expect(day('2026-01-15')).toMatchObject({ useTimes: 2, uploadErrors: 1 })
    expect(day('2026-01-31')).toEqual({ day: '2026-01-31', useTimes: 1, uploadErrors: 0, poundErrors: 1, deliveryWeight: 31, signWeight: 29 })
    expect(day('2026-01-12')).toMatchObject(zero)
    // the base's own: 张三, 李四, 王五 in this base
    expect(res.data.totals).toEqual({ useTimes: 6, uploadErrors: 2, poundErrors: 2, deliveryWeight: 126.43, signWeight: 121.5 })
    const named = await env.call(hq, 'POST', '/api/use/chart', { createTimeQuery: JANUARY, name: '王五' })
    expect(named.data.totals).toEqual({ useTimes: 2, uploadErrors: 0, poundErrors: 1, deliveryWeight: 30, signWeight: 28 })
  })
})

describe('GET /use/export/{companyId}', () => {
  test('the table as xlsx with a 合计 row, for the filters the page sends', async () => {
    const res = await env.app.inject({
      method: 'GET', url: `/api/use/export/${a}`, query: { createTimeQuery: JANUARY.join(',') }, headers: { authorization: `Bearer ${baseToken}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('使用统计'))
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    expect(rows[0]).toEqual(['基地', '姓名', '账号', '上传次数', '识别失败次数', '磅差超标运单', '发货重量（吨）', '收货重量（吨）'])
    expect(rows[1]).toEqual(['统计甲基地', '张三', '13511110001', 4, 1, 2, 126.43, 121.5])
    expect(rows).toHaveLength(6)
    expect([rows[5]![0], ...rows[5]!.slice(3)]).toEqual(['合计', 6, 2, 2, 126.43, 121.5])
  })

  test('a base cannot export another base; a bad range answers before the file', async () => {
    const refused = await env.call(baseToken, 'GET', `/api/use/export/${b}?createTimeQuery=${JANUARY.join(',')}`)
    expect(refused).toMatchObject({ status: 404, message: '基地不存在' })
    const res = await env.app.inject({ method: 'GET', url: `/api/use/export/${a}`, query: { createTimeQuery: JANUARY.join(',') }, headers: { authorization: `Bearer ${baseToken}` } })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const names: unknown[] = []
    book.worksheets[0]!.eachRow((row, i) => { if (i > 1) names.push(row.getCell(2).value) })
    expect(names).not.toContain('乙方用户')
    const bad = await env.call(baseToken, 'GET', `/api/use/export/${a}?createTimeQuery=2026-02-01,2026-01-01`)
    expect(bad).toMatchObject({ status: 400, message: '统计时间的开始日期不能晚于结束日期' })
  })
})
