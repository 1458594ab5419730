import { HQ_COMPANY_ID, Msg, seatsUsedUp } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companies, userCompanies } from '../../src/db/schema/index.js'
import { XLSX_TYPE } from '../../src/platform/download.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

/**
 * company.user_amount is the number of seats of a base beyond its main account: every other member
 * takes one, whatever its role. Save, import, assign and move respect it, also when they race.
 */
let env: TestEnv
let hq: string

let seq = 0
const phone = () => `1364000${String(++seq).padStart(4, '0')}`
const PASSWORD = 'User@1234'
const newUser = (extra: Record<string, unknown> = {}) => ({
  phone: phone(), name: '座位用户', nickName: 'operator', password: env.encrypt(PASSWORD), passwordAgain: env.encrypt(PASSWORD), ...extra,
})

beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000 })
  hq = await env.token()
})
afterAll(async () => env?.close())

/** A base created like the screen does (with its main account), and `seats` seats. */
async function base(seats: number) {
  const mainPhone = phone()
  const created = await env.call(hq, 'POST', '/api/company/save', {
    name: `座位基地${seq}`, contactor: '主账号', phone: mainPhone, domain: `seats-${seq}`, password: env.encrypt('Main@1234'),
  })
  expect(created.code).toBe(200)
  await env.db.update(companies).set({ userAmount: seats }).where(eq(companies.id, created.data.id))
  return { id: created.data.id as number, main: await env.token(mainPhone, 'Main@1234') }
}

const members = async (companyId: number) =>
  Number((await env.db.execute<{ n: number }>(sql`select count(*)::int as n from user_company where company_id = ${companyId}`)).rows[0]!.n)
const shown = async (companyId: number) => (await env.call(hq, 'GET', `/api/company/get/${companyId}`)).data

async function xlsx(rows: string[][]) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('用户')
  sheet.addRow(['手机号', '姓名', '角色', '密码'])
  for (const r of rows) sheet.addRow(r)
  return Buffer.from(await book.xlsx.writeBuffer())
}

const importFile = (token: string, data: Buffer) =>
  env.upload(token, '/api/users/import', multipart({ file: { name: 'users.xlsx', type: XLSX_TYPE, data } }))

describe('every member beyond the main account takes a seat', () => {
  test('a new base has all its seats; users of any role fill them; the next one is a 409 naming the quota', async () => {
    const b = await base(0)
    // the main account is no seat
    expect(await shown(b.id)).toMatchObject({ userAmount: 0, assignedUserNums: 0, remainingUserNums: 0 })
    const refused = await env.call(b.main, 'POST', '/api/users/save', newUser())
    expect(refused.status).toBe(409)
    expect(refused.message).toBe(seatsUsedUp(0, 0))

    await env.db.update(companies).set({ userAmount: 2 }).where(eq(companies.id, b.id))
    expect((await env.call(b.main, 'POST', '/api/users/save', newUser({ nickName: '检验员' }))).code).toBe(200)
    expect((await env.call(b.main, 'POST', '/api/users/save', newUser({ nickName: 'base admin' }))).code).toBe(200)
    const full = await env.call(b.main, 'POST', '/api/users/save', newUser({ nickName: 'reception' }))
    expect(full.status).toBe(409)
    expect(full.message).toBe('子账号数量已达上限（共2个，已分配2个），请联系管理员扩容')
    expect(await shown(b.id)).toMatchObject({ userAmount: 2, assignedUserNums: 2, remainingUserNums: 0 })
    expect(await members(b.id)).toBe(3)
  })

  test('an existing account made main account of a new base takes no seat there', async () => {
    const first = await base(0)
    const [mainOfFirst] = await env.db.select().from(companies).where(eq(companies.id, first.id))
    const second = await env.call(hq, 'POST', '/api/company/save', { name: '座位第二基地', contactor: '主', phone: mainOfFirst!.phone, domain: 'seats-second' })
    expect(second.data).toMatchObject({ mainUserId: mainOfFirst!.mainUserId, assignedUserNums: 0 })
  })

  test('an admin-role account cannot become the main account of a base', async () => {
    const admin2 = await makeUser(env.db, { phone: phone(), companyIds: [HQ_COMPANY_ID], role: 'admin' })
    const res = await env.call(hq, 'POST', '/api/company/save', { name: '座位越权基地', contactor: '主', phone: admin2.phone, domain: 'seats-admin' })
    expect(res.status).toBe(403)
    expect((await env.db.select().from(companies).where(eq(companies.name, '座位越权基地')))).toEqual([])
  })

  test('assign and move take a seat; assigning a member again does not', async () => {
    const b = await base(1)
    const other = await makeCompany(env.db, '座位来源基地', { userAmount: 10 })
    const u1 = await makeUser(env.db, { phone: phone(), companyIds: [other.id], role: 'operator' })
    const u2 = await makeUser(env.db, { phone: phone(), companyIds: [other.id], role: 'inspector' })
    expect((await env.call(hq, 'POST', `/api/users/assign?phone=${u1.phone}&companyId=${b.id}`)).code).toBe(200)
    expect((await env.call(hq, 'POST', `/api/users/assign?phone=${u1.phone}&companyId=${b.id}`)).message).toBe(Msg.assigned)
    const assign = await env.call(hq, 'POST', `/api/users/assign?phone=${u2.phone}&companyId=${b.id}`)
    expect(assign.status).toBe(409)
    expect(assign.message).toBe(seatsUsedUp(1, 1))
    const move = await env.call(hq, 'POST', `/api/users/changeCompany/${b.id}/${u2.id}`)
    expect(move.status).toBe(409)
    expect(move.message).toBe(seatsUsedUp(1, 1))
    // nothing half-done: u2 is still in its own base
    expect((await env.db.select().from(userCompanies).where(eq(userCompanies.userId, u2.id))).map((r) => r.companyId)).toEqual([other.id])
    // u1 moving into the base it already sits in needs no new seat
    expect((await env.call(hq, 'POST', `/api/users/changeCompany/${b.id}/${u1.id}`)).message).toBe(Msg.companyChanged)
  })

  test('import: rows beyond the seats are reported with the quota, the others are kept', async () => {
    const b = await base(2)
    const res = await importFile(b.main, await xlsx([
      [phone(), '导入一', 'operator', PASSWORD], [phone(), '导入二', '检验员', PASSWORD], [phone(), '导入三', 'reception', PASSWORD],
    ]))
    expect(res.data.imported).toBe(2)
    expect(res.data.errors).toEqual([{ row: 4, phone: expect.any(String), message: seatsUsedUp(2, 2) }])
    expect(await members(b.id)).toBe(3)
  })

  test('headquarters has no seat limit', async () => {
    const [row] = await env.db.select().from(companies).where(eq(companies.id, HQ_COMPANY_ID))
    expect(row!.userAmount).toBe(0)
    expect((await env.call(hq, 'POST', '/api/users/save', newUser({ companyId: HQ_COMPANY_ID }))).code).toBe(200)
  })
})

describe('parallel additions never exceed the seats', () => {
  test('10 saves at once with 3 seats left: exactly 3 succeed, the rest answer 409 with the quota', async () => {
    const b = await base(5)
    for (let i = 0; i < 2; i++) expect((await env.call(b.main, 'POST', '/api/users/save', newUser())).code).toBe(200)
    const results = await Promise.all(Array.from({ length: 10 }, () => env.call(b.main, 'POST', '/api/users/save', newUser())))
    expect(results.filter((r) => r.code === 200)).toHaveLength(3)
    const refused = results.filter((r) => r.code !== 200)
    expect(refused.map((r) => [r.status, r.message])).toEqual(Array(7).fill([409, seatsUsedUp(5, 5)]))
    expect(await members(b.id)).toBe(6)
    expect(await shown(b.id)).toMatchObject({ assignedUserNums: 5, remainingUserNums: 0 })
  })

  test('10 imports at once with 3 seats left: exactly 3 rows are imported', async () => {
    const b = await base(3)
    const files = await Promise.all(Array.from({ length: 10 }, (_, i) => xlsx([[phone(), `并发${i}`, 'operator', PASSWORD]])))
    const results = await Promise.all(files.map((f) => importFile(b.main, f)))
    expect(results.reduce((n, r) => n + r.data.imported, 0)).toBe(3)
    expect(results.flatMap((r) => r.data.errors.map((e: { message: string }) => e.message))).toEqual(Array(7).fill(seatsUsedUp(3, 3)))
    expect(await members(b.id)).toBe(4)
  })

  test('10 assigns at once with 3 seats left: exactly 3 succeed', async () => {
    const b = await base(3)
    const people = await Promise.all(Array.from({ length: 10 }, () => makeUser(env.db, { phone: phone(), companyIds: [], role: 'operator' })))
    const results = await Promise.all(people.map((u) => env.call(hq, 'POST', `/api/users/assign?phone=${u.phone}&companyId=${b.id}`)))
    expect(results.filter((r) => r.code === 200)).toHaveLength(3)
    expect(results.filter((r) => r.status === 409)).toHaveLength(7)
    expect(await members(b.id)).toBe(4)
  })
})
