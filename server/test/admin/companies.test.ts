import { CompanyMsg, HQ_COMPANY_ID, Msg } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companies, userCompanies, users } from '../../src/db/schema/index.js'
import sharp from 'sharp'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000 })
  hq = await env.token()
})
afterAll(async () => env?.close())

let seq = 0
const nextPhone = () => `1391000${String(++seq).padStart(4, '0')}`
const base = (extra: Record<string, unknown> = {}) => ({
  name: `测试基地${++seq}`, contactor: '张三', phone: nextPhone(), address: '某路1号', isCreate: '1',
  province: '浙江省', city: '杭州市', district: '西湖区', domain: `base${seq}`, ...extra,
})
const save = (body: unknown, token = hq) => env.call(token, 'POST', '/api/company/save', body)

describe('add a base', () => {
  test('creates the base with its region and a main account whose login is the contact phone', async () => {
    const body = base({ password: env.encrypt('Main@1234') })
    const res = await save(body)
    expect(res.code).toBe(200)
    expect(res.message).toBe(Msg.created)
    const row = res.data
    expect(row).toMatchObject({ name: body.name, contactor: '张三', phone: body.phone, province: '浙江省', city: '杭州市', district: '西湖区', domain: body.domain, isCreate: '1', remainingTimes: 0, useTimes: 0, userAmount: 0, assignedUserNums: 0, remainingUserNums: 0 })
    expect(row.createTimeStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const [main] = await env.db.select().from(users).where(eq(users.phone, body.phone))
    expect(main!.id).toBe(row.mainUserId)
    // the main account signs in with the initial password and sees its base
    const token = await env.token(body.phone, 'Main@1234')
    const info = await env.call(token, 'GET', '/api/users/info')
    expect(info.data.companyId).toBe(row.id)
    expect(info.data.nickName).toBe('base admin')
  })

  test('an existing account with the contact phone becomes the main account of the new base too', async () => {
    const first = (await save(base())).data
    const second = (await save(base({ phone: first.phone }))).data
    expect(second.mainUserId).toBe(first.mainUserId)
    const rels = await env.db.select().from(userCompanies).where(eq(userCompanies.userId, first.mainUserId))
    expect(rels.map((r) => r.companyId).sort()).toEqual([first.id, second.id].sort())
  })

  test('validation messages name the field (spec §5)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '基地的名称不能为空'],
      [{ name: undefined }, '基地的名称不能为空'],
      [{ name: '   ' }, '基地的名称不能为空'],
      [{ name: 'x'.repeat(101) }, '基地的名称不能超过100个字符'],
      [{ domain: '' }, '基地的子域名不能为空'],
      [{ domain: undefined }, '基地的子域名不能为空'],
      [{ domain: 'bad_domain' }, CompanyMsg.domainFormat],
      [{ domain: '-abc' }, CompanyMsg.domainFormat],
      [{ domain: 'abc-' }, CompanyMsg.domainFormat],
      [{ domain: 'a.b' }, CompanyMsg.domainFormat],
      [{ domain: 'x'.repeat(64) }, CompanyMsg.domainFormat],
      [{ domain: 'www' }, CompanyMsg.domainReserved],
      [{ contactor: '' }, '联系人不能为空'],
      [{ phone: '' }, '联系电话不能为空'],
      [{ phone: undefined }, '联系电话不能为空'],
      [{ phone: '12345' }, '联系电话格式不正确，请输入正确的11位手机号'],
      [{ isCreate: '2' }, '是否允许子账号只能是0（否）或1（是）'],
      [{ address: 'x'.repeat(201) }, '地址不能超过200个字符'],
      [{ province: 'x'.repeat(21) }, '省份不能超过20个字符'],
      [{ attachmentId: 'abc' }, '附件必须是整数'],
      [{ attachmentId: 999999 }, '附件不存在（编号 999999）'],
      [{ password: env.encrypt('123') }, Msg.passwordTooShort],
    ]
    for (const [patch, message] of cases) {
      const res = await save(base(patch))
      expect(res.status, JSON.stringify(patch)).toBeGreaterThanOrEqual(400)
      expect(res.message, JSON.stringify(patch)).toBe(message)
    }
  })

  test('domains are unique, case-insensitively, and stored lower-case', async () => {
    const a = await save(base({ domain: 'Unique-One' }))
    expect(a.data.domain).toBe('unique-one')
    const b = await save(base({ domain: 'UNIQUE-ONE' }))
    expect(b.status).toBe(409)
    expect(b.message).toBe(CompanyMsg.domainTaken)
  })
})

describe('list, get, getByDomain, options, settings', () => {
  test('filters by name, contact and phone; pages of 20 by default; search answers totalCount', async () => {
    const marker = `筛选${Date.now()}`
    for (let i = 0; i < 3; i++) await save(base({ name: `${marker}-${i}`, contactor: i === 0 ? '李四特' : '王五' }))
    const byName = await env.call(hq, 'POST', '/api/company/find/', { page: 1, size: 2, name: marker })
    expect(byName.data.totalCount).toBe(3)
    expect(byName.data.data).toHaveLength(2)
    const page2 = await env.call(hq, 'POST', '/api/company/find/', { page: 2, size: 2, name: marker })
    expect(page2.data.data).toHaveLength(1)
    const byContact = await env.call(hq, 'POST', '/api/company/find/', { contactor: '李四特' })
    expect(byContact.data.data.map((r: { name: string }) => r.name)).toEqual([`${marker}-0`])
    const phone = byContact.data.data[0].phone
    const byPhone = await env.call(hq, 'POST', '/api/company/find/', { phone: phone.slice(3) })
    expect(byPhone.data.data.map((r: { phone: string }) => r.phone)).toContain(phone)
    // LIKE wildcards are taken literally
    expect((await env.call(hq, 'POST', '/api/company/find/', { name: '%' })).data.totalCount).toBe(0)
    const all = await env.call(hq, 'POST', '/api/company/find/', {})
    expect(all.data.data.length).toBeLessThanOrEqual(20)
    expect(all.data.totalCount).toBeGreaterThan(3)
  })

  test('get by id; getByDomain (public) with or without the suffix; settings give the suffix', async () => {
    const row = (await save(base({ domain: 'lookup-me' }))).data
    expect((await env.call(hq, 'GET', `/api/company/get/${row.id}`)).data.name).toBe(row.name)
    expect((await env.call(hq, 'GET', '/api/company/get/999999')).status).toBe(404)
    const byDomain = await env.call(null, 'GET', '/api/company/getByDomain?domain=LOOKUP-ME')
    expect(byDomain.data).toEqual({ id: row.id, name: row.name, domain: 'lookup-me', picId: null })
    const suffix = (await env.call(hq, 'GET', '/api/company/settings')).data.domainSuffix
    expect(suffix).toMatch(/^\./)
    expect((await env.call(null, 'GET', `/api/company/getByDomain?domain=lookup-me${suffix}`)).data.id).toBe(row.id)
    expect((await env.call(null, 'GET', '/api/company/getByDomain?domain=nobody')).status).toBe(404)
    expect((await env.call(null, 'GET', '/api/company/getByDomain')).message).toBe('子域名不能为空')
  })

  test('a base\'s picture is served to its login page by sub-domain, without a session', async () => {
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3366cc' } }).png().toBuffer()
    const up = await env.upload(hq, '/api/attachments?fileType=5', multipart({ file: { name: 'logo.png', type: 'image/png', data: png } }))
    expect(up.status).toBe(200)
    await save(base({ domain: 'with-picture', picId: up.data.id }))
    const res = await env.app.inject({ method: 'GET', url: '/api/company/picture?domain=with-picture' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\//)
    expect((await sharp(res.rawPayload).metadata()).width).toBeGreaterThan(0)
    await save(base({ domain: 'no-picture' }))
    expect(await env.call(null, 'GET', '/api/company/picture?domain=no-picture')).toMatchObject({ status: 404, message: CompanyMsg.noPicture })
    expect(await env.call(null, 'GET', '/api/company/picture?domain=nobody')).toMatchObject({ status: 404, message: CompanyMsg.domainUnknown })
  })

  test('a base user sees only their own base (get, options) and cannot list, add, edit or deregister bases', async () => {
    const a = await makeCompany(env.db, '甲基地')
    const b = await makeCompany(env.db, '乙基地')
    const user = await makeUser(env.db, { phone: nextPhone(), companyIds: [a.id] })
    const token = await env.token(user.phone, user.password)
    expect((await env.call(token, 'GET', `/api/company/get/${a.id}`)).data.id).toBe(a.id)
    expect((await env.call(token, 'GET', `/api/company/get/${b.id}`)).status).toBe(404)
    expect((await env.call(token, 'GET', '/api/company/options')).data).toEqual([{ id: a.id, name: '甲基地' }])
    for (const [method, url, body] of [
      ['POST', '/api/company/find/', {}], ['POST', '/api/company/save', base()], ['POST', `/api/company/update/${b.id}`, base()],
      ['DELETE', `/api/company/delete/${b.id}`, undefined], ['GET', `/api/company/export/${a.id}`, undefined],
    ] as const) {
      const res = await env.call(token, method, url, body)
      expect(res.status, url).toBe(403)
    }
    // headquarters options list every base
    const options = (await env.call(hq, 'GET', '/api/company/options')).data as { id: number }[]
    expect(options.map((o) => o.id)).toEqual(expect.arrayContaining([HQ_COMPANY_ID, a.id, b.id]))
  })
})

describe('edit', () => {
  test('updates fields; the phone cannot change; domain stays unique', async () => {
    const row = (await save(base())).data
    const other = (await save(base())).data
    const res = await env.call(hq, 'POST', `/api/company/update/${row.id}`, { ...base({ domain: row.domain }), phone: row.phone, name: '改名基地', isCreate: '0', city: '宁波市' })
    expect(res.message).toBe(Msg.updated)
    expect(res.data).toMatchObject({ name: '改名基地', isCreate: '0', city: '宁波市', phone: row.phone })
    // PUT works as well (the spec's update verb)
    expect((await env.call(hq, 'PUT', `/api/company/update/${row.id}`, { ...base({ domain: row.domain, phone: undefined }), name: '再改名' })).data.name).toBe('再改名')
    const phone = await env.call(hq, 'POST', `/api/company/update/${row.id}`, { ...base({ domain: row.domain }), phone: '13999999999' })
    expect(phone.status).toBe(400)
    expect(phone.message).toBe(CompanyMsg.phoneReadOnly)
    const dup = await env.call(hq, 'POST', `/api/company/update/${row.id}`, base({ domain: other.domain, phone: row.phone }))
    expect(dup.status).toBe(409)
    expect((await env.call(hq, 'POST', `/api/company/update/${row.id}`, base({ name: '' }))).message).toBe('基地的名称不能为空')
    expect((await env.call(hq, 'POST', '/api/company/update/999999', base())).status).toBe(404)
  })

  test('headquarters (company 1) can be neither edited nor deregistered', async () => {
    const edit = await env.call(hq, 'POST', `/api/company/update/${HQ_COMPANY_ID}`, base())
    expect(edit.status).toBe(403)
    expect(edit.message).toBe(CompanyMsg.hqNotEditable)
    const del = await env.call(hq, 'DELETE', `/api/company/delete/${HQ_COMPANY_ID}`)
    expect(del.status).toBe(403)
    expect(del.message).toBe(CompanyMsg.hqNotDeletable)
    const [row] = await env.db.select().from(companies).where(eq(companies.id, HQ_COMPANY_ID))
    expect(row!.name).toBe('总部')
  })
})

describe('export', () => {
  test('CSV with a UTF-8 BOM, named as the base list, with the list columns', async () => {
    const row = (await save(base({ name: '导出,"引号"基地', contactor: '=cmd' }))).data
    const res = await env.app.inject({ method: 'GET', url: `/api/company/export/${HQ_COMPANY_ID}`, headers: { authorization: `Bearer ${hq}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('基地列表.csv'))
    const bytes = res.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8').slice(1)
    const [header, ...lines] = text.trim().split('\r\n')
    expect(header).toBe('编号,基地名称,联系人,联系电话,地址,省份,城市,区县,子域名,剩余上传次数,已用上传次数,是否允许子账号,子账号总数,剩余子账号数,已分配子账号数,创建时间')
    const line = lines.find((l) => l.startsWith(`${row.id},`))!
    expect(line).toContain('"导出,""引号""基地"')
    // a formula is defused
    expect(line).toContain(",'=cmd,")
    expect(line).toContain(',是,')
    const filtered = await env.app.inject({ method: 'GET', url: `/api/company/export/1?name=${encodeURIComponent('导出,')}`, headers: { authorization: `Bearer ${hq}` } })
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2)
  })
})

describe('reservation plans and supply orders', () => {
  test('a plan defaults to 上午, 常压车辆, 0; saving the same day/period/type again updates it', async () => {
    const row = (await save(base())).data
    const first = await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: row.id, reserveTime: '2030-05-01' })
    expect(first.message).toBe(CompanyMsg.planSaved)
    expect(first.data).toMatchObject({ companyId: row.id, reserveTime: '2030-05-01', reservePeriod: '上午', tankerType: '常压车辆', totalCount: 0 })
    const again = await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: row.id, reserveTime: '2030-05-01', tankerType: '常压车', totalCount: 8 })
    expect(again.data.id).toBe(first.data.id)
    expect(again.data.totalCount).toBe(8)
    await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: row.id, reserveTime: '2030-05-01', reservePeriod: '下午', tankerType: '承压车辆', totalCount: 3 })
    const list = await env.call(hq, 'POST', '/api/reservationPlan/find', { companyId: row.id })
    expect(list.data.totalCount).toBe(2)
    const bad: [Record<string, unknown>, string][] = [
      [{ reserveTime: '' }, '预约日期不能为空'],
      [{ reserveTime: '2030-02-30' }, '预约日期不是有效的日期'],
      [{ reserveTime: '01/05/2030' }, '预约日期格式不正确，应为 YYYY-MM-DD'],
      [{ reservePeriod: '晚上' }, '预约时段只能是上午、下午'],
      [{ tankerType: '卡车' }, '车辆类型只能是常压车辆、承压车辆'],
      [{ totalCount: -1 }, '可预约数量不能小于0'],
      [{ totalCount: 'x' }, '可预约数量必须是整数'],
      [{ companyId: undefined }, '基地不能为空'],
    ]
    for (const [patch, message] of bad) {
      const res = await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: row.id, reserveTime: '2030-05-02', ...patch })
      expect(res.message, JSON.stringify(patch)).toBe(message)
    }
    expect((await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: 999999, reserveTime: '2030-05-02' })).status).toBe(404)
  })

  test('the plan list filters by China-time days, whatever zone the bounds are given in', async () => {
    const row = (await save(base())).data
    for (const reserveTime of ['2030-06-01', '2030-06-02', '2030-06-03']) {
      await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: row.id, reserveTime, totalCount: 1 })
    }
    const days = async (reserveTime: string[]) =>
      ((await env.call(hq, 'POST', '/api/reservationPlan/find', { companyId: row.id, reserveTime })).data.data as { reserveTime: string }[]).map((p) => p.reserveTime).sort()
    expect(await days(['2030-06-02', '2030-06-03'])).toEqual(['2030-06-02', '2030-06-03'])
    // 2030-06-01T16:00Z is 2030-06-02 00:00 in China; 2030-06-02T15:59Z is still 2030-06-02 there
    expect(await days(['2030-06-01T16:00:00.000Z', '2030-06-02T15:59:59.000Z'])).toEqual(['2030-06-02'])
    expect(await days(['2030-06-02 00:00:00', '2030-06-02 23:59:59'])).toEqual(['2030-06-02'])
  })

  test('supply: buyer gets material from seller; not itself; once per pair', async () => {
    const buyer = (await save(base())).data
    const seller = (await save(base())).data
    const res = await env.call(hq, 'POST', '/api/companyMaterialOrder/save', { buyCompanyId: buyer.id, saleCompanyId: seller.id })
    expect(res.message).toBe(CompanyMsg.supplySaved)
    expect(res.data).toMatchObject({ buyCompanyId: buyer.id, buyCompanyName: buyer.name, saleCompanyId: seller.id, saleCompanyName: seller.name })
    expect((await env.call(hq, 'POST', '/api/companyMaterialOrder/save', { buyCompanyId: buyer.id, saleCompanyId: seller.id })).status).toBe(409)
    const same = await env.call(hq, 'POST', '/api/companyMaterialOrder/save', { buyCompanyId: buyer.id, saleCompanyId: buyer.id })
    expect(same.message).toBe(CompanyMsg.supplySame)
    expect((await env.call(hq, 'POST', '/api/companyMaterialOrder/save', { buyCompanyId: buyer.id })).message).toBe('供货基地不能为空')
    const list = await env.call(hq, 'POST', '/api/companyMaterialOrder/find', { buyCompanyId: buyer.id })
    expect(list.data).toHaveLength(1)
    expect((await env.call(hq, 'DELETE', `/api/companyMaterialOrder/delete/${res.data.id}`)).message).toBe(Msg.deleted)
    expect((await env.call(hq, 'POST', '/api/companyMaterialOrder/find', { buyCompanyId: buyer.id })).data).toHaveLength(0)
  })
})

describe('counts shown in the list', () => {
  test('assigned sub-accounts are the base members beyond the main account, whatever their role; remaining = quota - assigned', async () => {
    const row = (await save(base())).data
    await env.db.update(companies).set({ userAmount: 5 }).where(eq(companies.id, row.id))
    expect((await env.call(hq, 'GET', `/api/company/get/${row.id}`)).data).toMatchObject({ userAmount: 5, assignedUserNums: 0, remainingUserNums: 5 })
    await makeUser(env.db, { phone: nextPhone(), role: 'subAccount', companyIds: [row.id] })
    await makeUser(env.db, { phone: nextPhone(), role: 'operator', companyIds: [row.id] })
    await makeUser(env.db, { phone: nextPhone(), role: 'inspector', companyIds: [row.id] })
    const got = (await env.call(hq, 'GET', `/api/company/get/${row.id}`)).data
    expect(got).toMatchObject({ userAmount: 5, assignedUserNums: 3, remainingUserNums: 2 })
    const listed = (await env.call(hq, 'POST', '/api/company/find/', { name: row.name })).data.data[0]
    expect(listed).toMatchObject({ id: row.id, assignedUserNums: 3, remainingUserNums: 2 })
    const n = await env.db.execute<{ n: number }>(sql`select count(*)::int as n from user_company where company_id = ${row.id}`)
    expect(n.rows[0]!.n).toBe(4)
  })
})
