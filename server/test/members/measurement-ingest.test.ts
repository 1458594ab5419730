/**
 * A device's post as one statement: idempotent and rate-limited under parallel posts, its kept
 * credential confirmed by the database; month partitions made by the scheduler, never by a post; the
 * measurement list's totals from the day counts, right after readings come and go.
 */
import { formatDateTime, idCheckChar, MeasurementMsg, parseDateTime } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companies, machines } from '../../src/db/schema/index.js'
import { ensureMonthPartitions, monthOf, schedulePartitions } from '../../src/modules/measurements/partitions.js'
import { secretHashOf } from '../../src/modules/measurements/devices.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let hq: string
let baseA: string
let a: number
let device: { deviceNo: string; secret: string; id: number }
const idNoOf = (serial: string) => {
  const first17 = `110105198001${serial}`
  return `${first17}${idCheckChar(first17)}`
}
const member = idNoOf('01123')

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '入库甲基地', { province: '江苏省' })).id
  const adminA = await makeUser(env.db, { phone: '13655560001', role: 'baseAdmin', companyIds: [a] })
  baseA = await env.token(adminA.phone, adminA.password)
  expect((await env.call(baseA, 'POST', '/api/testee/saveNew', { name: '入库者', idNo: member, phone: '13712340000' })).status).toBe(200)
  device = await newDevice(env, baseA, 'ING-A-1')
})
afterAll(async () => env?.close())

async function newDevice(e: TestEnv, token: string, deviceNo: string) {
  const saved = await e.call(token, 'POST', '/api/machine/save', { type: '血压计', deviceNo })
  expect(saved.status).toBe(200)
  return { deviceNo, secret: saved.data.secret as string, id: saved.data.id as number }
}

const postTo = async (e: TestEnv, body: Record<string, unknown>, credential: { deviceNo: string; secret: string }) => {
  const res = await e.app.inject({
    method: 'POST', url: '/api/machine/measurement', payload: body,
    headers: { 'x-device-no': credential.deviceNo, authorization: `Bearer ${credential.secret}` },
  })
  return { status: res.statusCode, ...res.json() }
}
const post = (body: Record<string, unknown>, credential: { deviceNo: string; secret: string } = device) => postTo(env, body, credential)
const reading = (extra: Record<string, unknown> = {}) => ({
  requestId: `r-${Math.random().toString(36).slice(2)}`, idNo: member, measuredTime: formatDateTime(new Date(Date.now() - 3_600_000)),
  systolic: 120, diastolic: 80, ...extra,
})
const rowsOf = async (db: TestEnv['db'], where = sql`true`) =>
  Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from measurement where ${where}`)).rows[0]!.n)

describe('a device\'s post', () => {
  test('ten copies of one request posted at once store one reading, count it once, and all answer its id', async () => {
    const body = reading({ requestId: 'same-at-once' })
    const before = await rowsOf(env.db)
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body)))
    expect(answers.every((r) => r.status === 200)).toBe(true)
    const ids = new Set(answers.map((r) => r.data.id))
    expect(ids.size).toBe(1)
    expect(answers.filter((r) => !r.data.repeated)).toHaveLength(1)
    expect(answers.filter((r) => r.data.repeated).every((r) => r.message === MeasurementMsg.alreadyRecorded)).toBe(true)
    expect(await rowsOf(env.db)).toBe(before + 1)
    const [counted] = (await env.db.execute<{ n: number }>(sql`select coalesce(sum(count), 0)::int as n from measurement_daily where machine_id = ${device.id} and measure = 'all'`)).rows
    expect(Number(counted!.n)).toBe(await rowsOf(env.db, sql`machine_id = ${device.id}`))
    // the request id is the device's own: another device may use the same one
    const other = await newDevice(env, baseA, 'ING-A-2')
    expect(await post(body, other)).toMatchObject({ status: 200, data: { repeated: false } })
  })

  test('a secret reset, a renumbering or a removal by another server process is refused at once, though this process kept the old credential', async () => {
    const d = await newDevice(env, baseA, 'ING-A-3')
    expect((await post(reading(), d)).status).toBe(200)
    // written around this process (as another process would): its kept copy still holds the old hash
    await env.db.update(machines).set({ secretHash: secretHashOf('a-new-secret-of-another-process') }).where(eq(machines.id, d.id))
    expect(await post(reading(), d)).toMatchObject({ status: 403, message: MeasurementMsg.deviceUnknown })
    expect((await post(reading(), { ...d, secret: 'a-new-secret-of-another-process' })).status).toBe(200)
    await env.db.update(machines).set({ deviceNo: 'ING-A-3-NEW' }).where(eq(machines.id, d.id))
    expect(await post(reading(), { ...d, secret: 'a-new-secret-of-another-process' })).toMatchObject({ status: 403, message: MeasurementMsg.deviceUnknown })
    expect((await post(reading(), { deviceNo: 'ING-A-3-NEW', secret: 'a-new-secret-of-another-process' })).status).toBe(200)
    const e = await newDevice(env, baseA, 'ING-A-4')
    expect((await post(reading(), e)).status).toBe(200)
    await env.db.execute(sql`delete from measurement where machine_id = ${e.id}`)
    await env.db.delete(machines).where(eq(machines.id, e.id))
    expect(await post(reading(), e)).toMatchObject({ status: 403, message: MeasurementMsg.deviceUnknown })
  })
})

describe('the per-device limit under parallel posts', () => {
  test('twelve posts at once against an allowance of 5: exactly 5 stored, 7 refused in Chinese, the count in the same statement', async () => {
    const limited = await createTestApp({ deviceRatePerMinute: 5 })
    try {
      const base = (await makeCompany(limited.db, '限速入库基地')).id
      const admin = await makeUser(limited.db, { phone: '13655560009', role: 'baseAdmin', companyIds: [base] })
      const token = await limited.token(admin.phone, admin.password)
      expect((await limited.call(token, 'POST', '/api/testee/saveNew', { name: '限速者', idNo: member, phone: '13712340001' })).status).toBe(200)
      const d = await newDevice(limited, token, 'RATE-1')
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => postTo(limited, reading({ requestId: `rate-${i}` }), d)))
      expect(answers.filter((r) => r.status === 200)).toHaveLength(5)
      const refused = answers.filter((r) => r.status === 429)
      expect(refused).toHaveLength(7)
      expect(refused.every((r) => r.message === MeasurementMsg.deviceTooFast(5))).toBe(true)
      expect(await rowsOf(limited.db)).toBe(5)
      // a refused post claimed nothing: its request id is free once the minute allows
      expect(Number((await limited.db.execute<{ n: number }>(sql`select count(*)::int as n from measurement_request`)).rows[0]!.n)).toBe(5)
    } finally {
      await limited.close()
    }
  })
})

describe('month partitions', () => {
  const partitionOf = async (month: string) =>
    (await env.db.execute<{ r: string | null }>(sql`select to_regclass(${`measurement_${month.replace('-', '')}`})::text as r`)).rows[0]!.r
  const defaultRows = async () => Number((await env.db.execute<{ n: number }>(sql`select count(*)::int as n from measurement_default`)).rows[0]!.n)

  test('the scheduler makes the current and the next month before the server answers; a far month is made when its time comes, once', async () => {
    const now = new Date()
    expect(await partitionOf(monthOf(now))).not.toBeNull()
    expect(await partitionOf(monthOf(now, 1))).not.toBeNull()
    // the next month is empty: dropped, the scheduler's first run makes it again
    await env.db.execute(sql.raw(`drop table measurement_${monthOf(now, 1).replace('-', '')}`))
    const scheduled = await schedulePartitions(env.db, env.app.log)
    await scheduled.stop()
    expect(await partitionOf(monthOf(now, 1))).not.toBeNull()
    const later = new Date(now.getTime() + 400 * 86_400_000)
    expect(await partitionOf(monthOf(later))).toBeNull()
    expect(await ensureMonthPartitions(env.db, later)).toEqual([monthOf(later), monthOf(later, 1)])
    expect(await ensureMonthPartitions(env.db, later)).toEqual([monthOf(later), monthOf(later, 1)])
    expect(await partitionOf(monthOf(later, 1))).not.toBeNull()
  })

  test('a month is counted in China Standard Time: 31 January 20:00 UTC is already February, and the next month is March', () => {
    expect(monthOf(new Date('2025-01-31T20:00:00Z'))).toBe('2025-02')
    expect(monthOf(new Date('2025-01-31T20:00:00Z'), 1)).toBe('2025-03')
    expect(monthOf(new Date('2025-12-15T00:00:00Z'), 1)).toBe('2026-01')
  })

  test('a reading of a month without its partition is stored in the default partition and listed; that month then stays there', async () => {
    // eleven months ago: older than any partition the migration or the scheduler made
    const old = new Date(Date.now() - 330 * 86_400_000)
    const month = monthOf(old)
    expect(await partitionOf(month)).toBeNull()
    const before = await defaultRows()
    const stored = await post(reading({ measuredTime: formatDateTime(old) }))
    expect(stored).toMatchObject({ status: 200, data: { repeated: false } })
    expect(await defaultRows()).toBe(before + 1)
    expect(await partitionOf(month)).toBeNull()
    const day = formatDateTime(old).slice(0, 10)
    const listed = await env.call(baseA, 'POST', '/api/measurement/find', { measuredTimeQuery: [day, day] })
    expect(listed.data.data.map((r: { id: number }) => r.id)).toEqual([stored.data.id])
    expect(listed.data.totalCount).toBe(1)
    // the scheduler reaching that month leaves it in the default partition, without an error
    await ensureMonthPartitions(env.db, old)
    expect(await partitionOf(month)).toBeNull()
    expect(await defaultRows()).toBe(before + 1)
  })
})

describe('the list\'s totals', () => {
  let t: TestEnv
  let token: string
  let hqT: string
  let base: number
  let other: number
  let d1: { deviceNo: string; secret: string; id: number }
  let d2: { deviceNo: string; secret: string; id: number }
  // readings around midnights (China Standard Time) three and two days ago
  const today = formatDateTime(new Date()).slice(0, 10)
  const dayBefore = (n: number) => formatDateTime(new Date(parseDateTime(today).getTime() - n * 86_400_000)).slice(0, 10)
  const times = () => [
    `${dayBefore(3)} 00:00:00`, `${dayBefore(3)} 12:00:00`, `${dayBefore(3)} 23:59:59`,
    `${dayBefore(2)} 00:00:00`, `${dayBefore(2)} 08:30:00`, `${dayBefore(2)} 23:59:59`, `${dayBefore(1)} 06:00:00`,
  ]

  beforeAll(async () => {
    t = await createTestApp()
    hqT = await t.token()
    base = (await makeCompany(t.db, '总数甲基地')).id
    other = (await makeCompany(t.db, '总数乙基地')).id
    const admin = await makeUser(t.db, { phone: '13655560011', role: 'baseAdmin', companyIds: [base] })
    const otherAdmin = await makeUser(t.db, { phone: '13655560012', role: 'baseAdmin', companyIds: [other] })
    token = await t.token(admin.phone, admin.password)
    const otherToken = await t.token(otherAdmin.phone, otherAdmin.password)
    for (const tk of [token, otherToken]) expect((await t.call(tk, 'POST', '/api/testee/saveNew', { name: '总数者', idNo: member, phone: '13712340002' })).status).toBe(200)
    d1 = await newDevice(t, token, 'TOT-1')
    d2 = await newDevice(t, token, 'TOT-2')
    const d3 = await newDevice(t, otherToken, 'TOT-3')
    for (const [i, at] of times().entries()) {
      expect((await postTo(t, reading({ measuredTime: at, systolic: i % 2 ? 150 : 110, diastolic: i % 2 ? 80 : 70 }), i % 3 ? d1 : d2)).status).toBe(200)
      expect((await postTo(t, reading({ measuredTime: at }), d3)).status).toBe(200)
    }
  })
  afterAll(async () => t?.close())

  /** The list's total beside the rows it pages through and a count of the readings under the same filters. */
  const check = async (who: string, filters: Record<string, unknown>) => {
    const page = await t.call(who, 'POST', '/api/measurement/find', { ...filters, size: 100 })
    expect(page.status).toBe(200)
    expect(page.data.totalCount).toBe(page.data.data.length)
    return page.data.totalCount as number
  }

  test('whole days, part days, open ends, a device and every base: each total is the rows the list holds', async () => {
    expect(await check(token, {})).toBe(7)
    expect(await check(hqT, {})).toBe(14)
    expect(await check(hqT, { companyId: other })).toBe(7)
    expect(await check(token, { machineId: d1.id })).toBe(4)
    expect(await check(token, { measuredTimeQuery: [dayBefore(3), dayBefore(3)] })).toBe(3)
    expect(await check(token, { measuredTimeQuery: [dayBefore(3), dayBefore(2)] })).toBe(6)
    expect(await check(token, { measuredTimeQuery: [`${dayBefore(3)} 12:00:00`, `${dayBefore(2)} 08:30:00`] })).toBe(4)
    expect(await check(token, { measuredTimeQuery: [`${dayBefore(3)} 12:00:01`, `${dayBefore(2)} 23:59:58`] })).toBe(3)
    expect(await check(token, { measuredTimeQuery: [`${dayBefore(3)} 23:59:59`, null] })).toBe(5)
    expect(await check(token, { measuredTimeQuery: [null, `${dayBefore(2)} 00:00:00`] })).toBe(4)
    expect(await check(token, { measuredTimeQuery: [`${dayBefore(2)} 08:00:00`, `${dayBefore(2)} 09:00:00`] })).toBe(1)
    expect(await check(token, { machineId: d2.id, measuredTimeQuery: [dayBefore(3), dayBefore(1)] })).toBe(3)
    expect(await check(hqT, { measuredTimeQuery: [dayBefore(2), dayBefore(1)] })).toBe(8)
    // filters the day counts do not hold count the readings
    expect(await check(token, { abnormal: true })).toBe(3)
    expect(await check(token, { name: '总数' })).toBe(7)
  })

  test('right after a reading comes and after a base goes, the totals follow', async () => {
    expect((await postTo(t, reading({ measuredTime: `${dayBefore(2)} 10:00:00` }), d1)).status).toBe(200)
    expect(await check(token, {})).toBe(8)
    expect(await check(token, { measuredTimeQuery: [dayBefore(2), dayBefore(2)] })).toBe(4)
    expect(await check(hqT, {})).toBe(15)
    // a base removed takes its readings and day counts with it
    await t.db.delete(companies).where(eq(companies.id, other))
    expect(await check(hqT, {})).toBe(8)
    expect(await check(hqT, { measuredTimeQuery: [dayBefore(3), dayBefore(1)] })).toBe(8)
  })
})
