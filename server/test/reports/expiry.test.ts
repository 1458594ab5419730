/**
 * Expiry warnings of signed reports: the list's 到期提醒 filter and label, and one SMS per threshold
 * (the most urgent reached), never twice, even when several runs race (on PostgreSQL several processes).
 */
import { chinaToday, ReportMsg } from '@app/contract'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { reports, smsOutbox } from '../../src/db/schema/index.js'
import { sendExpiryWarnings } from '../../src/modules/reports/expiry.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let token: string
let companyId: number
const now = new Date()
const today = chinaToday(now)
const plusDays = (n: number, from = today) => new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
const phones = ['13700000001', '13700000002', '13700000003', '13700000004']

beforeAll(async () => {
  env = await createTestApp()
  companyId = (await makeCompany(env.db, '到期提醒基地')).id
  const user = await makeUser(env.db, { phone: '13655556666', role: 'baseAdmin', companyIds: [companyId] })
  token = await env.token(user.phone, user.password)
  const signed = (i: number, next: string) => ({
    companyId, reportNumber: `JCEXP${i}`, licenseNumber: `苏F0000${i}`, tankerType: '常压车辆', org: '运输公司', contactName: '司机',
    phone: phones[i]!, latestMaterial: '柴油', outdate: '2030-01-01', status: 6, result: '合格', nextInspectionDate: next, verifyToken: `exp-token-${i}`,
  })
  await env.db.insert(reports).values([signed(0, plusDays(-3)), signed(1, plusDays(5)), signed(2, plusDays(20)), signed(3, plusDays(60))])
})
afterAll(async () => env?.close())

const outbox = async () => (await env.db.select().from(smsOutbox).where(inArray(smsOutbox.phone, phones))).map((r) => [r.phone, r.content])

test('the list filters and labels what is overdue or due within 10 / 30 days', async () => {
  const find = async (expiry: string) => (await env.call(token, 'POST', '/api/report/find', { expiry })).data.data as { licenseNumber: string; expiry: { label: string } }[]
  expect((await find('overdue')).map((r) => [r.licenseNumber, r.expiry.label])).toEqual([['苏F00000', '已过期']])
  expect((await find('within10')).map((r) => r.licenseNumber).sort()).toEqual(['苏F00000', '苏F00001'])
  expect((await find('within30')).map((r) => r.licenseNumber).sort()).toEqual(['苏F00000', '苏F00001', '苏F00002'])
  const bad = await env.call(token, 'POST', '/api/report/find', { expiry: 'soon' })
  expect(bad.status).toBe(400)
  expect(bad.message).toBe('到期提醒只能是已过期、10天内到期、30天内到期')
})

test('one SMS per threshold reached, the most urgent only, never repeated, whoever runs at once', async () => {
  const runs = await Promise.all(Array.from({ length: 4 }, () => sendExpiryWarnings(env.db, env.ctx.sms, env.app.log, now)))
  expect(runs.reduce((a, b) => a + b, 0)).toBe(3)
  expect((await outbox()).sort()).toEqual([
    [phones[0], ReportMsg.expirySms('苏F00000', plusDays(-3), -3)],
    [phones[1], ReportMsg.expirySms('苏F00001', plusDays(5), 5)],
    [phones[2], ReportMsg.expirySms('苏F00002', plusDays(20), 20)],
  ])
  expect(await sendExpiryWarnings(env.db, env.ctx.sms, env.app.log, now)).toBe(0)
  // twelve days on: the 20-day report reaches 10 days, the 5-day one becomes overdue, the 60-day one is still far
  const later = new Date(now.getTime() + 12 * 86_400_000)
  expect(await sendExpiryWarnings(env.db, env.ctx.sms, env.app.log, later)).toBe(2)
  expect((await outbox()).filter(([phone]) => phone === phones[1]).at(-1)).toEqual([phones[1], ReportMsg.expirySms('苏F00001', plusDays(5), -7)])
  expect((await outbox()).filter(([phone]) => phone === phones[2]).at(-1)).toEqual([phones[2], ReportMsg.expirySms('苏F00002', plusDays(20), 8)])
  expect(await sendExpiryWarnings(env.db, env.ctx.sms, env.app.log, later)).toBe(0)
})
