/** Walks every registered API route as a sub-account: every route needing a permission it lacks answers 403. */
import { Msg, ROLES } from '@app/contract'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeUser } from '../fixtures.js'
import { actor, fill } from './walk.js'

let env: TestEnv
beforeAll(async () => { env = await createTestApp({ loginRatePerMinute: 100_000 }) })
afterAll(async () => env?.close())

test('a sub-account is refused (403) on every route needing a permission it lacks', async () => {
  const sub = await makeUser(env.db, { phone: '18700000002', role: 'subAccount', companyIds: [1] })
  const call = actor(env, sub.phone, sub.password)
  const subPerms = new Set<string>(ROLES.subAccount.permissions)
  const guarded = env.app.apiRoutes.filter((r) => typeof r.access !== 'string' && !r.access.some((p) => subPerms.has(p)))
  expect(guarded.length).toBeGreaterThan(30)
  for (const route of guarded) {
    const res = await call({ method: route.method as 'GET', url: fill(route.url, {}), payload: route.method === 'GET' ? undefined : {} })
    expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
    expect(res.json().message).toBe(Msg.forbidden)
  }
})
