import { SMS_CARRIER_SHOWN, SmsSendMsg } from '@app/contract'
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { logEntries, logisticsCompanies, rateCounters, settlementTolerances, smsOutbox, transportSms } from '../../src/db/schema/index.js'
import { loadConfig } from '../../src/config.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { insertTransports, transportRow, twoBases } from './setup.js'

/** Small caps, so that reaching them takes a few carriers */
const PER_BASE = 10
const PER_PHONE = 3

let env: TestEnv
let s: Awaited<ReturnType<typeof twoBases>>
let ids: Record<string, number>

beforeAll(async () => {
  env = await createTestApp({ smsPerBasePerDay: PER_BASE, smsPerPhonePerDay: PER_PHONE })
  s = await twoBases(env)
  const rows = await insertTransports(env, [
    transportRow(s.a.id, { deliveryPlateNumber: '皖A1', poundDiff: 1.5 }),
    transportRow(s.a.id, { deliveryPlateNumber: '皖A2', poundDiff: -1.2 }),
    transportRow(s.a.id, { deliveryPlateNumber: '皖A3', poundDiff: 0.2 }),
    transportRow(s.a.id, { deliveryPlateNumber: '皖A4', poundDiff: 1.5, signSettlement: '宽松结算' }),
    transportRow(s.a.id, { deliveryPlateNumber: '皖A5', poundDiff: 3, status: 1 }),
    transportRow(s.a.id, { deliveryPlateNumber: '皖A6', poundDiff: 1, deliveryCarrier: '远通运输' }),
    transportRow(s.a.id, { deliveryPlateNumber: '皖A7', poundDiff: 2, deliveryCarrier: '快运' }),
    transportRow(s.a.id, { deliveryPlateNumber: '皖A8', poundDiff: 2, deliveryCarrier: null }),
    transportRow(s.b.id, { deliveryPlateNumber: '苏B1', poundDiff: 4 }),
  ])
  ids = Object.fromEntries(rows.map((r) => [r.deliveryPlateNumber!, r.id]))
  await env.db.insert(logisticsCompanies).values([
    { companyId: s.a.id, name: '顺达物流', phone: '13900000001' },
    { companyId: s.a.id, name: '快运', phone: null },
    // a landline cannot take an SMS
    { companyId: s.a.id, name: '远通运输', phone: '0551-62345678' },
    { companyId: s.b.id, name: '顺达物流', phone: '13900000002' },
  ])
  await env.db.insert(settlementTolerances).values({ companyId: s.a.id, settlement: '宽松结算', unit: 'permille', value: 60 })
})
afterAll(async () => { await env?.close() })
beforeEach(async () => {
  await env.db.delete(rateCounters).where(like(rateCounters.key, 'sms-%'))
  await env.db.delete(smsOutbox)
  await env.db.delete(transportSms)
})

const send = (token: string, body?: unknown) => env.call(token, 'POST', '/api/sms/send', body)

describe('POST /sms/send', () => {
  it('sends one SMS per carrier of the transports over tolerance, records and logs it, and names the carriers without a phone', async () => {
    const res = await send(s.tokenA)
    expect(res.status).toBe(200)
    expect(res.data.sent).toBe(1)
    expect(res.data.transports).toBe(2)
    expect(res.data.failed).toEqual([])
    expect([...res.data.noPhone].sort()).toEqual(['快运', '远通运输', '（未填承运单位）'].sort())
    expect(res.message).toContain('发送成功，共发送1条短信（2条运单）')
    expect(res.message).toContain('未登记手机号')

    const outbox = await env.db.select().from(smsOutbox)
    expect(outbox).toHaveLength(1)
    expect(outbox[0]!.phone).toBe('13900000001')
    expect(outbox[0]!.content).toMatch(/^【甲基地】承运单位“顺达物流”：您有2车运单磅差超标：/)
    expect(outbox[0]!.content).toContain('皖A1（2024-05-10）磅差1.50吨')
    expect(outbox[0]!.content).toContain('皖A2（2024-05-10）磅差-1.20吨')
    expect(outbox[0]!.content).not.toContain('皖A3')
    // 1.5 t is within 60‰ of 32.5 t (1.95 t)
    expect(outbox[0]!.content).not.toContain('皖A4')

    const [record] = await env.db.select().from(transportSms)
    expect(record).toMatchObject({ companyId: s.a.id, userId: s.userA.id, phone: '13900000001', carrier: '顺达物流', ok: true })
    expect([...record!.transportIds].sort()).toEqual([ids['皖A1'], ids['皖A2']].sort())
    const logs = await env.db.select().from(logEntries).where(and(eq(logEntries.companyId, s.a.id), like(logEntries.errorMes, '磅差短信%')))
    expect(logs.map((l) => [l.errorMes, l.phone, l.level])).toEqual([['磅差短信：已通知承运单位顺达物流（13900000001），2条运单', s.userA.phone, 0]])

    const again = await send(s.tokenA)
    expect([again.status, again.message]).toEqual([429, '发送过于频繁，请60秒后再试'])
  })

  it('takes the selected transports by id, within the caller\'s base', async () => {
    const one = await send(s.tokenA, { ids: [ids['皖A6']] })
    expect(one.status).toBe(200)
    expect(one.data).toEqual({ sent: 0, transports: 0, noPhone: ['远通运输'], failed: [], heldBack: [] })
    expect(one.message).toBe('没有可发送的号码：远通运输未登记物流公司手机号')
    // nothing was sent, so nothing of the allowance was taken
    const two = await send(s.tokenA, { ids: [ids['皖A1'], ids['皖A3'], ids['皖A1']] })
    expect([two.status, two.data.sent, two.data.transports]).toEqual([200, 1, 1])

    const under = await send(s.tokenA, { ids: [ids['皖A3'], ids['皖A4'], ids['皖A5']] })
    expect([under.status, under.message]).toEqual([400, '没有磅差超标的运单'])
    const other = await send(s.tokenA, { ids: [ids['皖A1'], ids['苏B1']] })
    expect([other.status, other.message]).toEqual([404, '运单不存在'])
    const otherBase = await send(s.tokenA, { ids: [ids['皖A1']], companyId: s.b.id })
    expect([otherBase.status, otherBase.message]).toEqual([404, '基地不存在'])
    const filtered = await send(s.tokenA, { deliveryCarrier: '远通' })
    expect(filtered.data.noPhone).toEqual(['远通运输'])
  })

  it('refuses malformed selections with a clear message', async () => {
    const cases: [unknown, string][] = [
      [{ ids: 'abc' }, '运单编号格式不正确'],
      [{ ids: ['x'] }, '运单必须是整数'],
      [{ ids: [0] }, '运单不能小于1'],
      [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, '一次最多选择1000条运单'],
      [{ deliveryCarrier: 'x'.repeat(101) }, '承运单位不能超过100个字符'],
    ]
    for (const [body, message] of cases) {
      const res = await send(s.tokenA, body)
      expect([res.status, res.message]).toEqual([400, message])
    }
    expect((await send(s.inspector)).status).toBe(403)
  })

  it('stops at the day\'s allowance', async () => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date())
    await env.db.insert(rateCounters).values({ key: `sms-day:${s.a.id}:${today}`, count: 50, resetAt: new Date(Date.now() + 3_600_000) })
    const res = await send(s.tokenA)
    expect([res.status, res.message]).toEqual([429, '今日短信发送次数已达上限（50次），请明天再试'])
    expect(await env.db.select().from(smsOutbox)).toHaveLength(0)
  })

  it('records a message the SMS service refused as failed and logs a warning', async () => {
    const provider = env.ctx.sms
    env.ctx.sms = { send: async () => { throw new Error('gateway down') } }
    try {
      const res = await send(s.tokenA)
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ sent: 0, failed: ['顺达物流'] })
      expect(res.message).toBe('发送失败：顺达物流')
    } finally {
      env.ctx.sms = provider
    }
    const [record] = await env.db.select().from(transportSms)
    expect(record!.ok).toBe(false)
    const [warning] = await env.db.select().from(logEntries).where(eq(logEntries.errorMes, '磅差短信：发送给承运单位顺达物流（13900000001）失败'))
    expect(warning!.level).toBe(1)
  })

  it('lets headquarters reach each base\'s own carrier', async () => {
    const res = await send(s.hq, { deliveryCarrier: '顺达物流' })
    expect([res.status, res.data.sent]).toEqual([200, 2])
    const phones = (await env.db.select().from(smsOutbox)).map((o) => [o.phone, o.content.slice(0, 5)]).sort()
    expect(phones).toEqual([['13900000001', '【甲基地】'], ['13900000002', '【乙基地】']])
  })

  it('lets exactly one of 20 simultaneous sends through', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(s.tokenA, { ids: [ids['皖A1']] })))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 429 && a.message === '发送过于频繁，请60秒后再试')).toHaveLength(19)
    expect(await env.db.select().from(smsOutbox)).toHaveLength(1)
    const [{ count }] = (await env.db.select({ count: rateCounters.count }).from(rateCounters).where(like(rateCounters.key, `sms-day:${s.a.id}:%`))) as [{ count: number }]
    expect(count).toBe(1)
  })

  it('counts up to the day\'s allowance exactly when sends are a minute apart', async () => {
    const minute = `sms-minute:${s.a.id}`
    for (let i = 0; i < 3; i++) {
      expect((await send(s.tokenA, { ids: [ids['皖A1']] })).status).toBe(200)
      // the minute has passed
      await env.db.update(rateCounters).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateCounters.key, minute))
    }
    const [{ count }] = (await env.db.select({ count: rateCounters.count }).from(rateCounters).where(like(rateCounters.key, `sms-day:${s.a.id}:%`))) as [{ count: number }]
    expect(count).toBe(3)
  })
})

/** A base of its own with `carriers` carriers over tolerance, each with a logistics company whose mobile is `phoneOf(i)`. */
async function baseWithCarriers(name: string, phonePrefix: string, carriers: number, phoneOf: (i: number) => string) {
  const company = await makeCompany(env.db, name)
  const admin = await makeUser(env.db, { phone: `${phonePrefix}0000`, role: 'baseAdmin', companyIds: [company.id] })
  const carrier = (i: number) => `${name}车队${i}`
  await insertTransports(env, Array.from({ length: carriers }, (_, i) => transportRow(company.id, { deliveryCarrier: carrier(i), poundDiff: 2, deliveryPlateNumber: `皖C${i}` })))
  await env.db.insert(logisticsCompanies).values(Array.from({ length: carriers }, (_, i) => ({ companyId: company.id, name: carrier(i), phone: phoneOf(i) })))
  return { company, token: await env.token(admin.phone, admin.password) }
}

const outboxTo = async (phones: string[]) => (await env.db.select().from(smsOutbox).where(inArray(smsOutbox.phone, phones))).length

describe('messages per base and per phone a day', () => {
  it('are settings with defaults; a value that is not a whole number stops the start in Chinese', () => {
    expect(loadConfig({})).toMatchObject({ smsPerBasePerDay: 100, smsPerPhonePerDay: 5 })
    expect(loadConfig({ SMS_PER_BASE_PER_DAY: '30', SMS_PER_PHONE_PER_DAY: '2' })).toMatchObject({ smsPerBasePerDay: 30, smsPerPhonePerDay: 2 })
    expect(() => loadConfig({ SMS_PER_PHONE_PER_DAY: '-1' })).toThrow(/^SMS_PER_PHONE_PER_DAY 的取值不正确/)
  })

  it(`one send to 40 carriers of the base's choosing sends ${PER_BASE}, holds the rest back and says why; the log names who sent`, async () => {
    const c = await baseWithCarriers('放大基地', '1372000', 40, (i) => `1372100${String(i).padStart(4, '0')}`)
    const res = await send(c.token)
    expect(res.status).toBe(200)
    expect(res.data.sent).toBe(PER_BASE)
    expect(res.data.heldBack).toHaveLength(40 - PER_BASE)
    expect(new Set(res.data.heldBack.map((h: { reason: string }) => h.reason))).toEqual(new Set([SmsSendMsg.baseDayCap(PER_BASE)]))
    expect(res.message).toBe(SmsSendMsg.done(res.data))
    expect(res.message).toContain(`发送成功，共发送${PER_BASE}条短信`)
    expect(res.message).toContain(`${40 - PER_BASE}条未发送`)
    const sent = await env.db.select().from(transportSms).where(eq(transportSms.companyId, c.company.id))
    expect(sent).toHaveLength(PER_BASE)
    const logs = await env.db.select().from(logEntries).where(and(eq(logEntries.companyId, c.company.id), like(logEntries.errorMes, '磅差短信%')))
    expect(logs.filter((l) => l.level === 0)).toHaveLength(PER_BASE)
    expect(logs.filter((l) => l.level === 1).map((l) => [l.errorMes, l.phone])).toEqual([[SmsSendMsg.logHeldBack(40 - PER_BASE, SmsSendMsg.baseDayCap(PER_BASE)), '13720000000']])

    // the next send that day (a minute later) sends nothing more
    await env.db.update(rateCounters).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateCounters.key, `sms-minute:${c.company.id}`))
    const later = await send(c.token)
    expect([later.status, later.data.sent, later.data.heldBack.length]).toEqual([200, 0, 40])
    expect(later.message).toBe(SmsSendMsg.done(later.data))
    expect(later.message).toMatch(/^未发送/)
  })

  it(`a phone gets at most ${PER_PHONE} a day, whoever names it`, async () => {
    const phone = '13722009999'
    const d = await baseWithCarriers('同号基地', '1372200', PER_PHONE + 2, () => phone)
    const res = await send(d.token)
    expect([res.data.sent, res.data.heldBack.length]).toEqual([PER_PHONE, 2])
    expect(res.data.heldBack.map((h: { reason: string }) => h.reason)).toEqual([SmsSendMsg.phoneDayCap(PER_PHONE), SmsSendMsg.phoneDayCap(PER_PHONE)])
    expect(res.data.heldBack.every((h: { carrier: string }) => h.carrier.startsWith('同号基地车队'))).toBe(true)
    expect(await outboxTo([phone])).toBe(PER_PHONE)
  })

  it('parallel sends of six bases to one phone: exactly the phone\'s allowance goes out', async () => {
    const phone = '13723009999'
    const bases = []
    for (let i = 0; i < 6; i++) bases.push(await baseWithCarriers(`并发基地${i}`, `137230${i}`, 1, () => phone))
    const answers = await Promise.all(bases.map((b) => send(b.token)))
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200))
    expect(answers.reduce((n, a) => n + a.data.sent, 0)).toBe(PER_PHONE)
    expect(answers.reduce((n, a) => n + a.data.heldBack.length, 0)).toBe(6 - PER_PHONE)
    expect(await outboxTo([phone])).toBe(PER_PHONE)
  })

  it('headquarters and the base sending at once cannot pass the base\'s cap together', async () => {
    const f = await baseWithCarriers('并发同基地', '1372400', 4, (i) => `1372410000${i}`)
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date())
    await env.db.insert(rateCounters).values({ key: `sms-base-day:${f.company.id}:${today}`, count: PER_BASE - 1, resetAt: new Date(Date.now() + 3_600_000) })
    const answers = await Promise.all([send(f.token), send(s.hq, { companyId: f.company.id })])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(answers.reduce((n, a) => n + a.data.sent, 0)).toBe(1)
    expect(await outboxTo(['13724100000', '13724100001', '13724100002', '13724100003'])).toBe(1)
  })

  it('the carrier name is shown as data: quoted, cut short, without brackets of its own', async () => {
    const name = '【工商银行】您的账户存在异常，请立即登录 http://x.cn 核实，否则冻结'
    const g = await makeCompany(env.db, '注入基地')
    const admin = await makeUser(env.db, { phone: '13725000000', role: 'baseAdmin', companyIds: [g.id] })
    await insertTransports(env, [transportRow(g.id, { deliveryCarrier: name, poundDiff: 2, deliveryPlateNumber: '【假冒】'.repeat(5) })])
    await env.db.insert(logisticsCompanies).values({ companyId: g.id, name, phone: '13725100000' })
    expect((await send(await env.token(admin.phone, admin.password))).data.sent).toBe(1)
    const [sms] = await env.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13725100000'))
    const quoted = sms!.content.match(/^【注入基地】承运单位“([^”]*)”：/)![1]!
    expect(quoted.length).toBeLessThanOrEqual(SMS_CARRIER_SHOWN)
    expect(quoted.endsWith('…')).toBe(true)
    // the only bracket pair is the base's own signature
    expect(sms!.content.match(/【/g)).toHaveLength(1)
  })
})
