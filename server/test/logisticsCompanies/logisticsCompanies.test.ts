import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { carrierMobiles } from '../../src/modules/logisticsCompanies/service.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
let baseToken: string
let subToken: string
let a: number
let b: number

const shunfeng = { name: '顺丰物流有限公司', contactor: '王强', phone: '13912345678', province: '江苏省', city: '南京市', district: '江宁区', remarks: '夜间可派车' }

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '物流甲基地')).id
  b = (await makeCompany(env.db, '物流乙基地')).id
  const admin = await makeUser(env.db, { phone: '13611110001', role: 'baseAdmin', companyIds: [a] })
  const sub = await makeUser(env.db, { phone: '13611110002', role: 'subAccount', companyIds: [a] })
  baseToken = await env.token(admin.phone, admin.password)
  subToken = await env.token(sub.phone, sub.password)
})
afterAll(async () => env?.close())

const save = (token: string, body: unknown) => env.call(token, 'POST', '/api/lCompany/save', body)

describe('add, read, edit, delete', () => {
  test('a base adds one for itself (naming another base is refused), reads it back, edits and deletes it', async () => {
    expect(await save(baseToken, { ...shunfeng, companyId: b })).toMatchObject({ status: 404, message: '基地不存在' })
    const created = await save(baseToken, { ...shunfeng, companyId: a })
    expect(created).toMatchObject({ status: 200, message: '创建成功' })
    expect(created.data).toMatchObject({ ...shunfeng, companyId: a, companyName: '物流甲基地' })
    expect(created.data.createTimeStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const id = created.data.id

    const got = await env.call(baseToken, 'GET', `/api/lCompany/get/getLCompany?id=${id}`)
    expect(got.data).toEqual(created.data)

    const edited = await env.call(baseToken, 'PUT', `/api/lCompany/update/${id}`, { ...shunfeng, phone: '025-52345678', district: '', remarks: '  ' })
    expect(edited).toMatchObject({ status: 200, message: '更新成功' })
    expect(edited.data).toMatchObject({ phone: '025-52345678', district: null, remarks: null, companyId: a })

    expect(await env.call(baseToken, 'DELETE', `/api/lCompany/delete/${id}`)).toMatchObject({ status: 200, message: '删除成功' })
    expect(await env.call(baseToken, 'GET', `/api/lCompany/get/getLCompany?id=${id}`)).toMatchObject({ status: 404, message: '物流公司不存在' })
  })

  test('headquarters adds one for a base it names; a base that does not exist answers 404', async () => {
    const created = await save(hq, { name: '总部代建物流', companyId: b })
    expect(created.data).toMatchObject({ companyId: b, companyName: '物流乙基地', contactor: null, phone: null })
    expect(await save(hq, { name: '无主物流', companyId: 999_999 })).toMatchObject({ status: 404, message: '基地不存在' })
  })

  test('every field is checked with a message naming it', async () => {
    const cases: [unknown, string][] = [
      [{}, '物流公司名称不能为空'],
      [{ name: '   ' }, '物流公司名称不能为空'],
      [{ name: 12 }, '物流公司名称格式不正确'],
      [{ name: '名'.repeat(101) }, '物流公司名称不能超过100个字符'],
      [{ name: '甲', phone: '12345' }, '联系电话格式不正确，请输入11位手机号或带区号的固定电话（如 0571-88886666）'],
      [{ name: '甲', phone: '1391234567' }, '联系电话格式不正确，请输入11位手机号或带区号的固定电话（如 0571-88886666）'],
      [{ name: '甲', phone: 13912345678 }, '联系电话格式不正确，请输入11位手机号或带区号的固定电话（如 0571-88886666）'],
      [{ name: '甲', phone: '1'.repeat(5000) }, '联系电话不能超过20个字符'],
      [{ name: '甲', contactor: '人'.repeat(51) }, '联系人不能超过50个字符'],
      [{ name: '甲', province: '省'.repeat(21) }, '省份不能超过20个字符'],
      [{ name: '甲', remarks: '备'.repeat(501) }, '备注不能超过500个字符'],
      [{ name: '甲', companyId: 'x' }, '基地必须是整数'],
    ]
    for (const [body, message] of cases) expect(await save(baseToken, body), JSON.stringify(body).slice(0, 60)).toMatchObject({ status: 400, message })
    for (const phone of ['13912345678', '0571-88886666', '010 12345678', '02112345678', '0571-88886666-801']) {
      const ok = await save(baseToken, { name: `电话${phone}`, phone })
      expect(ok.status, phone).toBe(200)
      expect(ok.data.phone).toBe(phone)
    }
  })

  test('a name is unique within a base (409), not across bases', async () => {
    expect((await save(baseToken, { name: '中通快运' })).status).toBe(200)
    expect(await save(baseToken, { name: ' 中通快运 ' })).toMatchObject({ status: 409, message: '物流公司“中通快运”已存在，请勿重复添加' })
    expect((await save(hq, { name: '中通快运', companyId: b })).status).toBe(200)
    const other = await save(baseToken, { name: '中通快运二部' })
    expect(await env.call(baseToken, 'PUT', `/api/lCompany/update/${other.data.id}`, { name: '中通快运' }))
      .toMatchObject({ status: 409, message: '物流公司“中通快运”已存在，请勿重复添加' })
    // keeping its own name is no conflict
    expect((await env.call(baseToken, 'PUT', `/api/lCompany/update/${other.data.id}`, { name: '中通快运二部', contactor: '李' })).status).toBe(200)
  })
})

describe('tenancy and permissions', () => {
  test('another base\'s row answers as missing to read, edit and delete; sub-accounts keep the list, not the statistics', async () => {
    const theirs = await save(hq, { name: '乙方专属物流', companyId: b, phone: '13800001111' })
    const id = theirs.data.id
    expect((await env.call(baseToken, 'GET', `/api/lCompany/get/getLCompany?id=${id}`)).status).toBe(404)
    expect((await env.call(baseToken, 'PUT', `/api/lCompany/update/${id}`, { name: '改名' })).status).toBe(404)
    expect((await env.call(baseToken, 'DELETE', `/api/lCompany/delete/${id}`)).status).toBe(404)
    expect((await env.call(hq, 'GET', `/api/lCompany/get/getLCompany?id=${id}`)).data.name).toBe('乙方专属物流')
    const listed = await env.call(baseToken, 'POST', '/api/lCompany/find/', { size: 100 })
    expect(listed.data.data.every((r: { companyId: number }) => r.companyId === a)).toBe(true)
    expect(await env.call(baseToken, 'POST', '/api/lCompany/find/', { companyId: b, size: 100 })).toMatchObject({ status: 404, message: '基地不存在' })
    // sub-accounts hold `transport` (the transport menu), so they keep the carriers too
    expect((await env.call(subToken, 'POST', '/api/lCompany/find/', {})).status).toBe(200)
    expect((await env.call(subToken, 'POST', '/api/use/find', {})).status).toBe(403)
  })

  test('bad ids answer 400, not 500', async () => {
    expect((await env.call(baseToken, 'GET', '/api/lCompany/get/getLCompany?id=abc')).status).toBe(400)
    expect((await env.call(baseToken, 'GET', '/api/lCompany/get/getLCompany')).message).toBe('物流公司不能为空')
    expect((await env.call(baseToken, 'PUT', '/api/lCompany/update/99999999999', { name: 'x' })).status).toBe(400)
  })
})

describe('list, search and export', () => {
  let c: number
  beforeAll(async () => {
    c = (await makeCompany(env.db, '物流丙基地')).id
    for (const [name, contactor, phone] of [['德邦物流', '张伟', '13700000001'], ['安能物流', '李娜', '0510-81234567'], ['德邦快递', '王芳', null]] as const) {
      await save(hq, { name, contactor, phone, companyId: c, province: '江苏省', city: '无锡市', district: '滨湖区' })
    }
  })

  test('search by name, contactor and phone; newest first; findCenter unpaged', async () => {
    const find = (q: object) => env.call(hq, 'POST', '/api/lCompany/find', { companyId: c, ...q })
    expect((await find({})).data.data.map((r: { name: string }) => r.name)).toEqual(['德邦快递', '安能物流', '德邦物流'])
    expect((await find({ name: '德邦' })).data.totalCount).toBe(2)
    expect((await find({ contactor: '李' })).data.data.map((r: { name: string }) => r.name)).toEqual(['安能物流'])
    expect((await find({ phone: '0510' })).data.data.map((r: { name: string }) => r.name)).toEqual(['安能物流'])
    expect((await find({ name: '%' })).data.totalCount).toBe(0)
    expect((await find({ page: 2, size: 2 })).data).toMatchObject({ totalCount: 3, data: [{ name: '德邦物流' }] })
    const center = await env.call(hq, 'POST', '/api/lCompany/findCenter', { companyId: c })
    expect(center.data).toHaveLength(3)
  })

  test('the export is an xlsx of what the filters select, cell by cell', async () => {
    const res = await env.app.inject({ method: 'GET', url: `/api/lCompany/export/1?companyId=${c}&name=${encodeURIComponent('德邦')}`, headers: { authorization: `Bearer ${hq}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book.getWorksheet('物流公司')!
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1, 7)))
    expect(rows).toEqual([
      ['物流公司名称', '联系人', '联系电话', '所在地区', '备注', '所属基地'],
      ['德邦快递', '王芳', undefined, '江苏省 无锡市 滨湖区', undefined, '物流丙基地'],
      ['德邦物流', '张伟', '13700000001', '江苏省 无锡市 滨湖区', undefined, '物流丙基地'],
    ])
  })

  test('a base\'s export of another base\'s id is refused, before the file; of its own id it holds only its own rows', async () => {
    const refused = await env.app.inject({ method: 'GET', url: `/api/lCompany/export/${c}`, headers: { authorization: `Bearer ${baseToken}` } })
    expect([refused.statusCode, refused.json().message]).toEqual([404, '基地不存在'])
    const res = await env.app.inject({ method: 'GET', url: `/api/lCompany/export/${a}`, headers: { authorization: `Bearer ${baseToken}` } })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const bases = new Set<unknown>()
    book.worksheets[0]!.eachRow((row, i) => { if (i > 1) bases.add(row.getCell(6).value) })
    expect([...bases]).toEqual(['物流甲基地'])
  })

  test('carrierMobiles: the SMS numbers of a base\'s carriers, mobiles only', async () => {
    const mobiles = await carrierMobiles(env.db, c, ['德邦物流', '安能物流', '德邦快递', '不存在的物流', ''])
    expect([...mobiles]).toEqual([['德邦物流', '13700000001']])
  })
})
