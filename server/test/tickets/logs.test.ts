import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { writeLog } from '../../src/modules/logs/service.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
let a: number
let b: number
let baseToken: string
beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '日志甲基地')).id
  b = (await makeCompany(env.db, '日志乙基地')).id
  const u = await makeUser(env.db, { phone: '13311110000', role: 'admin', companyIds: [a] })
  baseToken = await env.token(u.phone, u.password)
  await writeLog(env.db, { companyId: a, errorMes: '甲基地识别票据 FH001 成功', serialNumber: 'FH001', phone: '13311110000' })
  await writeLog(env.db, { companyId: a, errorMes: '甲基地上传次数不足', level: 1 })
  await writeLog(env.db, { companyId: b, errorMes: '乙基地识别票据 FH002 成功', serialNumber: 'FH002' })
  await env.db.execute(sql`update log_entry set create_time = '2026-01-15 10:00:00+08' where serial_number = 'FH001'`)
})
afterAll(async () => env?.close())

test('headquarters sees every base; a base sees only its own, and naming another base is refused', async () => {
  expect((await env.call(hq, 'POST', '/api/log/find/', {})).data.totalCount).toBe(3)
  const own = await env.call(baseToken, 'POST', '/api/log/find/', {})
  expect(own.data.data.map((l: { errorMes: string }) => l.errorMes).sort()).toEqual(['甲基地上传次数不足', '甲基地识别票据 FH001 成功'])
  expect(await env.call(baseToken, 'POST', '/api/log/find/', { companyId: b })).toMatchObject({ status: 404, message: '基地不存在' })
})

test('search by keyword, type and date range', async () => {
  expect((await env.call(hq, 'POST', '/api/log/find/', { keyword: 'FH00' })).data.totalCount).toBe(2)
  expect((await env.call(hq, 'POST', '/api/log/find/', { keyword: '%' })).data.totalCount).toBe(0)
  expect((await env.call(hq, 'POST', '/api/log/find/', { level: 1 })).data.data[0].errorMes).toBe('甲基地上传次数不足')
  const jan = await env.call(hq, 'POST', '/api/log/find/', { createTimeQuery: ['2026-01-01', '2026-01-31'] })
  expect(jan.data.data.map((l: { serialNumber: string }) => l.serialNumber)).toEqual(['FH001'])
  expect(jan.data.data[0].createTimeStr).toBe('2026-01-15 10:00:00')
  expect((await env.call(hq, 'POST', '/api/log/find/', { createTimeQuery: ['2026-13-01', ''] })).message).toBe('时间格式不正确')
})

test('add and edit a log entry; type must be 日志 or 告警', async () => {
  const created = await env.call(baseToken, 'POST', '/api/log/save', { errorMes: '手工记录', level: 0 })
  expect(created.message).toBe('创建成功')
  expect(created.data.companyId).toBe(a)
  expect((await env.call(baseToken, 'POST', '/api/log/save', { errorMes: '', level: 0 })).message).toBe('日志内容不能为空')
  expect((await env.call(baseToken, 'POST', '/api/log/save', { errorMes: 'x', level: 5 })).message).toBe('类型只能是日志或告警')
  const edited = await env.call(baseToken, 'PUT', `/api/log/update/${created.data.id}`, { errorMes: '手工记录（改）', level: 1 })
  expect(edited.data).toMatchObject({ errorMes: '手工记录（改）', level: 1 })
  const bLog = (await env.call(hq, 'POST', '/api/log/find/', { companyId: b })).data.data[0]
  expect((await env.call(baseToken, 'PUT', `/api/log/update/${bLog.id}`, { errorMes: 'hack', level: 0 })).status).toBe(404)
  expect((await env.call(baseToken, 'DELETE', `/api/log/delete/${bLog.id}`)).status).toBe(404)
  expect((await env.call(baseToken, 'DELETE', `/api/log/delete/${created.data.id}`)).message).toBe('删除成功')
})

test('export answers a spreadsheet of the visible entries', async () => {
  const res = await env.app.inject({ method: 'GET', url: `/api/log/export/${a}`, headers: { authorization: `Bearer ${baseToken}` } })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toContain('spreadsheetml')
  expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK')
})

test('a large export holds every entry once, newest first, across the pages it is read in', async () => {
  const c = (await makeCompany(env.db, '日志丙基地')).id
  await env.db.execute(sql`insert into log_entry (company_id, error_mes, level, serial_number, create_time)
    select ${c}, '批量 ' || n, 0, 'S' || lpad(n::text, 5, '0'), timestamptz '2026-03-01 00:00:00+08' + n * interval '1 second'
    from generate_series(1, 4500) as n`)
  const res = await env.app.inject({ method: 'GET', url: `/api/log/export/1?companyId=${c}`, headers: { authorization: `Bearer ${hq}` } })
  expect(res.statusCode).toBe(200)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  const serials: string[] = []
  book.worksheets[0]!.eachRow((row, i) => { if (i > 1) serials.push(String(row.getCell(1).value)) })
  expect(serials).toHaveLength(4500)
  expect(new Set(serials).size).toBe(4500)
  expect(serials[0]).toBe('S04500')
  expect(serials[4499]).toBe('S00001')
})
