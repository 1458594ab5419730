import { afterAll, beforeAll, expect, test } from 'vitest'
import { sendJsonRows } from '../../src/platform/envelope.js'
import { createTestApp, type TestEnv } from '../helpers.js'

// rows of Chinese text over several 1 MB blocks, and one row larger than a block
const bigRows = [
  ...Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `海螺水泥第${i}号`.repeat(40), weight: 31.5 })),
  { id: 3000, name: '长'.repeat(700_000), weight: null },
  { id: 3001, name: '尾', weight: 0 },
]

let env: TestEnv
beforeAll(async () => {
  env = await createTestApp({}, (app) => {
    app.register(async (api) => {
      api.get('/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret internals at /srv/app.ts:42')
      })
      api.get('/test/rows', { config: { access: 'public' } }, async (_req, reply) => sendJsonRows(reply, bigRows.map((r) => JSON.stringify(r)), 7))
      api.get('/test/noRows', { config: { access: 'public' } }, async (_req, reply) => sendJsonRows(reply, []))
    }, { prefix: '/api' })
  })
})
afterAll(async () => env?.close())

test('unknown API routes answer 404 in Chinese', async () => {
  const res = await env.call(null, 'GET', '/api/no/such/thing')
  expect(res.status).toBe(404)
  expect(res.message).toBe('接口不存在：GET /api/no/such/thing')
})

test('an internal error answers 500 with a log id and nothing of the error itself', async () => {
  const res = await env.app.inject({ method: 'GET', url: '/api/test/boom' })
  expect(res.statusCode).toBe(500)
  const body = res.json()
  expect(body.code).toBe(500)
  expect(body.message).toMatch(/^服务器内部错误，请稍后重试（日志编号 [0-9a-f-]{36}）$/)
  expect(res.body).not.toContain('secret')
  expect(res.body).not.toContain('.ts')
})

test('malformed JSON is a 400 with a Chinese message', async () => {
  const res = await env.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: '{"username": ' })
  expect(res.statusCode).toBe(400)
  expect(res.json().message).toBe('请求内容不是有效的 JSON')
})

test('a route without an access declaration cannot be registered', async () => {
  await expect(createTestApp({}, (app) => { app.get('/api/test/open', async () => 'x') })).rejects.toThrow('declares no access')
})

test('OpenAPI is generated from the zod schemas and browsable', async () => {
  const spec = await env.app.inject({ method: 'GET', url: '/api/docs/json' })
  const doc = spec.json()
  expect(doc.paths['/api/users/login'].post.requestBody).toBeTruthy()
  const ui = await env.app.inject({ method: 'GET', url: '/api/docs/' })
  expect(ui.statusCode).toBe(200)
  expect(ui.body).toContain('swagger')
})

test('rows written as JSON text are answered whole inside the envelope, across blocks', async () => {
  const res = await env.app.inject({ method: 'GET', url: '/api/test/rows' })
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
  expect(res.json()).toEqual({ code: 200, message: '操作成功', data: { data: bigRows, totalCount: 7 } })
  const none = await env.app.inject({ method: 'GET', url: '/api/test/noRows' })
  expect(none.json()).toEqual({ code: 200, message: '操作成功', data: [] })
})
