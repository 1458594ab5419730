/** Members (会员): registration with the ID number's check digit, masking, the logged reveal, departments, tenancy and bad input. */
import { ageOfIdNumber, formatDateTime, idCheckChar, NATIONS } from '@app/contract'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { logEntries, machines, measurements } from '../../src/db/schema/index.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let hq: string
let baseA: string
let baseB: string
let a: number
let b: number

/** A resident ID number with its right check digit: born on `birth` (YYYYMMDD), serial odd for a man. */
const idOf = (birth: string, serial = '123') => {
  const first17 = `110105${birth}${serial}`
  return `${first17}${idCheckChar(first17)}`
}
const member = (extra: Record<string, unknown> = {}) => ({
  name: '李四', idNo: idOf('19900307', '123'), nation: '汉族', department: '体检一部', workUnit: '甲公司', job: '司机',
  phone: '13812345678', remarks: '首次体检', ...extra,
})

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '会员甲基地')).id
  b = (await makeCompany(env.db, '会员乙基地')).id
  const adminA = await makeUser(env.db, { phone: '13633330001', name: '甲管理员', role: 'baseAdmin', companyIds: [a] })
  const adminB = await makeUser(env.db, { phone: '13633330002', role: 'baseAdmin', companyIds: [b] })
  baseA = await env.token(adminA.phone, adminA.password)
  baseB = await env.token(adminB.phone, adminB.password)
})
afterAll(async () => env?.close())

const save = (token: string, body: unknown) => env.call(token, 'POST', '/api/testee/saveNew', body)
const find = (token: string, query = '', body: unknown = {}) => env.call(token, 'POST', `/api/testee/find${query}`, body)
const names = (r: { data: { data: { name: string }[] } }) => r.data.data.map((m) => m.name)

describe('registering and reading', () => {
  test('age, birthday and sex come from the ID number; lists and details show it and the phone masked', async () => {
    const id = idOf('19900307', '123')
    const created = await save(baseA, member({ idNo: id.toLowerCase() }))
    expect(created).toMatchObject({ status: 200, message: '创建成功' })
    const today = formatDateTime(new Date()).slice(0, 10)
    expect(created.data).toMatchObject({
      name: '李四', sex: '男', birthday: '1990-03-07', age: ageOfIdNumber(id, today), department: '体检一部', companyId: a,
      idNo: `110**************${id.slice(-1)}`, phone: '138****5678', nation: '汉族',
    })
    expect(created.data.age).toBeGreaterThanOrEqual(34)
    const detail = await env.call(baseA, 'GET', `/api/testee/get/getUser?id=${created.data.id}`)
    expect(detail.data).toEqual(created.data)
    const list = await find(baseA)
    expect(list.data.data[0]).toMatchObject({ idNo: created.data.idNo, phone: '138****5678' })
    expect(JSON.stringify(list.data)).not.toContain(id)
    expect(JSON.stringify(list.data)).not.toContain('13812345678')
    await env.call(baseA, 'POST', `/api/testee/delete/${created.data.id}`)
  })

  test('a wrong check digit, an impossible birthday and a sex the ID number contradicts are refused in Chinese', async () => {
    const good = idOf('19850101', '222')
    const wrongDigit = `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`
    expect(await save(baseA, member({ idNo: wrongDigit }))).toMatchObject({ status: 400, message: '身份证号校验位不正确，请核对后重新输入' })
    expect(await save(baseA, member({ idNo: idOf('19900230') }))).toMatchObject({ status: 400, message: '身份证号中的出生日期不正确' })
    expect(await save(baseA, member({ idNo: '12345' }))).toMatchObject({ status: 400, message: '身份证号格式不正确，应为18位（最后一位可以是X）' })
    // serial 222: the 17th digit is even, a woman
    expect(await save(baseA, member({ idNo: good, sex: '男' }))).toMatchObject({ status: 400, message: '性别与身份证号不符（身份证号为女性）' })
    expect((await save(baseA, member({ idNo: good, name: '王芳' }))).data).toMatchObject({ sex: '女', birthday: '1985-01-01' })
    expect(await save(baseA, member({ idNo: good, name: '王芳二' }))).toMatchObject({ status: 409, message: '该身份证号的会员已登记' })
  })

  test('missing fields, wrong types, huge strings and unknown nations answer 400 naming the field', async () => {
    expect(await save(baseA, {})).toMatchObject({ status: 400, message: expect.stringMatching(/^(姓名|身份证号)不能为空/) })
    expect(await save(baseA, member({ name: 'x'.repeat(10_000) }))).toMatchObject({ status: 400, message: '姓名不能超过50个字符' })
    expect(await save(baseA, member({ name: 12 }))).toMatchObject({ status: 400, message: '姓名格式不正确' })
    expect(await save(baseA, member({ nation: '火星族' }))).toMatchObject({ status: 400, message: '民族只能是56个民族之一，如汉族' })
    expect(await save(baseA, member({ phone: '123' }))).toMatchObject({ status: 400, message: '手机号格式不正确，请输入正确的11位手机号' })
    expect(await save(baseA, member({ remarks: 'x'.repeat(201) }))).toMatchObject({ status: 400, message: '备注不能超过200个字符' })
    expect(await env.call(baseA, 'GET', '/api/testee/get/getUser?id=abc')).toMatchObject({ status: 400, message: expect.stringContaining('必须是数字') })
    expect(NATIONS).toHaveLength(56)
  })
})

describe('departments, paging and tenancy', () => {
  test('find pages 20 by default and filters by department; memberList lists one department', async () => {
    for (let i = 0; i < 23; i++) {
      const res = await save(baseA, member({ name: `成员${i}`, idNo: idOf('19700101', String(300 + i)), department: i < 3 ? '检测二部' : '检测三部', phone: null }))
      expect(res.status).toBe(200)
    }
    const page = await find(baseA, '', { name: '成员' })
    expect(page.data.data).toHaveLength(20)
    expect(page.data.totalCount).toBe(23)
    const groups = (await env.call(baseA, 'GET', '/api/testee/groups')).data as { id: number; name: string; memberCount: number }[]
    const second = groups.find((g) => g.name === '检测二部')!
    expect(second.memberCount).toBe(3)
    expect(names(await find(baseA, `?groupId=${second.id}&page=1&size=2`))).toHaveLength(2)
    expect((await find(baseA, `?groupId=${second.id}`)).data.totalCount).toBe(3)
    expect((await env.call(baseA, 'GET', `/api/testee/memberList/${second.id}`)).data.totalCount).toBe(3)
    expect(await find(baseA, '?size=101')).toMatchObject({ status: 400, message: '每页条数不能大于100' })
  })

  test('a base sees its own members only; another base\'s ids answer as missing, and headquarters sees all', async () => {
    const mine = await save(baseB, member({ name: '乙会员', idNo: idOf('19800808', '555') }))
    expect(mine.status).toBe(200)
    const groupB = mine.data.departmentId as number
    expect(names(await find(baseA, '', { name: '乙会员' }))).toEqual([])
    expect(await find(baseA, '', { companyId: b })).toMatchObject({ status: 404, message: '基地不存在' })
    expect(await env.call(baseA, 'GET', `/api/testee/get/getUser?id=${mine.data.id}`)).toMatchObject({ status: 404, message: '会员不存在' })
    expect(await env.call(baseA, 'GET', `/api/testee/memberList/${groupB}`)).toMatchObject({ status: 404, message: '部门不存在' })
    expect(await env.call(baseA, 'POST', '/api/testee/update', { id: mine.data.id, name: '改名' })).toMatchObject({ status: 404, message: '会员不存在' })
    expect(await env.call(baseA, 'POST', `/api/testee/delete/${mine.data.id}`)).toMatchObject({ status: 404, message: '会员不存在' })
    expect(await save(baseA, member({ companyId: b }))).toMatchObject({ status: 404, message: '基地不存在' })
    expect(names(await find(hq, '', { name: '乙会员' }))).toEqual(['乙会员'])
    // the same person may be a member of two bases
    expect((await save(baseA, member({ name: '乙会员在甲', idNo: idOf('19800808', '555') }))).status).toBe(200)
  })
})

describe('editing, deleting and the reveal', () => {
  test('an edit changes what it sends; a new ID number brings its own sex, birthday and age', async () => {
    const created = await save(baseA, member({ name: '赵六', idNo: idOf('19750505', '111') }))
    const id = created.data.id
    const edited = await env.call(baseA, 'POST', '/api/testee/update', { id, remarks: '复查', department: '' })
    expect(edited).toMatchObject({ status: 200, message: '更新成功' })
    expect(edited.data).toMatchObject({ name: '赵六', remarks: '复查', department: '', departmentId: null, phone: '138****5678', sex: '男' })
    const reissued = await env.call(baseA, 'POST', '/api/testee/update', { id, idNo: idOf('19950606', '224') })
    expect(reissued.data).toMatchObject({ sex: '女', birthday: '1995-06-06' })
    expect(await env.call(baseA, 'POST', '/api/testee/update', { id, sex: '男' })).toMatchObject({ status: 400, message: '性别与身份证号不符（身份证号为女性）' })
  })

  test('the full ID number and phone are shown to an allowed role only through the reveal, and each reveal is logged', async () => {
    const id = idOf('19660606', '777')
    const created = await save(baseA, member({ name: '孙七', idNo: id, phone: '13900001111' }))
    const reveal = (field: string) => env.call(baseA, 'POST', `/api/testee/reveal/${created.data.id}`, { field })
    expect((await reveal('idNo')).data).toEqual({ value: id })
    expect((await reveal('phone')).data).toEqual({ value: '13900001111' })
    expect(await reveal('name')).toMatchObject({ status: 400 })
    const logged = await env.db.select().from(logEntries).where(eq(logEntries.serialNumber, `testee-${created.data.id}`))
    expect(logged.map((l) => l.errorMes).sort()).toEqual([
      `甲管理员查看了会员 ${created.data.id}（孙七）的完整手机号`, `甲管理员查看了会员 ${created.data.id}（孙七）的完整身份证号`,
    ])
    expect(await env.call(baseB, 'POST', `/api/testee/reveal/${created.data.id}`, { field: 'idNo' })).toMatchObject({ status: 404, message: '会员不存在' })
  })

  test('the export masks the ID numbers and phones', async () => {
    const res = await env.app.inject({ method: 'GET', url: `/api/testee/export/${a}`, query: { name: '孙七' }, headers: { authorization: `Bearer ${baseA}` } })
    expect(res.statusCode).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as never)
    const rows = book.worksheets[0]!.getSheetValues().slice(2) as unknown[][]
    expect(rows).toHaveLength(1)
    expect(rows[0]).toContain('139****1111')
    expect(rows[0]).toContain(`110**************${idOf('19660606', '777').slice(-1)}`)
  })

  test('a member with measurements cannot be deleted; one without can', async () => {
    const measured = await save(baseA, member({ name: '周八', idNo: idOf('19600101', '333') }))
    const [machine] = await env.db.insert(machines).values({ companyId: a, type: '血压计', deviceNo: 'M-DEL-1', secretHash: '0'.repeat(64) }).returning()
    await env.db.insert(measurements).values({ companyId: a, machineId: machine!.id, testeeId: measured.data.id, measuredTime: new Date(), systolic: 120, diastolic: 80 })
    expect(await env.call(baseA, 'POST', `/api/testee/delete/${measured.data.id}`)).toMatchObject({ status: 409, message: '该会员已有测量记录，不能删除' })
    const plain = await save(baseA, member({ name: '吴九', idNo: idOf('19600101', '335') }))
    expect(await env.call(baseA, 'POST', `/api/testee/delete/${plain.data.id}`)).toMatchObject({ status: 200, message: '删除成功' })
    expect(await env.call(baseA, 'GET', `/api/testee/get/getUser?id=${plain.data.id}`)).toMatchObject({ status: 404, message: '会员不存在' })
  })
})
