/** Walks every registered API route as headquarters with bad input of every kind: 4xx in Chinese, never a 5xx. */
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { ApiRoute } from '../../src/platform/access.js'
import { ADMIN_PASSWORD, createTestApp, type TestEnv } from '../helpers.js'
import { SLOW_TEST_MS } from '../timing.js'
import { actor, CJK, fill, messageOf, paramNames } from './walk.js'

let env: TestEnv
beforeAll(async () => { env = await createTestApp({ loginRatePerMinute: 100_000, smsRatePerMinute: 100_000 }) })
afterAll(async () => env?.close())

const keysOf = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape
  return shape ? Object.keys(shape) : []
}

const nasty: unknown[] = ['x'.repeat(10_000), "1' or '1'='1'; drop table app_user; --", '<img src=x onerror=alert(1)>', -1, 1.5, 2 ** 53, true, [], {}, null, '']
const nastyParams = ['abc', '-1', '0', '1.5', '99999999999999', 'x'.repeat(10_000), "1' or '1'='1", '%3Cscript%3E']

test('never a 5xx; every refusal says what is wrong in Chinese', async () => {
  const call = actor(env, 'admin', ADMIN_PASSWORD)
  const failures: string[] = []
  const check = async (route: ApiRoute, url: string, body?: unknown, query?: Record<string, string>) => {
    const res = await call({ method: route.method as 'GET', url, query, payload: body as never })
    const msg = messageOf(res)
    if (res.statusCode >= 500) failures.push(`${route.method} ${url.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 200)}`)
    else if (res.statusCode >= 400 && res.statusCode !== 404 && !CJK.test(msg)) failures.push(`${route.method} ${url.slice(0, 80)} -> ${res.statusCode} without a Chinese message: ${res.body.slice(0, 200)}`)
  }
  for (const route of env.app.apiRoutes) {
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
}, SLOW_TEST_MS)
