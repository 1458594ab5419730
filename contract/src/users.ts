import { z } from 'zod'
import type { MenuNode } from './menu.js'
import type { Permission } from './permissions.js'
import { SMS_CODE_RE } from './constants.js'
import { Msg } from './messages.js'
import { mobile, numberFromText } from './zod.js'

export const loginBody = z.object({
  username: z.string().trim().min(1).max(64).describe('账号'),
  /** base64 RSA-OAEP-SHA256 of `{"password": "...", "ts": <ms>}` */
  password: z.string().min(1).max(2048).describe('密码'),
  remember: z.boolean().optional(),
  companyid: numberFromText(z.number().int().positive()).optional(),
})
export type LoginBody = z.infer<typeof loginBody>

export interface LoginResult {
  token: string
  lastPasswordResetDate: string | null
  role: string
  mustChangePassword: boolean
}

/** `GET /users/publicKey` */
export interface PublicKeyAnswer {
  publicKey: string
}

/** `/users/changeCompany/{companyId}/{userId}`: the base the user is now in. */
export interface CompanyChange {
  companyId: number
  companyName: string
}

export interface CompanyBrief {
  id: number
  name: string
}

export interface UserInfo {
  id: number
  companyId: number
  companyName: string
  isCreate: number
  nickName: string
  name: string
  phone: string
  avatar: string | null
  lastPasswordResetDate: string | null
  companies: CompanyBrief[]
  permissions: Permission[]
  menus: MenuNode[]
}

export interface Profile {
  id: number
  phone: string
  name: string
  companyName: string
  createTime: string
}

/** Change password (profile): both passwords are encrypted like the login password. */
export const updatePasswordBody = z.object({
  userName: z.string().trim().max(64).optional(),
  currentPassword: z.string().min(1).max(2048).describe('当前密码'),
  password: z.string().min(1).max(2048).describe('新密码'),
})
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>

export const resetByCodeBody = z.object({
  userName: mobile().describe('手机号'),
  code: z.string().trim().regex(SMS_CODE_RE, { error: Msg.smsCodeFormat }),
  password: z.string().min(1).max(2048).describe('新密码'),
})
export type ResetByCodeBody = z.infer<typeof resetByCodeBody>

/** What the browser encrypts; the rules for a new password are checked after decryption. */
export const encryptedPasswordPayload = z.object({ password: z.string().min(1).max(256).describe('密码'), ts: z.number() })
