import { CompanyMsg, HQ_COMPANY_ID, Msg, ResultCode, seatsUsedUp, UserAdminMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companies, userCompanies, users } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
/** base A created through the API (with its main account), base B straight in the database */
let a: { id: number; mainPhone: string; token: string }
let b: number
let bUser: { id: number; phone: string }

let seq = 0
const phone = () => `1362000${String(++seq).padStart(4, '0')}`
const PASSWORD = 'User@1234'

beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000 })
  hq = await env.token()
  const mainPhone = phone()
  const created = await env.call(hq, 'POST', '/api/company/save', { name: '用户甲基地', contactor: '甲主', phone: mainPhone, domain: 'users-a', password: env.encrypt('Main@1234') })
  a = { id: created.data.id, mainPhone, token: await env.token(mainPhone, 'Main@1234') }
  // seats beyond the main account (seats.test.ts covers the limit itself)
  await env.db.update(companies).set({ userAmount: 100 }).where(eq(companies.id, a.id))
  b = (await makeCompany(env.db, '用户乙基地', { userAmount: 100 })).id
  bUser = await makeUser(env.db, { phone: phone(), name: '乙的人', companyIds: [b], role: 'inspector' })
})
afterAll(async () => env?.close())

const newUser = (extra: Record<string, unknown> = {}) => ({
  phone: phone(), name: '新用户', nickName: 'operator', password: env.encrypt(PASSWORD), passwordAgain: env.encrypt(PASSWORD), ...extra,
})
const find = (token: string, body: unknown = {}) => env.call(token, 'POST', '/api/users/find/', body)

describe('add a user', () => {
  test('save then assign by phone (the dialog\'s two calls); the user can sign in and sees only that base', async () => {
    const body = newUser({ name: '王小明' })
    const saved = await env.call(a.token, 'POST', '/api/users/save', body)
    expect(saved.code).toBe(200)
    expect(saved.message).toBe(Msg.created)
    expect(saved.data).toMatchObject({ phone: body.phone, name: '王小明', nickName: 'operator', companyId: a.id, companyName: '用户甲基地', mainAccount: false })
    const assigned = await env.call(a.token, 'POST', `/api/users/assign?phone=${body.phone}&companyId=${a.id}`)
    expect(assigned.message).toBe(Msg.assigned)
    const token = await env.token(body.phone, PASSWORD)
    const info = await env.call(token, 'GET', '/api/users/info')
    expect(info.data.companies).toEqual([{ id: a.id, name: '用户甲基地' }])
  })

  test('every required field and rule has its own message', async () => {
    const cases: [Record<string, unknown>, string, number?][] = [
      [{ phone: undefined }, '手机号不能为空'],
      [{ phone: '' }, '手机号不能为空'],
      [{ phone: '1234567' }, '手机号格式不正确，请输入正确的11位手机号'],
      [{ phone: '23800000000' }, '手机号格式不正确，请输入正确的11位手机号'],
      [{ name: '' }, '姓名不能为空'],
      [{ name: 'x'.repeat(51) }, '姓名不能超过50个字符'],
      [{ nickName: undefined }, UserAdminMsg.roleRequired],
      [{ nickName: '' }, UserAdminMsg.roleRequired],
      [{ nickName: '厨师' }, `${UserAdminMsg.roleUnknown}：厨师`],
      [{ password: undefined }, '密码不能为空'],
      [{ passwordAgain: undefined }, '确认密码不能为空'],
      [{ passwordAgain: env.encrypt('Other@1234') }, Msg.passwordMismatch],
      [{ password: env.encrypt('12345'), passwordAgain: env.encrypt('12345') }, Msg.passwordTooShort],
      [{ password: 'not encrypted' }, Msg.passwordUndecryptable],
      [{ isCreate: 3 }, '是否可创建子账号不能大于1'],
    ]
    for (const [patch, message] of cases) {
      const res = await env.call(a.token, 'POST', '/api/users/save', newUser(patch))
      expect(res.status, JSON.stringify(patch)).toBe(400)
      expect(res.message, JSON.stringify(patch)).toBe(message)
    }
    const taken = await env.call(a.token, 'POST', '/api/users/save', newUser({ phone: a.mainPhone }))
    expect(taken.status).toBe(409)
    expect(taken.message).toBe(UserAdminMsg.phoneTaken)
  })

  test('a base administrator adds only to their own base and cannot give the admin role', async () => {
    const res = await env.call(a.token, 'POST', '/api/users/save', newUser({ companyId: b }))
    expect([res.status, res.message]).toEqual([404, CompanyMsg.notFound])
    expect((await env.call(a.token, 'POST', '/api/users/save', newUser({ companyId: a.id }))).data.companyId).toBe(a.id)
    const admin = await env.call(a.token, 'POST', '/api/users/save', newUser({ nickName: 'admin' }))
    expect(admin.status).toBe(403)
    expect((await env.call(a.token, 'GET', '/api/users/roles')).data).not.toContain('admin')
    // headquarters gives admin only in headquarters
    expect((await env.call(hq, 'POST', '/api/users/save', newUser({ nickName: 'admin', companyId: a.id }))).status).toBe(403)
    const hqAdmin = await env.call(hq, 'POST', '/api/users/save', newUser({ nickName: 'admin', companyId: HQ_COMPANY_ID }))
    expect(hqAdmin.data.companyId).toBe(HQ_COMPANY_ID)
    expect((await env.call(hq, 'POST', '/api/users/save', newUser({ companyId: 999999 }))).status).toBe(404)
  })

  test('assign: idempotent; a base cannot take in an account of another base; headquarters can', async () => {
    const bPhone = bUser.phone
    const refused = await env.call(a.token, 'POST', `/api/users/assign?phone=${bPhone}&companyId=${a.id}`)
    expect(refused.status).toBe(403)
    expect(refused.message).toBe(UserAdminMsg.assignForeign)
    expect((await env.call(a.token, 'POST', `/api/users/assign?phone=13999999998&companyId=${a.id}`)).status).toBe(404)
    expect((await env.call(a.token, 'POST', `/api/users/assign?phone=abc&companyId=${a.id}`)).message).toBe('手机号格式不正确，请输入正确的11位手机号')
    const ok = await env.call(hq, 'POST', `/api/users/assign?phone=${bPhone}&companyId=${a.id}`)
    expect(ok.data.companyId).toBe(a.id)
    const rels = await env.db.select().from(userCompanies).where(eq(userCompanies.userId, bUser.id))
    expect(rels.map((r) => r.companyId).sort()).toEqual([a.id, b].sort())
    // back to B only
    await env.call(hq, 'DELETE', `/api/userComRela/deleteB?userId=${bUser.id}&companyId=${a.id}`)
  })
})

describe('sub-accounts', () => {
  test('need isCreate 1 on the parent, a base that allows them and a seat left; they show under the parent', async () => {
    const mainPhone = phone()
    const c = (await env.call(hq, 'POST', '/api/company/save', { name: '子账号基地', contactor: '子主', phone: mainPhone, domain: 'sub-base', password: env.encrypt('Main@1234') })).data
    const token = await env.token(mainPhone, 'Main@1234')
    await env.db.update(companies).set({ userAmount: 2 }).where(eq(companies.id, c.id))
    const parent = (await env.call(token, 'POST', '/api/users/save', newUser({ name: '可建子账号', isCreate: 1 }))).data
    const sub = (extra: Record<string, unknown> = {}) => newUser({ nickName: undefined, parentId: parent.id, name: '子账号甲', ...extra })

    const noCreate = (await env.call(a.token, 'POST', '/api/users/save', newUser({ isCreate: 0 }))).data
    const denied = await env.call(a.token, 'POST', '/api/users/save', newUser({ nickName: undefined, parentId: noCreate.id }))
    expect(denied.message).toBe(UserAdminMsg.parentNoCreate)

    const first = await env.call(token, 'POST', '/api/users/save', sub())
    expect(first.data).toMatchObject({ nickName: '', parentId: parent.id, companyId: c.id })
    const full = await env.call(token, 'POST', '/api/users/save', sub({ name: '子账号乙' }))
    expect(full.status).toBe(409)
    expect(full.message).toBe(seatsUsedUp(2, 2))
    const counts = (await env.call(hq, 'GET', `/api/company/get/${c.id}`)).data
    expect(counts).toMatchObject({ userAmount: 2, assignedUserNums: 2, remainingUserNums: 0 })

    await env.db.update(companies).set({ isCreate: '0', userAmount: 10 }).where(eq(companies.id, c.id))
    expect((await env.call(token, 'POST', '/api/users/save', sub())).message).toBe(UserAdminMsg.companyNoCreate)
    await env.db.update(companies).set({ isCreate: '1', userAmount: 3 }).where(eq(companies.id, c.id))
    await env.call(token, 'POST', '/api/users/save', sub({ name: '子账号乙' }))

    // a parent in another base is not found
    expect((await env.call(token, 'POST', '/api/users/save', sub({ parentId: bUser.id }))).status).toBe(404)

    const list = await find(token, { size: 100 })
    const row = list.data.data.find((r: { id: number }) => r.id === parent.id)
    expect(row.children.map((c: { name: string }) => c.name)).toEqual(['子账号甲', '子账号乙'])
    expect(list.data.data.some((r: { name: string }) => r.name === '子账号甲')).toBe(false)
    // searching by name answers matching rows flat
    const found = await find(token, { name: '子账号乙' })
    expect(found.data.data.map((r: { name: string; children?: unknown }) => [r.name, r.children])).toEqual([['子账号乙', undefined]])
    // a parent with sub-accounts cannot be deleted
    const del = await env.call(token, 'POST', `/api/users/delete/${parent.id}`)
    expect(del.status).toBe(409)
    expect(del.message).toBe(UserAdminMsg.hasChildren)
  })
})

describe('sub-account tree', () => {
  test('nests at any depth; removing a parent from the base lifts its sub-accounts to the top level', async () => {
    const c = (await env.call(hq, 'POST', '/api/company/save', { name: '树基地', contactor: '树', phone: phone(), domain: 'tree-base' })).data
    await env.db.update(companies).set({ userAmount: 5 }).where(eq(companies.id, c.id))
    const parent = (await env.call(hq, 'POST', '/api/users/save', newUser({ companyId: c.id, isCreate: 1, name: '树根' }))).data
    const child = (await env.call(hq, 'POST', '/api/users/save', newUser({ companyId: c.id, parentId: parent.id, nickName: undefined, isCreate: 1, name: '树枝' }))).data
    await env.call(hq, 'POST', '/api/users/save', newUser({ companyId: c.id, parentId: child.id, nickName: undefined, name: '树叶' }))
    const tree = (await find(hq, { companyId: c.id })).data
    const root = tree.data.find((r: { id: number }) => r.id === parent.id)
    expect(root.children.map((r: { name: string }) => r.name)).toEqual(['树枝'])
    expect(root.children[0].children.map((r: { name: string; nickName: string }) => [r.name, r.nickName])).toEqual([['树叶', '']])
    expect(tree.totalCount).toBe(2) // main account and 树根
    expect((await env.call(hq, 'DELETE', `/api/userComRela/deleteB?userId=${parent.id}&companyId=${c.id}`)).code).toBe(200)
    const after = (await find(hq, { companyId: c.id })).data
    expect(after.data.map((r: { name: string }) => r.name)).toContain('树枝')
    expect(after.data.find((r: { name: string }) => r.name === '树枝').children.map((r: { name: string }) => r.name)).toEqual(['树叶'])
  })
})

describe('lists', () => {
  test('a base administrator sees their own base only; asking for another base is refused, not answered with their own', async () => {
    const mine = await find(a.token, { size: 100 })
    expect(mine.data.data.every((r: { companyId: number }) => r.companyId === a.id)).toBe(true)
    expect(JSON.stringify(mine.data)).not.toContain('乙的人')
    const rela = await env.call(a.token, 'POST', `/api/userComRela/get/selectByCompanyId?id=${a.id}`, { page: 1, size: 100 })
    expect(rela.data.length).toBeGreaterThan(0)
    expect(rela.data.every((r: { companyId: number }) => r.companyId === a.id)).toBe(true)
    const all = await env.call(a.token, 'GET', `/api/users/listUserAll?page=1&size=50`)
    expect(all.data.data.every((r: { companyId: number }) => r.companyId === a.id)).toBe(true)
    for (const other of [
      await find(a.token, { companyId: b, size: 100 }),
      await env.call(a.token, 'POST', `/api/userComRela/get/selectByCompanyId?id=${b}`, { page: 1, size: 100 }),
      await env.call(a.token, 'GET', `/api/users/listUserAll?groupId=${b}&page=1&size=50`),
    ]) expect([other.status, other.message]).toEqual([404, CompanyMsg.notFound])
  })

  test('headquarters sees every base, filters by company, phone and creation date; rows carry the columns', async () => {
    const all = await find(hq, { size: 100 })
    const companyIds = new Set(all.data.data.map((r: { companyId: number }) => r.companyId))
    expect(companyIds.has(a.id) && companyIds.has(b) && companyIds.has(HQ_COMPANY_ID)).toBe(true)
    const onlyB = await find(hq, { companyId: b })
    expect(onlyB.data.data.map((r: { name: string }) => r.name)).toEqual(['乙的人'])
    expect(onlyB.data.data[0]).toMatchObject({ phone: bUser.phone, nickName: '检验员', companyName: '用户乙基地', mainAccount: false })
    expect(onlyB.data.data[0].createTimeStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const byPhone = await find(hq, { phone: bUser.phone })
    expect(byPhone.data.data.map((r: { id: number }) => r.id)).toEqual([bUser.id])
    const adminRow = (await find(hq, { phone: 'admin' })).data.data[0]
    expect(adminRow.mainAccount).toBe(true)
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
    expect((await find(hq, { companyId: b, createTimeQuery: [today, today] })).data.totalCount).toBe(1)
    expect((await find(hq, { companyId: b, createTimeQuery: ['2000-01-01', '2000-12-31'] })).data.totalCount).toBe(0)
    expect((await find(hq, { createTimeQuery: ['yesterday'] })).message).toBe('创建时间格式不正确')
    const paged = await find(hq, { page: 1, size: 2 })
    expect(paged.data.data).toHaveLength(2)
    expect(paged.data.totalCount).toBeGreaterThan(2)
  })

  test('getByNickName (e.g. inspectors) and getOperatorAndBaseAdmin stay within the base', async () => {
    const inspector = (await env.call(a.token, 'POST', '/api/users/save', newUser({ nickName: '检验员', name: '检验员甲' }))).data
    const mine = await env.call(a.token, 'GET', `/api/users/getByNickName/${encodeURIComponent('检验员')}`)
    expect(mine.data.map((u: { id: number }) => u.id)).toEqual([inspector.id])
    const everyone = await env.call(hq, 'GET', `/api/users/getByNickName/${encodeURIComponent('检验员')}`)
    expect(everyone.data.map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining([inspector.id, bUser.id]))
    expect((await env.call(a.token, 'GET', '/api/users/getByNickName/nobody')).data).toEqual([])
    const ops = await env.call(a.token, 'GET', `/api/users/getOperatorAndBaseAdmin/${a.id}`)
    const nick = new Set(ops.data.map((u: { nickName: string }) => u.nickName))
    expect([...nick].sort()).toEqual(['base admin', 'operator'])
    const foreign = await env.call(a.token, 'GET', `/api/users/getOperatorAndBaseAdmin/${b}`)
    expect([foreign.status, foreign.message]).toEqual([404, CompanyMsg.notFound])
  })
})

describe('edit, reset password, delete', () => {
  test('update changes name, phone and role; another base\'s user is not found; your own role stays', async () => {
    const u = (await env.call(a.token, 'POST', '/api/users/save', newUser())).data
    const newPhone = phone()
    const res = await env.call(a.token, 'POST', `/api/users/update/${u.id}`, { phone: newPhone, name: '改过名', nickName: 'reception', remarks: '备注' })
    expect(res.message).toBe(Msg.updated)
    expect(res.data).toMatchObject({ phone: newPhone, name: '改过名', nickName: 'reception' })
    expect((await env.call(a.token, 'POST', `/api/users/update/${u.id}`, { phone: a.mainPhone, name: 'x', nickName: 'operator' })).status).toBe(409)
    expect((await env.call(a.token, 'POST', `/api/users/update/${u.id}`, { phone: newPhone, name: '', nickName: 'operator' })).message).toBe('姓名不能为空')
    expect((await env.call(a.token, 'POST', `/api/users/update/${bUser.id}`, { phone: bUser.phone, name: '偷改', nickName: 'operator' })).status).toBe(404)
    const [main] = await env.db.select().from(users).where(eq(users.phone, a.mainPhone))
    expect((await env.call(a.token, 'POST', `/api/users/update/${main!.id}`, { phone: a.mainPhone, name: '甲主', nickName: 'operator' })).status).toBe(403)
  })

  test('a changed role holds from the user\'s next call, and a deleted user\'s session ends at once', async () => {
    const body = newUser({ nickName: 'base admin' })
    const u = (await env.call(hq, 'POST', '/api/users/save', { ...body, companyId: a.id })).data
    const token = await env.token(body.phone, PASSWORD)
    expect((await env.call(token, 'POST', '/api/users/find/', { page: 1, size: 10 })).code).toBe(200)
    await env.call(hq, 'POST', `/api/users/update/${u.id}`, { phone: body.phone, name: body.name, nickName: 'operator' })
    expect((await env.call(token, 'POST', '/api/users/find/', { page: 1, size: 10 })).status).toBe(403)
    expect((await env.call(hq, 'POST', `/api/users/delete/${u.id}`)).code).toBe(200)
    expect((await env.call(token, 'GET', '/api/users/info')).status).toBe(401)
  })

  test('resetPassword: the user is signed out (50012), must change the password, and signs in with the new one', async () => {
    const body = newUser()
    const u = (await env.call(a.token, 'POST', '/api/users/save', body)).data
    const old = await env.token(body.phone, PASSWORD)
    const res = await env.call(a.token, 'POST', `/api/users/resetPassword/${u.id}`, { password: env.encrypt('Reset@5678'), passwordAgain: env.encrypt('Reset@5678') })
    expect(res.message).toBe(UserAdminMsg.passwordReset)
    expect((await env.call(old, 'GET', '/api/users/info')).code).toBe(ResultCode.OTHER_CLIENT)
    const login = (await env.login(body.phone, 'Reset@5678')).json()
    expect(login.data.mustChangePassword).toBe(true)
    expect((await env.call(a.token, 'POST', `/api/users/resetPassword/${u.id}`, { password: env.encrypt('123') })).message).toBe(Msg.passwordTooShort)
    expect((await env.call(a.token, 'POST', `/api/users/resetPassword/${u.id}`, { password: env.encrypt('Reset@5678'), passwordAgain: env.encrypt('Other@5678') })).message).toBe(Msg.passwordMismatch)
    expect((await env.call(a.token, 'POST', `/api/users/resetPassword/${u.id}`, {})).message).toBe('新密码不能为空')
    expect((await env.call(a.token, 'POST', `/api/users/resetPassword/${bUser.id}`, { password: env.encrypt('Reset@5678') })).status).toBe(404)
  })

  test('delete: not the main account, not yourself, not another base\'s user', async () => {
    const [main] = await env.db.select().from(users).where(eq(users.phone, a.mainPhone))
    const self = await env.call(a.token, 'POST', `/api/users/delete/${main!.id}`)
    expect(self.status).toBe(403)
    const mainByHq = await env.call(hq, 'POST', `/api/users/delete/${main!.id}`)
    expect(mainByHq.status).toBe(403)
    expect(mainByHq.message).toBe(UserAdminMsg.mainAccount)
    const [admin] = await env.db.select().from(users).where(eq(users.phone, 'admin'))
    const other = await makeUser(env.db, { phone: phone(), companyIds: [HQ_COMPANY_ID], role: 'admin' })
    const otherToken = await env.token(other.phone, other.password)
    expect((await env.call(otherToken, 'POST', `/api/users/delete/${admin!.id}`)).message).toBe(UserAdminMsg.mainAccount)
    expect((await env.call(a.token, 'POST', `/api/users/delete/${bUser.id}`)).status).toBe(404)

    const body = newUser()
    const u = (await env.call(a.token, 'POST', '/api/users/save', body)).data
    const token = await env.token(body.phone, PASSWORD)
    const res = await env.call(a.token, 'POST', `/api/users/delete/${u.id}`)
    expect(res.message).toBe(Msg.deleted)
    expect(await env.db.select().from(users).where(eq(users.id, u.id))).toEqual([])
    expect((await env.call(token, 'GET', '/api/users/info')).status).toBe(401)
    expect((await env.call(a.token, 'DELETE', `/api/users/delete/${u.id}`)).status).toBe(404)
  })

  test('a base administrator deleting a user who also belongs elsewhere only removes them from this base', async () => {
    const both = await makeUser(env.db, { phone: phone(), companyIds: [b, a.id], role: 'operator' })
    const res = await env.call(a.token, 'POST', `/api/users/delete/${both.id}`)
    expect(res.code).toBe(200)
    const rels = await env.db.select().from(userCompanies).where(eq(userCompanies.userId, both.id))
    expect(rels.map((r) => r.companyId)).toEqual([b])
  })

  test('userComRela/deleteB removes the membership (session there ends); not the main account', async () => {
    const both = await makeUser(env.db, { phone: phone(), companyIds: [a.id, b], role: 'operator' })
    const token = await env.token(both.phone, both.password)
    const res = await env.call(a.token, 'DELETE', `/api/userComRela/deleteB?userId=${both.id}&companyId=${a.id}`)
    expect(res.message).toBe(Msg.deleted)
    expect((await env.call(token, 'GET', '/api/users/info')).code).toBe(ResultCode.OTHER_CLIENT)
    expect((await env.call(a.token, 'DELETE', `/api/userComRela/deleteB?userId=${both.id}&companyId=${a.id}`)).status).toBe(404)
    // a base administrator cannot remove someone from another base (the company is forced to their own)
    expect((await env.call(a.token, 'DELETE', `/api/userComRela/deleteB?userId=${both.id}&companyId=${b}`)).status).toBe(404)
    const [main] = await env.db.select().from(users).where(eq(users.phone, a.mainPhone))
    expect((await env.call(hq, 'DELETE', `/api/userComRela/deleteB?userId=${main!.id}&companyId=${a.id}`)).message).toBe(UserAdminMsg.mainAccount)
    expect((await env.call(hq, 'DELETE', `/api/userComRela/deleteB?userId=${both.id}`)).message).toBe('基地不能为空')
  })

  test('changeCompany: headquarters moves another user; a base administrator cannot', async () => {
    const u = await makeUser(env.db, { phone: phone(), companyIds: [a.id], role: 'operator' })
    expect((await env.call(a.token, 'POST', `/api/users/changeCompany/${b}/${u.id}`)).status).toBe(403)
    const moved = await env.call(hq, 'POST', `/api/users/changeCompany/${b}/${u.id}`)
    expect(moved.message).toBe(Msg.companyChanged)
    expect(moved.data).toEqual({ companyId: b, companyName: '用户乙基地' })
    const rels = await env.db.select().from(userCompanies).where(eq(userCompanies.userId, u.id))
    expect(rels.map((r) => r.companyId)).toEqual([b])
  })

  test('a user without the user permission (inspector) is refused the admin calls', async () => {
    const insp = await makeUser(env.db, { phone: phone(), companyIds: [a.id], role: 'inspector' })
    const token = await env.token(insp.phone, insp.password)
    for (const [method, url] of [['POST', '/api/users/find/'], ['POST', '/api/users/save'], [ 'POST', `/api/users/delete/${insp.id}`], ['GET', '/api/users/importTemplate']] as const) {
      expect((await env.call(token, method, url, method === 'POST' ? {} : undefined)).status, url).toBe(403)
    }
    // the inspector picker is open to any signed-in user of the base
    expect((await env.call(token, 'GET', `/api/users/getByNickName/${encodeURIComponent('检验员')}`)).code).toBe(200)
  })
})
