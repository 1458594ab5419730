/**
 * Reservation plans: the spec's defaults, one plan per base/day/period/type (saving again sets the
 * count), delete only when no booking holds a place, the month calendar (booked/total per plan),
 * headquarters' key reservation_plan, tenancy.
 */
import { chinaToday, CompanyMsg, ReservationMsg } from '@app/contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
let baseToken: string
let otherToken: string
let a: number
let b: number
const today = chinaToday()
const month = today.slice(0, 7)
// a day of this month that is not past, so it can be booked
const day = today

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '计划甲基地')).id
  b = (await makeCompany(env.db, '计划乙基地')).id
  const admin = await makeUser(env.db, { phone: '13644440001', role: 'baseAdmin', companyIds: [a] })
  const other = await makeUser(env.db, { phone: '13644440002', role: 'baseAdmin', companyIds: [b] })
  baseToken = await env.token(admin.phone, admin.password)
  otherToken = await env.token(other.phone, other.password)
})
afterAll(async () => env?.close())

const save = (token: string, body: unknown) => env.call(token, 'POST', '/api/reservationPlan/save', body)

describe('plans', () => {
  test('a new plan takes the spec\'s defaults (上午, 常压车辆, 0); saving the same slot again sets its count', async () => {
    const first = await save(hq, { companyId: a, reserveTime: day })
    expect(first).toMatchObject({ status: 200, message: '预约设置保存成功', data: { reservePeriod: '上午', tankerType: '常压车辆', totalCount: 0, bookedCount: 0, companyId: a } })
    const again = await save(hq, { companyId: a, reserveTime: day, totalCount: 3 })
    expect(again.data).toMatchObject({ id: first.data.id, totalCount: 3 })
    expect((await save(hq, { companyId: a, reserveTime: day, reservePeriod: '下午', tankerType: '承压车', totalCount: 4 })).data)
      .toMatchObject({ reservePeriod: '下午', tankerType: '承压车辆', totalCount: 4 })
  })

  test('bad input is refused in Chinese', async () => {
    for (const [body, message] of [
      [{ companyId: a }, '预约日期不能为空'],
      [{ companyId: a, reserveTime: day, totalCount: -1 }, '可预约数量不能小于0'],
      [{ companyId: a, reserveTime: day, reservePeriod: '中午' }, '预约时段只能是上午、下午'],
      [{ companyId: a, reserveTime: 'x'.repeat(5000) }, '预约日期格式不正确'],
    ] as const) {
      expect(await save(hq, body)).toMatchObject({ status: 400, message: expect.stringContaining(message) })
    }
  })

  test('a base user without reservation_plan may read plans but not set or delete them', async () => {
    expect((await save(baseToken, { reserveTime: day })).status).toBe(403)
    expect(await env.call(baseToken, 'POST', '/api/reservationPlan/find', { companyId: b })).toMatchObject({ status: 404, message: CompanyMsg.notFound })
    const { data } = await env.call(baseToken, 'POST', '/api/reservationPlan/find', {})
    expect(data.data.length).toBeGreaterThan(0)
    expect(data.data.every((p: { companyId: number }) => p.companyId === a)).toBe(true)
    expect((await env.call(baseToken, 'DELETE', `/api/reservationPlan/delete/${data.data[0].id}`)).status).toBe(403)
  })

  test('a plan cannot go below its bookings nor be deleted while one holds a place; free, it is deleted', async () => {
    const plan = (await save(hq, { companyId: a, reserveTime: day, reservePeriod: '下午', tankerType: '常压车辆', totalCount: 2 })).data
    const booked = await env.call(baseToken, 'POST', '/api/reservation/save', {
      licenseNumber: '苏H10001', contactName: '李师傅', phone: '13912340000', tankerType: '常压车辆', reserveTime: day, reservePeriod: '下午',
    })
    expect(booked.status).toBe(200)
    expect(await save(hq, { companyId: a, reserveTime: day, reservePeriod: '下午', totalCount: 0 })).toMatchObject({ status: 409, message: ReservationMsg.planBelowBooked(1) })
    expect(await env.call(hq, 'DELETE', `/api/reservationPlan/delete/${plan.id}`)).toMatchObject({ status: 409, message: ReservationMsg.planInUse(1) })
    await env.call(baseToken, 'POST', `/api/reservation/upStatus/${booked.data.id}`, { status: 2 })
    expect(await env.call(hq, 'DELETE', `/api/reservationPlan/delete/${plan.id}`)).toMatchObject({ status: 200, message: '删除成功' })
    expect(await env.call(hq, 'DELETE', `/api/reservationPlan/delete/${plan.id}`)).toMatchObject({ status: 404, message: ReservationMsg.planNotFound })
    // the cancelled booking went with its plan
    expect((await env.call(baseToken, 'GET', `/api/reservation/get/${booked.data.id}`)).status).toBe(404)
  })
})

describe('month calendar', () => {
  test('each day\'s plans with booked/total; a base user gets their own base, another named is refused', async () => {
    await save(hq, { companyId: b, reserveTime: day, totalCount: 7 })
    await env.call(baseToken, 'POST', '/api/reservation/save', {
      licenseNumber: '苏H20001', contactName: '赵师傅', phone: '13912340001', tankerType: '常压车辆', reserveTime: day, reservePeriod: '上午',
    })
    expect(await env.call(baseToken, 'POST', '/api/reservationPlan/month', { month, companyId: b })).toMatchObject({ status: 404, message: CompanyMsg.notFound })
    const mine = await env.call(baseToken, 'POST', '/api/reservationPlan/month', { month })
    expect(mine.status).toBe(200)
    expect(mine.data.companyId).toBe(a)
    const todays = mine.data.days.find((d: { date: string }) => d.date === day)
    expect(todays.plans).toEqual(expect.arrayContaining([
      expect.objectContaining({ reservePeriod: '上午', tankerType: '常压车辆', totalCount: 3, bookedCount: 1 }),
      expect.objectContaining({ reservePeriod: '下午', tankerType: '承压车辆', totalCount: 4, bookedCount: 0 }),
    ]))
    const theirs = await env.call(hq, 'POST', '/api/reservationPlan/month', { month, companyId: b })
    expect(theirs.data.days[0].plans[0]).toMatchObject({ totalCount: 7, bookedCount: 0 })
    expect((await env.call(otherToken, 'POST', '/api/reservationPlan/month', { month })).data.companyId).toBe(b)
    expect(await env.call(baseToken, 'POST', '/api/reservationPlan/month', { month: '2026-13' })).toMatchObject({ status: 400, message: ReservationMsg.monthFormat })
    expect((await env.call(baseToken, 'POST', '/api/reservationPlan/month', { month: '2031-02' })).data.days).toEqual([])
  })
})
