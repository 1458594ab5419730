import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Msg } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { smsOutbox } from '../../src/db/schema/index.js'
import { sendResetCode } from '../../src/modules/auth/resetCode.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

/** A stand-in SMS gateway: a real HTTP server on loopback that records what it is sent. */
let gateway: http.Server
const received: { phone: string; content: string }[] = []
let failGateway = false
let env: TestEnv
let companyId: number

beforeAll(async () => {
  gateway = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      if (failGateway) return res.writeHead(503).end()
      received.push(JSON.parse(body))
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r))
  env = await createTestApp({ smsWebhookUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`, smsRatePerMinute: 1000, loginRatePerMinute: 1000 })
  companyId = (await makeCompany(env.db, '找回密码基地')).id
})
afterAll(async () => {
  await env?.close()
  gateway?.close()
})

const lastCode = (phone: string) => received.filter((m) => m.phone === phone).at(-1)?.content.match(/\d{6}/)?.[0]

describe('forgot password by SMS', () => {
  test('sends a 6-digit code to the gateway, stored only as a hash', async () => {
    await makeUser(env.db, { phone: '13500000001', companyIds: [companyId] })
    const res = await env.call(null, 'POST', '/api/users/sendMsg/13500000001')
    expect(res.message).toBe(Msg.sendOk)
    const code = lastCode('13500000001')
    expect(code).toMatch(/^\d{6}$/)
    const stored = await env.db.execute<{ code_hash: string }>(sql`select code_hash from sms_code where phone = '13500000001'`)
    expect(stored.rows[0]!.code_hash).not.toContain(code!)
  })

  test('one code per 60 s per phone, and a clear message saying how long to wait', async () => {
    await makeUser(env.db, { phone: '13500000002', companyIds: [companyId] })
    expect((await env.call(null, 'POST', '/api/users/sendMsg/13500000002')).code).toBe(200)
    const again = await env.call(null, 'POST', '/api/users/sendMsg/13500000002')
    expect(again.status).toBe(429)
    expect(again.message).toMatch(/请\d+秒后再试/)
  })

  test('at most 10 codes a day per phone', async () => {
    await makeUser(env.db, { phone: '13500000003', companyIds: [companyId] })
    const t0 = Date.now()
    for (let i = 0; i < 10; i++) await sendResetCode(env.db, env.ctx.sms, '13500000003', t0 + i * 61_000)
    await expect(sendResetCode(env.db, env.ctx.sms, '13500000003', t0 + 10 * 61_000)).rejects.toThrow(Msg.smsPerDayExceeded)
  })

  test('a bad phone number is named; an unknown phone is answered like a registered one, and nothing is sent', async () => {
    expect((await env.call(null, 'POST', '/api/users/sendMsg/12345')).message).toBe('请输入正确的11位手机号')
    await makeUser(env.db, { phone: '13500000009', companyIds: [companyId] })
    const answers = async (phone: string) => {
      const first = await env.call(null, 'POST', `/api/users/sendMsg/${phone}`)
      const again = await env.call(null, 'POST', `/api/users/sendMsg/${phone}`)
      return [first.status, first.message, again.status, again.message.replace(/\d+/, 'N')]
    }
    const unknown = await answers('13599999999')
    expect(unknown).toEqual([200, Msg.sendOk, 429, '验证码已发送，请N秒后再试'])
    expect(unknown).toEqual(await answers('13500000009'))
    expect(received.some((m) => m.phone === '13599999999')).toBe(false)
    const guess = await env.call(null, 'POST', '/api/users/forgetPassword', { userName: '13599999999', code: '123456', password: env.encrypt('Brand9New') })
    expect(guess.message).toBe('验证码不正确')
  })

  test('a gateway failure says 发送失败 and is not a 500', async () => {
    await makeUser(env.db, { phone: '13500000004', companyIds: [companyId] })
    failGateway = true
    try {
      const res = await env.call(null, 'POST', '/api/users/sendMsg/13500000004')
      expect(res.status).toBe(502)
      expect(res.message).toContain('发送失败')
    } finally {
      failGateway = false
    }
  })

  test('reset: wrong code refused, right code sets the password, ends sessions, code is single-use', async () => {
    const user = await makeUser(env.db, { phone: '13500000005', companyIds: [companyId] })
    const oldSession = await env.token(user.phone, user.password)
    await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
    const code = lastCode(user.phone)!
    const wrong = await env.call(null, 'POST', '/api/users/forgetPassword', { userName: user.phone, code: code === '000000' ? '111111' : '000000', password: env.encrypt('Brand9New') })
    expect(wrong.message).toBe('验证码不正确')
    const short = await env.call(null, 'POST', '/api/users/forgetPassword', { userName: user.phone, code, password: env.encrypt('123') })
    expect(short.message).toBe(Msg.passwordTooShort)
    const ok = await env.call(null, 'POST', '/api/users/forgetPassword', { userName: user.phone, code, password: env.encrypt('Brand9New') })
    expect(ok.code).toBe(200)
    expect((await env.login(user.phone, 'Brand9New')).statusCode).toBe(200)
    expect((await env.call(oldSession, 'GET', '/api/users/info')).code).toBe(50012)
    const reuse = await env.call(null, 'POST', '/api/users/forgetPassword', { userName: user.phone, code, password: env.encrypt('Another9') })
    expect(reuse.message).toBe('验证码已失效，请重新获取')
  })

  test('an expired code is refused', async () => {
    const user = await makeUser(env.db, { phone: '13500000006', companyIds: [companyId] })
    await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
    await env.db.execute(sql`update sms_code set expires_at = now() - interval '1 second' where phone = ${user.phone}`)
    const res = await env.call(null, 'POST', '/api/users/forgetPassword', { userName: user.phone, code: lastCode(user.phone), password: env.encrypt('Brand9New') })
    expect(res.message).toBe('验证码已失效，请重新获取')
  })
})

test('without a webhook the code goes to the outbox table', async () => {
  const local = await createTestApp()
  try {
    await makeUser(local.db, { phone: '13500000007', companyIds: [1] })
    await local.call(null, 'POST', '/api/users/sendMsg/13500000007')
    const rows = await local.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13500000007'))
    expect(rows[0]!.content).toMatch(/验证码为\d{6}/)
  } finally {
    await local.close()
  }
})

describe('token login', () => {
  test('single use and short lived', async () => {
    const user = await makeUser(env.db, { phone: '13500000008', companyIds: [companyId] })
    const session = await env.token(user.phone, user.password)
    const { data } = await env.call(session, 'POST', '/api/users/loginToken')
    const who = await env.call(null, 'GET', `/api/users/getByToken?token=${data.token}`)
    expect(who.data).toMatchObject({ phone: user.phone })
    const first = await env.call(null, 'GET', `/api/users/getLoginByToken?token=${data.token}`)
    expect(first.data.token).toBeTruthy()
    expect((await env.call(first.data.token, 'GET', '/api/users/info')).data.companyId).toBe(companyId)
    const second = await env.call(null, 'GET', `/api/users/getLoginByToken?token=${data.token}`)
    expect(second.status).toBe(400)
    expect(second.message).toBe('登录链接已失效，请重新获取')

    const { data: t2 } = await env.call(session, 'POST', '/api/users/loginToken')
    await env.db.execute(sql`update login_token set expires_at = now() - interval '1 second'`)
    expect((await env.call(null, 'GET', `/api/users/getLoginByToken?token=${t2.token}`)).status).toBe(400)
    expect((await env.call(null, 'GET', '/api/users/getLoginByToken?token=nonsense')).status).toBe(400)
  })
})
