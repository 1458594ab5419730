import { CompanyMsg, HQ_COMPANY_ID, importUnknownCompany, Msg, UserAdminMsg } from '@app/contract'
import { eq, inArray } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { userCompanies, users } from '../../src/db/schema/index.js'
import { XLSX_TYPE } from '../../src/platform/download.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
let baseA: number
let baseB: number
let adminA: string
beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000 })
  hq = await env.token()
  baseA = (await makeCompany(env.db, '导入甲基地', { userAmount: 100 })).id
  baseB = (await makeCompany(env.db, '导入乙基地', { userAmount: 100 })).id
  const u = await makeUser(env.db, { phone: '13740000001', companyIds: [baseA] })
  adminA = await env.token(u.phone, u.password)
})
afterAll(async () => env?.close())

async function xlsx(rows: (string | number | null)[][], header: string[] = ['手机号', '姓名', '角色', '密码', '所属基地']) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('用户')
  sheet.addRow(header)
  for (const r of rows) sheet.addRow(r)
  return Buffer.from(await book.xlsx.writeBuffer())
}

const importFile = (token: string, data: Buffer, query = '') =>
  env.upload(token, `/api/users/import${query}`, multipart({ file: { name: 'users.xlsx', type: XLSX_TYPE, data } }))

describe('template', () => {
  test('downloads an xlsx with the columns (所属基地 for headquarters only) and a role list', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/users/importTemplate', headers: { authorization: `Bearer ${hq}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('用户导入模板.xlsx'))
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const header = (book.worksheets[0]!.getRow(1).values as string[]).filter(Boolean)
    expect(header).toEqual(['手机号', '姓名', '角色', '密码', '所属基地'])
    // no empty rows: a row added to the template lands right under the header
    expect(book.worksheets[0]!.addRow(['13740000050']).number).toBe(2)
    // the role list and the instructions name the roles as users know them, never the stored keys
    const offered = (b: ExcelJS.Workbook) => String(b.worksheets[0]!.getCell('C2').dataValidation.formulae[0]).replace(/"/g, '').split(',')
    expect(offered(book).sort()).toEqual(['基地管理员', '接待员', '操作员', '检验员', '系统管理员'].sort())
    const help = book.worksheets[1]!.getColumn(1).values.map(String).join('\n')
    expect(help).toContain('角色可选：')
    expect(help).toContain('基地管理员')
    expect(help).not.toMatch(/base admin|operator|reception/)
    const base = await env.app.inject({ method: 'GET', url: '/api/users/importTemplate', headers: { authorization: `Bearer ${adminA}` } })
    const book2 = new ExcelJS.Workbook()
    await book2.xlsx.load(base.rawPayload as unknown as ArrayBuffer)
    expect((book2.worksheets[0]!.getRow(1).values as string[]).filter(Boolean)).toEqual(['手机号', '姓名', '角色', '密码'])
    expect(offered(book2)).not.toContain('系统管理员')
    expect(offered(book2)).toContain('基地管理员')
  })
})

describe('import', () => {
  test('valid rows are kept, each bad row is reported with its row number and reason, nothing partial', async () => {
    const existing = await makeUser(env.db, { phone: '13740000099', companyIds: [baseB] })
    const file = await xlsx([
      ['13740000010', '导入一', '检验员', 'Pass@1234', null], // row 2 ok -> base from query
      [13740000011, '导入二', 'operator', 123456, '导入乙基地'], // row 3 ok, numbers as cells, named base
      ['12345', '坏手机', 'operator', 'Pass@1234', null], // row 4
      ['13740000012', '', 'operator', 'Pass@1234', null], // row 5
      ['13740000013', '无角色', '', 'Pass@1234', null], // row 6
      ['13740000014', '怪角色', '厨师', 'Pass@1234', null], // row 7
      ['13740000015', '短密码', 'operator', '123', null], // row 8
      ['13740000010', '重复', 'operator', 'Pass@1234', null], // row 9 duplicate of row 2
      [existing.phone, '已存在', 'operator', 'Pass@1234', null], // row 10
      ['13740000016', '没基地', 'operator', 'Pass@1234', '不存在的基地'], // row 11
      [null, null, null, null, null], // empty row: skipped
      ['13740000017', '管理员', 'admin', 'Pass@1234', null], // row 13: admin only in headquarters
    ])
    const res = await importFile(hq, file, `?companyId=${baseA}`)
    expect(res.code).toBe(200)
    expect(res.message).toBe('导入完成：成功2条，失败9条')
    expect(res.data.total).toBe(11)
    expect(res.data.imported).toBe(2)
    expect(res.data.errors).toEqual([
      { row: 4, phone: '12345', message: '手机号格式不正确，请输入正确的11位手机号' },
      { row: 5, phone: '13740000012', message: '姓名不能为空' },
      { row: 6, phone: '13740000013', message: '角色不能为空' },
      { row: 7, phone: '13740000014', message: `${UserAdminMsg.roleUnknown}：厨师` },
      { row: 8, phone: '13740000015', message: Msg.passwordTooShort },
      { row: 9, phone: '13740000010', message: '手机号与第2行重复' },
      { row: 10, phone: existing.phone, message: UserAdminMsg.phoneTaken },
      { row: 11, phone: '13740000016', message: '所属基地不存在：不存在的基地' },
      { row: 13, phone: '13740000017', message: UserAdminMsg.adminRoleHqOnly },
    ])
    const created = await env.db.select({ phone: users.phone, companyId: userCompanies.companyId, mustChange: users.mustChangePassword })
      .from(users).innerJoin(userCompanies, eq(userCompanies.userId, users.id))
      .where(inArray(users.phone, ['13740000010', '13740000011', '13740000012', '13740000013', '13740000014', '13740000015', '13740000016', '13740000017']))
    expect(created.sort((x, y) => x.phone.localeCompare(y.phone))).toEqual([
      { phone: '13740000010', companyId: baseA, mustChange: false },
      { phone: '13740000011', companyId: baseB, mustChange: false },
    ])
    // an imported user signs in with the password from the file and sees only their base
    const token = await env.token('13740000011', '123456')
    const info = await env.call(token, 'GET', '/api/users/info')
    expect(info.data.companies).toEqual([{ id: baseB, name: '导入乙基地' }])
  })

  test('the 角色 cell takes the label the template offers or the stored role name, and the user keeps the stored name', async () => {
    const res = await importFile(hq, await xlsx([
      ['13740000040', '标签一', '基地管理员', 'Pass@1234', null],
      ['13740000041', '标签二', '接待员', 'Pass@1234', null],
      ['13740000042', '旧写法', 'operator', 'Pass@1234', null],
      ['13740000043', '子账号行', '子账号', 'Pass@1234', null],
    ]), `?companyId=${baseA}`)
    expect(res.data).toEqual({ total: 4, imported: 3, errors: [{ row: 5, phone: '13740000043', message: UserAdminMsg.roleRequired }] })
    const list = await env.call(hq, 'POST', '/api/users/find/', { companyId: baseA, phone: '1374000004', page: 1, size: 10 })
    const byPhone = Object.fromEntries((list.data.data as { phone: string; nickName: string }[]).map((u) => [u.phone, u.nickName]))
    expect(byPhone).toEqual({ '13740000040': 'base admin', '13740000041': 'reception', '13740000042': 'operator' })
    // a base administrator may not give a role above their own: the refusal names it as users know it
    const above = await importFile(adminA, await xlsx([['13740000044', '越级', '系统管理员', 'Pass@1234']], ['手机号', '姓名', '角色', '密码']))
    expect(above.data.errors[0].message).toBe(UserAdminMsg.adminRoleHqOnly)
  })

  test('a base administrator imports into their own base only: another base, named in the query or a row, is refused', async () => {
    const refused = await importFile(adminA, await xlsx([['13740000020', '甲导入', 'operator', 'Pass@1234']]), `?companyId=${baseB}`)
    expect([refused.status, refused.message]).toEqual([404, CompanyMsg.notFound])
    const res = await importFile(adminA, await xlsx([
      ['13740000020', '甲导入', 'operator', 'Pass@1234', '导入甲基地'],
      ['13740000022', '乙导入', 'operator', 'Pass@1234', '导入乙基地'],
    ]), `?companyId=${baseA}`)
    expect(res.data).toEqual({ total: 2, imported: 1, errors: [{ row: 3, phone: '13740000022', message: importUnknownCompany('导入乙基地') }] })
    const [row] = await env.db.select({ companyId: userCompanies.companyId }).from(users).innerJoin(userCompanies, eq(userCompanies.userId, users.id)).where(eq(users.phone, '13740000020'))
    expect(row!.companyId).toBe(baseA)
    const admin = await importFile(adminA, await xlsx([['13740000021', '越权', 'admin', 'Pass@1234']], ['手机号', '姓名', '角色', '密码']))
    expect(admin.data.errors[0].message).toBe('只有总部用户可以是系统管理员')
  })

  test('a file that is not xlsx, a sheet without the columns or without rows is refused as a whole', async () => {
    const text = await importFile(hq, Buffer.from('手机号,姓名\n13740000030,x\n'))
    expect(text.status).toBe(400)
    expect(text.message).toBe(UserAdminMsg.importFileType)
    const fakeZip = await importFile(hq, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]))
    expect(fakeZip.message).toBe(UserAdminMsg.importFileType)
    const noColumn = await importFile(hq, await xlsx([['13740000031', 'x', 'operator']], ['手机号', '姓名', '角色']))
    expect(noColumn.message).toBe('表格缺少“密码”列，请下载模板后按模板填写')
    const empty = await importFile(hq, await xlsx([]))
    expect(empty.message).toBe(UserAdminMsg.importEmpty)
    const none = await env.app.inject({ method: 'POST', url: '/api/users/import', headers: { authorization: `Bearer ${hq}`, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' })
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toMatch(/[\u4e00-\u9fff]/)
    expect(HQ_COMPANY_ID).toBe(1)
  })
})
