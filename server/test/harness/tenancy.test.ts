/**
 * Walks every registered API route, so routes added by any module are covered without writing a test
 * for each: (1) as a user of company A holding every permission, with company B's ids everywhere:
 * refused or empty, B's rows unchanged; (2) as a sub-account: every route needing a permission it
 * lacks answers 403; (3) as headquarters: bad input of every kind answers 4xx in Chinese, never 5xx.
 */
import type { ApiRoute } from '../../src/platform/access.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { MARKER, seedOtherCompany, snapshotOf, type OtherCompany } from './otherCompany.js'

let env: TestEnv
let b: OtherCompany
let routes: ApiRoute[]
const CJK = /[\u4e00-\u9fff]/

beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000, smsRatePerMinute: 100_000 })
  b = await seedOtherCompany(env)
  routes = env.app.apiRoutes
})
afterAll(async () => env?.close())

const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!)
const fill = (url: string, values: Record<string, string>) => url.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(values[k] ?? '1'))
const keysOf = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape
  return shape ? Object.keys(shape) : []
}

/** A session that logs itself in again when a walked route (logout, password change) ended it. */
function actor(phone: string, password: string) {
  let token: string | null = null
  return async (method: string, url: string, payload?: unknown, query?: Record<string, string>) => {
    token ??= await env.token(phone, password)
    const send = () => env.app.inject({ method: method as 'GET', url, query, payload: payload as never, headers: { authorization: `Bearer ${token}` } })
    let res = await send()
    if (res.statusCode === 401) {
      token = await env.token(phone, password)
      res = await send()
    }
    return res
  }
}

describe('every route, every company', () => {
  test('a company-A user holding every permission gets nothing of company B, and changes nothing of it', async () => {
    const a = await makeCompany(env.db, '甲方基地')
    const user = await makeUser(env.db, { phone: '18700000001', role: 'admin', companyIds: [a.id] })
    const call = actor(user.phone, user.password)
    const before = await snapshotOf(env, b)
    const allIds = [...new Set(Object.values(b.ids).flat())]
    const leaks: string[] = []
    for (const route of routes) {
      const params = paramNames(route.url)
      const combos = params.length ? allIds.map((id) => Object.fromEntries(params.map((p) => [p, String(b.ids[p]?.[0] ?? id)]))) : [{}]
      for (const values of combos) {
        const url = fill(route.url, values)
        const idFields = Object.fromEntries(Object.entries(b.ids).map(([k, v]) => [k, v[0]]))
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : { ...idFields, companyId: b.companyId, buyCompanyId: b.companyId, saleCompanyId: b.companyId }
        const query = Object.fromEntries(Object.entries(idFields).map(([k, v]) => [k, String(v)]))
        const res = await call(route.method, url, body, query)
        expect(res.statusCode, `${route.method} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500)
        if (res.body.includes(MARKER)) leaks.push(`${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`)
      }
    }
    expect(leaks).toEqual([])
    expect(await snapshotOf(env, b)).toBe(before)
  })

  test('a sub-account is refused (403) on every route needing a permission it lacks', async () => {
    const sub = await makeUser(env.db, { phone: '18700000002', role: 'subAccount', companyIds: [1] })
    const call = actor(sub.phone, sub.password)
    const subPerms = new Set(['transport', 'upload'])
    const guarded = routes.filter((r) => r.access !== 'public' && r.access !== 'session' && !subPerms.has(r.access))
    expect(guarded.length).toBeGreaterThan(30)
    for (const route of guarded) {
      const res = await call(route.method, fill(route.url, {}), route.method === 'GET' ? undefined : {})
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
      expect(res.json().message).toBe('没有权限执行此操作')
    }
  })
})

describe('bad input on every route', () => {
  const nasty: unknown[] = ['x'.repeat(10_000), "1' or '1'='1'; drop table app_user; --", '<img src=x onerror=alert(1)>', -1, 1.5, 2 ** 53, true, [], {}, null, '']
  const nastyParams = ['abc', '-1', '0', '1.5', '99999999999999', 'x'.repeat(10_000), "1' or '1'='1", '%3Cscript%3E']

  test('never a 5xx; every refusal says what is wrong in Chinese', async () => {
    const call = actor('admin', 'Admin@123456')
    const failures: string[] = []
    const check = async (route: ApiRoute, url: string, body?: unknown, query?: Record<string, string>) => {
      const res = await call(route.method, url, body, query)
      const msg = (() => { try { return String(res.json().message ?? '') } catch { return '' } })()
      if (res.statusCode >= 500) failures.push(`${route.method} ${url.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 200)}`)
      else if (res.statusCode >= 400 && res.statusCode !== 404 && !CJK.test(msg)) failures.push(`${route.method} ${url.slice(0, 80)} -> ${res.statusCode} without a Chinese message: ${res.body.slice(0, 200)}`)
    }
    for (const route of routes) {
      const params = paramNames(route.url)
      for (const p of params) for (const v of nastyParams) await check(route, fill(route.url, { [p]: v }))
      const url = fill(route.url, {})
      if (route.method !== 'GET') {
        await check(route, url, {})
        await check(route, url, 'not json at all')
        await check(route, url, [1, 2, 3])
        for (const key of keysOf(route.schema?.body)) for (const v of nasty) await check(route, url, { [key]: v })
      }
      for (const key of keysOf(route.schema?.querystring)) {
        for (const v of nasty) if (typeof v === 'string' || typeof v === 'number') await check(route, url, undefined, { [key]: String(v) })
      }
    }
    expect(failures).toEqual([])
  })
})
