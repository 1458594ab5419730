import { z } from 'zod'
import { IMPORT_MAX_BYTES, megabytes } from './constants.js'
import { DATE_RE, dateRange, filterText, idField, mobileField, oneOf, optIdField, optText, text } from './fields.js'
import { idNumberField } from './personalData.js'
import { paging } from './zod.js'

/**
 * Members (会员, the testees of a health check; spec 001 §2 "Member list", §3 "Member", §7 "Members"):
 * a base's people, grouped by department, measured on the base's devices. Age, birthday and sex come
 * from the resident ID number (GB 11643), never typed twice.
 */

export const MEMBER_EXPORT_NAME = '会员列表'
export const SEXES = ['男', '女'] as const
export type Sex = (typeof SEXES)[number]

/** The 56 ethnic groups (民族) as the national standard GB 3304 lists them. */
export const NATIONS = [
  '汉族', '蒙古族', '回族', '藏族', '维吾尔族', '苗族', '彝族', '壮族', '布依族', '朝鲜族', '满族', '侗族', '瑶族', '白族',
  '土家族', '哈尼族', '哈萨克族', '傣族', '黎族', '傈僳族', '佤族', '畲族', '高山族', '拉祜族', '水族', '东乡族', '纳西族',
  '景颇族', '柯尔克孜族', '土族', '达斡尔族', '仫佬族', '羌族', '布朗族', '撒拉族', '毛南族', '仡佬族', '锡伯族', '阿昌族',
  '普米族', '塔吉克族', '怒族', '乌孜别克族', '俄罗斯族', '鄂温克族', '德昂族', '保安族', '裕固族', '京族', '塔塔尔族',
  '独龙族', '鄂伦春族', '赫哲族', '门巴族', '珞巴族', '基诺族',
] as const
export type Nation = (typeof NATIONS)[number]

export const MemberMsg = {
  notFound: '会员不存在',
  groupNotFound: '部门不存在',
  duplicateIdNo: '该身份证号的会员已登记',
  sexMismatch: (fromId: Sex) => `性别与身份证号不符（身份证号为${fromId}性）`,
  hasMeasurements: '该会员已有测量记录，不能删除',
  revealForbidden: '只有总部管理员和基地管理员可以查看完整的身份证号和手机号',
  revealLog: (field: MemberPersonalField, id: number, name: string) => `查看了会员 ${id}（${name}）的完整${MEMBER_PERSONAL_FIELDS[field]}`,
  deleteConfirm: '是否确定删除该会员？',
} as const

export const MEMBER_PERSONAL_FIELDS = { idNo: '身份证号', phone: '手机号' } as const
export type MemberPersonalField = keyof typeof MEMBER_PERSONAL_FIELDS

/** 'YYYY-MM-DD' of the birth date in an 18-character ID number (checked by idNumberField first). */
export const birthdayOfIdNumber = (idNo: string) => `${idNo.slice(6, 10)}-${idNo.slice(10, 12)}-${idNo.slice(12, 14)}`
/** The 17th character is odd for men, even for women (GB 11643 §5.3). */
export const sexOfIdNumber = (idNo: string): Sex => (Number(idNo[16]) % 2 === 1 ? '男' : '女')
/** Whole years from the birthday to `today` ('YYYY-MM-DD', China's date), as people count their age. */
export function ageOfIdNumber(idNo: string, today: string): number {
  const birthday = birthdayOfIdNumber(idNo)
  if (!DATE_RE.test(today)) return 0
  const years = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4))
  return Math.max(0, today.slice(5) < birthday.slice(5) ? years - 1 : years)
}

const optMobile = (label: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), mobileField(label).nullable().optional()).describe(label)

export const memberFields = {
  name: text('姓名', 50),
  idNo: idNumberField('身份证号'),
  /** given or not, it must agree with the ID number; missing, it is taken from it */
  sex: oneOf('性别', SEXES).optional(),
  nation: oneOf('民族', NATIONS, '56个民族之一，如汉族').optional(),
  /** the department (部门) by name; a new name makes a new department of the base */
  department: optText('部门', 50),
  workUnit: optText('工作单位', 100),
  job: optText('职务', 50),
  workUnitAndJob: optText('单位及职务', 150),
  phone: optMobile('手机号'),
  remarks: optText('备注', 200),
  /** headquarters registers for a base; everyone else for their own */
  companyId: optIdField('基地'),
}

export const memberBody = z.object(memberFields)
export type MemberBody = z.infer<typeof memberBody>

/**
 * `POST /testee/update`: the member's id and the fields sent; the others are kept. Lists show the ID
 * number and phone masked, so the edit dialog sends them only when retyped.
 */
export const memberUpdateBody = z.object({
  id: idField('会员编号'),
  name: memberFields.name.optional(),
  idNo: memberFields.idNo.optional(),
  sex: memberFields.sex,
  nation: memberFields.nation,
  department: memberFields.department,
  workUnit: memberFields.workUnit,
  job: memberFields.job,
  workUnitAndJob: memberFields.workUnitAndJob,
  phone: memberFields.phone,
  remarks: memberFields.remarks,
})
export type MemberUpdateBody = z.infer<typeof memberUpdateBody>

export const memberFilters = z.object({
  name: filterText('姓名', 50),
  /** whole numbers only: lists show them masked, and counting what a part matches would spell them out */
  idNo: filterText('身份证号', 18),
  phone: filterText('手机号', 11),
  sex: z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf('性别', SEXES).optional()).describe('性别'),
  createTimeQuery: dateRange('登记时间'),
  companyId: optIdField('基地'),
})
/** `POST /testee/find?groupId&page&size`: paging and the department in the query, filters in the body */
export const memberFindQuery = paging.extend({ groupId: optIdField('部门') })
export const memberQuery = memberFindQuery.extend(memberFilters.shape)
export type MemberQuery = z.infer<typeof memberQuery>

export const memberRevealBody = z.object({
  field: oneOf('字段', Object.keys(MEMBER_PERSONAL_FIELDS) as [MemberPersonalField, ...MemberPersonalField[]], '身份证号（idNo）、手机号（phone）'),
})
export type MemberRevealBody = z.infer<typeof memberRevealBody>

/** A member as lists, exports and the detail show them: ID number and phone masked. */
export interface Member {
  id: number
  companyId: number
  companyName: string
  departmentId: number | null
  department: string
  name: string
  sex: Sex
  nation: string
  idNo: string
  age: number
  birthday: string
  workUnit: string
  job: string
  workUnitAndJob: string
  phone: string
  remarks: string
  /** registration time */
  createTime: string
  updateTime: string
}

export interface MemberGroup {
  id: number
  companyId: number
  name: string
  memberCount: number
}

// --- import from the template -----------------------------------------------------------------------

/** Columns of the import template, in order; 姓名 and 身份证号 are required, sex and birthday come from the ID number. */
export const MEMBER_IMPORT_COLUMNS = ['姓名', '身份证号', '民族', '部门', '手机号', '工作单位', '职务', '备注'] as const
export const MEMBER_IMPORT_MAX_ROWS = 1000
export const MEMBER_IMPORT_TEMPLATE_NAME = '会员导入模板.xlsx'
export const MEMBER_IMPORT_SHEETS = { members: '会员', nations: '民族', help: '说明' } as const
/** row errors named in the refusal; the rest are counted */
const ROW_ERRORS_NAMED = 20

export interface MemberImportRowError { row: number; message: string }
export interface MemberImportResult { imported: number }

export const MemberImportMsg = {
  fileRequired: '请选择要导入的 Excel 文件',
  tooLarge: `导入文件不能超过${megabytes(IMPORT_MAX_BYTES)}MB`,
  fileType: '请上传 .xlsx 格式的 Excel 文件（可先下载模板）',
  empty: '表格中没有可导入的会员',
  tooManyRows: `每次最多导入${MEMBER_IMPORT_MAX_ROWS}行，请分批导入`,
  missingColumn: (column: string) => `表格缺少“${column}”列，请下载模板后按模板填写`,
  duplicateInSheet: (firstRow: number) => `身份证号与第${firstRow}行重复`,
  /** the whole file is refused: a row with an error imports nothing, so a corrected file can be sent again whole */
  refused: (errors: MemberImportRowError[]) => {
    const named = errors.slice(0, ROW_ERRORS_NAMED).map((e) => `第${e.row}行：${e.message}`).join('；')
    const more = errors.length > ROW_ERRORS_NAMED ? `等${errors.length}行有错误` : ''
    return `${named}${more ? `；${more}` : ''}。未导入任何会员，请改正后重新导入`
  },
  imported: (n: number) => `导入成功，共导入${n}名会员`,
  confirmHint: '有错误时整个文件都不会导入，改正后重新导入即可',
} as const

/** The instructions sheet of the template. */
export const memberImportHelp = (headquarters: boolean) => [
  '1. 在“会员”表中每行填写一名会员，第一行是表头，请勿修改。',
  '2. 姓名、身份证号必填；身份证号为18位，最后一位可以是X，会核对校验位。性别、出生日期和年龄取自身份证号，无需填写。',
  '3. 民族请从下拉列表中选择（56个民族之一），可留空。',
  '4. 部门填写部门名称，新名称会自动新建部门；手机号为11位手机号，可留空。',
  headquarters ? '5. 会员导入到页面上选择的基地。' : '5. 会员导入到当前基地。',
  `6. 每次最多导入${MEMBER_IMPORT_MAX_ROWS}行；任一行有错误时整个文件都不导入，并列出出错的行号。`,
]

/** `POST /testee/import?companyId=`: headquarters names the base; everyone else imports into their own. */
export const memberImportQuery = z.object({ companyId: optIdField('基地') })
