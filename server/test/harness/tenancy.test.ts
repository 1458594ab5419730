/**
 * Walks every registered API route as a user of company A holding every permission, with a valid call
 * naming company B's rows (examples/): each is refused by tenancy or served for A alone, nothing of B
 * shows up in an answer, and B's rows are unchanged afterwards. A route taking a `companyId` is tried
 * with B's, which is refused with the one message for another base, never answered for A instead.
 * The examples are checked against the route's own schemas first, so a refusal is never just bad input.
 */
import { CompanyMsg, Msg } from '@app/contract'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { z } from 'zod'
import type { ApiRoute } from '../../src/platform/access.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { SLOW_TEST_MS } from '../timing.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { routeExamples, type ExampleContext, type Outcome, type RouteExample } from './examples/index.js'
import { MARKER, seedOtherCompany, snapshotOf, type OtherCompany } from './otherCompany.js'
import { actor, answerText, fill, messageOf } from './walk.js'

let env: TestEnv
let b: OtherCompany
beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000, smsRatePerMinute: 100_000 })
  b = await seedOtherCompany(env)
})
afterAll(async () => env?.close())

const exampleKey = (url: string) => url.replace(/(.)\/$/, '$1')
const strings = (values: Record<string, string | number> = {}) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]))

/** Why the example would not pass the route's own validation, or null. */
function invalidInput(route: ApiRoute, example: RouteExample): string | null {
  const schema = route.schema as (ApiRoute['schema'] & { consumes?: string[] }) | undefined
  if (Boolean(schema?.consumes?.includes('multipart/form-data')) !== Boolean(example.form)) return 'multipart routes, and only they, take a form'
  const parts: [string, unknown, unknown][] = [
    ['params', schema?.params, strings(example.params)],
    ['querystring', schema?.querystring, strings(example.query)],
    ['body', schema?.body, example.body === undefined ? undefined : JSON.parse(JSON.stringify(example.body))],
  ]
  for (const [part, partSchema, value] of parts) {
    const given = value !== undefined && (typeof value !== 'object' || Object.keys(value as object).length > 0)
    if (!partSchema) {
      if (given) return `gives ${part} the route does not take`
      continue
    }
    const parsed = (partSchema as z.ZodType).safeParse(value)
    if (!parsed.success) return `${part} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`
  }
  return null
}

/** The top-level keys of an object schema, through optional, nullable, default, refinements and pipes. */
function keysOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; def?: { innerType?: unknown; in?: unknown; out?: unknown } } | undefined
  if (!s) return []
  if (s.shape) return Object.keys(s.shape)
  return [s.def?.innerType, s.def?.out, s.def?.in].flatMap((inner) => (inner ? keysOf(inner) : []))
}

/** The parts of a route's input with a `companyId`: each must be tried with B's (another base's id is refused, never replaced). */
function companyParts(route: ApiRoute) {
  const schema = route.schema
  return (['params', 'query', 'body'] as const).filter((part) => keysOf(schema?.[part === 'query' ? 'querystring' : part]).includes('companyId'))
}

function request(route: ApiRoute, example: RouteExample): InjectOptions {
  const base = { method: route.method as 'GET', url: fill(route.url, example.params ?? {}), query: strings(example.query) }
  if (example.form) return { ...base, ...multipart(example.form) }
  return { ...base, payload: example.body as InjectOptions['payload'] }
}

function outcomeMismatch(expected: Outcome, res: LightMyRequestResponse): boolean {
  const message = messageOf(res)
  switch (expected) {
    case 'refused':
      return !((res.statusCode === 404 && !message.startsWith(Msg.routeNotFound)) || (res.statusCode === 403 && message !== Msg.forbidden))
    case 'otherBase':
      return res.statusCode !== 404 || message !== CompanyMsg.notFound
    case 'served':
    case 'public':
      return res.statusCode !== 200
    default:
      return res.statusCode !== expected
  }
}

test('a company-A user holding every permission is refused B\'s rows or served A\'s own, and changes nothing of B', async () => {
  const a = await makeCompany(env.db, '甲方基地', { userAmount: 10, remainingTimes: 10 })
  const user = await makeUser(env.db, { phone: '18700000001', role: 'admin', companyIds: [a.id] })
  const call = actor(env, user.phone, user.password)
  const ctx: ExampleContext = { a: { companyId: a.id, userId: user.id, phone: user.phone, password: user.password }, b, encrypt: env.encrypt }
  const routes = env.app.apiRoutes
  const keys = new Set(routes.map((r) => exampleKey(r.url)))
  const failures = Object.keys(routeExamples).filter((key) => !keys.has(key)).map((key) => `${key}: an example for no route`)
  const before = await snapshotOf(env, b)

  for (const route of routes) {
    const build = routeExamples[exampleKey(route.url)]
    if (!build) {
      failures.push(`${route.method} ${route.url}: no example (add a valid call with B's ids in harness/examples/)`)
      continue
    }
    const examples = [await build(ctx, route.method)].flat()
    for (const part of companyParts(route)) {
      if (!examples.some((e) => (e[part] as { companyId?: unknown } | undefined)?.companyId === b.companyId)) {
        failures.push(`${route.method} ${route.url}: no example names B's companyId in its ${part}`)
      }
    }
    for (const example of examples) {
      const invalid = invalidInput(route, example)
      if (invalid) {
        failures.push(`${route.method} ${route.url}: the example ${invalid}`)
        continue
      }
      const res = await call(request(route, example))
      const seen = `${route.method} ${route.url} ${JSON.stringify(example.params ?? {})} -> ${res.statusCode} ${res.body.slice(0, 200)}`
      if (res.statusCode >= 500) failures.push(`${seen}: a 5xx`)
      else if (outcomeMismatch(example.expect, res)) failures.push(`${seen}: expected ${example.expect}`)
      if (example.expect !== 'public' && (await answerText(res)).includes(MARKER)) failures.push(`${seen}: shows B's data`)
    }
  }
  expect(failures).toEqual([])
  expect(await snapshotOf(env, b)).toBe(before)
  // every route, reading two tickets among them: 50 s on a quiet machine
}, SLOW_TEST_MS)
