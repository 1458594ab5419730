import { Msg } from '@app/contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { VERIFY_PER_MINUTE } from '../../src/modules/reports/routes.js'
import { ADMIN_PASSWORD, createTestApp, type TestEnv } from '../helpers.js'
import { callFrom, countOf, loginFrom } from './securityClient.js'

/** The default limits: each family of routes counts an address's requests on its own. */
let env: TestEnv
beforeAll(async () => { env = await createTestApp() })
afterAll(async () => env?.close())

describe('per-address limits are counted per family of routes', () => {
  test('a QR scanner using up the public verification limit leaves login and SMS working from its address', async () => {
    const ip = '203.0.113.20'
    const verify = () => callFrom(env, ip, 'GET', '/api/public/report/no-such-token')
    const answers = []
    for (let i = 0; i < VERIFY_PER_MINUTE + 1; i++) answers.push(await verify())
    expect(countOf(answers, 429, Msg.tooMany)).toBe(1)
    expect(answers.at(-1)!.status).toBe(429)

    expect((await loginFrom(env, ip, 'admin', ADMIN_PASSWORD)).status).toBe(200)
    const sms = await callFrom(env, ip, 'POST', '/api/users/sendMsg/13500000001')
    expect([sms.status, sms.message]).toEqual([200, Msg.sendOk])
    // still refused: the verification family's own counter is full
    expect((await verify()).status).toBe(429)
  })

  test('using up login leaves public verification working', async () => {
    const ip = '203.0.113.21'
    const answers = []
    for (let i = 0; i < env.ctx.config.loginRatePerMinute + 1; i++) answers.push(await callFrom(env, ip, 'POST', '/api/users/login', { payload: { username: 'nobody', password: 'x' } }))
    expect(answers.at(-1)!.status).toBe(429)
    expect((await callFrom(env, ip, 'GET', '/api/public/report/no-such-token')).status).toBe(404)
  })
})
