import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
beforeAll(async () => {
  env = await createTestApp({}, (app) => {
    app.register(async (api) => {
      api.get('/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret internals at /srv/app.ts:42')
      })
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
