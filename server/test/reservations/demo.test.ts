/** The demo's reservations (demo/reservations.ts, part of seed:demo): plans around today, bookings in every status, nothing added twice. */
import { chinaToday, HQ_COMPANY_ID, RESERVATION_STATUS_VALUES } from '@app/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { addDemoReservations } from '../../src/demo/reservations.js'
import { reservationPlans, reservations, users } from '../../src/db/schema/index.js'
import type { Auth } from '../../src/platform/access.js'
import { RoleRegistry } from '../../src/platform/roles.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany } from '../fixtures.js'

let env: TestEnv
let hq: Auth
beforeAll(async () => {
  env = await createTestApp()
  const roles = new RoleRegistry()
  await roles.load(env.db)
  const [admin] = await env.db.select().from(users).where(eq(users.phone, 'admin'))
  hq = { sessionId: 0, userId: admin!.id, companyId: HQ_COMPANY_ID, roleId: admin!.roleId, role: roles.get(admin!.roleId) }
})
afterAll(async () => env?.close())

test('plans for the last 3 days, today and the next 13; bookings in every status, one slot full; a second run adds nothing', async () => {
  const now = new Date()
  const bases = [
    { companyId: (await makeCompany(env.db, '演示预约甲')).id, index: 1, province: '江苏省' },
    { companyId: (await makeCompany(env.db, '演示预约乙')).id, index: 2, province: '浙江省' },
  ]
  const first = await addDemoReservations(env.db, hq, now, bases)
  expect(first.plans).toBe(2 * 17 * 4)
  expect(first.reservations).toBeGreaterThan(2 * 20)
  const rows = await env.db.select().from(reservations)
  expect(rows).toHaveLength(first.reservations)
  for (const base of bases) {
    const mine = rows.filter((r) => r.companyId === base.companyId)
    expect(new Set(mine.map((r) => r.status))).toEqual(new Set(RESERVATION_STATUS_VALUES))
    expect(mine.filter((r) => r.reserveTime === chinaToday(now)).length).toBe(5)
    expect(mine.every((r) => /^[苏浙][AB][A-Z0-9]{5}$/.test(r.licenseNumber))).toBe(true)
  }
  const plans = await env.db.select().from(reservationPlans)
  const full = plans.filter((p) => rows.filter((r) => r.planId === p.id && r.status !== 2).length === p.totalCount && p.totalCount > 0)
  expect(full.length).toBeGreaterThanOrEqual(2)
  for (const p of plans) expect(rows.filter((r) => r.planId === p.id && r.status !== 2).length).toBeLessThanOrEqual(p.totalCount)

  expect(await addDemoReservations(env.db, hq, now, bases)).toEqual({ plans: 0, reservations: 0 })
})
