/**
 * Big screens (modules/screens): today's figures of seeded rows of three bases in two provinces, each
 * base seeing its own and headquarters every base, the transport roll-up following every kind of write,
 * and the signed embed link: its figures for anyone holding it, refused when changed, made up or expired.
 */
import { chinaToday, CompanyMsg, formatDateTime, HQ_COMPANY_ID, idCheckChar, Msg, SCREEN_EMBED_PATH, ScreenMsg, type ScreenData } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { reports, reservationPlans, reservations, transports } from '../../src/db/schema/index.js'
import { screenFigures } from '../../src/modules/screens/figures.js'
import { makeScreenLink } from '../../src/modules/screens/links.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let hq: string
let tokenA: string
let inspectorA: string
let ids: { a: number; b: number; c: number }

const DAY = 86_400_000
const now = new Date()
const today = chinaToday(now)
const yesterday = new Date(now.getTime() - DAY)
const first17 = '33010219850101123'
const idNo = `${first17}${idCheckChar(first17)}`

let reportNo = 0
const report = (companyId: number, status: number, extra: Partial<typeof reports.$inferInsert> = {}) => {
  reportNo += 1
  return {
    companyId, reportNumber: `JCSCR${reportNo}`, licenseNumber: `浙A${String(10000 + reportNo)}`, tankerType: '常压车辆', contactName: '司机',
    phone: '13900000000', verifyToken: `screen-${reportNo}`, status, ...extra,
  }
}
const transport = (companyId: number, extra: Partial<typeof transports.$inferInsert> = {}) => ({ companyId, status: 2, ...extra })

/** A device of the base that posts a reading through the device API, as a real one does. */
async function postReading(token: string, deviceNo: string, readings: Record<string, unknown>[]) {
  const saved = await env.call(token, 'POST', '/api/machine/save', { type: '一体机', deviceNo })
  expect(saved.status).toBe(200)
  for (const [i, r] of readings.entries()) {
    const res = await env.app.inject({
      method: 'POST', url: '/api/machine/measurement',
      headers: { 'x-device-no': deviceNo, authorization: `Bearer ${saved.data.secret}` },
      payload: { requestId: `${deviceNo}-${i}`, idNo, measuredTime: formatDateTime(new Date(Date.now() - 60_000)), ...r },
    })
    expect(res.statusCode, res.body).toBe(200)
  }
}

beforeAll(async () => {
  env = await createTestApp()
  const a = (await makeCompany(env.db, '大屏甲基地', { province: '浙江省' })).id
  const b = (await makeCompany(env.db, '大屏乙基地', { province: '江苏省' })).id
  const c = (await makeCompany(env.db, '大屏丙基地', { province: '浙江省' })).id
  ids = { a, b, c }
  const adminA = await makeUser(env.db, { phone: '13655560001', role: 'baseAdmin', companyIds: [a] })
  const adminB = await makeUser(env.db, { phone: '13655560002', role: 'baseAdmin', companyIds: [b] })
  const inspector = await makeUser(env.db, { phone: '13655560003', role: 'inspector', companyIds: [a] })
  hq = await env.token()
  tokenA = await env.token(adminA.phone, adminA.password)
  const tokenB = await env.token(adminB.phone, adminB.password)
  inspectorA = await env.token(inspector.phone, inspector.password)

  // inspections: A registered 3 today (one signed 合格, one signed 不合格 today, one in progress), 1 yesterday; B 1 today
  await env.db.insert(reports).values([
    report(a, 6, { result: '合格', signTime: now }),
    report(a, 6, { result: '不合格', signTime: now }),
    report(a, 1),
    report(a, 6, { result: '合格', createTime: yesterday, signTime: yesterday }),
    report(b, 0),
  ])
  // reservations for today: A 2 holding a place (one arrived) and 1 cancelled; B 1 for tomorrow
  const [plan] = await env.db.insert(reservationPlans).values({ companyId: a, reserveTime: today, reservePeriod: '上午', tankerType: '常压车辆', totalCount: 10 }).returning()
  const booking = (companyId: number, n: number, status: number, reserveTime = today) => ({
    companyId, planId: plan!.id, licenseNumber: `浙B${10000 + n}`, contactName: '司机', phone: '13900000001', tankerType: '常压车辆', reserveTime, reservePeriod: '上午', status,
  })
  await env.db.insert(reservations).values([booking(a, 1, 0), booking(a, 2, 1), booking(a, 3, 2), booking(b, 4, 0, chinaToday(new Date(now.getTime() + DAY)))])
  // transports: A 3 today (one pound alert, one modified-only, one 作废 with an alert) and 1 yesterday; B 2 today (both alerts, one red)
  await env.db.insert(transports).values([
    transport(a, { dangerLevel: 1 }), transport(a, { dangerLevel: 2 }), transport(a, { status: 3, dangerLevel: 1 }), transport(a, { createTime: yesterday }),
    transport(b, { dangerLevel: 1 }), transport(b, { dangerLevel: 3, status: 1 }),
  ])
  // measurements: A 2 readings (4 results: 高血压2级 and 肥胖 abnormal), B 1 reading (1 result, normal)
  expect((await env.call(tokenA, 'POST', '/api/testee/saveNew', { name: '大屏会员', idNo, phone: '13712345678' })).status).toBe(200)
  expect((await env.call(tokenB, 'POST', '/api/testee/saveNew', { name: '大屏会员乙', idNo, phone: '13712345679' })).status).toBe(200)
  await postReading(tokenA, 'SCR-A-1', [{ systolic: 165, diastolic: 102, sugar: 5.0 }, { systolic: 110, diastolic: 70, height: 170, weight: 85 }])
  await postReading(tokenB, 'SCR-B-1', [{ systolic: 112, diastolic: 72 }])
})
afterAll(async () => env?.close())

const A_FIGURES = { inspections: 3, signed: 2, passed: 1, reservations: 2, arrived: 1, transports: 2, poundAlerts: 1, measurements: 2, results: 4, abnormal: 2 }
const B_FIGURES = { inspections: 1, signed: 0, passed: 0, reservations: 0, arrived: 0, transports: 2, poundAlerts: 2, measurements: 1, results: 1, abnormal: 0 }
const NONE = { inspections: 0, signed: 0, passed: 0, reservations: 0, arrived: 0, transports: 0, poundAlerts: 0, measurements: 0, results: 0, abnormal: 0 }

describe('today\'s figures', () => {
  test('headquarters sees every base: totals, by base (busiest first), by province, statuses and measures', async () => {
    const res = await env.call(hq, 'GET', '/api/screen/data')
    expect(res.status).toBe(200)
    const d = res.data as ScreenData
    expect(d).toMatchObject({ day: today, companyId: null, title: ScreenMsg.allBases })
    expect(d.totals).toEqual({
      inspections: 4, signed: 2, passed: 1, reservations: 2, arrived: 1, transports: 4, poundAlerts: 3, measurements: 3, results: 5, abnormal: 2,
    })
    const mine = d.byBase.filter((x) => Object.values(ids).includes(x.companyId))
    expect(mine).toEqual([
      { companyId: ids.a, name: '大屏甲基地', province: '浙江省', ...A_FIGURES },
      { companyId: ids.b, name: '大屏乙基地', province: '江苏省', ...B_FIGURES },
      { companyId: ids.c, name: '大屏丙基地', province: '浙江省', ...NONE },
    ])
    expect(d.byBase.some((x) => x.companyId === HQ_COMPANY_ID)).toBe(false)
    const zhejiang = d.byProvince.find((p) => p.province === '浙江省')
    expect(zhejiang).toMatchObject({ bases: 2, ...A_FIGURES })
    expect(d.byProvince.find((p) => p.province === '江苏省')).toMatchObject({ bases: 1, ...B_FIGURES })
    expect(d.inspectionsByStatus.filter((s) => s.count)).toEqual([
      { status: 0, label: '已登记', count: 1 }, { status: 1, label: '正在检验', count: 1 }, { status: 6, label: '已签发', count: 2 },
    ])
    expect(d.measures).toEqual([
      { measure: 'bp', label: '血压', results: 3, abnormal: 1 },
      { measure: 'sugar', label: '血糖', results: 1, abnormal: 0 },
      { measure: 'bmi', label: 'BMI', results: 1, abnormal: 1 },
    ])
  })

  test('a base sees its own base only; naming another answers as missing; headquarters may name one', async () => {
    const own = await env.call(tokenA, 'GET', '/api/screen/data')
    expect(own.status).toBe(200)
    expect(own.data).toMatchObject({ companyId: ids.a, title: '大屏甲基地', totals: A_FIGURES })
    expect(own.data.byBase).toEqual([{ companyId: ids.a, name: '大屏甲基地', province: '浙江省', ...A_FIGURES }])
    expect(own.data.byProvince).toEqual([{ province: '浙江省', bases: 1, ...A_FIGURES }])
    expect(JSON.stringify(own.data)).not.toContain('大屏乙基地')

    expect(await env.call(tokenA, 'GET', `/api/screen/data?companyId=${ids.b}`)).toMatchObject({ status: 404, message: CompanyMsg.notFound })
    expect((await env.call(tokenA, 'GET', `/api/screen/data?companyId=${ids.a}`)).data.totals).toEqual(A_FIGURES)
    const named = await env.call(hq, 'GET', `/api/screen/data?companyId=${ids.b}`)
    expect(named.data).toMatchObject({ companyId: ids.b, title: '大屏乙基地', totals: B_FIGURES })
    // headquarters' own id is every base
    expect((await env.call(hq, 'GET', `/api/screen/data?companyId=${HQ_COMPANY_ID}`)).data).toMatchObject({ companyId: null, totals: { transports: 4 } })
  })

  test('a user without a screen permission is refused; bad input is a Chinese 400', async () => {
    expect(await env.call(inspectorA, 'GET', '/api/screen/data')).toMatchObject({ status: 403, message: Msg.forbidden })
    expect(await env.call(inspectorA, 'POST', '/api/screen/embed/link', {})).toMatchObject({ status: 403, message: Msg.forbidden })
    expect(await env.call(null, 'GET', '/api/screen/data')).toMatchObject({ status: 401 })
    expect(await env.call(hq, 'GET', '/api/screen/data?companyId=abc')).toMatchObject({ status: 400, message: '基地必须是整数' })
    expect(await env.call(hq, 'POST', '/api/screen/embed/link', { companyId: -3 })).toMatchObject({ status: 400, message: '基地不能小于1' })
  })
})

describe('the transport roll-up', () => {
  const transportsOf = async (companyId: number) => (await screenFigures(env.db, companyId)).totals
  test('follows a new transport, an edit of its danger level, 作废, a bulk recolouring and a delete, in the writing statement', async () => {
    const c = ids.c
    const [t] = await env.db.insert(transports).values(transport(c)).returning({ id: transports.id })
    expect(await transportsOf(c)).toMatchObject({ transports: 1, poundAlerts: 0 })
    await env.db.update(transports).set({ dangerLevel: 3 }).where(eq(transports.id, t!.id))
    expect(await transportsOf(c)).toMatchObject({ transports: 1, poundAlerts: 1 })
    await env.db.insert(transports).values([transport(c), transport(c, { createTime: yesterday })])
    expect(await transportsOf(c)).toMatchObject({ transports: 2, poundAlerts: 1 })
    // a tolerance saved for a settlement unit recolours its transports in one statement
    await env.db.update(transports).set({ dangerLevel: 1 }).where(eq(transports.companyId, c))
    expect(await transportsOf(c)).toMatchObject({ transports: 2, poundAlerts: 2 })
    await env.db.update(transports).set({ status: 3 }).where(eq(transports.id, t!.id))
    expect(await transportsOf(c)).toMatchObject({ transports: 1, poundAlerts: 1 })
    await env.db.delete(transports).where(eq(transports.companyId, c))
    expect(await transportsOf(c)).toMatchObject({ transports: 0, poundAlerts: 0 })
    // a write rolled back leaves the roll-up as it was
    await env.db.transaction(async (tx) => {
      await tx.insert(transports).values(transport(c, { dangerLevel: 1 }))
      tx.rollback()
    }).catch(() => undefined)
    expect(await transportsOf(c)).toMatchObject({ transports: 0, poundAlerts: 0 })
    // the roll-up agrees with the rows it counts, for every base and day
    const mismatch = await env.db.execute(sql`
      select coalesce(d.day, t.day) as day from transport_daily d
      full join (select ((create_time at time zone 'UTC') + interval '8 hours')::date as day, company_id, count(*)::int as n,
        (count(*) filter (where danger_level in (1, 3)))::int as alerts from transport where status <> 3 group by 1, 2) t
        on t.day = d.day and t.company_id = d.company_id
      where coalesce(d.count, 0) <> coalesce(t.n, 0) or coalesce(d.pound_alerts, 0) <> coalesce(t.alerts, 0)`)
    expect(mismatch.rows).toEqual([])
  })

  test('a base deleted with its transports leaves no error and no rows behind', async () => {
    const gone = (await makeCompany(env.db, '大屏待删基地', { province: '浙江省' })).id
    await env.db.insert(transports).values([transport(gone, { dangerLevel: 1 }), transport(gone)])
    expect(await transportsOf(gone)).toMatchObject({ transports: 2, poundAlerts: 1 })
    await env.db.execute(sql`delete from company where id = ${gone}`)
    expect((await env.db.execute(sql`select * from transport_daily where company_id = ${gone}`)).rows).toEqual([])
  })
})

describe('the signed embed link', () => {
  const open = (q: Record<string, string | number>) => env.call(null, 'GET', `/api/screen/embed/data?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`)
  const partsOf = (url: string) => Object.fromEntries(new URL(url).searchParams) as { companyId: string; timestamp: string; signature: string }

  test('a base\'s link shows its own figures to anyone holding it, without a session', async () => {
    const made = await env.call(tokenA, 'POST', '/api/screen/embed/link', {})
    expect(made).toMatchObject({ status: 200, message: ScreenMsg.linkCreated('24小时'), data: { companyId: ids.a } })
    expect(made.data.url).toMatch(new RegExp(`^http://[^/]+${SCREEN_EMBED_PATH}\\?companyId=${ids.a}&timestamp=\\d+&signature=[\\w-]{24}$`))
    expect(made.data.expiresAt).toBe(formatDateTime(new Date(made.data.timestamp + DAY)))
    const shown = await open(partsOf(made.data.url))
    expect(shown.status).toBe(200)
    expect(shown.data).toMatchObject({ companyId: ids.a, title: '大屏甲基地', totals: A_FIGURES })
    // another base named in the request answers as missing
    expect(await env.call(tokenA, 'POST', '/api/screen/embed/link', { companyId: ids.b })).toMatchObject({ status: 404, message: CompanyMsg.notFound })
  })

  test('headquarters\' link names headquarters and shows every base', async () => {
    const made = await env.call(hq, 'POST', '/api/screen/embed/link', {})
    expect(made.data.companyId).toBe(HQ_COMPANY_ID)
    const shown = await open(partsOf(made.data.url))
    expect(shown.data).toMatchObject({ companyId: null, title: ScreenMsg.allBases, totals: { transports: 4, measurements: 3 } })
    const one = await env.call(hq, 'POST', '/api/screen/embed/link', { companyId: ids.b })
    expect((await open(partsOf(one.data.url))).data).toMatchObject({ companyId: ids.b, totals: B_FIGURES })
  })

  test('a changed company or time, a made-up or missing signature is refused in Chinese and shows nothing', async () => {
    const link = partsOf((await env.call(tokenA, 'POST', '/api/screen/embed/link', {})).data.url)
    // B has links of its own: its key exists, and A's signature still does not open it
    await env.call(hq, 'POST', '/api/screen/embed/link', { companyId: ids.b })
    const refusals = [
      { ...link, companyId: ids.b }, { ...link, companyId: HQ_COMPANY_ID }, { ...link, companyId: 999_999 },
      { ...link, timestamp: Number(link.timestamp) + 86_400_000 }, { ...link, timestamp: Number(link.timestamp) - 1 },
      { ...link, signature: `${link.signature.slice(0, -1)}${link.signature.endsWith('A') ? 'B' : 'A'}` }, { ...link, signature: 'x'.repeat(100) },
      { ...link, companyId: 'abc' }, { ...link, timestamp: '1e12' },
    ]
    for (const q of refusals) {
      const res = await open(q)
      expect(res, JSON.stringify(q)).toMatchObject({ status: 403, message: ScreenMsg.linkInvalid, data: null })
    }
    for (const part of ['companyId', 'timestamp', 'signature'] as const) {
      const { [part]: _left, ...rest } = link
      expect(await open(rest)).toMatchObject({ status: 400, message: ScreenMsg.linkMissing })
    }
  })

  test('a link is refused as expired once its lifetime has passed since its time, and a link from the future as invalid', async () => {
    const made = await makeScreenLink(env.db, ids.a, 'http://x', DAY, Date.now() - DAY - 1000)
    expect(await open(partsOf(made.url))).toMatchObject({ status: 403, message: ScreenMsg.linkExpired('24小时'), data: null })
    const lastMinute = await makeScreenLink(env.db, ids.a, 'http://x', DAY, Date.now() - DAY + 60_000)
    expect((await open(partsOf(lastMinute.url))).status).toBe(200)
    const future = await makeScreenLink(env.db, ids.a, 'http://x', DAY, Date.now() + 3_600_000)
    expect(await open(partsOf(future.url))).toMatchObject({ status: 403, message: ScreenMsg.linkInvalid })
  })

  test('a shorter lifetime set for the server (SCREEN_LINK_SECONDS) is what links get and what the refusal says', async () => {
    const short = await createTestApp({ screenLinkMs: 90 * 60_000 })
    try {
      const token = await short.token()
      const made = await short.call(token, 'POST', '/api/screen/embed/link', {})
      expect(made.message).toBe(ScreenMsg.linkCreated('90分钟'))
      const old = await makeScreenLink(short.db, null, 'http://x', 90 * 60_000, Date.now() - 91 * 60_000)
      const q = new URLSearchParams(new URL(old.url).searchParams)
      expect(await short.call(null, 'GET', `/api/screen/embed/data?${q}`)).toMatchObject({ status: 403, message: ScreenMsg.linkExpired('90分钟') })
    } finally {
      await short.close()
    }
  })
})
