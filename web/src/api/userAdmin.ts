/** 用户管理 (user administration): server module users, admin part (server/src/modules/users/admin.ts). */
import { USER_IMPORT_TEMPLATE_NAME, type Page, type ResetPasswordBody, type UserFindBody, type UserImportResult, type UserRow, type UserSaveBody, type UserUpdateBody } from '@app/contract'
import { download, http, requestEnvelope, type RequestOptions } from './request'
import { encryptPassword } from './users'


export const findUsers = (q: UserFindBody, opts?: RequestOptions) => http.post<Page<UserRow>>('/users/find/', q, opts)

/** Roles the signed-in user may give. */
export const assignableRoles = (opts?: RequestOptions) => http.get<string[]>('/users/roles', undefined, opts)

/** 新增用户 (parentId: a sub-account of that user); both password entries are sent encrypted. */
export async function saveUser(input: UserSaveBody, opts?: RequestOptions) {
  const { password, passwordAgain, ...rest } = input
  return http.post<UserRow>('/users/save', { ...rest, password: await encryptPassword(password), passwordAgain: await encryptPassword(passwordAgain) }, opts)
}

/** 分配: adds the account with this phone to a base (the user dialog's second call after saving). */
export const assignUser = (phone: string, companyId: number, opts?: RequestOptions) =>
  requestEnvelope<UserRow>('/users/assign', { ...opts, method: 'POST', params: { phone, companyId } })

export const updateUser = (id: number, body: UserUpdateBody, opts?: RequestOptions) => http.post<UserRow>(`/users/update/${id}`, body, opts)

/** An administrator sets a new password; the user must change it at the next login. Answers the server's message. */
export async function resetPassword(id: number, password: string, passwordAgain: string, opts?: RequestOptions) {
  const data: ResetPasswordBody = { password: await encryptPassword(password), passwordAgain: await encryptPassword(passwordAgain) }
  const env = await requestEnvelope<null>(`/users/resetPassword/${id}`, { ...opts, method: 'POST', data })
  return env.message
}

export const deleteUser = (id: number, opts?: RequestOptions) => http.post<null>(`/users/delete/${id}`, undefined, opts)

export const importTemplate = (opts?: RequestOptions) => download('/users/importTemplate', { filename: USER_IMPORT_TEMPLATE_NAME, ...opts })

/** Imports an xlsx; answers the row errors and the server's message (导入成功, or the counts). */
export function importUsers(file: File, companyId?: number, opts?: RequestOptions) {
  const form = new FormData()
  form.append('file', file, file.name)
  return requestEnvelope<UserImportResult>('/users/import', { ...opts, method: 'POST', data: form, params: { companyId }, timeout: 10 * 60 * 1000 })
}
