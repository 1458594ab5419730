/** Member import from the xlsx template: all rows or none, refusals naming their rows in Chinese; the template itself. */
import { idCheckChar, MEMBER_IMPORT_COLUMNS, NATIONS } from '@app/contract'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'

let env: TestEnv
let hq: string
let baseA: string
let a: number
let b: number

const idOf = (birth: string, serial: string) => {
  const first17 = `320102${birth}${serial}`
  return `${first17}${idCheckChar(first17)}`
}
/** the same ID number with a wrong check character */
const wrongCheck = (id: string) => `${id.slice(0, 17)}${id[17] === '1' ? '2' : '1'}`

async function sheetOf(rows: (string | undefined)[][], header: readonly string[] = MEMBER_IMPORT_COLUMNS) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('会员')
  sheet.addRow([...header])
  for (const r of rows) sheet.addRow(r)
  return Buffer.from(await book.xlsx.writeBuffer())
}
const send = (token: string, data: Buffer, query = '', name = 'members.xlsx') =>
  env.upload(token, `/api/testee/import${query}`, multipart({ file: { name, data } }))
const membersOf = async (token: string, body: unknown = {}) => (await env.call(token, 'POST', '/api/testee/find?size=100', body)).data

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '导入甲基地')).id
  b = (await makeCompany(env.db, '导入乙基地')).id
  const adminA = await makeUser(env.db, { phone: '13644440001', role: 'baseAdmin', companyIds: [a] })
  baseA = await env.token(adminA.phone, adminA.password)
})
afterAll(async () => env?.close())

test('a good file registers every row: sex and birthday from the ID number, departments made by name', async () => {
  const man = idOf('19850612', '131')
  const woman = idOf('19920229', '242')
  const res = await send(baseA, await sheetOf([
    ['王五', man, '汉族', '质检部', '13900001111', '甲公司', '司机', '首批'],
    ['赵六', woman.toLowerCase(), '回族', '质检部', '', '', '', ''],
  ]))
  expect(res).toMatchObject({ status: 200, message: '导入成功，共导入2名会员', data: { imported: 2 } })
  const list = await membersOf(baseA, { name: '' })
  const byName = Object.fromEntries(list.data.map((m: { name: string }) => [m.name, m]))
  expect(byName['王五']).toMatchObject({ sex: '男', birthday: '1985-06-12', nation: '汉族', department: '质检部', phone: '139****1111', companyId: a })
  expect(byName['赵六']).toMatchObject({ sex: '女', birthday: '1992-02-29', nation: '回族', department: '质检部', phone: '' })
  const groups = (await env.call(baseA, 'GET', '/api/testee/groups')).data
  expect(groups).toEqual([expect.objectContaining({ name: '质检部', memberCount: 2 })])
})

test('a row with a wrong ID number refuses the whole file, naming its row; nothing is written', async () => {
  const before = (await membersOf(baseA)).totalCount
  const good = idOf('19700101', '151')
  const bad = wrongCheck(idOf('19800101', '161'))
  const res = await send(baseA, await sheetOf([
    ['孙七', good, '汉族', '新部门', '', '', '', ''],
    ['周八', bad, '汉族', '', '', '', '', ''],
  ]))
  expect(res.status).toBe(400)
  expect(res.message).toContain('第3行：身份证号校验位不正确')
  expect(res.message).toContain('未导入任何会员')
  expect((await membersOf(baseA)).totalCount).toBe(before)
  // the good row's department was not made either
  expect((await env.call(baseA, 'GET', '/api/testee/groups')).data.map((g: { name: string }) => g.name)).not.toContain('新部门')
})

test('every problem is named by its row: a nation outside the 56, an ID number twice, one already registered, a missing name', async () => {
  const twice = idOf('19750505', '171')
  const registered = (await membersOf(baseA)).data[0].name
  expect(registered).toBeTruthy()
  const res = await send(baseA, await sheetOf([
    ['甲', twice, '火星族', '', '', '', '', ''],
    ['乙', twice, '', '', '', '', '', ''],
    ['丙', twice, '', '', '', '', '', ''],
    ['丁', idOf('19850612', '131'), '', '', '', '', '', ''],
    ['', idOf('19660606', '181'), '', '', '', '', '', ''],
  ]))
  expect(res.status).toBe(400)
  expect(res.message).toMatch(/第2行：民族.*56个民族之一/)
  expect(res.message).toContain('第4行：身份证号与第3行重复')
  expect(res.message).toContain('第5行：该身份证号的会员已登记')
  expect(res.message).toContain('第6行：姓名不能为空')
  expect(NATIONS).toHaveLength(56)
})

test('a file that is not xlsx, a sheet without the ID column and an empty sheet are refused in Chinese', async () => {
  const notXlsx = await send(baseA, Buffer.from('姓名,身份证号\n张三,110105199003071239\n'), '', 'members.csv')
  expect(notXlsx.status).toBe(400)
  expect(notXlsx.message).toBe('请上传 .xlsx 格式的 Excel 文件（可先下载模板）')
  const noId = await send(baseA, await sheetOf([['张三']], ['姓名']))
  expect(noId).toMatchObject({ status: 400, message: '表格缺少“身份证号”列，请下载模板后按模板填写' })
  const empty = await send(baseA, await sheetOf([]))
  expect(empty).toMatchObject({ status: 400, message: '表格中没有可导入的会员' })
})

test('a base imports into its own base only; headquarters names the base', async () => {
  const other = await send(baseA, await sheetOf([['钱九', idOf('19880808', '191')]]), `?companyId=${b}`)
  expect(other.status).toBe(404)
  const forB = await send(hq, await sheetOf([['钱九', idOf('19880808', '191')]]), `?companyId=${b}`)
  expect(forB).toMatchObject({ status: 200, data: { imported: 1 } })
  expect((await membersOf(hq, { companyId: b })).data.map((m: { name: string }) => m.name)).toEqual(['钱九'])
  expect((await membersOf(baseA)).data.map((m: { name: string }) => m.name)).not.toContain('钱九')
})

test('the template has the columns, a list of the 56 nations and the instructions', async () => {
  const res = await env.app.inject({ method: 'GET', url: '/api/testee/import/template', headers: { authorization: `Bearer ${baseA}` } })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-disposition']).toContain(encodeURIComponent('会员导入模板.xlsx'))
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  const [members, nations, help] = book.worksheets
  expect((members!.getRow(1).values as string[]).slice(1)).toEqual([...MEMBER_IMPORT_COLUMNS])
  expect(nations!.getColumn(1).values.slice(1)).toEqual([...NATIONS])
  expect(help!.getCell('A2').text).toContain('身份证号')
})
