/**
 * Security headers: every answer (API success and refusals, the web app's page and files, Swagger UI)
 * forbids framing, sends no referrer, is never sniffed, and carries the web app's CSP.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parseFrameAncestors } from '../../src/config.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let token: string
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-web-'))

beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>基地业务管理后台</title><script type="module" src="/assets/index-abc.js"></script>')
  fs.mkdirSync(path.join(webDist, 'assets'))
  fs.writeFileSync(path.join(webDist, 'assets/index-abc.js'), 'console.log(1)')
  env = await createTestApp({ webDist })
  token = await env.token()
})
afterAll(async () => {
  await env?.close()
  fs.rmSync(webDist, { recursive: true, force: true })
})

/** The CSP's directives by name. */
const directives = (csp: string) =>
  Object.fromEntries(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...values] = d.split(/\s+/)
    return [name!, values]
  }))

const answers = () => [
  ['API answer', { method: 'GET', url: '/api/users/info', headers: { authorization: `Bearer ${token}` } }],
  ['public API answer', { method: 'GET', url: '/api/users/publicKey' }],
  ['refused without a session (401)', { method: 'GET', url: '/api/users/info' }],
  ['bad input (400)', { method: 'POST', url: '/api/company/find/', headers: { authorization: `Bearer ${token}` }, payload: { size: 'x' } }],
  ['unknown API route (404)', { method: 'GET', url: '/api/no/such/thing' }],
  ['a bad URL encoding, refused by the router (400)', { method: 'GET', url: '/api/attachments/get/%E0%A4%A' }],
  ['an over-long path segment, refused by the router (414)', { method: 'GET', url: `/api/attachments/get/${'1'.repeat(200)}` }],
  ['the web app page', { method: 'GET', url: '/' }],
  ['a web app route', { method: 'GET', url: '/agent/index' }],
  ['a web app file', { method: 'GET', url: '/assets/index-abc.js' }],
  ['Swagger UI', { method: 'GET', url: '/api/docs/' }],
  ['the OpenAPI document', { method: 'GET', url: '/api/docs/json' }],
] as const

test.each(answers())('%s: no framing, no referrer, no sniffing, and the CSP', async (_name, request) => {
  const res = await env.app.inject(request as never)
  expect(res.statusCode).toBeLessThan(500)
  expect(res.headers['x-frame-options']).toBe('DENY')
  expect(res.headers['referrer-policy']).toBe('no-referrer')
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  const csp = directives(String(res.headers['content-security-policy'] ?? ''))
  expect(csp['frame-ancestors']).toEqual(["'none'"])
  expect(csp['default-src']).toEqual(["'self'"])
  expect(csp['script-src']).toEqual(["'self'"])
  expect(csp['object-src']).toEqual(["'none'"])
  // the LAN addresses are plain http: nothing may be upgraded to https
  expect(csp).not.toHaveProperty('upgrade-insecure-requests')
})

test('the public big screen may be framed by the sites configured (default any); its CSP is otherwise the same', async () => {
  for (const url of ['/screen/embed', '/screen/embed?companyId=2&timestamp=1&signature=x']) {
    const res = await env.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-frame-options']).toBeUndefined()
    const csp = directives(String(res.headers['content-security-policy']))
    expect(csp['frame-ancestors']).toEqual(['*'])
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['object-src']).toEqual(["'none'"])
  }
  // its data call and the pages around it are not framed
  for (const url of ['/screen/embed/other', '/screen', '/api/screen/embed/data']) {
    const res = await env.app.inject({ method: 'GET', url })
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(directives(String(res.headers['content-security-policy']))['frame-ancestors']).toEqual(["'none'"])
  }
  const narrowed = await createTestApp({ webDist, screenFrameAncestors: parseFrameAncestors('https://portal.example.com, https://*.gov.cn') })
  try {
    const res = await narrowed.app.inject({ method: 'GET', url: '/screen/embed' })
    expect(directives(String(res.headers['content-security-policy']))['frame-ancestors']).toEqual(['https://portal.example.com', 'https://*.gov.cn'])
  } finally {
    await narrowed.close()
  }
})

test.each([
  ["*; script-src 'unsafe-inline'"],
  ['https://a.example.com\r\nx-injected: 1'],
  ["'none' https://a.example.com"],
  ['javascript:alert(1)'],
])('SCREEN_FRAME_ANCESTORS %j stops the start with a message', (value) => {
  expect(() => parseFrameAncestors(value)).toThrow(/SCREEN_FRAME_ANCESTORS 的取值不正确/)
})

test('the web app page is revalidated on every load; its hashed files are cached for good', async () => {
  for (const url of ['/', '/agent/index']) {
    const page = await env.app.inject({ method: 'GET', url })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['cache-control']).toBe('no-cache')
  }
  const file = await env.app.inject({ method: 'GET', url: '/assets/index-abc.js' })
  expect(file.headers['cache-control']).toContain('immutable')
})
