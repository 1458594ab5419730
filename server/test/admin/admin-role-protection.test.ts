import { HQ_COMPANY_ID, Msg, UserAdminMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { userCompanies, users } from '../../src/db/schema/index.js'
import { ADMIN_PASSWORD, createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

/**
 * A caller acts only on users whose permissions are a subset of its own; outside headquarters, only
 * on accounts of no other base; nobody changes their own role.
 */
let env: TestEnv
let adminId: number
/** headquarters user with role base admin: manages users, but holds fewer permissions than admin */
let hqBaseAdmin: string
let baseA: number
let baseB: number
let aAdmin: { id: number; token: string }
/** an operator of base A and base B */
let shared: { id: number; phone: string; password: string }

let seq = 0
const phone = () => `1363000${String(++seq).padStart(4, '0')}`
const reset = (token: string, id: number, password = 'Reset@5678') =>
  env.call(token, 'POST', `/api/users/resetPassword/${id}`, { password: env.encrypt(password), passwordAgain: env.encrypt(password) })
const passwordHash = async (id: number) => (await env.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.h
const memberships = async (id: number) => (await env.db.select({ c: userCompanies.companyId }).from(userCompanies).where(eq(userCompanies.userId, id))).map((r) => r.c).sort()

beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000 })
  adminId = (await env.db.select({ id: users.id }).from(users).where(eq(users.phone, 'admin')))[0]!.id
  const hqb = await makeUser(env.db, { phone: phone(), companyIds: [HQ_COMPANY_ID], role: 'baseAdmin' })
  hqBaseAdmin = await env.token(hqb.phone, hqb.password)
  baseA = (await makeCompany(env.db, '权限甲基地', { userAmount: 50 })).id
  baseB = (await makeCompany(env.db, '权限乙基地', { userAmount: 50 })).id
  const a = await makeUser(env.db, { phone: phone(), companyIds: [baseA], role: 'baseAdmin' })
  aAdmin = { id: a.id, token: await env.token(a.phone, a.password) }
  shared = await makeUser(env.db, { phone: phone(), companyIds: [baseA, baseB], role: 'operator' })
})
afterAll(async () => env?.close())

describe('a headquarters base admin cannot act on admin', () => {
  test('reset password: 403, admin keeps its password and its session, and still signs in', async () => {
    const adminSession = await env.token()
    const before = await passwordHash(adminId)
    const res = await reset(hqBaseAdmin, adminId)
    expect(res.status).toBe(403)
    expect(res.message).toBe(UserAdminMsg.outranks)
    expect(await passwordHash(adminId)).toBe(before)
    expect((await env.call(adminSession, 'GET', '/api/users/info')).code).toBe(200)
    expect((await env.login('admin', 'Reset@5678')).json().code).not.toBe(200)
    expect((await env.login('admin', ADMIN_PASSWORD)).json().code).toBe(200)
  })

  test('update: 403 and nothing changes', async () => {
    const res = await env.call(hqBaseAdmin, 'POST', `/api/users/update/${adminId}`, { phone: '13630009999', name: '被改', nickName: 'admin' })
    expect(res.status).toBe(403)
    expect(res.message).toBe(UserAdminMsg.outranks)
    const [admin] = await env.db.select().from(users).where(eq(users.id, adminId))
    expect(admin).toMatchObject({ phone: 'admin' })
    expect(admin!.name).not.toBe('被改')
  })

  test('delete another admin-role user: 403, the account stays', async () => {
    const other = await makeUser(env.db, { phone: phone(), companyIds: [HQ_COMPANY_ID], role: 'admin' })
    const res = await env.call(hqBaseAdmin, 'POST', `/api/users/delete/${other.id}`)
    expect(res.status).toBe(403)
    expect(res.message).toBe(UserAdminMsg.outranks)
    expect(await memberships(other.id)).toEqual([HQ_COMPANY_ID])
    // nor take it out of headquarters
    const removed = await env.call(hqBaseAdmin, 'DELETE', `/api/userComRela/deleteB?userId=${other.id}&companyId=${HQ_COMPANY_ID}`)
    expect(removed.status).toBe(403)
    expect(await memberships(other.id)).toEqual([HQ_COMPANY_ID])
  })

  test('assign an admin-role account to headquarters: 403', async () => {
    const orphan = await makeUser(env.db, { phone: phone(), companyIds: [], role: 'admin' })
    const res = await env.call(hqBaseAdmin, 'POST', `/api/users/assign?phone=${orphan.phone}&companyId=${HQ_COMPANY_ID}`)
    expect(res.status).toBe(403)
    expect(res.message).toBe(UserAdminMsg.outranks)
    expect(await memberships(orphan.id)).toEqual([])
  })

  test('move admin (changeCompany): 403, admin is not signed out', async () => {
    const adminSession = await env.token()
    const res = await env.call(hqBaseAdmin, 'POST', `/api/users/changeCompany/${HQ_COMPANY_ID}/${adminId}`)
    expect(res.status).toBe(403)
    expect(res.message).toBe(UserAdminMsg.outranks)
    expect((await env.call(adminSession, 'GET', '/api/users/info')).code).toBe(200)
  })

  test('what its permissions cover still works: an operator and a sub-account of headquarters', async () => {
    const operator = await makeUser(env.db, { phone: phone(), companyIds: [HQ_COMPANY_ID], role: 'operator' })
    expect((await reset(hqBaseAdmin, operator.id)).message).toBe(UserAdminMsg.passwordReset)
    expect((await env.login(operator.phone, 'Reset@5678')).json().code).toBe(200)
    const sub = await makeUser(env.db, { phone: phone(), companyIds: [HQ_COMPANY_ID], role: 'subAccount' })
    const updated = await env.call(hqBaseAdmin, 'POST', `/api/users/update/${sub.id}`, { phone: sub.phone, name: '改名子账号' })
    expect(updated.data).toMatchObject({ name: '改名子账号', nickName: '' })
    expect((await env.call(hqBaseAdmin, 'POST', `/api/users/delete/${sub.id}`)).message).toBe(Msg.deleted)
  })

  test('admin itself may act on anyone', async () => {
    const hq = await env.token()
    const other = await makeUser(env.db, { phone: phone(), companyIds: [HQ_COMPANY_ID], role: 'admin' })
    expect((await reset(hq, other.id)).message).toBe(UserAdminMsg.passwordReset)
    expect((await reset(hq, shared.id, shared.password)).message).toBe(UserAdminMsg.passwordReset)
    expect((await env.call(hq, 'POST', `/api/users/delete/${other.id}`)).message).toBe(Msg.deleted)
  })
})

describe('a base admin and a user who also belongs to another base', () => {
  test('cannot reset its password or edit it (403); the other base keeps it unchanged', async () => {
    const before = await passwordHash(shared.id)
    const res = await reset(aAdmin.token, shared.id)
    expect(res.status).toBe(403)
    expect(res.message).toBe(UserAdminMsg.sharedAccount)
    expect(await passwordHash(shared.id)).toBe(before)
    const edit = await env.call(aAdmin.token, 'POST', `/api/users/update/${shared.id}`, { phone: shared.phone, name: '被甲改名', nickName: 'reception' })
    expect(edit.status).toBe(403)
    expect(edit.message).toBe(UserAdminMsg.sharedAccount)
    const [row] = await env.db.select().from(users).where(eq(users.id, shared.id))
    expect(row!.name).not.toBe('被甲改名')
    // assigning it again (it is already in A, but also in B) is refused as well
    expect((await env.call(aAdmin.token, 'POST', `/api/users/assign?phone=${shared.phone}&companyId=${baseA}`)).message).toBe(UserAdminMsg.assignForeign)
  })

  test('can still take it out of its own base (the account stays in the other)', async () => {
    const both = await makeUser(env.db, { phone: phone(), companyIds: [baseA, baseB], role: 'operator' })
    expect((await env.call(aAdmin.token, 'POST', `/api/users/delete/${both.id}`)).message).toBe(Msg.deleted)
    expect(await memberships(both.id)).toEqual([baseB])
  })

  test('acts as before on users of its base only', async () => {
    const own = await makeUser(env.db, { phone: phone(), companyIds: [baseA], role: 'operator' })
    expect((await reset(aAdmin.token, own.id)).message).toBe(UserAdminMsg.passwordReset)
    const edit = await env.call(aAdmin.token, 'POST', `/api/users/update/${own.id}`, { phone: own.phone, name: '甲的人', nickName: 'reception' })
    expect(edit.data).toMatchObject({ name: '甲的人', nickName: 'reception' })
    expect((await env.call(aAdmin.token, 'POST', `/api/users/delete/${own.id}`)).message).toBe(Msg.deleted)
  })
})

describe('nobody changes their own role', () => {
  test('neither a base admin nor admin', async () => {
    const [self] = await env.db.select().from(users).where(eq(users.id, aAdmin.id))
    const res = await env.call(aAdmin.token, 'POST', `/api/users/update/${aAdmin.id}`, { phone: self!.phone, name: '自己', nickName: 'operator' })
    expect(res.status).toBe(403)
    expect(res.message).toBe(UserAdminMsg.selfRole)
    const admin2 = await makeUser(env.db, { phone: phone(), companyIds: [HQ_COMPANY_ID], role: 'admin' })
    const own = await env.call(await env.token(admin2.phone, admin2.password), 'POST', `/api/users/update/${admin2.id}`, { phone: admin2.phone, name: '管理员', nickName: 'base admin' })
    expect(own.status).toBe(403)
    expect(own.message).toBe(UserAdminMsg.selfRole)
    // the same role with other details is an ordinary edit
    expect((await env.call(aAdmin.token, 'POST', `/api/users/update/${aAdmin.id}`, { phone: self!.phone, name: '自己', nickName: 'base admin' })).data.name).toBe('自己')
  })
})
