import { Msg, SMS_CODE } from '@app/contract'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { smsOutbox } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { countOf } from './securityClient.js'

/** Without a webhook, codes land in the outbox table: that is the phone here. */
let env: TestEnv
let companyId: number
beforeAll(async () => {
  env = await createTestApp({ smsRatePerMinute: 1000, loginRatePerMinute: 1000 })
  companyId = (await makeCompany(env.db, '验证码测试基地')).id
})
afterAll(async () => env?.close())

const sent = (phone: string) => env.db.select({ content: smsOutbox.content }).from(smsOutbox)
  .where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id))
const lastCode = async (phone: string) => (await sent(phone))[0]!.content.match(/\d{6}/)![0]
const otherThan = (code: string) => String((Number(code) + 1) % 10 ** SMS_CODE.length).padStart(SMS_CODE.length, '0')
const reset = (phone: string, code: string, password = 'Brand9New') =>
  env.call(null, 'POST', '/api/users/forgetPassword', { userName: phone, code, password: env.encrypt(password) })
/** Lets the next code be sent at once, as if the minute between them had passed. */
const aMinuteLater = (phone: string) => env.db.execute(sql`update sms_code set created_at = created_at - interval '61 seconds' where phone = ${phone}`)

describe('SMS codes under parallel requests', () => {
  test('30 parallel wrong guesses: exactly 5 are judged, then the code is spent, even for the right code', async () => {
    const user = await makeUser(env.db, { phone: '13600000001', companyIds: [companyId] })
    await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
    const code = await lastCode(user.phone)
    const answers = await Promise.all(Array.from({ length: 30 }, () => reset(user.phone, otherThan(code))))
    expect(countOf(answers, 400, Msg.smsCodeWrong)).toBe(SMS_CODE.attempts)
    expect(countOf(answers, 400, Msg.smsCodeInvalid)).toBe(30 - SMS_CODE.attempts)
    expect((await reset(user.phone, code)).message).toBe(Msg.smsCodeInvalid)
    expect((await env.login(user.phone, user.password)).statusCode).toBe(200)
  })

  test('10 parallel sends to one phone: exactly 1 code is sent, the others are told to wait', async () => {
    const user = await makeUser(env.db, { phone: '13600000002', companyIds: [companyId] })
    const answers = await Promise.all(Array.from({ length: 10 }, () => env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)))
    expect(countOf(answers, 200, Msg.sendOk)).toBe(1)
    expect(answers.filter((a) => a.status === 429 && /^验证码已发送，请\d+秒后再试$/.test(a.message))).toHaveLength(9)
    expect(await sent(user.phone)).toHaveLength(1)
  })

  test('the daily cap of 10 codes holds under parallel requests', async () => {
    const user = await makeUser(env.db, { phone: '13600000003', companyIds: [companyId] })
    for (let i = 0; i < SMS_CODE.perDay - 1; i++) {
      await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
      await aMinuteLater(user.phone)
    }
    const answers = await Promise.all(Array.from({ length: 5 }, () => env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)))
    expect(countOf(answers, 200, Msg.sendOk)).toBe(1)
    expect(await sent(user.phone)).toHaveLength(SMS_CODE.perDay)
    await aMinuteLater(user.phone)
    const over = await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
    expect([over.status, over.message]).toEqual([429, Msg.smsPerDayExceeded])
  })

  test(`a phone takes at most ${SMS_CODE.guessesPerDay} guesses a day across all its codes`, async () => {
    const user = await makeUser(env.db, { phone: '13600000004', companyIds: [companyId] })
    for (let round = 0; round < SMS_CODE.guessesPerDay / SMS_CODE.attempts; round++) {
      await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
      const code = await lastCode(user.phone)
      const answers = await Promise.all(Array.from({ length: SMS_CODE.attempts }, () => reset(user.phone, otherThan(code))))
      expect(countOf(answers, 400, Msg.smsCodeWrong)).toBe(SMS_CODE.attempts)
      await aMinuteLater(user.phone)
    }
    await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
    const right = await reset(user.phone, await lastCode(user.phone))
    expect([right.status, right.message]).toEqual([429, Msg.smsGuessesExceeded])
    expect((await env.login(user.phone, 'Brand9New')).statusCode).toBe(400)
  })

  test('two parallel requests with the right code: one resets the password, the other is refused', async () => {
    const user = await makeUser(env.db, { phone: '13600000005', companyIds: [companyId] })
    await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
    const code = await lastCode(user.phone)
    const answers = await Promise.all([reset(user.phone, code, 'First9New'), reset(user.phone, code, 'Second9New')])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
    expect(countOf(answers, 400, Msg.smsCodeInvalid)).toBe(1)
  })

  test('a new code retires the older one: once it is used, the older one cannot reset the password again', async () => {
    const user = await makeUser(env.db, { phone: '13600000006', companyIds: [companyId] })
    await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
    const first = await lastCode(user.phone)
    await aMinuteLater(user.phone)
    await env.call(null, 'POST', `/api/users/sendMsg/${user.phone}`)
    const second = await lastCode(user.phone)
    expect((await reset(user.phone, second)).status).toBe(200)
    expect((await reset(user.phone, first, 'Stolen9Again')).message).toBe(Msg.smsCodeInvalid)
    expect((await env.login(user.phone, 'Brand9New')).statusCode).toBe(200)
  })
})
