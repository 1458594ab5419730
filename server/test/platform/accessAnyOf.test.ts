/** A route declaring `access: { anyOf }` (getLogistics: the grid's users and uploaders) lets in a user holding any one of them. */
import { Msg, TransportStatus, type Permission } from '@app/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { rolePermissions, roles, transports, users } from '../../src/db/schema/index.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let tokens: Record<'upload' | 'transport' | 'neither', string>
let temp: number
let done: number

beforeAll(async () => {
  env = await createTestApp()
  const base = await makeCompany(env.db, '甲基地')
  /** a user of the base whose role holds only `permissions` */
  const holding = async (phone: string, nickName: string, permissions: Permission[]) => {
    const [role] = await env.db.insert(roles).values({ nickName }).returning()
    if (permissions.length) await env.db.insert(rolePermissions).values(permissions.map((permission) => ({ roleId: role!.id, permission })))
    const user = await makeUser(env.db, { phone, companyIds: [base.id] })
    await env.db.update(users).set({ roleId: role!.id }).where(eq(users.id, user.id))
    return user
  }
  const only = {
    upload: await holding('13500000001', '只上传', ['upload']),
    transport: await holding('13500000002', '只看运单', ['transport']),
    neither: await holding('13500000003', '只看日志', ['log']),
  }
  await env.ctx.roles.load(env.db)
  tokens = {
    upload: await env.token(only.upload.phone, only.upload.password),
    transport: await env.token(only.transport.phone, only.transport.password),
    neither: await env.token(only.neither.phone, only.neither.password),
  }
  const [a, b] = await env.db.insert(transports).values([
    { companyId: base.id, status: TransportStatus.TEMP }, { companyId: base.id, status: TransportStatus.DONE },
  ]).returning()
  temp = a!.id
  done = b!.id
})
afterAll(async () => env?.close())

const get = (token: string, id: number) => env.call(token, 'GET', `/api/logistics/get/getLogistics?id=${id}`)

test('a user with only upload is let in (a temporarily saved transport, to continue it)', async () => {
  expect((await get(tokens.upload, temp)).data.id).toBe(temp)
})

test('a user with only transport is let in (any transport of the base)', async () => {
  expect((await get(tokens.transport, temp)).data.id).toBe(temp)
  expect((await get(tokens.transport, done)).data.id).toBe(done)
})

test('a user with neither is refused (403 in Chinese), before the transport is looked at', async () => {
  for (const id of [temp, done, 99_999]) {
    const res = await get(tokens.neither, id)
    expect(res.status).toBe(403)
    expect(res.message).toBe(Msg.forbidden)
  }
})

test('the route list names both permissions', () => {
  const route = env.app.apiRoutes.find((r) => r.method === 'GET' && r.url === '/api/logistics/get/getLogistics')
  expect(route?.access).toEqual(['transport', 'upload'])
})
