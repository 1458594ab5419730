import { ROLES } from '@app/contract'
import ExcelJS from 'exceljs'
import { XLSX_TYPE } from '../../../src/platform/download.js'
import type { Examples } from './types.js'

const PASSWORD = 'Walk@123456'

async function importFile() {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('用户')
  sheet.addRow(['手机号', '姓名', '角色', '密码'])
  sheet.addRow(['18700000013', '走查导入', ROLES.operator.nickName, PASSWORD])
  return { name: 'users.xlsx', type: XLSX_TYPE, data: Buffer.from(await book.xlsx.writeBuffer()) }
}

/** Profiles and user administration (modules/users). */
export const userExamples: Examples = {
  '/api/users/info': () => ({ expect: 'served' }),
  '/api/users/getProfile/:id': ({ b }) => ({ params: { id: b.id('admin') }, expect: 'refused' }),
  '/api/users/updatePassword/:id': ({ a, b, encrypt }) => ({
    params: { id: b.id('admin') }, body: { currentPassword: encrypt(a.password), password: encrypt(PASSWORD) }, expect: 'refused',
  }),
  '/api/users/changeCompany/:companyId/:userId': ({ a, b }) => [
    { params: { companyId: b.companyId, userId: a.userId }, expect: 'refused' },
    { params: { companyId: a.companyId, userId: b.id('admin') }, expect: 'refused' },
  ],
  '/api/users/find': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/users/listUserAll': ({ b }) => ({ query: { groupId: b.companyId }, expect: 'otherBase' }),
  '/api/userComRela/get/selectByCompanyId': ({ b }) => ({ query: { id: b.companyId }, body: {}, expect: 'otherBase' }),
  '/api/userComRela/deleteB': ({ b }) => ({ query: { userId: b.id('subAccount'), companyId: b.companyId }, expect: 'refused' }),
  '/api/users/getByNickName/:nickName': ({ b }) => [
    { params: { nickName: ROLES.inspector.nickName }, query: { companyId: b.companyId }, expect: 'otherBase' },
    { params: { nickName: ROLES.baseAdmin.nickName }, query: { companyId: b.companyId }, expect: 'otherBase' },
    { params: { nickName: ROLES.baseAdmin.nickName }, expect: 'served' },
  ],
  '/api/users/getOperatorAndBaseAdmin/:id': ({ a, b }) => [
    { params: { id: b.companyId }, expect: 'otherBase' },
    { params: { id: a.companyId }, expect: 'served' },
  ],
  '/api/users/roles': () => ({ expect: 'served' }),
  '/api/users/save': ({ b, encrypt }) => {
    const user = () => ({ name: '走查用户', nickName: ROLES.operator.nickName, password: encrypt(PASSWORD), passwordAgain: encrypt(PASSWORD) })
    return [
      // B's base is not A's to fill
      { body: { ...user(), phone: '18700000011', companyId: b.companyId }, expect: 'otherBase' },
      { body: { ...user(), phone: '18700000012', nickName: ROLES.subAccount.nickName, parentId: b.id('admin') }, expect: 'refused' },
    ]
  },
  '/api/users/assign': ({ b }) => ({ query: { phone: b.phones.admin, companyId: b.companyId }, expect: 'refused' }),
  '/api/users/update/:id': ({ b }) => ({ params: { id: b.id('admin') }, body: { phone: b.phones.admin, name: '走查' }, expect: 'refused' }),
  '/api/users/resetPassword/:id': ({ b, encrypt }) => ({
    params: { id: b.id('admin') }, body: { password: encrypt(PASSWORD), passwordAgain: encrypt(PASSWORD) }, expect: 'refused',
  }),
  '/api/users/delete/:id': ({ b }) => ({ params: { id: b.id('subAccount') }, expect: 'refused' }),
  '/api/users/importTemplate': () => ({ expect: 'served' }),
  '/api/users/import': async ({ b }) => ({ query: { companyId: b.companyId }, form: { file: await importFile() }, expect: 'otherBase' }),
}
