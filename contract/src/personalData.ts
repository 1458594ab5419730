import { z } from 'zod'
import { oneOf } from './fields.js'
import { ROLES } from './permissions.js'

/**
 * Personal data (PIPL): resident ID numbers checked by their GB 11643 check digit, and ID numbers and
 * phones masked wherever a list or an export shows them. Goods and members use the same rules.
 */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK_CHARS = '10X98765432'
const ID_RE = /^\d{17}[\dX]$/

/** The check character GB 11643 gives the first 17 digits. */
export const idCheckChar = (first17: string) =>
  ID_CHECK_CHARS[[...first17].reduce((sum, d, i) => sum + Number(d) * ID_WEIGHTS[i]!, 0) % 11]!

/** Why an 18-character resident ID number is wrong, or null when it is right (an 'x' counts as 'X'). */
export function idNumberProblem(value: string, label = '身份证号'): string | null {
  const s = value.trim().toUpperCase()
  if (!ID_RE.test(s)) return `${label}格式不正确，应为18位（最后一位可以是X）`
  const y = Number(s.slice(6, 10)), m = Number(s.slice(10, 12)), d = Number(s.slice(12, 14))
  const birth = new Date(Date.UTC(y, m - 1, d))
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth.getTime() > Date.now()) return `${label}中的出生日期不正确`
  if (idCheckChar(s.slice(0, 17)) !== s[17]) return `${label}校验位不正确，请核对后重新输入`
  return null
}

/** A required resident ID number, upper-cased, checked by `idNumberProblem`. */
export const idNumberField = (label = '身份证号') =>
  z.string({ error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}格式不正确`) })
    .trim().min(1, { error: `${label}不能为空` }).max(18, { error: `${label}格式不正确，应为18位（最后一位可以是X）` })
    .transform((s) => s.toUpperCase())
    .superRefine((s, ctx) => {
      const problem = idNumberProblem(s, label)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .describe(label)

/**
 * 110***********1234: the first three and the last four characters. Where the row also shows the
 * birthday (characters 7-14), keep one at the end (`tail` 1): with four, only three digits would stay hidden.
 */
export const maskIdNumber = (s: string | null | undefined, tail = 4) =>
  !s ? '' : s.length <= 3 + tail ? '*'.repeat(s.length) : `${s.slice(0, 3)}${'*'.repeat(s.length - 3 - tail)}${s.slice(-tail)}`

/** 138****5678 */
export const maskPhone = (s: string | null | undefined) =>
  !s ? '' : s.length <= 7 ? '*'.repeat(s.length) : `${s.slice(0, 3)}${'*'.repeat(s.length - 7)}${s.slice(-4)}`

/** 张** : the surname only (the public report page, where whoever holds the link sees it). */
export const maskName = (s: string | null | undefined) => (!s ? '' : `${[...s][0]}${'*'.repeat(Math.max(1, [...s].length - 1))}`)

/** The roles (nickName) that may see an ID number or phone in full, one at a time through a logged reveal. */
export const REVEAL_ROLES: readonly string[] = [ROLES.admin.nickName, ROLES.baseAdmin.nickName]
export const mayRevealPersonalData = (nickName: string | null | undefined) => REVEAL_ROLES.includes(nickName ?? '')

export const PERSONAL_FIELDS = { idNumber: '身份证号', phone: '手机号' } as const
export type PersonalField = keyof typeof PERSONAL_FIELDS

/**
 * The messages of a reveal, one for every kind of row: `subject` names the row without its personal data
 * ('物品 12（当票号 DT001）', '预约 7（车牌 苏A12345）'), so the log says what was seen, not the value.
 */
export const PersonalDataMsg = {
  revealForbidden: '只有总部管理员和基地管理员可以查看完整的身份证号和手机号',
  revealLog: (subject: string, field: PersonalField) => `查看了${subject}的完整${PERSONAL_FIELDS[field]}`,
} as const

/** The body of a `…/reveal/{id}` call: which of the row's personal fields to show in full. */
export const revealBody = <F extends PersonalField>(fields: readonly [F, ...F[]]) =>
  z.object({ field: oneOf('字段', fields, fields.map((f) => `${PERSONAL_FIELDS[f]}（${f}）`).join('、')) })
export type RevealAnswer = { value: string }
