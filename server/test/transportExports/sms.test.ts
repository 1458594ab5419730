import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { logEntries, logisticsCompanies, rateCounters, settlementTolerances, smsOutbox, transportSms } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { insertTransports, transportRow, twoBases } from './setup.js'

let env: TestEnv
let s: Awaited<ReturnType<typeof twoBases>>
let ids: Record<string, number>

beforeAll(async () => {
  env = await createTestApp()
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
    expect(outbox[0]!.content).toMatch(/^【甲基地】顺达物流：您有2车运单磅差超标：/)
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
    expect(one.data).toEqual({ sent: 0, transports: 0, noPhone: ['远通运输'], failed: [] })
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
