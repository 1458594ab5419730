import { randomUUID } from 'node:crypto'
import { CompanyMsg, ResultCode } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companies, logEntries, userCompanies, users } from '../../src/db/schema/index.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000 })
  hq = await env.token()
  // a table a later module might add, with a foreign key between two such tables: the sweep must find both
  await env.db.execute(sql`create table later_parent (id serial primary key, company_id integer not null, note text)`)
  await env.db.execute(sql`create table later_child (id serial primary key, company_id integer not null, parent_id integer not null references later_parent(id))`)
})
afterAll(async () => env?.close())

const png = (color: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: color } }).png().toBuffer()

const upload = (token: string, data: Buffer, name = 'a.png') =>
  env.upload(token, '/api/attachments?fileType=5', multipart({ file: { name, type: 'image/png', data } }))

/** Everything that belongs to a base, as text, to compare before and after. */
async function everythingOf(companyId: number) {
  const tables = ['user_company', 'recharge_record', 'reservation_plan', 'attachment', 'log_entry', 'later_parent', 'later_child']
  const parts: unknown[] = []
  for (const t of tables) parts.push(t, (await env.db.execute(sql`select * from ${sql.identifier(t)} where company_id = ${companyId} order by id`)).rows)
  parts.push((await env.db.execute(sql`select * from company where id = ${companyId}`)).rows)
  parts.push((await env.db.execute(sql`select * from company_material_order where buy_company_id = ${companyId} or sale_company_id = ${companyId} order by id`)).rows)
  parts.push((await env.db.execute(sql`select u.* from app_user u join user_company uc on uc.user_id = u.id where uc.company_id = ${companyId} order by u.id`)).rows)
  return parts
}
/** A base's rows without its supply orders (those naming the deregistered base go with it). */
const withoutOrders = async (companyId: number) => JSON.stringify((await everythingOf(companyId)).filter((_, i) => i !== 15))

async function populate(name: string, phoneStart: number) {
  const created = await env.call(hq, 'POST', '/api/company/save', {
    name, contactor: '负责人', phone: `1350000${phoneStart}`, domain: `dereg-${phoneStart}`, password: env.encrypt('Main@1234'),
  })
  const id = created.data.id as number
  await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${id}&times=10&requestId=${randomUUID()}`)
  await env.call(hq, 'POST', `/api/rechargeRecord/rechargeAmount?companyId=${id}&times=5&requestId=${randomUUID()}`)
  await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: id, reserveTime: '2031-01-01', totalCount: 4 })
  const main = await env.token(`1350000${phoneStart}`, 'Main@1234')
  const sub = await env.call(main, 'POST', '/api/users/save', {
    phone: `1350000${phoneStart + 1}`, name: '普通用户', nickName: 'operator', password: env.encrypt('User@1234'), passwordAgain: env.encrypt('User@1234'), isCreate: 1,
  })
  await env.call(main, 'POST', '/api/users/save', {
    phone: `1350000${phoneStart + 2}`, name: '子账号', parentId: sub.data.id, password: env.encrypt('User@1234'), passwordAgain: env.encrypt('User@1234'),
  })
  await upload(main, await png('#ff0000'), `${name}.png`)
  await upload(main, await png(phoneStart % 2 ? '#00ff00' : '#0000ff'))
  await env.db.insert(logEntries).values({ errorMes: `${name}日志`, companyId: id })
  const [parent] = (await env.db.execute<{ id: number }>(sql`insert into later_parent (company_id, note) values (${id}, ${name}) returning id`)).rows
  await env.db.execute(sql`insert into later_child (company_id, parent_id) values (${id}, ${parent!.id})`)
  return { id, main }
}

describe('deregister a base', () => {
  test('removes the base, its users and all its data in one go; the other base keeps everything', async () => {
    const a = await populate('注销甲', 1000)
    const b = await populate('保留乙', 2000)
    await env.call(hq, 'POST', '/api/companyMaterialOrder/save', { buyCompanyId: a.id, saleCompanyId: b.id })
    await env.call(hq, 'POST', '/api/companyMaterialOrder/save', { buyCompanyId: b.id, saleCompanyId: a.id })
    // a user of both bases keeps the account and base B; their session in A ends with 50012
    const shared = await makeUser(env.db, { phone: '13500009999', companyIds: [b.id, a.id] })
    const sharedToken = await env.token(shared.phone, shared.password)
    await env.call(sharedToken, 'POST', `/api/users/changeCompany/${a.id}/${shared.id}`)
    // the same picture uploaded by both bases is stored once; B's copy must survive
    const same = await png('#123456')
    const inA = await upload(a.main, same)
    const inB = await upload(b.main, same)
    expect(inA.code).toBe(200)
    const bBefore = await withoutOrders(b.id)

    const res = await env.call(hq, 'DELETE', `/api/company/delete/${a.id}`)
    expect(res.code).toBe(200)
    expect(res.message).toBe(CompanyMsg.deregistered)
    expect(res.data).toMatchObject({ companyId: a.id, deletedUsers: 3, detachedUsers: 1 })
    expect(res.data.deletedRows).toMatchObject({ attachment: 3, recharge_record: 2, reservation_plan: 1, company_material_order: 2, log_entry: 1, later_parent: 1, later_child: 1 })

    expect(await env.db.select().from(companies).where(eq(companies.id, a.id))).toEqual([])
    for (const t of ['user_company', 'recharge_record', 'reservation_plan', 'attachment', 'log_entry', 'later_parent', 'later_child']) {
      const left = await env.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(t)} where company_id = ${a.id}`)
      expect(left.rows[0]!.n, t).toBe(0)
    }
    const aUsers = await env.db.select().from(users).where(sql`${users.phone} in ('13500001000', '13500001001', '13500001002')`)
    expect(aUsers).toEqual([])
    expect((await env.call(a.main, 'GET', '/api/users/info')).status).toBe(401)
    const sharedInfo = await env.call(sharedToken, 'GET', '/api/users/info')
    expect(sharedInfo.code).toBe(ResultCode.OTHER_CLIENT)
    expect((await env.db.select().from(userCompanies).where(eq(userCompanies.userId, shared.id))).map((r) => r.companyId)).toEqual([b.id])

    // B: only the supply orders that named A are gone
    expect(await withoutOrders(b.id)).toBe(bBefore)
    expect((await everythingOf(b.id))[15]).toEqual([])
    const bShared = await env.app.inject({ method: 'GET', url: `/api/attachments/actions/download?id=${inB.data.id}`, headers: { authorization: `Bearer ${b.main}` } })
    expect(bShared.statusCode).toBe(200)
    expect(bShared.rawPayload.length).toBeGreaterThan(0)
    expect((await env.call(hq, 'DELETE', `/api/company/delete/${a.id}`)).status).toBe(404)
  })
})
