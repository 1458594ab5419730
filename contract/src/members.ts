import { z } from 'zod'
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
