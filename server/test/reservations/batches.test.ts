/**
 * Plans made in bulk (批量添加: range × weekdays × periods × tanker types) and 复制上周: the count
 * made, slots that have a plan skipped and reported (their counts kept), the cap per call, Chinese
 * 4xx for bad input with nothing written, headquarters' key, and tenancy (a base only its own).
 */
import { addDays, chinaToday, CompanyMsg, isoWeekday, mondayOf, PLAN_BATCH_MAX, ReservationMsg } from '@app/contract'
import { and, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { reservationPlans } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
let baseToken: string
let keyHolderToken: string
let a: number
let b: number
const today = chinaToday()
// the weeks after this one: W1 (batch) and W2 (copied into)
const w1 = addDays(mondayOf(today), 7)
const w2 = addDays(w1, 7)

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '批量甲基地')).id
  b = (await makeCompany(env.db, '批量乙基地')).id
  const admin = await makeUser(env.db, { phone: '13655550001', role: 'baseAdmin', companyIds: [a] })
  // a user of base A holding every permission, headquarters' reservation_plan among them
  const holder = await makeUser(env.db, { phone: '13655550002', role: 'admin', companyIds: [a] })
  baseToken = await env.token(admin.phone, admin.password)
  keyHolderToken = await env.token(holder.phone, holder.password)
})
afterAll(async () => env?.close())

const batch = (token: string, body: unknown) => env.call(token, 'POST', '/api/reservationPlan/batch', body)
const copyWeek = (token: string, body: unknown) => env.call(token, 'POST', '/api/reservationPlan/copyWeek', body)
const plansOf = async (companyId: number) => env.db.select().from(reservationPlans).where(eq(reservationPlans.companyId, companyId))
const allPlans = async () => (await env.db.select({ id: reservationPlans.id }).from(reservationPlans)).length
const week = (over: Record<string, unknown> = {}) => ({
  companyId: a, from: w1, to: addDays(w1, 6), weekdays: [1, 2, 3, 4, 5], periods: ['上午', '下午'], tankerTypes: ['常压车辆', '承压车辆'], totalCount: 10, ...over,
})

describe('batch', () => {
  test('headquarters makes a week\'s weekday slots for a base in one call; they show on its calendar', async () => {
    const res = await batch(hq, week())
    expect(res).toMatchObject({ status: 200, message: '已创建 20 个预约时段', data: { created: 20, existing: [], past: 0 } })
    const mine = await plansOf(a)
    expect(mine).toHaveLength(20)
    expect(new Set(mine.map((p) => isoWeekday(p.reserveTime)))).toEqual(new Set([1, 2, 3, 4, 5]))
    expect(mine.every((p) => p.totalCount === 10)).toBe(true)
    const month = await env.call(hq, 'POST', '/api/reservationPlan/month', { companyId: a, month: w1.slice(0, 7) })
    expect(month.data.days.find((d: { date: string }) => d.date === w1).plans).toHaveLength(4)
  })

  test('slots that have a plan are skipped and reported, their counts kept; the rest are made', async () => {
    const res = await batch(hq, week({ weekdays: [5, 6], periods: ['上午'], tankerTypes: ['常压车', '常压车辆'], totalCount: 3 }))
    // Friday 上午 常压车辆 was made above; Saturday's is new (the short form counts once)
    expect(res).toMatchObject({
      status: 200, message: '已创建 1 个预约时段，跳过已存在的 1 个',
      data: { created: 1, existing: [{ reserveTime: addDays(w1, 4), reservePeriod: '上午', tankerType: '常压车辆' }] },
    })
    const friday = (await plansOf(a)).find((p) => p.reserveTime === addDays(w1, 4) && p.reservePeriod === '上午' && p.tankerType === '常压车辆')
    expect(friday?.totalCount).toBe(10)
    // all there already: nothing made, every slot reported
    expect(await batch(hq, week({ weekdays: [1], periods: ['上午'] }))).toMatchObject({ status: 200, message: '已创建 0 个预约时段，跳过已存在的 2 个', data: { created: 0 } })
  })

  test(`more than ${PLAN_BATCH_MAX} slots in one call are refused and nothing is written`, async () => {
    const before = await allPlans()
    const to = addDays(w1, 365)
    const res = await batch(hq, week({ to, weekdays: [1, 2, 3, 4, 5, 6, 7] }))
    expect(res).toMatchObject({ status: 400, message: ReservationMsg.batchTooMany(366 * 4, PLAN_BATCH_MAX) })
    expect(res.message).toBe(`一次最多创建 ${PLAN_BATCH_MAX} 个预约时段，本次选择了 1464 个，请缩小日期范围或减少选项`)
    expect(await allPlans()).toBe(before)
  })

  test('bad input is refused with a Chinese 400 and nothing is written', async () => {
    const before = await allPlans()
    for (const [body, message] of [
      [{ companyId: undefined }, '基地不能为空'],
      [{ from: undefined }, '开始日期不能为空'],
      [{ to: undefined }, '结束日期不能为空'],
      [{ weekdays: undefined }, '请至少选择一个星期'],
      [{ weekdays: [] }, '请至少选择一个星期'],
      [{ periods: undefined }, '请至少选择一个时段'],
      [{ tankerTypes: [] }, '请至少选择一个车辆类型'],
      [{ totalCount: undefined }, '可预约数量不能为空'],
      [{ companyId: 'abc' }, '基地必须是整数'],
      [{ from: 20310101 }, '开始日期格式不正确'],
      [{ to: '2031-02-30' }, '结束日期不是有效的日期'],
      [{ weekdays: 'x' }, '星期格式不正确'],
      [{ weekdays: [8] }, '星期只能是 1（一）到 7（日）'],
      [{ weekdays: ['一'] }, '星期只能是 1（一）到 7（日）'],
      [{ periods: '上午' }, '预约时段格式不正确'],
      [{ periods: ['晚上'] }, '预约时段只能是上午、下午'],
      [{ tankerTypes: ['油罐车'] }, '车辆类型只能是常压车辆、承压车辆'],
      [{ totalCount: 'abc' }, '可预约数量必须是整数'],
      [{ totalCount: 0 }, '可预约数量不能小于1'],
      [{ totalCount: 1.5 }, '可预约数量必须是整数'],
      [{ from: addDays(w1, 3), to: w1 }, ReservationMsg.batchReversed],
      [{ to: addDays(w1, 400) }, ReservationMsg.batchTooLong(366)],
      [{ from: addDays(today, -1) }, ReservationMsg.batchPastStart],
      [{ from: w1, to: addDays(w1, 1), weekdays: [6, 7] }, ReservationMsg.batchNone],
    ] as const) {
      const res = await batch(hq, week(body))
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, message: expect.stringContaining(message) })
    }
    expect((await batch(hq, [week()])).status).toBe(400)
    expect(await allPlans()).toBe(before)
  })

  test('a base makes only its own slots: another base named answers as missing; a base without the key is refused', async () => {
    const before = await allPlans()
    expect(await batch(keyHolderToken, week({ companyId: b }))).toMatchObject({ status: 404, message: CompanyMsg.notFound })
    expect(await batch(hq, week({ companyId: 999_999 }))).toMatchObject({ status: 404, message: CompanyMsg.notFound })
    expect((await batch(baseToken, week())).status).toBe(403)
    expect(await allPlans()).toBe(before)
    expect(await plansOf(b)).toHaveLength(0)
    const own = await batch(keyHolderToken, week({ from: w2, to: w2, weekdays: [1], periods: ['下午'], tankerTypes: ['承压车辆'] }))
    expect(own).toMatchObject({ status: 200, data: { created: 1 } })
  })
})

describe('复制上周', () => {
  test('last week\'s plans are copied a week on with their counts; slots that have a plan are kept and reported', async () => {
    // W1 of base B: Monday and Wednesday 上午 常压 (5 places), Tuesday 下午 承压 (2); W2 Monday 上午 常压 set to 9 already
    await batch(hq, week({ companyId: b, weekdays: [1, 3], periods: ['上午'], tankerTypes: ['常压车辆'], totalCount: 5 }))
    await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: b, reserveTime: addDays(w1, 1), reservePeriod: '下午', tankerType: '承压车辆', totalCount: 2 })
    await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: b, reserveTime: w2, reservePeriod: '上午', tankerType: '常压车辆', totalCount: 9 })
    const res = await copyWeek(hq, { companyId: b, weekOf: addDays(w2, 2) })
    expect(res).toMatchObject({
      status: 200, message: '已创建 2 个预约时段，跳过已存在的 1 个',
      data: { created: 2, existing: [{ reserveTime: w2, reservePeriod: '上午', tankerType: '常压车辆' }], past: 0 },
    })
    const copied = (await env.db.select().from(reservationPlans).where(and(eq(reservationPlans.companyId, b), gte(reservationPlans.reserveTime, w2))))
      .map((p) => [p.reserveTime, p.reservePeriod, p.tankerType, p.totalCount])
    expect(copied).toEqual(expect.arrayContaining([
      [w2, '上午', '常压车辆', 9], [addDays(w2, 1), '下午', '承压车辆', 2], [addDays(w2, 2), '上午', '常压车辆', 5],
    ]))
    expect(copied).toHaveLength(3)
  })

  test('into this week: the days before today are left out and counted', async () => {
    const monday = mondayOf(today)
    for (let i = 0; i < 7; i++) {
      await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: b, reserveTime: addDays(monday, i - 7), totalCount: 4 })
    }
    const gone = isoWeekday(today) - 1
    const res = await copyWeek(hq, { companyId: b, weekOf: today })
    expect(res).toMatchObject({ status: 200, data: { created: 7 - gone, existing: [], past: gone } })
    expect(res.message).toBe(ReservationMsg.batchDone(7 - gone, 0, gone))
  })

  test('an empty last week, a past week, bad input and another base are refused in Chinese; nothing is written', async () => {
    const before = await allPlans()
    const far = addDays(w2, 70)
    expect(await copyWeek(hq, { companyId: b, weekOf: far })).toMatchObject({ status: 409, message: ReservationMsg.copyWeekEmpty(addDays(far, -7), addDays(far, -1)) })
    expect(await copyWeek(hq, { companyId: b, weekOf: addDays(today, -14) })).toMatchObject({ status: 400, message: ReservationMsg.copyWeekPast })
    for (const [body, message] of [
      [{ companyId: b }, '目标周不能为空'],
      [{ weekOf: w2 }, '基地不能为空'],
      [{ companyId: b, weekOf: 'next week' }, '目标周格式不正确'],
      [{ companyId: [b], weekOf: w2 }, '基地必须是整数'],
    ] as const) {
      expect(await copyWeek(hq, body), JSON.stringify(body)).toMatchObject({ status: 400, message: expect.stringContaining(message) })
    }
    expect(await copyWeek(keyHolderToken, { companyId: b, weekOf: w2 })).toMatchObject({ status: 404, message: CompanyMsg.notFound })
    expect((await copyWeek(baseToken, { weekOf: w2 })).status).toBe(403)
    expect(await allPlans()).toBe(before)
  })
})
