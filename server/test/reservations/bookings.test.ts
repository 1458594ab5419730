/**
 * Bookings: validation in Chinese, the plan's capacity (no plan, full, past day, the same plate twice),
 * every status move allowed and refused (409 naming both states), cancelling frees the place,
 * reception (today's list, check-in only on the day) and tenancy (another base's ids answer as missing).
 */
import { chinaToday, CompanyMsg, RESERVATION_MOVES, RESERVATION_STATUS, RESERVATION_STATUS_LABELS, RESERVATION_STATUS_VALUES, ReservationMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { reservations } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
let baseToken: string
let receptionToken: string
let subToken: string
let otherToken: string
let a: number
let b: number

const today = chinaToday()
const dayAfter = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
const tomorrow = dayAfter(1)

const booking = (over: Record<string, unknown> = {}) => ({
  licenseNumber: '苏A12345', contactName: '王师傅', phone: '13912345678', tankerType: '常压车辆',
  reserveTime: tomorrow, reservePeriod: '上午', ...over,
})

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '预约甲基地')).id
  b = (await makeCompany(env.db, '预约乙基地')).id
  const admin = await makeUser(env.db, { phone: '13622220001', role: 'baseAdmin', companyIds: [a] })
  const reception = await makeUser(env.db, { phone: '13622220002', role: 'reception', companyIds: [a] })
  const sub = await makeUser(env.db, { phone: '13622220003', role: 'subAccount', companyIds: [a] })
  const other = await makeUser(env.db, { phone: '13622220004', role: 'baseAdmin', companyIds: [b] })
  baseToken = await env.token(admin.phone, admin.password)
  receptionToken = await env.token(reception.phone, reception.password)
  subToken = await env.token(sub.phone, sub.password)
  otherToken = await env.token(other.phone, other.password)
  for (const [companyId, reserveTime, reservePeriod, tankerType, totalCount] of [
    [a, tomorrow, '上午', '常压车辆', 2], [a, tomorrow, '下午', '承压车辆', 5], [a, today, '上午', '常压车辆', 5], [a, today, '下午', '常压车辆', 5],
    [b, tomorrow, '上午', '常压车辆', 5], [a, dayAfter(2), '上午', '常压车辆', 30],
  ] as const) {
    const saved = await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId, reserveTime, reservePeriod, tankerType, totalCount })
    expect(saved.status).toBe(200)
  }
})
afterAll(async () => env?.close())

const book = (token: string, body: unknown) => env.call(token, 'POST', '/api/reservation/save', body)
const upStatus = (token: string, id: number, status: unknown) => env.call(token, 'POST', `/api/reservation/upStatus/${id}`, { status })

describe('validation', () => {
  test.each([
    [{ licenseNumber: undefined }, '车牌号不能为空'],
    [{ licenseNumber: '' }, '车牌号不能为空'],
    [{ licenseNumber: 'AB12345' }, ReservationMsg.plateFormat],
    [{ licenseNumber: '苏I12345' }, ReservationMsg.plateFormat],
    [{ licenseNumber: '苏A'.padEnd(10_000, '1') }, ReservationMsg.plateFormat],
    [{ licenseNumber: 12345 }, '车牌号格式不正确'],
    [{ contactName: '' }, '驾驶员姓名不能为空'],
    [{ contactName: '王'.repeat(51) }, '驾驶员姓名不能超过50个字符'],
    [{ phone: '12345' }, '驾驶员电话格式不正确，请输入正确的11位手机号'],
    [{ phone: undefined }, '驾驶员电话不能为空'],
    [{ tankerType: '油罐车' }, '车辆类型只能是常压车辆、承压车辆'],
    [{ reservePeriod: '晚上' }, '预约时段只能是上午、下午'],
    [{ reserveTime: '2031-02-30' }, '预约日期不是有效的日期'],
    [{ reserveTime: [] }, '预约日期格式不正确'],
    [{ remarks: 'x'.repeat(201) }, '备注不能超过200个字符'],
    [{ companyId: 'abc' }, '基地必须是整数'],
  ])('%j is refused: %s', async (over, message) => {
    const res = await book(baseToken, booking({ ...over, licenseNumber: 'licenseNumber' in over ? over.licenseNumber : '苏B00001' }))
    expect(res.status).toBe(400)
    expect(res.message).toContain(message)
  })

  test('nothing is written by a refused booking; the plate is taken as people type it', async () => {
    const before = (await env.db.select().from(reservations)).length
    await book(baseToken, booking({ phone: 'x' }))
    expect((await env.db.select().from(reservations)).length).toBe(before)
    const ok = await book(baseToken, booking({ licenseNumber: ' 苏e·d1234 ', reservePeriod: '下午', tankerType: '承压车' }))
    expect(ok).toMatchObject({ status: 200, message: '预约成功' })
    expect(ok.data).toMatchObject({ licenseNumber: '苏ED1234', tankerType: '承压车辆', status: 0, statusName: '已预约', companyId: a, companyName: '预约甲基地' })
  })

  test('bad status values are refused in Chinese', async () => {
    const { data } = await book(baseToken, booking({ licenseNumber: '苏E20001', reservePeriod: '下午', tankerType: '承压车辆' }))
    for (const status of [9, 'x', null, -1]) {
      const res = await upStatus(baseToken, data.id, status)
      expect(res.status).toBe(400)
      expect(res.message).toMatch(/预约状态/)
    }
  })
})

describe('capacity', () => {
  test('no plan, a past day, the same plate twice and a full plan are refused; 预约成功 until the places are taken', async () => {
    expect(await book(baseToken, booking({ reservePeriod: '下午' }))).toMatchObject({ status: 409, message: ReservationMsg.noPlan(tomorrow, '下午', '常压车辆') })
    expect(await book(baseToken, booking({ reserveTime: dayAfter(-1) }))).toMatchObject({ status: 400, message: ReservationMsg.pastDay })
    const first = await book(baseToken, booking())
    expect(first).toMatchObject({ status: 200, message: '预约成功' })
    expect(await book(baseToken, booking())).toMatchObject({ status: 409, message: ReservationMsg.duplicate('苏A12345', tomorrow) })
    expect(await book(baseToken, booking({ licenseNumber: '苏A12346' }))).toMatchObject({ status: 200 })
    expect(await book(baseToken, booking({ licenseNumber: '苏A12347' }))).toMatchObject({ status: 409, message: ReservationMsg.full(tomorrow, '上午', '常压车辆', 2) })

    // cancelling frees the place and the plate may book again
    expect(await upStatus(baseToken, first.data.id, RESERVATION_STATUS.cancelled)).toMatchObject({ status: 200, data: { statusName: '已取消' } })
    expect(await book(baseToken, booking({ licenseNumber: '苏A12347' }))).toMatchObject({ status: 200 })
    expect(await book(baseToken, booking({ licenseNumber: '苏A12348' }))).toMatchObject({ status: 409 })

    const plans = await env.call(baseToken, 'POST', '/api/reservationPlan/find', { reserveTime: [tomorrow, tomorrow] })
    expect(plans.data.data.find((p: { reservePeriod: string; tankerType: string }) => p.reservePeriod === '上午' && p.tankerType === '常压车辆'))
      .toMatchObject({ totalCount: 2, bookedCount: 2 })
  })

  test('a user without the reservation permission cannot book', async () => {
    expect((await book(subToken, booking({ licenseNumber: '苏A99999' }))).status).toBe(403)
  })
})

describe('status moves', () => {
  test('every move RESERVATION_MOVES allows succeeds; every other is refused with 409 naming both states', async () => {
    let n = 0
    /** a booking of today in `status` (straight in the table: 已到场 and 未到 are reached by moves tested here) */
    const inStatus = async (status: number) => {
      const plate = `苏C${String(10000 + n++)}`
      const { data } = await book(baseToken, booking({ licenseNumber: plate, reserveTime: today, reservePeriod: n % 2 ? '上午' : '下午' }))
      await env.db.update(reservations).set({ status }).where(eq(reservations.id, data.id))
      return data.id as number
    }
    for (const from of RESERVATION_STATUS_VALUES) {
      for (const to of RESERVATION_STATUS_VALUES) {
        const id = await inStatus(from)
        const res = await upStatus(baseToken, id, to)
        if (RESERVATION_MOVES[from].includes(to)) {
          expect(res, `${from}->${to}`).toMatchObject({ status: 200, message: '更改成功', data: { status: to, statusName: RESERVATION_STATUS_LABELS[to] } })
          if (to === RESERVATION_STATUS.arrived) expect(res.data.arriveTimeStr).toMatch(/^\d{4}-/)
        } else {
          expect(res, `${from}->${to}`).toMatchObject({ status: 409, message: ReservationMsg.badMove(RESERVATION_STATUS_LABELS[from], RESERVATION_STATUS_LABELS[to]) })
        }
        // a refused or made move leaves a cancelled booking cancelled, so the day does not fill up
        await env.db.update(reservations).set({ status: RESERVATION_STATUS.cancelled }).where(eq(reservations.id, id))
      }
    }
  })

  test('已到场 only on the booking\'s day', async () => {
    const { data } = await book(baseToken, booking({ licenseNumber: '苏D10001', reserveTime: dayAfter(2) }))
    expect(await upStatus(baseToken, data.id, RESERVATION_STATUS.arrived)).toMatchObject({ status: 409, message: ReservationMsg.checkInNotToday(dayAfter(2)) })
    expect(await env.call(receptionToken, 'POST', `/api/reception/checkIn/${data.id}`)).toMatchObject({ status: 409 })
  })
  test('未到 only from the booking\'s day on: a future booking is refused in Chinese and stays 已预约', async () => {
    const { data } = await book(baseToken, booking({ licenseNumber: '苏D10002', reserveTime: dayAfter(2) }))
    expect(await upStatus(baseToken, data.id, RESERVATION_STATUS.noShow)).toMatchObject({ status: 409, message: ReservationMsg.noShowBeforeDay(dayAfter(2)) })
    expect(ReservationMsg.noShowBeforeDay(dayAfter(2))).toBe(`该预约的日期是 ${dayAfter(2)}，还没到预约当天，不能标记为未到`)
    expect((await env.call(baseToken, 'GET', `/api/reservation/get/${data.id}`)).data).toMatchObject({ status: RESERVATION_STATUS.booked, statusName: '已预约' })
    // on its day (and after it) the move is made
    const onTheDay = await book(baseToken, booking({ licenseNumber: '苏D10003', reserveTime: today }))
    expect(await upStatus(baseToken, onTheDay.data.id, RESERVATION_STATUS.noShow)).toMatchObject({ status: 200, data: { statusName: '未到' } })
    const past = await book(baseToken, booking({ licenseNumber: '苏D10004', reserveTime: today, reservePeriod: '下午' }))
    await env.db.update(reservations).set({ reserveTime: dayAfter(-1) }).where(eq(reservations.id, past.data.id))
    expect(await upStatus(baseToken, past.data.id, RESERVATION_STATUS.noShow)).toMatchObject({ status: 200, data: { statusName: '未到' } })
  })
})

describe('reception', () => {
  test('today\'s bookings of the base, check-in once', async () => {
    const { data } = await book(receptionToken, booking({ licenseNumber: '苏F10001', reserveTime: today }))
    await book(otherToken, booking({ licenseNumber: '苏F10002', reserveTime: tomorrow }))
    expect(await env.call(receptionToken, 'POST', '/api/reception/today', { companyId: b })).toMatchObject({ status: 404, message: CompanyMsg.notFound })
    const list = await env.call(receptionToken, 'POST', '/api/reception/today', { companyId: a })
    expect(list.status).toBe(200)
    expect(list.data.data.every((r: { reserveTime: string; companyId: number }) => r.reserveTime === today && r.companyId === a)).toBe(true)
    expect(list.data.data.map((r: { licenseNumber: string }) => r.licenseNumber)).toContain('苏F10001')
    const filtered = await env.call(receptionToken, 'POST', '/api/reception/today', { licenseNumber: 'f10001' })
    expect(filtered.data.totalCount).toBe(1)

    const checked = await env.call(receptionToken, 'POST', `/api/reception/checkIn/${data.id}`)
    expect(checked).toMatchObject({ status: 200, message: ReservationMsg.checkedIn, data: { status: RESERVATION_STATUS.arrived, statusName: '已到场' } })
    expect(await env.call(receptionToken, 'POST', `/api/reception/checkIn/${data.id}`)).toMatchObject({ status: 409, message: ReservationMsg.badMove('已到场', '已到场') })
    expect((await env.call(subToken, 'POST', '/api/reception/today', {})).status).toBe(403)
  })
})

describe('tenancy', () => {
  test('another base\'s booking answers as missing and is unchanged; lists and bookings are the caller\'s own base, another named is refused', async () => {
    const theirs = await book(otherToken, booking({ licenseNumber: '苏G10001' }))
    expect(theirs.data.companyId).toBe(b)
    const id = theirs.data.id
    expect(await env.call(baseToken, 'GET', `/api/reservation/get/${id}`)).toMatchObject({ status: 404, message: ReservationMsg.notFound })
    expect(await upStatus(baseToken, id, RESERVATION_STATUS.cancelled)).toMatchObject({ status: 404, message: ReservationMsg.notFound })
    expect(await env.call(receptionToken, 'POST', `/api/reception/checkIn/${id}`)).toMatchObject({ status: 404 })
    expect((await env.call(otherToken, 'GET', `/api/reservation/get/${id}`)).data.status).toBe(RESERVATION_STATUS.booked)

    const mine = await env.call(baseToken, 'POST', '/api/reservation/find', { size: 100 })
    expect(mine.data.totalCount).toBeGreaterThan(0)
    expect(mine.data.data.every((r: { companyId: number }) => r.companyId === a)).toBe(true)
    expect(await env.call(baseToken, 'POST', '/api/reservation/find', { companyId: b, size: 100 })).toMatchObject({ status: 404, message: CompanyMsg.notFound })

    // naming base B is refused, not booked at the caller's own base
    const before = (await env.call(baseToken, 'POST', '/api/reservation/find', { size: 100 })).data.totalCount
    const named = await book(baseToken, booking({ companyId: b, licenseNumber: '苏G10002' }))
    expect(named).toMatchObject({ status: 404, message: CompanyMsg.notFound })
    expect((await env.call(baseToken, 'POST', '/api/reservation/find', { size: 100 })).data.totalCount).toBe(before)

    // headquarters sees every base and may book for one
    const all = await env.call(hq, 'POST', '/api/reservation/find', { licenseNumber: '苏G1000' })
    expect(all.data.data.map((r: { companyId: number }) => r.companyId)).toContain(b)
    expect(await book(hq, booking({ companyId: b, licenseNumber: '苏G10003' }))).toMatchObject({ status: 200, data: { companyId: b } })
  })

  test('list filters: status, plate, period, tanker type and day range', async () => {
    const res = await env.call(baseToken, 'POST', '/api/reservation/find', {
      status: '0', licenseNumber: 'ed1234', reservePeriod: '下午', tankerType: '承压车辆', reserveTime: [tomorrow, tomorrow],
    })
    expect(res.data.data.map((r: { licenseNumber: string }) => r.licenseNumber)).toEqual(['苏ED1234'])
  })
})
