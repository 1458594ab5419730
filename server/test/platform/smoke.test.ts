import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, bearer, type TestEnv } from '../helpers.js'

let env: TestEnv
beforeAll(async () => { env = await createTestApp() })
afterAll(async () => env?.close())

test('admin logs in and reads user info', async () => {
  const token = await env.token()
  const res = await env.app.inject({ method: 'GET', url: '/api/users/info', headers: bearer(token) })
  expect(res.statusCode).toBe(200)
  const body = res.json()
  expect(body.data.name).toBe('超级管理员')
  expect(body.data.menus.length).toBeGreaterThan(3)
})
