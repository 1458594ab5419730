/** Session and user calls (server modules auth + users). */
import type { CompanyChange, LoginBody, LoginResult, Profile, PublicKeyAnswer, ResetByCodeBody, UpdatePasswordBody, UserInfo } from '@app/contract'
import type { PasswordKey } from './passwordCipher'
import { http, requestEnvelope, type RequestOptions } from './request'

type Cipher = typeof import('./passwordCipher')

let publicKey: Promise<{ cipher: Cipher; key: PasswordKey }> | null = null

/** The server's key and node-forge (a chunk of its own, off the login page's first load), fetched together. */
function loadPublicKey() {
  publicKey ??= Promise.all([http.get<PublicKeyAnswer>('/users/publicKey', undefined, { silent: true }), import('./passwordCipher')])
    .then(([d, cipher]) => ({ cipher, key: cipher.publicKeyFromPem(d.publicKey) }))
    .catch((e) => {
      publicKey = null
      throw e
    })
  return publicKey
}

/** Fetches the key and the cipher ahead of the first encryption (the login page, once it shows); errors wait for that call. */
export function preparePasswordEncryption() {
  loadPublicKey().catch(() => undefined)
}

/** Forget the cached key (e.g. after the server answered that it could not decrypt). */
export function resetPublicKey() {
  publicKey = null
}

/**
 * A password as the server expects it: base64 of RSA-OAEP (SHA-256, MGF1 SHA-256) over
 * `{"password": "...", "ts": <ms>}` (DESIGN §4). Works without a secure context (plain-http LAN).
 */
export async function encryptPassword(password: string): Promise<string> {
  const { cipher, key } = await loadPublicKey()
  return cipher.encryptText(key, JSON.stringify({ password, ts: Date.now() }))
}

/** `password` as typed: it is sent encrypted. `companyid`: the base whose own login page (sub-domain) this is. */
export async function login(input: LoginBody, opts?: RequestOptions): Promise<LoginResult> {
  const body: LoginBody = { username: input.username.trim(), password: await encryptPassword(input.password), remember: !!input.remember, companyid: input.companyid }
  return http.post<LoginResult>('/users/login', body, opts)
}

export const logout = (opts?: RequestOptions) =>
  http.post<null>('/users/actions/logout', undefined, { silent: true, sessionDialog: false, ...opts })

/** Single-use token login (`/login?token=`). */
export const getLoginByToken = (token: string, opts?: RequestOptions) =>
  http.get<LoginResult>('/users/getLoginByToken', { token }, opts)

export const getUserInfo = (opts?: RequestOptions) => http.get<UserInfo>('/users/info', undefined, opts)

export const getProfile = (id: number, opts?: RequestOptions) => http.get<Profile>(`/users/getProfile/${id}`, undefined, opts)

/** Own password, proven by the current one; the server ends the user's other sessions. Answers the server's message (更新密码成功). */
export async function updatePassword(id: number, input: UpdatePasswordBody, opts?: RequestOptions) {
  const data: UpdatePasswordBody = {
    userName: input.userName, currentPassword: await encryptPassword(input.currentPassword), password: await encryptPassword(input.password),
  }
  return (await requestEnvelope<null>(`/users/updatePassword/${id}`, { ...opts, method: 'POST', data })).message
}

export const changeCompany = (companyId: number, userId: number, opts?: RequestOptions) =>
  requestEnvelope<CompanyChange>(`/users/changeCompany/${companyId}/${userId}`, { ...opts, method: 'POST' })

/** Forgot password, step 1: SMS code to the phone. Answers the server's message (发送成功). */
export const sendResetCode = async (phone: string, opts?: RequestOptions) =>
  (await requestEnvelope<null>(`/users/sendMsg/${encodeURIComponent(phone)}`, { ...opts, method: 'POST' })).message

/** Forgot password, step 2. Answers the server's message. */
export async function resetPasswordByCode(input: { phone: string; code: string; password: string }, opts?: RequestOptions) {
  const data: ResetByCodeBody = { userName: input.phone.trim(), code: input.code.trim(), password: await encryptPassword(input.password) }
  return (await requestEnvelope<null>('/users/forgetPassword', { ...opts, method: 'POST', data })).message
}

