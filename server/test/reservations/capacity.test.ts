/**
 * The plan's capacity under parallel calls (on PostgreSQL a pool of connections really runs them at
 * once): 50 bookings on 10 places give exactly 10; cancellations racing new bookings free exactly
 * their places; a plan is never lowered below the places its bookings hold.
 */
import { chinaToday, ReservationMsg } from '@app/contract'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { reservations } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
let token: string
let companyId: number
const day = new Date(Date.parse(`${chinaToday()}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  companyId = (await makeCompany(env.db, '并发预约基地')).id
  const user = await makeUser(env.db, { phone: '13633330001', role: 'reception', companyIds: [companyId] })
  token = await env.token(user.phone, user.password)
})
afterAll(async () => env?.close())

const plate = (i: number) => `苏K${String(i).padStart(5, '0')}`
const book = (i: number, reservePeriod = '上午') => env.call(token, 'POST', '/api/reservation/save', {
  licenseNumber: plate(i), contactName: `司机${i}`, phone: `139${String(i).padStart(8, '0')}`, tankerType: '常压车辆', reserveTime: day, reservePeriod,
})
const held = async (planId: number) => (await env.db.select().from(reservations)
  .where(and(eq(reservations.planId, planId), inArray(reservations.status, [0, 1, 3])))).length
const plan = async (reservePeriod: string, totalCount: number) =>
  (await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId, reserveTime: day, reservePeriod, tankerType: '常压车辆', totalCount })).data.id as number

test('50 parallel bookings on 10 places: exactly 10 succeed, 40 are refused as full', async () => {
  const planId = await plan('上午', 10)
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book(i)))
  const ok = answers.filter((a) => a.status === 200)
  const refused = answers.filter((a) => a.status === 409)
  expect(ok.length).toBe(10)
  expect(refused.length).toBe(40)
  expect(new Set(refused.map((a) => a.message))).toEqual(new Set([ReservationMsg.full(day, '上午', '常压车辆', 10)]))
  expect(ok.every((a) => a.message === '预约成功')).toBe(true)
  expect(await held(planId)).toBe(10)
})

test('cancellations racing 20 new bookings free exactly their places', async () => {
  const planId = await plan('上午', 10)
  const booked = await env.db.select({ id: reservations.id }).from(reservations).where(and(eq(reservations.planId, planId), eq(reservations.status, 0)))
  const cancels = booked.slice(0, 5).map((r) => env.call(token, 'POST', `/api/reservation/upStatus/${r.id}`, { status: 2 }))
  const late = Array.from({ length: 20 }, (_, i) => book(100 + i))
  const [cancelled, answers] = await Promise.all([Promise.all(cancels), Promise.all(late)])
  expect(cancelled.every((c) => c.status === 200)).toBe(true)
  const ok = answers.filter((a) => a.status === 200).length
  expect(ok).toBeLessThanOrEqual(5)
  expect(await held(planId)).toBe(10 - 5 + ok)
  // whatever the interleaving, the places left now go to the next bookings and no further
  const after = await Promise.all(Array.from({ length: 10 }, (_, i) => book(200 + i)))
  expect(after.filter((a) => a.status === 200).length).toBe(5 - ok)
  expect(await held(planId)).toBe(10)
})

test('a plan lowered while bookings arrive never ends below the places held', async () => {
  const planId = await plan('下午', 8)
  const lowerings = [3, 5, 2].map((totalCount) =>
    env.call(hq, 'POST', '/api/reservationPlan/save', { companyId, reserveTime: day, reservePeriod: '下午', tankerType: '常压车辆', totalCount }))
  const bookings = Array.from({ length: 12 }, (_, i) => book(300 + i, '下午'))
  const [lowered] = await Promise.all([Promise.all(lowerings), Promise.all(bookings)])
  for (const l of lowered) {
    if (l.status !== 200) expect(l).toMatchObject({ status: 409, message: expect.stringMatching(/已有 \d+ 个有效预约/) })
  }
  const [row] = (await env.call(token, 'POST', '/api/reservationPlan/find', { reserveTime: [day, day] })).data.data
    .filter((p: { id: number }) => p.id === planId)
  expect(row.bookedCount).toBe(await held(planId))
  expect(row.bookedCount).toBeLessThanOrEqual(row.totalCount)
})
