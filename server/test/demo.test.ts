import { ROLES } from '@app/contract'
import { count, countDistinct, inArray, isNull } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemo, type DemoSummary } from '../src/db/demo.js'
import { companies, extractionRules, logEntries, rechargeRecords, receiptFormats, roles, userCompanies, users } from '../src/db/schema/index.js'
import { createTestApp, type TestEnv } from './helpers.js'

let env: TestEnv
let first: DemoSummary
beforeAll(async () => {
  env = await createTestApp()
  first = await seedDemo(env.db)
}, 180_000)
afterAll(async () => env?.close())

async function counts() {
  const n = async (table: PgTable) => (await env.db.select({ n: count() }).from(table))[0]!.n
  return {
    companies: await n(companies), users: await n(users), memberships: await n(userCompanies), recharges: await n(rechargeRecords),
    logs: await n(logEntries), formats: await n(receiptFormats), rules: await n(extractionRules),
  }
}

describe('npm run seed:demo (seedDemo)', () => {
  it('makes a believable demo: bases in several provinces, users of every role with sub-accounts, top-ups, logs, a custom format and rule', async () => {
    expect(first.added).toMatchObject({ companies: 5, formats: 1, rules: 1 })
    expect(first.added.users).toBeGreaterThanOrEqual(20)
    expect(first.added.recharges).toBeGreaterThanOrEqual(5)
    expect(first.added.logs).toBeGreaterThanOrEqual(30)
    const phones = first.companies.map((b) => b.phone)
    const bases = await env.db.select().from(companies).where(inArray(companies.phone, phones))
    expect(new Set(bases.map((b) => b.province)).size).toBe(5)
    expect(bases.every((b) => b.remainingTimes > 0 && b.mainUserId)).toBe(true)

    const withRoles = await env.db.select({ roleId: users.roleId }).from(users)
    const nickById = new Map((await env.db.select().from(roles)).map((r) => [r.id, r.nickName]))
    const present = new Set(withRoles.map((u) => (u.roleId == null ? '' : nickById.get(u.roleId))))
    for (const role of Object.values(ROLES)) expect(present, `role ${role.nickName || '子账号'}`).toContain(role.nickName)
    const [subs] = await env.db.select({ n: count() }).from(users).where(isNull(users.roleId))
    expect(subs!.n).toBeGreaterThanOrEqual(4)

    // plain entries and alerts (告警), spread over weeks
    const [logs] = await env.db.select({ levels: countDistinct(logEntries.level) }).from(logEntries)
    expect(logs!.levels).toBe(2)
    const times = (await env.db.select({ t: logEntries.createTime }).from(logEntries)).map((r) => r.t.getTime())
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(21 * 86_400_000)
  })

  it('adds nothing the second time', async () => {
    const before = await counts()
    const again = await seedDemo(env.db)
    expect(again.added).toEqual({ companies: 0, users: 0, recharges: 0, formats: 0, rules: 0, logs: 0 })
    expect(await counts()).toEqual(before)
  })

  it('a demo base account and a sub-account log in with the demo password', async () => {
    for (const phone of [first.companies[0]!.phone, '13776543018']) {
      const res = await env.login(phone, DEMO_PASSWORD)
      expect(res.json(), phone).toMatchObject({ code: 200 })
    }
  })
})
