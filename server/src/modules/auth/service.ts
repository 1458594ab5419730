import crypto from 'node:crypto'
import {
  LOGIN_LOCK, LOGIN_TOKEN_TTL_MS, loginLockedMessage, Msg, REMEMBER_SESSION_MS, SMS_CODE, type LoginResult,
} from '@app/contract'
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { loginFailures, loginTokens, smsCodes, userCompanies, users } from '../../db/schema/index.js'
import { AppError, ForbiddenError, NotFoundError, RateLimitError, ValidationError } from '../../platform/errors.js'
import { sha256Hex } from '../../platform/files.js'
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords.js'
import type { PasswordCipher } from '../../platform/rsa.js'
import type { RoleRegistry } from '../../platform/roles.js'
import { createSession, revokeUserSessions } from '../../platform/sessions.js'
import type { SmsProvider } from '../../platform/sms.js'
import { newToken } from '../../platform/tokens.js'
import { assertPasswordRules } from '../users/password.js'

export interface AuthDeps {
  db: Db
  cipher: PasswordCipher
  roles: RoleRegistry
  sms: SmsProvider
  sessionIdleMs: number
}

/** Minutes left on a lock, or 0 when the user name may try again. */
async function lockMinutesLeft(db: Db, username: string, now: number): Promise<number> {
  const since = new Date(now - LOGIN_LOCK.windowMs - LOGIN_LOCK.lockMs)
  const rows = await db.select({ at: loginFailures.at }).from(loginFailures)
    .where(and(eq(loginFailures.username, username), gt(loginFailures.at, since)))
    .orderBy(asc(loginFailures.at))
  // locked when some run of `failures` attempts fits in the window and the lock after the last of them still holds
  for (let i = rows.length - 1; i >= LOGIN_LOCK.failures - 1; i--) {
    const last = rows[i]!.at.getTime()
    const first = rows[i - LOGIN_LOCK.failures + 1]!.at.getTime()
    if (last - first <= LOGIN_LOCK.windowMs && now < last + LOGIN_LOCK.lockMs) {
      return Math.ceil((last + LOGIN_LOCK.lockMs - now) / 60_000)
    }
  }
  return 0
}

async function firstCompanyOf(db: Db, userId: number): Promise<number | null> {
  const [rel] = await db.select({ companyId: userCompanies.companyId }).from(userCompanies)
    .where(eq(userCompanies.userId, userId)).orderBy(asc(userCompanies.id)).limit(1)
  return rel?.companyId ?? null
}

export async function login(deps: AuthDeps, input: { username: string; password: string; remember?: boolean }, now = Date.now()): Promise<LoginResult> {
  const { db } = deps
  const username = input.username.trim()
  const locked = await lockMinutesLeft(db, username, now)
  if (locked > 0) throw new RateLimitError(loginLockedMessage(locked))
  const plain = await deps.cipher.decrypt(input.password, now)
  const [user] = await db.select().from(users).where(eq(users.phone, username))
  const ok = user ? await verifyPassword(user.passwordHash, plain) : (await verifyPassword(await dummyHash(), plain), false)
  if (!ok || !user) {
    await db.insert(loginFailures).values({ username, at: new Date(now) })
    const nowLocked = await lockMinutesLeft(db, username, now)
    if (nowLocked > 0) throw new RateLimitError(loginLockedMessage(nowLocked))
    throw new ValidationError(Msg.loginFailed)
  }
  const companyId = await firstCompanyOf(db, user.id)
  if (companyId == null) throw new ForbiddenError('该账号尚未分配所属基地，请联系管理员')
  await db.delete(loginFailures).where(eq(loginFailures.username, username))
  const token = await createSession(db, user.id, companyId, input.remember ? REMEMBER_SESSION_MS : deps.sessionIdleMs)
  return {
    token,
    lastPasswordResetDate: user.lastPasswordResetDate?.toISOString() ?? null,
    role: deps.roles.get(user.roleId).nickName,
    mustChangePassword: user.mustChangePassword,
  }
}

/** Forgot password, step 1: a 6-digit code by SMS (one per 60 s and 10 a day per phone). */
export async function sendResetCode(deps: AuthDeps, phone: string, now = Date.now()) {
  const { db } = deps
  const dayStart = new Date(now - 24 * 60 * 60 * 1000)
  const recent = await db.select({ createdAt: smsCodes.createdAt }).from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, dayStart)))
    .orderBy(sql`${smsCodes.createdAt} desc`)
  const latest = recent[0]?.createdAt.getTime()
  if (latest && now - latest < SMS_CODE.resendMs) {
    throw new RateLimitError(`验证码已发送，请${Math.ceil((latest + SMS_CODE.resendMs - now) / 1000)}秒后再试`)
  }
  if (recent.length >= SMS_CODE.perDay) throw new RateLimitError('该手机号今日获取验证码次数已达上限，请明天再试')
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone))
  if (!user) throw new NotFoundError('该手机号未注册')
  const code = crypto.randomInt(0, 10 ** SMS_CODE.length).toString().padStart(SMS_CODE.length, '0')
  await db.insert(smsCodes).values({
    phone, codeHash: sha256Hex(`${phone}:${code}`), createdAt: new Date(now), expiresAt: new Date(now + SMS_CODE.ttlMs),
  })
  await deps.sms.send(phone, `您的验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`)
}

/** Forgot password, step 2: the code and the new (encrypted) password. */
export async function resetPasswordByCode(deps: AuthDeps, input: { userName: string; code: string; password: string }, now = Date.now()) {
  const { db } = deps
  const plain = await deps.cipher.decrypt(input.password, now)
  assertPasswordRules(plain)
  const [entry] = await db.select().from(smsCodes)
    .where(and(eq(smsCodes.phone, input.userName), isNull(smsCodes.usedAt)))
    .orderBy(sql`${smsCodes.createdAt} desc`).limit(1)
  if (!entry || entry.expiresAt.getTime() < now || entry.attempts >= 5) throw new ValidationError('验证码已失效，请重新获取')
  if (entry.codeHash !== sha256Hex(`${input.userName}:${input.code}`)) {
    await db.update(smsCodes).set({ attempts: entry.attempts + 1 }).where(eq(smsCodes.id, entry.id))
    throw new ValidationError('验证码不正确')
  }
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.userName))
  if (!user) throw new NotFoundError('该手机号未注册')
  const passwordHash = await hashPassword(plain)
  await db.transaction(async (tx) => {
    await tx.update(smsCodes).set({ usedAt: new Date(now) }).where(eq(smsCodes.id, entry.id))
    await tx.update(users).set({ passwordHash, lastPasswordResetDate: new Date(now), mustChangePassword: false, updateTime: new Date(now) })
      .where(eq(users.id, user.id))
    await revokeUserSessions(tx, user.id, 'password')
    await tx.delete(loginFailures).where(eq(loginFailures.username, input.userName))
  })
}

/** A single-use, short-lived token that signs its bearer in as the issuing user (e.g. opening the back-office from another system). */
export async function issueLoginToken(db: Db, userId: number, companyId: number, now = Date.now()) {
  const token = newToken()
  await db.insert(loginTokens).values({ tokenHash: sha256Hex(token), userId, companyId, expiresAt: new Date(now + LOGIN_TOKEN_TTL_MS) })
  return { token, expiresIn: LOGIN_TOKEN_TTL_MS / 1000 }
}

async function findLoginToken(db: Db, token: string, now: number) {
  const [row] = await db.select().from(loginTokens).where(eq(loginTokens.tokenHash, sha256Hex(token)))
  if (!row || row.usedAt || row.expiresAt.getTime() < now) throw new AppError(400, '登录链接已失效，请重新获取')
  return row
}

/** Who a token would sign in as, without using it up. */
export async function describeLoginToken(db: Db, token: string, now = Date.now()) {
  const row = await findLoginToken(db, token, now)
  const [user] = await db.select({ id: users.id, name: users.name, phone: users.phone }).from(users).where(eq(users.id, row.userId))
  if (!user) throw new AppError(400, '登录链接已失效，请重新获取')
  return user
}

export async function loginByToken(deps: AuthDeps, token: string, now = Date.now()): Promise<LoginResult> {
  const { db } = deps
  const row = await findLoginToken(db, token, now)
  // mark used first and only if still unused, so two concurrent uses cannot both succeed
  const used = await db.update(loginTokens).set({ usedAt: new Date(now) })
    .where(and(eq(loginTokens.id, row.id), isNull(loginTokens.usedAt))).returning({ id: loginTokens.id })
  if (!used.length) throw new AppError(400, '登录链接已失效，请重新获取')
  const [user] = await db.select().from(users).where(eq(users.id, row.userId))
  if (!user) throw new AppError(400, '登录链接已失效，请重新获取')
  const token2 = await createSession(db, user.id, row.companyId, deps.sessionIdleMs)
  return {
    token: token2,
    lastPasswordResetDate: user.lastPasswordResetDate?.toISOString() ?? null,
    role: deps.roles.get(user.roleId).nickName,
    mustChangePassword: user.mustChangePassword,
  }
}
