import { LOGIN_LOCK, loginLockedMessage, Msg } from '@app/contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { callFrom, countOf, loginFrom } from './securityClient.js'

let env: TestEnv
let companyId: number
beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 1000 })
  companyId = (await makeCompany(env.db, '改密测试基地')).id
})
afterAll(async () => env?.close())

const locked = loginLockedMessage(LOGIN_LOCK.lockMs / 60_000)

async function signedIn(phone: string, ip: string) {
  const user = await makeUser(env.db, { phone, companyIds: [companyId] })
  const token = (await loginFrom(env, ip, user.phone, user.password)).data.token as string
  const change = (current: string, password: string) => callFrom(env, ip, 'POST', `/api/users/updatePassword/${user.id}`, {
    token, payload: { currentPassword: env.encrypt(current), password: env.encrypt(password) },
  })
  return { user, token, change }
}

describe('changing your own password asks for the current one', () => {
  test('the right current password changes it', async () => {
    const { user, change } = await signedIn('13400000001', '192.0.2.11')
    const res = await change(user.password, 'NewPass99')
    expect([res.status, res.message]).toEqual([200, Msg.passwordUpdated])
    expect((await loginFrom(env, '192.0.2.12', user.phone, 'NewPass99')).status).toBe(200)
  })

  test('a wrong or missing current password is refused and the password stays', async () => {
    const { user, token, change } = await signedIn('13400000002', '192.0.2.21')
    const wrong = await change('not-my-password', 'NewPass99')
    expect([wrong.status, wrong.message]).toEqual([400, Msg.currentPasswordWrong])
    const missing = await callFrom(env, '192.0.2.21', 'POST', `/api/users/updatePassword/${user.id}`, { token, payload: { password: env.encrypt('NewPass99') } })
    expect([missing.status, missing.message]).toEqual([400, '当前密码不能为空'])
    expect((await loginFrom(env, '192.0.2.22', user.phone, user.password)).status).toBe(200)
  })

  test('wrong current passwords count toward the sign-in lock, also in parallel', async () => {
    const { user, change } = await signedIn('13400000003', '192.0.2.31')
    const answers = await Promise.all(Array.from({ length: 12 }, () => change('guess-again', 'NewPass99')))
    expect(countOf(answers, 400, Msg.currentPasswordWrong)).toBe(LOGIN_LOCK.failures - 1)
    expect(countOf(answers, 429, locked)).toBe(12 - (LOGIN_LOCK.failures - 1))
    // the lock holds for sign-in from that address as well, and the right current password no longer helps
    expect((await loginFrom(env, '192.0.2.31', user.phone, user.password)).message).toBe(locked)
    expect((await change(user.password, 'NewPass99')).message).toBe(locked)
    expect((await loginFrom(env, '192.0.2.32', user.phone, 'NewPass99')).message).toBe(Msg.loginFailed)
  })
})
