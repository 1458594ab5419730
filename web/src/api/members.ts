/** 会员 (members, the spec's testees): server module members (server/src/modules/members/routes.ts). */
import {
  MEMBER_EXPORT_NAME, MEMBER_IMPORT_TEMPLATE_NAME,
  type Member, type MemberBody, type MemberGroup, type MemberImportResult, type MemberPersonalField, type MemberQuery, type MemberUpdateBody, type Page,
} from '@app/contract'
import { download, http, requestEnvelope, type RequestOptions } from './request'

export type MemberFilters = Omit<MemberQuery, 'page' | 'size' | 'pageNo' | 'pageSize'>

/** `POST /testee/find?groupId&page&size`: the department and paging in the query, the other filters in the body */
export function findMembers({ groupId, page, size, pageNo: _p, pageSize: _s, ...filters }: MemberQuery, opts?: RequestOptions) {
  return http.post<Page<Member>>('/testee/find', filters, { ...opts, params: { groupId, page, size } })
}
export const getMember = (id: number, opts?: RequestOptions) => http.get<Member>('/testee/get/getUser', { id }, opts)
export const saveMember = (body: MemberBody, opts?: RequestOptions) => http.post<Member>('/testee/saveNew', body, opts)
export const updateMember = (body: MemberUpdateBody, opts?: RequestOptions) => http.post<Member>('/testee/update', body, opts)
export const deleteMember = (id: number, opts?: RequestOptions) => http.post<null>(`/testee/delete/${id}`, undefined, opts)
/** the full ID number or phone (admins only; the server logs each reveal) */
export const revealMember = (id: number, field: MemberPersonalField, opts?: RequestOptions) => http.post<{ value: string }>(`/testee/reveal/${id}`, { field }, opts)
export const memberGroups = (companyId?: number, opts?: RequestOptions) => http.get<MemberGroup[]>('/testee/groups', { companyId }, opts)

export const exportMembers = (companyId: number, q: MemberFilters = {}, opts?: RequestOptions) =>
  download(`/testee/export/${companyId}`, { filename: `${MEMBER_EXPORT_NAME}.xlsx`, ...opts, params: { ...q, createTimeQuery: q.createTimeQuery?.join(',') } })

export const memberImportTemplate = (opts?: RequestOptions) => download('/testee/import/template', { filename: MEMBER_IMPORT_TEMPLATE_NAME, ...opts })

/** Imports an xlsx: every row or none (a refusal names the rows with errors). */
export function importMembers(file: File, companyId?: number, opts?: RequestOptions) {
  const form = new FormData()
  form.append('file', file, file.name)
  return requestEnvelope<MemberImportResult>('/testee/import', { ...opts, method: 'POST', data: form, params: { companyId }, timeout: 5 * 60 * 1000 })
}
