import { LOGIN_LOCK, loginLockedMessage, Msg } from '@app/contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { countOf, loginFrom } from './securityClient.js'

let env: TestEnv
let companyId: number
beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 1000 })
  companyId = (await makeCompany(env.db, '锁定测试基地')).id
})
afterAll(async () => env?.close())

const locked = loginLockedMessage(LOGIN_LOCK.lockMs / 60_000)

describe('sign-in attempts are counted before the password is checked', () => {
  test('30 parallel wrong passwords from one address: only 5 are judged, the rest are refused with the lock message', async () => {
    const user = await makeUser(env.db, { phone: '13700000001', companyIds: [companyId] })
    const answers = await Promise.all(Array.from({ length: 30 }, () => loginFrom(env, '192.0.2.1', user.phone, 'wrong-guess')))
    // 4 verdicts "wrong password", the 5th verdict is the lock itself, everything after is refused unjudged
    expect(countOf(answers, 400, Msg.loginFailed)).toBe(LOGIN_LOCK.failures - 1)
    expect(countOf(answers, 429, locked)).toBe(30 - (LOGIN_LOCK.failures - 1))
    expect((await loginFrom(env, '192.0.2.1', user.phone, user.password)).message).toBe(locked)
    // the stranger has not locked the user out: the right password from another address still works
    expect((await loginFrom(env, '198.51.100.7', user.phone, user.password)).status).toBe(200)
  })

  test('a right password clears its own address, so earlier typos do not add up to a lock', async () => {
    const user = await makeUser(env.db, { phone: '13700000002', companyIds: [companyId] })
    for (let round = 0; round < 3; round++) {
      for (let i = 1; i < LOGIN_LOCK.failures; i++) expect((await loginFrom(env, '192.0.2.2', user.phone, 'typo')).message).toBe(Msg.loginFailed)
      expect((await loginFrom(env, '192.0.2.2', user.phone, user.password)).status).toBe(200)
    }
  })

  test('after 30 wrong passwords from many addresses the user name is locked everywhere', async () => {
    const user = await makeUser(env.db, { phone: '13700000003', companyIds: [companyId] })
    const addresses = Array.from({ length: LOGIN_LOCK.perUserFailures / LOGIN_LOCK.failures }, (_, i) => `203.0.113.${i + 1}`)
    const answers = []
    for (const ip of addresses) {
      for (let i = 0; i < LOGIN_LOCK.failures + 2; i++) answers.push(await loginFrom(env, ip, user.phone, 'guess'))
    }
    // every address got its 5 verdicts (the 5th is its lock), so exactly 30 were judged
    expect(countOf(answers, 400, Msg.loginFailed)).toBe(LOGIN_LOCK.perUserFailures - addresses.length)
    const fresh = await loginFrom(env, '198.51.100.99', user.phone, user.password)
    expect(fresh.status).toBe(429)
    expect(fresh.message).toBe(locked)
    // another user name is not affected
    const other = await makeUser(env.db, { phone: '13700000004', companyIds: [companyId] })
    expect((await loginFrom(env, '203.0.113.1', other.phone, other.password)).status).toBe(200)
  })

  test('unknown user names are counted the same way (no difference to tell who exists)', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => loginFrom(env, '192.0.2.3', '13799999999', 'guess')))
    expect(countOf(answers, 400, Msg.loginFailed)).toBe(LOGIN_LOCK.failures - 1)
    expect(countOf(answers, 429, locked)).toBe(8 - (LOGIN_LOCK.failures - 1))
  })
})
