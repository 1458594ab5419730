/** Pure logic of the member list and its dialog (unit-tested in web/test/members.test.ts). */
import {
  ageOfIdNumber, birthdayOfIdNumber, idNumberProblem, NATIONS, SEXES, sexOfIdNumber,
  type Member, type MemberBody, type MemberUpdateBody, type Sex,
} from '@app/contract'
import type { MemberFilters } from '../../api/members'
import { cleanFilters } from '../../components/listQuery'

export const NATION_OPTIONS = NATIONS.map((n) => ({ value: n, label: n }))
export const SEX_OPTIONS = SEXES.map((s) => ({ value: s, label: s }))

/** What a right ID number says of its holder (GB 11643): sex, birthday and age on `today`; null while it is not a right one. */
export function idNumberFacts(idNo: string | undefined, today: string): { sex: Sex; birthday: string; age: number } | null {
  const s = (idNo ?? '').trim().toUpperCase()
  if (!s || idNumberProblem(s)) return null
  return { sex: sexOfIdNumber(s), birthday: birthdayOfIdNumber(s), age: ageOfIdNumber(s, today) }
}

export interface MemberFormValues {
  name: string
  idNo?: string
  nation?: string
  department?: string
  workUnit?: string
  job?: string
  phone?: string
  remarks?: string
  companyId?: number
}

const text = (s: string | undefined) => (s ?? '').trim()
const optional = (s: string | undefined) => text(s) || undefined

/** A new member: the sex sent is the one the ID number gives (the server checks they agree). */
export function newMemberBody(v: MemberFormValues): MemberBody {
  const idNo = text(v.idNo).toUpperCase()
  return {
    name: text(v.name), idNo, sex: sexOfIdNumber(idNo), nation: optional(v.nation) as MemberBody['nation'], department: optional(v.department),
    workUnit: optional(v.workUnit), job: optional(v.job), phone: optional(v.phone), remarks: optional(v.remarks), companyId: v.companyId,
  }
}

/**
 * An edit: the ID number and phone only when retyped (the dialog never holds them whole); a new ID number
 * brings its sex. Cleared texts are sent empty, so they are cleared on the server too.
 */
export function editedMemberBody(id: number, v: MemberFormValues): MemberUpdateBody {
  const idNo = text(v.idNo).toUpperCase()
  const phone = text(v.phone)
  return {
    id, name: text(v.name), nation: optional(v.nation) as MemberUpdateBody['nation'], department: text(v.department),
    workUnit: text(v.workUnit), job: text(v.job), remarks: text(v.remarks),
    ...(idNo && { idNo, sex: sexOfIdNumber(idNo) }), ...(phone && { phone }),
  }
}

/** The edit dialog's starting values: the row without its masked ID number and phone. */
export const memberFormValues = (m: Member): MemberFormValues => ({
  name: m.name, nation: m.nation || undefined, department: m.department, workUnit: m.workUnit, job: m.job, remarks: m.remarks,
})

/** The search form's values as the list's filters: the 部门 field is the address's `?id=` (spec 001 §2), the list's groupId. */
export function memberFilters(values: Record<string, unknown>): MemberFilters {
  const { id, ...rest } = cleanFilters<Record<string, unknown>>(values)
  return { ...(rest as MemberFilters), ...(id != null && { groupId: Number(id) }) }
}
