import { z } from 'zod'
import { IMPORT_MAX_BYTES, megabytes } from './constants.js'
import { Msg } from './messages.js'
import { dateRange, filterText, idField, mobileField, optIdField, optInt, optText, text } from './fields.js'
import { paging } from './zod.js'

/** User administration (spec 000 §2 "User list", §3, §5, §7). */

export const UserAdminMsg = {
  roleRequired: '角色不能为空',
  roleUnknown: '角色不存在',
  roleNotAllowed: '不能分配该角色',
  passwordRequired: '密码不能为空',
  passwordAgainRequired: '确认密码不能为空',
  phoneTaken: '该手机号已被其他用户使用',
  notFound: '用户不存在',
  mainAccount: '主账号不能删除',
  self: '不能删除自己的账号',
  hasChildren: '该用户下还有子账号，请先删除子账号',
  parentNoCreate: '该账号没有创建子账号的权限',
  companyNoCreate: '该基地不允许创建子账号',
  outranks: '该用户拥有您没有的权限，不能对其操作',
  sharedAccount: '该用户同时属于其他基地，只有总部可以修改该账号',
  selfRole: '不能修改自己的角色',
  adminOutsideHq: '系统管理员只能属于总部',
  adminRoleHqOnly: '只有总部用户可以是系统管理员',
  phoneNotRegistered: '该手机号尚未注册',
  parentElsewhere: '上级账号不属于该基地',
  removeSelf: '不能把自己移出基地',
  moveOwnOnly: '只能切换自己的所属基地',
  moveMainAccount: '该用户是基地主账号，不能改变所属公司',
  alreadyMember: '该用户已属于该基地',
  assignForeign: '该手机号已属于其他基地，只有总部可以分配',
  companyRequired: '请选择所属基地',
  importFileType: '请上传 .xlsx 格式的 Excel 文件（可先下载模板）',
  importEmpty: '表格中没有可导入的数据',
  importFileRequired: '请选择要导入的 Excel 文件',
  importTooLarge: `导入文件不能超过${megabytes(IMPORT_MAX_BYTES)}MB`,
  importPickRole: '请从列表中选择角色',
  passwordReset: '密码已重置，该用户下次登录后需修改密码',
  roleListForbidden: '没有用户管理权限，只能查看检验员',
} as const

/**
 * A base's seats are its members beyond the main account, whatever their role (the screens call them
 * 子账号: 子账号总数 userAmount, 已分配子账号数, 剩余子账号数).
 */
export const seatsUsedUp = (amount: number, used: number) =>
  `子账号数量已达上限（共${amount}个，已分配${used}个），请联系管理员扩容`

/** Taking seats back (a sub-account top-up corrected or withdrawn) stops at the seats in use. */
export const rechargeSeatsInUseMessage = (used: number) => `该基地已分配${used}个子账号，子账号数量不能少于已分配数，请先删除或移出用户`

export const importTooManyRows = (max: number) => `每次最多导入${max}行，当前超过${max}行，请分批导入`
export const importMissingColumn = (column: string) => `表格缺少“${column}”列，请下载模板后按模板填写`
export const importDuplicatePhone = (firstRow: number) => `手机号与第${firstRow}行重复`
export const importUnknownCompany = (company: string) => `所属基地不存在：${company}`
/** The import's answer message: all rows imported, or how many were and were not. */
export const userImportMessage = (r: UserImportResult) =>
  r.errors.length ? `导入完成：成功${r.imported}条，失败${r.errors.length}条` : Msg.imported

/** Columns of the import template, in order. 所属基地 is read only for headquarters. */
export const USER_IMPORT_COLUMNS = ['手机号', '姓名', '角色', '密码', '所属基地'] as const
export const USER_IMPORT_MAX_ROWS = 1000
export const USER_IMPORT_TEMPLATE_NAME = '用户导入模板.xlsx'
export const USER_IMPORT_SHEETS = { users: '用户', help: '说明' } as const

/** The instructions sheet of the import template: `roles` the caller may give; headquarters also picks bases. */
export const userImportHelp = (roles: string[], headquarters: boolean) => [
  '1. 在“用户”表中每行填写一个用户，第一行是表头，请勿修改。',
  '2. 手机号即账号，须为11位手机号，且不能与已有用户重复。',
  `3. 角色可选：${roles.join('、')}。`,
  '4. 密码至少6位；用户首次登录后请在个人页修改密码。',
  headquarters ? '5. 所属基地填写基地名称；留空则导入到页面上选择的基地（未选择时为总部）。' : '5. 用户将导入到当前基地。',
  `6. 每次最多导入${USER_IMPORT_MAX_ROWS}行；有错误的行不会导入，其余行照常导入。`,
]

/** One row of the import sheet (所属基地 is looked up by name on the server). */
export const userImportRow = z.object({
  phone: mobileField('手机号'),
  name: text('姓名', 50),
  nickName: text('角色', 30),
  password: text('密码', 64),
})

/** A list of users of the current base, or (company 1) of all bases with the company filter. */
export const userFindBody = paging.extend({
  name: filterText('姓名'),
  phone: filterText('账号'),
  companyId: optIdField('所属基地'),
  createTimeQuery: dateRange('创建时间'),
})
export type UserFindBody = z.infer<typeof userFindBody>

export const listUserAllQuery = paging.extend({ groupId: optIdField('基地') })

const userFields = {
  phone: mobileField('手机号'),
  name: text('姓名', 50),
  /** role (nickName); empty only for a sub-account (parentId set) */
  nickName: z.string({ error: '角色格式不正确' }).trim().max(30, { error: '角色不能超过30个字符' }).optional().describe('角色'),
  isCreate: optInt('是否可创建子账号', 0, 1),
  sex: optText('性别', 4),
  nation: optText('民族', 20),
  idNo: optText('身份证号', 30),
  workUnit: optText('工作单位', 100),
  job: optText('职务', 50),
  workUnitAndJob: optText('单位及职务', 150),
  remarks: optText('备注', 500),
}

/** New user: both password entries are encrypted like the login password. */
export const userSaveBody = z.object({
  ...userFields,
  password: z.string({ error: '密码不能为空' }).min(1, { error: '密码不能为空' }).max(2048, { error: '密码格式不正确' }).describe('密码'),
  passwordAgain: z.string({ error: '确认密码不能为空' }).min(1, { error: '确认密码不能为空' }).max(2048, { error: '确认密码格式不正确' }).describe('确认密码'),
  /** headquarters picks the base; everyone else creates in their own */
  companyId: optIdField('所属基地'),
  /** creates a sub-account of this user */
  parentId: optIdField('上级账号'),
})
export type UserSaveBody = z.infer<typeof userSaveBody>

export const userUpdateBody = z.object({ ...userFields })
export type UserUpdateBody = z.infer<typeof userUpdateBody>

export const resetPasswordBody = z.object({
  password: z.string({ error: '新密码不能为空' }).min(1, { error: '新密码不能为空' }).max(2048, { error: '新密码格式不正确' }).describe('新密码'),
  passwordAgain: z.string().max(2048, { error: '确认密码格式不正确' }).optional().describe('确认密码'),
})
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>

export const assignQuery = z.object({ phone: mobileField('手机号'), companyId: idField('基地') })
export const relaDeleteQuery = z.object({ userId: idField('用户'), companyId: idField('基地') })
export const selectByCompanyQuery = z.object({ id: idField('基地') })
export const nickNameParams = z.object({ nickName: text('角色', 30) })
export const nickNameQuery = z.object({ companyId: optIdField('基地') })
export const importQuery = z.object({ companyId: optIdField('所属基地') })

export interface UserRow {
  id: number
  /** the user-company relation this row shows */
  relaId: number
  phone: string
  name: string
  /** role; '' for a sub-account (shown as 子账号) */
  nickName: string
  companyId: number
  companyName: string
  isCreate: number
  parentId: number | null
  /** the base's main account: cannot be deleted */
  mainAccount: boolean
  createTime: string
  createTimeStr: string
  children?: UserRow[]
}

export interface UserBrief {
  id: number
  name: string
  phone: string
  nickName: string
}

/**
 * A user as a role picker lists them (the lead inspector of 开始检验): the last four digits of the
 * phone tell namesakes apart; the whole number, the login name, is not shown.
 */
export interface UserChoice {
  id: number
  name: string
  nickName: string
  phoneTail: string
}

export interface UserImportResult {
  total: number
  imported: number
  errors: { row: number; phone: string; message: string }[]
}
