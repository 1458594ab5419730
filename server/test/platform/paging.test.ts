/**
 * Page sizes: every list offers at most LIST_MAX_PAGE_SIZE rows a page and refuses more with a message
 * naming the limit; a list may declare a larger maximum of its own (the transport grid).
 */
import { LIST_MAX_PAGE_SIZE, pagingUpTo, resolvePaging, TRANSPORT_MAX_PAGE_SIZE } from '@app/contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ApiRoute } from '../../src/platform/access.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let token: string
beforeAll(async () => {
  env = await createTestApp()
  token = await env.token()
})
afterAll(async () => env?.close())

/** The keys of a route's body or querystring schema (through `.optional()`). */
function keysOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown } | undefined
  if (s?.shape) return Object.keys(s.shape)
  return s?.unwrap ? keysOf(s.unwrap()) : []
}

type Where = 'body' | 'querystring'
/** the one list offering more than LIST_MAX_PAGE_SIZE rows a page (spec 001 §9) */
const TRANSPORT_GRID = ['/api/logistics/find', '/api/logistics/grid', '/api/logistics/findCenter']
/** Every registered list route, with where it takes its page size. */
function listRoutes(): { route: ApiRoute; where: Where }[] {
  const out: { route: ApiRoute; where: Where }[] = []
  for (const route of env.app.apiRoutes) {
    for (const where of ['body', 'querystring'] as const) {
      if (keysOf(route.schema?.[where]).includes('size')) out.push({ route, where })
    }
  }
  return out
}

async function ask(route: ApiRoute, where: Where, sizes: Record<string, number | string>) {
  const url = route.url.replace(/:(\w+)/g, '1')
  const asQuery = Object.fromEntries(Object.entries(sizes).map(([k, v]) => [k, String(v)]))
  const res = await env.app.inject({
    method: route.method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    // `id` answers the routes that also need one in the query (selectByCompanyId)
    query: where === 'querystring' ? { id: '1', ...asQuery } : { id: '1' },
    payload: where === 'body' ? sizes : route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
  })
  const json = String(res.headers['content-type'] ?? '').includes('application/json')
  return { status: res.statusCode, message: json ? String(res.json().message ?? '') : '' }
}

describe('list page sizes', () => {
  test('the lists are found (the walk below covers something)', () => {
    const urls = listRoutes().map((x) => x.route.url)
    for (const url of ['/api/company/find', '/api/users/find', '/api/rechargeRecord/find', '/api/log/find', '/api/receiptFormat/find', '/api/users/listUserAll']) {
      expect(urls).toContain(url)
    }
  })

  test('every list answers the spec\'s `find/` as well as `find`', async () => {
    // a list of a parent's rows (a department's members) answers 404 for a parent that is not there: `find/` answers alike
    const answer = async (route: ApiRoute, url: string) => {
      const res = await env.app.inject({ method: route.method as 'GET', url: url.replace(/:(\w+)/g, '1'), query: { id: '1' }, headers: { authorization: `Bearer ${token}` }, ...(route.method === 'GET' ? {} : { payload: {} }) })
      return { url: url.replace(/\/$/, ''), status: res.statusCode, message: String(res.json().message ?? '') }
    }
    for (const { route } of listRoutes()) {
      const plain = await answer(route, route.url)
      expect(plain.status === 200 || (plain.status === 404 && route.url.includes('/:')), JSON.stringify(plain)).toBe(true)
      expect(await answer(route, `${route.url}/`)).toEqual(plain)
    }
  })

  test.each([101, 100_000])('size=%i is refused on every list with a message naming the limit', async (size) => {
    const wrong: string[] = []
    for (const { route, where } of listRoutes()) {
      if (TRANSPORT_GRID.includes(route.url)) continue
      for (const key of ['size', 'pageSize']) {
        const res = await ask(route, where, { [key]: size })
        if (res.status !== 400 || res.message !== '每页条数不能大于100') wrong.push(`${route.method} ${route.url} ${key}=${size} -> ${res.status} ${res.message}`)
      }
    }
    expect(wrong).toEqual([])
  })

  test('the transport grid\'s calls take up to 100,000 rows a page and refuse more, naming their limit', async () => {
    const grid = listRoutes().filter(({ route }) => TRANSPORT_GRID.includes(route.url))
    expect(grid.map(({ route }) => route.url).sort()).toEqual([...TRANSPORT_GRID].sort())
    for (const { route, where } of grid) {
      for (const key of ['size', 'pageSize']) {
        expect(await ask(route, where, { [key]: TRANSPORT_MAX_PAGE_SIZE + 1 })).toEqual({ status: 400, message: '每页条数不能大于100000' })
        expect((await ask(route, where, { [key]: TRANSPORT_MAX_PAGE_SIZE })).status).toBe(200)
      }
    }
  })

  test('size=100 is accepted on every list', async () => {
    const wrong: string[] = []
    for (const { route, where } of listRoutes()) {
      const res = await ask(route, where, { size: 100 })
      if (res.message.includes('每页条数')) wrong.push(`${route.method} ${route.url} -> ${res.status} ${res.message}`)
    }
    expect(wrong).toEqual([])
    const page = await env.call(token, 'POST', '/api/company/find/', { page: 1, size: 100 })
    expect(page.status).toBe(200)
    expect(page.data.data.length).toBeGreaterThan(0)
  })

  test('a size or page that is no number is answered as such on every list, not as a missing one', async () => {
    const wrong: string[] = []
    for (const { route, where } of listRoutes()) {
      for (const [key, name] of [['size', '每页条数'], ['pageSize', '每页条数'], ['page', '页码']] as const) {
        const res = await ask(route, where, { [key]: 'abc' })
        if (res.status !== 400 || res.message !== `${name}必须是数字`) wrong.push(`${route.method} ${route.url} ${key}=abc -> ${res.status} ${res.message}`)
      }
    }
    expect(wrong).toEqual([])
  })

  test('a size below 1 names the field too', async () => {
    const res = await env.call(token, 'POST', '/api/users/find/', { size: 0 })
    expect(res.status).toBe(400)
    expect(res.message).toBe('每页条数不能小于1')
  })
})

describe('a list with its own maximum', () => {
  const transport = pagingUpTo(TRANSPORT_MAX_PAGE_SIZE)

  test('the transport grid takes up to 100,000 rows a page and refuses more, naming its limit', () => {
    expect(LIST_MAX_PAGE_SIZE).toBe(100)
    expect(TRANSPORT_MAX_PAGE_SIZE).toBe(100_000)
    expect(transport.parse({ size: '100000' }).size).toBe(100_000)
    const refused = transport.safeParse({ pageSize: 100_001 })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toBe('每页条数不能大于100000')
  })

  test('resolvePaging keeps a validated size and defaults the rest', () => {
    expect(resolvePaging({ size: 100_000 })).toEqual({ page: 1, size: 100_000, offset: 0 })
    expect(resolvePaging({ pageNo: 3, pageSize: 50 })).toEqual({ page: 3, size: 50, offset: 100 })
    expect(resolvePaging({})).toEqual({ page: 1, size: 20, offset: 0 })
  })
})
