import { CompanyMsg, HQ_COMPANY_ID, Msg, ROLES, UserAdminMsg } from '@app/contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

/**
 * The role pickers (`getByNickName`, `getOperatorAndBaseAdmin`) are no directory of the whole system:
 * the lead-inspector picker of 开始检验 lists a base's inspectors to those who start inspections, without
 * their login phone; other roles and the operators list are for user administration.
 */
let env: TestEnv
let a: number
let b: number
const phones = { hqInspector: '13700000001', aInspector: '13700000002', bInspector: '13700000003', aAdmin: '13700000004', reception: '13700000005' }
const tokens: Record<string, string> = {}

beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 1000 })
  a = (await makeCompany(env.db, '名录甲基地')).id
  b = (await makeCompany(env.db, '名录乙基地')).id
  const users = {
    hqInspector: await makeUser(env.db, { phone: phones.hqInspector, name: '总部检验员', role: 'inspector', companyIds: [HQ_COMPANY_ID] }),
    aInspector: await makeUser(env.db, { phone: phones.aInspector, name: '甲检验员', role: 'inspector', companyIds: [a] }),
    bInspector: await makeUser(env.db, { phone: phones.bInspector, name: '乙检验员', role: 'inspector', companyIds: [b] }),
    aAdmin: await makeUser(env.db, { phone: phones.aAdmin, name: '甲管理员', role: 'baseAdmin', companyIds: [a] }),
    reception: await makeUser(env.db, { phone: phones.reception, name: '甲接待', role: 'reception', companyIds: [a] }),
  }
  for (const [key, u] of Object.entries(users)) tokens[key] = await env.token(u.phone, u.password)
})
afterAll(async () => env?.close())

const byNickName = (token: string, nickName: string, companyId?: number) =>
  env.call(token, 'GET', `/api/users/getByNickName/${encodeURIComponent(nickName)}${companyId ? `?companyId=${companyId}` : ''}`)
const namesOf = (answer: { data: { name: string }[] }) => answer.data.map((u) => u.name).sort()

describe('the role pickers', () => {
  test('a headquarters 检验员 without the user permission cannot list admins, base admins or operators', async () => {
    for (const nickName of [ROLES.admin.nickName, ROLES.baseAdmin.nickName, ROLES.operator.nickName]) {
      const res = await byNickName(tokens.hqInspector!, nickName)
      expect([res.status, res.message], nickName).toEqual([403, UserAdminMsg.roleListForbidden])
    }
    const ops = await env.call(tokens.hqInspector!, 'GET', `/api/users/getOperatorAndBaseAdmin/${a}`)
    expect([ops.status, ops.message]).toEqual([403, Msg.forbidden])
  })

  test('the lead-inspector picker answers names and a phone tail, never the login phone', async () => {
    const res = await byNickName(tokens.hqInspector!, ROLES.inspector.nickName, a)
    expect(res.status).toBe(200)
    expect(res.data).toEqual([{ id: expect.any(Number), name: '甲检验员', nickName: ROLES.inspector.nickName, phoneTail: phones.aInspector.slice(-4) }])
    const all = await byNickName(tokens.hqInspector!, ROLES.inspector.nickName)
    expect(namesOf(all)).toEqual(expect.arrayContaining(['总部检验员', '甲检验员', '乙检验员']))
    for (const phone of Object.values(phones)) expect(JSON.stringify(all.data)).not.toContain(phone)
  })

  test('a base user sees its own base only, and naming another base is refused', async () => {
    expect(namesOf(await byNickName(tokens.aInspector!, ROLES.inspector.nickName))).toEqual(['甲检验员'])
    expect(namesOf(await byNickName(tokens.aInspector!, ROLES.inspector.nickName, a))).toEqual(['甲检验员'])
    const other = await byNickName(tokens.aInspector!, ROLES.inspector.nickName, b)
    expect([other.status, other.message]).toEqual([404, CompanyMsg.notFound])
    // the base's user administrator may list its other roles
    expect(namesOf(await byNickName(tokens.aAdmin!, ROLES.baseAdmin.nickName))).toEqual(['甲管理员'])
  })

  test('who starts no inspection (接待) is refused the picker', async () => {
    const res = await byNickName(tokens.reception!, ROLES.inspector.nickName)
    expect([res.status, res.message]).toEqual([403, Msg.forbidden])
  })

  test('the operators and base admins of a base: user administration, own base only', async () => {
    const own = await env.call(tokens.aAdmin!, 'GET', `/api/users/getOperatorAndBaseAdmin/${a}`)
    expect([own.status, namesOf(own)]).toEqual([200, ['甲管理员']])
    const other = await env.call(tokens.aAdmin!, 'GET', `/api/users/getOperatorAndBaseAdmin/${b}`)
    expect([other.status, other.message]).toEqual([404, CompanyMsg.notFound])
    const inspector = await env.call(tokens.aInspector!, 'GET', `/api/users/getOperatorAndBaseAdmin/${a}`)
    expect([inspector.status, inspector.message]).toEqual([403, Msg.forbidden])
  })
})
