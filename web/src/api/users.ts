/** Session and user calls (server modules auth + users). */
import forge from 'node-forge/lib/forge'
import 'node-forge/lib/asn1'
import 'node-forge/lib/pem'
import 'node-forge/lib/rsa'
import 'node-forge/lib/sha256'
import 'node-forge/lib/util'
import type { CompanyChange, LoginBody, LoginResult, Profile, PublicKeyAnswer, ResetByCodeBody, UpdatePasswordBody, UserInfo } from '@app/contract'
import { http, requestEnvelope, type RequestOptions } from './request'

let publicKey: Promise<forge.pki.rsa.PublicKey> | null = null

function loadPublicKey() {
  publicKey ??= http.get<PublicKeyAnswer>('/users/publicKey', undefined, { silent: true })
    .then((d) => publicKeyFromPem(d.publicKey))
    .catch((e) => {
      publicKey = null
      throw e
    })
  return publicKey
}

/** What forge's x509 module does for an SPKI / PKCS#1 PEM, without pulling x509 (and pbe, pkcs12, ...). */
function publicKeyFromPem(pem: string): forge.pki.rsa.PublicKey {
  const msg = forge.pem.decode(pem)[0]
  if (!msg || (msg.type !== 'PUBLIC KEY' && msg.type !== 'RSA PUBLIC KEY')) throw new Error('服务器返回的公钥格式不正确')
  if (msg.procType && msg.procType.type === 'ENCRYPTED') throw new Error('服务器返回的公钥格式不正确')
  return forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(msg.body)) as forge.pki.rsa.PublicKey
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
  const key = await loadPublicKey()
  const json = JSON.stringify({ password, ts: Date.now() })
  const bytes = key.encrypt(forge.util.encodeUtf8(json), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  })
  return forge.util.encode64(bytes)
}

/** `password` as typed: it is sent encrypted. */
export async function login(input: Omit<LoginBody, 'companyid'>, opts?: RequestOptions): Promise<LoginResult> {
  const body: LoginBody = { username: input.username.trim(), password: await encryptPassword(input.password), remember: !!input.remember }
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

