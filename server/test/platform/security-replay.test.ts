import crypto from 'node:crypto'
import { Msg } from '@app/contract'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sessions, smsOutbox } from '../../src/db/schema/index.js'
import { ADMIN_PASSWORD, createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
beforeAll(async () => { env = await createTestApp({ loginRatePerMinute: 1000, smsRatePerMinute: 1000 }) })
afterAll(async () => env?.close())

const sessionCount = async () => (await env.db.select({ id: sessions.id }).from(sessions)).length

describe('a captured encrypted password cannot be sent again', () => {
  test('the same login payload twice: the second is refused and opens no session', async () => {
    const payload = { username: 'admin', password: env.encrypt(ADMIN_PASSWORD) }
    expect((await env.call(null, 'POST', '/api/users/login', payload)).status).toBe(200)
    const before = await sessionCount()
    const replay = await env.call(null, 'POST', '/api/users/login', payload)
    expect([replay.status, replay.message]).toEqual([400, Msg.passwordReplayed])
    // not ResultCode.PASSWORD_STALE: the login page must not resend it with a fresh key
    expect(replay.code).toBe(400)
    expect(replay.data).toBeNull()
    expect(await sessionCount()).toBe(before)
  })

  test('the same payload sent 5 times in parallel signs in once', async () => {
    const payload = { username: 'admin', password: env.encrypt(ADMIN_PASSWORD) }
    const before = await sessionCount()
    const answers = await Promise.all(Array.from({ length: 5 }, () => env.call(null, 'POST', '/api/users/login', payload)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 400 && a.message === Msg.passwordReplayed)).toHaveLength(4)
    expect(await sessionCount()).toBe(before + 1)
  })

  test('the same payload re-encoded (URL-safe, unpadded, with a space, a newline or a stray *) is still a replay', async () => {
    const captured = env.encrypt(ADMIN_PASSWORD)
    expect((await env.call(null, 'POST', '/api/users/login', { username: 'admin', password: captured })).status).toBe(200)
    const before = await sessionCount()
    const reencoded = [
      captured.replace(/\+/g, '-').replace(/\//g, '_'),
      captured.replace(/=+$/, ''),
      `${captured.slice(0, 40)} ${captured.slice(40)}`,
      `${captured.slice(0, 64)}\n${captured.slice(64)}`,
      `${captured.slice(0, 20)}*${captured.slice(20)}`,
    ]
    for (const password of reencoded) {
      expect(password).not.toBe(captured)
      const replay = await env.call(null, 'POST', '/api/users/login', { username: 'admin', password })
      expect([replay.status, replay.message]).toEqual([400, Msg.passwordReplayed])
    }
    expect(await sessionCount()).toBe(before)
  })

  test('a ciphertext starting with a zero byte is still a replay without that byte (RSA reads it as the same number)', async () => {
    const payload = Buffer.from(JSON.stringify({ password: ADMIN_PASSWORD, ts: Date.now() }))
    const oaep = { key: env.ctx.cipher.publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }
    let cipher = crypto.publicEncrypt(oaep, payload)
    // one in 256 starts with 0
    while (cipher[0] !== 0) cipher = crypto.publicEncrypt(oaep, payload)
    expect((await env.call(null, 'POST', '/api/users/login', { username: 'admin', password: cipher.toString('base64') })).status).toBe(200)
    const replay = await env.call(null, 'POST', '/api/users/login', { username: 'admin', password: cipher.subarray(1).toString('base64') })
    expect([replay.status, replay.message]).toEqual([400, Msg.passwordReplayed])
  })

  test('the forgot-password payload replayed with a new code is refused and leaves the new code usable', async () => {
    const company = await makeCompany(env.db, '防重放基地')
    const user = await makeUser(env.db, { phone: '13300000001', companyIds: [company.id] })
    const codeOf = async () => (await env.db.select({ content: smsOutbox.content }).from(smsOutbox)
      .where(eq(smsOutbox.phone, user.phone)).orderBy(desc(smsOutbox.id)))[0]!.content.match(/\d{6}/)![0]
    await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
    const captured = env.encrypt('Captured9')
    expect((await env.call(null, 'POST', '/api/users/forgetPassword', { userName: user.phone, code: await codeOf(), password: captured })).status).toBe(200)

    await env.db.execute(sql`update sms_code set created_at = created_at - interval '61 seconds' where phone = ${user.phone}`)
    await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
    const code = await codeOf()
    const replay = await env.call(null, 'POST', '/api/users/forgetPassword', { userName: user.phone, code, password: captured })
    expect([replay.status, replay.message]).toEqual([400, Msg.passwordReplayed])
    const fresh = await env.call(null, 'POST', '/api/users/forgetPassword', { userName: user.phone, code, password: env.encrypt('Mine9Now') })
    expect(fresh.status).toBe(200)
    expect((await env.login(user.phone, 'Mine9Now')).statusCode).toBe(200)
  })
})
