/**
 * Walks registered API routes as headquarters with bad input of every kind: 4xx in Chinese, never a 5xx.
 * The routes are dealt round-robin to several files (bad-input-N.test.ts) so that the suite's workers
 * share the walk, and each route is its own test with its own time limit.
 */
import { afterAll, expect, test } from 'vitest'
import { ADMIN_PASSWORD, createTestApp } from '../helpers.js'
import { SLOW_TEST_MS } from '../timing.js'
import { actor, CJK, fill, messageOf, paramNames } from './walk.js'

/** as many as there are bad-input-N.test.ts files */
export const BAD_INPUT_SHARDS = 3

const keysOf = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape
  return shape ? Object.keys(shape) : []
}

const nasty: unknown[] = ['x'.repeat(10_000), "1' or '1'='1'; drop table app_user; --", '<img src=x onerror=alert(1)>', -1, 1.5, 2 ** 53, true, [], {}, null, '']
const nastyParams = ['abc', '-1', '0', '1.5', '99999999999999', 'x'.repeat(10_000), "1' or '1'='1", '%3Cscript%3E']

/** Defines one test per route of shard `shard` (1-based) of `BAD_INPUT_SHARDS`. */
export async function badInputShard(shard: number) {
  const env = await createTestApp({ loginRatePerMinute: 100_000, smsRatePerMinute: 100_000 })
  afterAll(async () => env.close())
  const call = actor(env, 'admin', ADMIN_PASSWORD)
  const routes = env.app.apiRoutes.filter((_, i) => i % BAD_INPUT_SHARDS === shard - 1)

  for (const route of routes) {
    test(`${route.method} ${route.url}: never a 5xx; every refusal says what is wrong in Chinese`, async () => {
      const failures: string[] = []
      const check = async (url: string, body?: unknown, query?: Record<string, string>) => {
        const res = await call({ method: route.method as 'GET', url, query, payload: body as never })
        const msg = messageOf(res)
        if (res.statusCode >= 500) failures.push(`${route.method} ${url.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 200)}`)
        else if (res.statusCode >= 400 && res.statusCode !== 404 && !CJK.test(msg)) failures.push(`${route.method} ${url.slice(0, 80)} -> ${res.statusCode} without a Chinese message: ${res.body.slice(0, 200)}`)
      }
      for (const p of paramNames(route.url)) for (const v of nastyParams) await check(fill(route.url, { [p]: v }))
      const url = fill(route.url, {})
      if (route.method !== 'GET') {
        await check(url, {})
        await check(url, 'not json at all')
        await check(url, [1, 2, 3])
        for (const key of keysOf(route.schema?.body)) for (const v of nasty) await check(url, { [key]: v })
      }
      for (const key of keysOf(route.schema?.querystring)) {
        for (const v of nasty) if (typeof v === 'string' || typeof v === 'number') await check(url, undefined, { [key]: String(v) })
      }
      expect(failures).toEqual([])
    }, SLOW_TEST_MS)
  }
}

