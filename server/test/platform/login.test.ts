import { LOGIN_LOCK, Msg, ResultCode } from '@app/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sessions } from '../../src/db/schema/index.js'
import { login } from '../../src/modules/auth/service.js'
import { ADMIN_PASSWORD, createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
beforeAll(async () => { env = await createTestApp({ loginRatePerMinute: 1000 }) })
afterAll(async () => env?.close())

describe('POST /users/login', () => {
  test('the public key is a PEM the browser can encrypt with', async () => {
    const res = await env.call(null, 'GET', '/api/users/publicKey')
    expect(res.data.publicKey).toContain('BEGIN PUBLIC KEY')
  })

  test('right password answers a token, role and reset date; both login paths work', async () => {
    for (const url of ['/api/users/login', '/api/users/actions/login']) {
      const res = await env.call(null, 'POST', url, { username: '  admin ', password: env.encrypt(ADMIN_PASSWORD) })
      expect(res.status).toBe(200)
      expect(res.data.token).toMatch(/^[\w-]{40,}$/)
      expect(res.data.role).toBe('admin')
      expect(res.data.lastPasswordResetDate).not.toBeNull()
    }
  })

  test('wrong password and unknown user get the same Chinese message', async () => {
    const a = await env.call(null, 'POST', '/api/users/login', { username: 'admin', password: env.encrypt('wrong-one') })
    const b = await env.call(null, 'POST', '/api/users/login', { username: 'nobody', password: env.encrypt('wrong-one') })
    expect(a.status).toBe(400)
    expect(a.message).toBe(Msg.loginFailed)
    expect(b.message).toBe(Msg.loginFailed)
  })

  test('a password encrypted more than 5 minutes ago is refused (no replay)', async () => {
    const res = await env.call(null, 'POST', '/api/users/login', { username: 'admin', password: env.encrypt(ADMIN_PASSWORD, Date.now() - 6 * 60_000) })
    expect(res.status).toBe(400)
    expect(res.message).toBe(Msg.passwordExpired)
    // the login page fetches the key again and retries on this code
    expect(res.code).toBe(ResultCode.PASSWORD_STALE)
  })

  test('a password that is not our ciphertext is refused with a message, not a 500', async () => {
    for (const password of ['plain-text', Buffer.from('x'.repeat(256)).toString('base64'), '%%%']) {
      const res = await env.call(null, 'POST', '/api/users/login', { username: 'admin', password })
      expect(res.status).toBe(400)
      expect(res.message).toBe(Msg.passwordUndecryptable)
      expect(res.code).toBe(ResultCode.PASSWORD_STALE)
    }
  })

  test('missing or wrong-typed fields name the field in Chinese', async () => {
    expect((await env.call(null, 'POST', '/api/users/login', { password: 'x' })).message).toBe('账号不能为空')
    expect((await env.call(null, 'POST', '/api/users/login', { username: 'admin' })).message).toBe('密码不能为空')
    expect((await env.call(null, 'POST', '/api/users/login', { username: 12, password: 'x' })).message).toBe('账号格式不正确')
    expect((await env.call(null, 'POST', '/api/users/login', { username: 'a'.repeat(10_000), password: 'x' })).message).toBe('账号不能超过64个字符')
  })

  test('a user with no base assigned is told so', async () => {
    await makeUser(env.db, { phone: '13900000001', companyIds: [] })
    const res = await env.call(null, 'POST', '/api/users/login', { username: '13900000001', password: env.encrypt('Passw0rd!') })
    expect(res.status).toBe(403)
    expect(res.message).toContain('尚未分配所属基地')
  })

  test('a user who never reset the password logs in with lastPasswordResetDate null', async () => {
    const company = await makeCompany(env.db, '重置提醒基地')
    await makeUser(env.db, { phone: '13900000002', companyIds: [company.id], lastPasswordResetDate: null })
    const res = await env.call(null, 'POST', '/api/users/login', { username: '13900000002', password: env.encrypt('Passw0rd!') })
    expect(res.data.lastPasswordResetDate).toBeNull()
  })

  test('remember login keeps the session for 7 days instead of 30 minutes', async () => {
    const company = await makeCompany(env.db, '记住登录基地')
    await makeUser(env.db, { phone: '13900000003', companyIds: [company.id] })
    const short = await env.call(null, 'POST', '/api/users/login', { username: '13900000003', password: env.encrypt('Passw0rd!') })
    const long = await env.call(null, 'POST', '/api/users/login', { username: '13900000003', password: env.encrypt('Passw0rd!'), remember: true })
    const rows = await env.db.select({ idleMs: sessions.idleMs }).from(sessions).where(eq(sessions.userId, (await env.call(short.data.token, 'GET', '/api/users/info')).data.id))
    expect(rows.map((r) => r.idleMs).sort((a, b) => a - b)).toEqual([30 * 60_000, 7 * 24 * 3600_000])
    expect(long.status).toBe(200)
  })

  test('on a base\'s own login page (companyid) a user of several bases lands in that base; a user of none is told so', async () => {
    const first = await makeCompany(env.db, '登录页甲基地', { domain: 'login-jia' })
    const second = await makeCompany(env.db, '登录页乙基地', { domain: 'login-yi' })
    const other = await makeCompany(env.db, '登录页丙基地', { domain: 'login-bing' })
    await makeUser(env.db, { phone: '13900000024', companyIds: [first.id, second.id] })
    const signIn = (companyid?: number | string) =>
      env.call(null, 'POST', '/api/users/login', { username: '13900000024', password: env.encrypt('Passw0rd!'), ...(companyid === undefined ? {} : { companyid }) })
    const landedIn = async (companyid?: number | string) => {
      const res = await signIn(companyid)
      expect(res.status).toBe(200)
      return (await env.call(res.data.token, 'GET', '/api/users/info')).data.companyId
    }
    expect(await landedIn()).toBe(first.id)
    expect(await landedIn(second.id)).toBe(second.id)
    expect(await landedIn(String(second.id))).toBe(second.id)
    const refused = await signIn(other.id)
    expect(refused).toMatchObject({ status: 403, message: Msg.notThisBase })
    // a wrong password on a base's page is still only a wrong password
    const wrong = await env.call(null, 'POST', '/api/users/login', { username: '13900000024', password: env.encrypt('nope-nope'), companyid: other.id })
    expect(wrong).toMatchObject({ status: 400, message: Msg.loginFailed })
  })
})

describe('lockout', () => {
  test('5 wrong passwords within 10 minutes lock the user name for 10 minutes, even for the right password', async () => {
    const company = await makeCompany(env.db, '锁定基地')
    await makeUser(env.db, { phone: '13900000004', companyIds: [company.id] })
    const attempt = (password: string) => env.call(null, 'POST', '/api/users/login', { username: '13900000004', password: env.encrypt(password) })
    for (let i = 1; i < LOGIN_LOCK.failures; i++) expect((await attempt('bad')).message).toBe(Msg.loginFailed)
    const fifth = await attempt('bad')
    expect(fifth.status).toBe(429)
    expect(fifth.message).toBe('密码错误次数过多，账号已锁定，请10分钟后再试')
    const right = await attempt('Passw0rd!')
    expect(right.status).toBe(429)
    expect(right.message).toContain('锁定')
    // another user name is not affected
    expect((await env.call(null, 'POST', '/api/users/login', { username: 'admin', password: env.encrypt(ADMIN_PASSWORD) })).status).toBe(200)
  })

  test('the lock lifts after 10 minutes', async () => {
    const company = await makeCompany(env.db, '解锁基地')
    await makeUser(env.db, { phone: '13900000005', companyIds: [company.id] })
    const deps = { db: env.db, cipher: env.ctx.cipher, roles: env.ctx.roles, sessionIdleMs: 30 * 60_000 }
    const t0 = Date.now()
    for (let i = 0; i < LOGIN_LOCK.failures; i++) {
      await login(deps, { username: '13900000005', password: env.encrypt('bad', t0) }, '127.0.0.1', t0).catch(() => undefined)
    }
    await expect(login(deps, { username: '13900000005', password: env.encrypt('Passw0rd!', t0 + 60_000) }, '127.0.0.1', t0 + 60_000)).rejects.toThrow('请9分钟后再试')
    await expect(login(deps, { username: '13900000005', password: env.encrypt('Passw0rd!', t0 + 5 * 60_000) }, '127.0.0.1', t0 + 5 * 60_000)).rejects.toThrow('请5分钟后再试')
    const later = t0 + LOGIN_LOCK.lockMs + 1000
    const ok = await login(deps, { username: '13900000005', password: env.encrypt('Passw0rd!', later) }, '127.0.0.1', later)
    expect(ok.token).toBeTruthy()
  })
})

test('per-IP rate limit on login answers 429 in Chinese', async () => {
  const limited = await createTestApp({ loginRatePerMinute: 3 })
  try {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await limited.call(null, 'POST', '/api/users/login', { username: 'admin', password: limited.encrypt(ADMIN_PASSWORD) })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const res = await limited.call(null, 'POST', '/api/users/login', { username: 'admin', password: limited.encrypt(ADMIN_PASSWORD) })
    expect(res.message).toBe(Msg.tooMany)
  } finally {
    await limited.close()
  }
})
