/**
 * Drivers' phones outside goods (bookings, reception, inspection registrations): masked in every list,
 * answer and export, searched by the whole number only, shown whole through the logged reveal to the
 * roles allowed and within the base, kept by an edit that leaves the phone out, and taken whole from
 * the booking when a registration is made from it.
 */
import { chinaToday, PersonalDataMsg, ReportMsg, ReservationMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { reports } from '../../src/db/schema/index.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { bearer, createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let hq: string
let admin: string
let operator: string
let reception: string
let otherAdmin: string
let a: number
let b: number

const today = chinaToday()
const PHONE = '13912345678'
const MASKED = '139****5678'

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '号码甲基地')).id
  b = (await makeCompany(env.db, '号码乙基地')).id
  const users = {
    admin: await makeUser(env.db, { phone: '13677770001', name: '甲管理员', role: 'baseAdmin', companyIds: [a] }),
    operator: await makeUser(env.db, { phone: '13677770002', role: 'operator', companyIds: [a] }),
    reception: await makeUser(env.db, { phone: '13677770003', role: 'reception', companyIds: [a] }),
    other: await makeUser(env.db, { phone: '13677770004', role: 'baseAdmin', companyIds: [b] }),
  }
  ;[admin, operator, reception, otherAdmin] = await Promise.all(
    [users.admin, users.operator, users.reception, users.other].map((u) => env.token(u.phone, u.password)),
  )
  for (const companyId of [a, b]) {
    for (const reservePeriod of ['上午', '下午']) {
      const saved = await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId, reserveTime: today, reservePeriod, tankerType: '常压车辆', totalCount: 20 })
      expect(saved.status).toBe(200)
    }
  }
})
afterAll(async () => env?.close())

const book = async (token: string, licenseNumber: string, phone = PHONE, reservePeriod = '上午') => {
  const res = await env.call(token, 'POST', '/api/reservation/save', { licenseNumber, contactName: '王师傅', phone, tankerType: '常压车辆', reserveTime: today, reservePeriod })
  expect(res.status).toBe(200)
  return res.data as { id: number; phone: string }
}
const registration = (over: Record<string, unknown> = {}) => ({
  licenseNumber: '苏C10001', tankerType: '常压车辆', org: '号码运输公司', contactName: '李师傅', phone: PHONE,
  latestMaterial: '柴油', outdate: '2031-12-31', ...over,
})
const storedPhone = async (reportId: number) => (await env.db.select({ phone: reports.phone }).from(reports).where(eq(reports.id, reportId)))[0]!.phone
const logLines = async (keyword: string) =>
  (await env.call(hq, 'POST', '/api/log/find', { keyword })).data.data.map((l: { errorMes: string; phone: string; companyId: number }) => `${l.companyId} ${l.phone} ${l.errorMes}`)

async function exportSheet(url: string, token: string) {
  const res = await env.app.inject({ method: 'GET', url, headers: bearer(token) })
  expect(res.statusCode).toBe(200)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  return book.worksheets[0]!
}

describe('bookings and reception', () => {
  test('the list, the detail, the booking\'s own answer and reception\'s list show the phone masked', async () => {
    const booked = await book(admin, '苏C20001')
    expect(booked.phone).toBe(MASKED)
    const list = await env.call(admin, 'POST', '/api/reservation/find', { licenseNumber: '苏C20001' })
    expect(list.data.data.map((r: { phone: string }) => r.phone)).toEqual([MASKED])
    expect((await env.call(admin, 'GET', `/api/reservation/get/${booked.id}`)).data.phone).toBe(MASKED)
    const todays = await env.call(reception, 'POST', '/api/reception/today', { licenseNumber: '苏C20001' })
    expect(todays.data.data.map((r: { phone: string }) => r.phone)).toEqual([MASKED])
    for (const res of [list, todays]) expect(JSON.stringify(res.data)).not.toContain(PHONE)
  })

  test('the phone filter finds the whole number, and neither a part of it nor the mask', async () => {
    await book(admin, '苏C20002', '13800001111')
    const found = (phone: string) => env.call(admin, 'POST', '/api/reservation/find', { phone }).then((r) => r.data.data.map((x: { licenseNumber: string }) => x.licenseNumber))
    expect(await found('13800001111')).toEqual(['苏C20002'])
    expect(await found('1380000')).toEqual([])
    expect(await found('138****1111')).toEqual([])
  })

  test('a base admin and headquarters reveal the whole phone, logged; another role is refused (403), another base\'s booking is missing (404)', async () => {
    const { id } = await book(admin, '苏C20003', '13800002222')
    const reveal = (token: string, bookingId = id) => env.call(token, 'POST', `/api/reservation/reveal/${bookingId}`, { field: 'phone' })
    expect(await reveal(admin)).toMatchObject({ status: 200, data: { value: '13800002222' } })
    expect(await reveal(hq)).toMatchObject({ status: 200, data: { value: '13800002222' } })
    expect(await reveal(reception)).toMatchObject({ status: 403, message: PersonalDataMsg.revealForbidden })
    expect(await reveal(operator)).toMatchObject({ status: 403 })
    expect(await reveal(otherAdmin)).toMatchObject({ status: 404, message: ReservationMsg.notFound })
    expect(await reveal(admin, 999_999)).toMatchObject({ status: 404 })
    expect((await env.call(admin, 'POST', `/api/reservation/reveal/${id}`, { field: 'idNumber' })).status).toBe(400)

    const lines = await logLines('苏C20003')
    expect(lines).toContain(`${a} 13677770001 甲管理员查看了预约 ${id}（车牌 苏C20003）的完整手机号`)
    // the two allowed reveals, and nothing for the refused ones; the value itself is never logged
    expect(lines).toHaveLength(2)
    expect(lines.join()).not.toContain('13800002222')
  })
})

describe('inspection registrations', () => {
  test('the list, the look-ups, the detail and the export show the phone masked', async () => {
    const saved = await env.call(admin, 'POST', '/api/report/saveFirst', registration({ licenseNumber: '苏C30001', phone: '13800003333' }))
    expect(saved.status).toBe(200)
    expect(saved.data.phone).toBe('138****3333')
    const id = saved.data.id as number
    const list = await env.call(admin, 'POST', '/api/report/find', { licenseNumber: '苏C30001' })
    expect(list.data.data.map((r: { phone: string }) => r.phone)).toEqual(['138****3333'])
    const history = await env.call(admin, 'POST', `/api/report/get/${id}`)
    const detail = await env.call(admin, 'POST', `/api/report/getDetail/${id}`)
    for (const res of [list, history, detail]) expect(JSON.stringify(res.data)).not.toContain('13800003333')

    const sheet = await exportSheet(`/api/report/export/${a}?licenseNumber=苏C30001`, admin)
    const header = (sheet.getRow(1).values as string[]).slice(1)
    expect((sheet.getRow(2).values as string[]).slice(1)[header.indexOf('电话')]).toBe('138****3333')
    expect(JSON.stringify(sheet.getSheetValues())).not.toContain('13800003333')
  })

  test('the phone filter finds the whole number only', async () => {
    await env.call(admin, 'POST', '/api/report/saveFirst', registration({ licenseNumber: '苏C30002', phone: '13800004444' }))
    const found = (phone: string) => env.call(admin, 'POST', '/api/report/find', { phone }).then((r) => r.data.data.map((x: { licenseNumber: string }) => x.licenseNumber))
    expect(await found('13800004444')).toEqual(['苏C30002'])
    expect(await found('4444')).toEqual([])
    expect(await found('138****4444')).toEqual([])
  })

  test('reveal: the whole phone for a base admin, logged; 403 for an operator, 404 for another base', async () => {
    const saved = await env.call(admin, 'POST', '/api/report/saveFirst', registration({ licenseNumber: '苏C30003', phone: '13800005555' }))
    const { id, reportNumber } = saved.data as { id: number; reportNumber: string }
    const reveal = (token: string) => env.call(token, 'POST', `/api/report/reveal/${id}`, { field: 'phone' })
    expect(await reveal(admin)).toMatchObject({ status: 200, data: { value: '13800005555' } })
    expect(await reveal(operator)).toMatchObject({ status: 403, message: PersonalDataMsg.revealForbidden })
    expect(await reveal(otherAdmin)).toMatchObject({ status: 404, message: ReportMsg.notFound })
    expect(await logLines(reportNumber)).toEqual([`${a} 13677770001 甲管理员查看了检验报告 ${reportNumber}（车牌 苏C30003）的完整手机号`])
  })

  test('编辑登记 without the phone keeps the stored one; a retyped phone replaces it; the mask is refused', async () => {
    const id = (await env.call(admin, 'POST', '/api/report/save', registration({ licenseNumber: '苏C30004', phone: '13800006666' }))).data.id as number
    const { phone: _left, ...untouched } = registration({ licenseNumber: '苏C30004', org: '改过的单位' })
    const edited = await env.call(operator, 'POST', '/api/report/save', { ...untouched, id })
    expect(edited).toMatchObject({ status: 200, data: { org: '改过的单位', phone: '138****6666' } })
    expect(await storedPhone(id)).toBe('13800006666')

    const masked = await env.call(operator, 'POST', '/api/report/save', { ...untouched, id, phone: '138****6666' })
    expect(masked).toMatchObject({ status: 400 })
    expect(masked.message).toContain('驾驶员电话格式不正确')
    expect(await storedPhone(id)).toBe('13800006666')

    expect((await env.call(operator, 'POST', '/api/report/save', { ...untouched, id, phone: '13800007777' })).status).toBe(200)
    expect(await storedPhone(id)).toBe('13800007777')
  })

  test('a new registration without a booking must give the phone', async () => {
    const { phone: _left, ...noPhone } = registration({ licenseNumber: '苏C30005' })
    for (const url of ['/api/report/saveFirst', '/api/report/save']) {
      const res = await env.call(admin, 'POST', url, noPhone)
      expect(res.status).toBe(400)
      expect(res.message).toContain('驾驶员电话不能为空')
    }
    expect((await env.call(admin, 'POST', '/api/report/find', { licenseNumber: '苏C30005' })).data.totalCount).toBe(0)
  })

  test('registered from a booking (同步预约 without the phone, or reception\'s 接待登记), the report holds the booking\'s whole phone', async () => {
    const synced = await book(admin, '苏C30006', '13800008888')
    const { phone: _left, ...fromDialog } = registration({ licenseNumber: '苏C30006', receptionId: synced.id })
    const registered = await env.call(operator, 'POST', '/api/report/save', fromDialog)
    expect(registered).toMatchObject({ status: 200, data: { phone: '138****8888', receptionId: synced.id } })
    expect(await storedPhone(registered.data.id)).toBe('13800008888')

    const atReception = await book(admin, '苏C30007', '13800009999', '下午')
    const checkedIn = await env.call(reception, 'POST', `/api/report/syncFromReservation/${atReception.id}`)
    expect(checkedIn).toMatchObject({ status: 200, data: { phone: '138****9999' } })
    expect(await storedPhone(checkedIn.data.id)).toBe('13800009999')
  })
})
