import { LOGIN_TOKEN_TTL_MS, Msg, REMEMBER_SESSION_MS, type LoginBody, type LoginResult, type ResetByCodeBody } from '@app/contract'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { loginTokens, userCompanies, users } from '../../db/schema/index.js'
import { AppError, ForbiddenError, ValidationError } from '../../platform/errors.js'
import { sha256Hex } from '../../platform/files.js'
import { assertPasswordRules, dummyHash, hashPassword, verifyPassword } from '../../platform/passwords.js'
import type { PasswordCipher } from '../../platform/rsa.js'
import type { RoleRegistry } from '../../platform/roles.js'
import { createSession, revokeUserSessions } from '../../platform/sessions.js'
import { newToken } from '../../platform/tokens.js'
import { clearAttempts, countAttempt } from '../../platform/loginLockout.js'
import { checkResetCode, useResetCode } from './resetCode.js'

export interface AuthDeps {
  db: Db
  cipher: PasswordCipher
  roles: RoleRegistry
  sessionIdleMs: number
}

/**
 * The base a sign-in lands in: the one whose login page (sub-domain) it came from, when the user
 * belongs to it, else the user's first. Signing in on a base's own page with an account of other
 * bases only is refused: landing silently in another base would be the surprise.
 */
async function landingCompanyOf(db: Db, userId: number, companyid: number | undefined): Promise<number> {
  const [rel] = await db.select({ companyId: userCompanies.companyId }).from(userCompanies)
    .where(and(eq(userCompanies.userId, userId), companyid === undefined ? undefined : eq(userCompanies.companyId, companyid)))
    .orderBy(asc(userCompanies.id)).limit(1)
  if (rel) return rel.companyId
  throw new ForbiddenError(companyid === undefined ? Msg.noCompanyYet : Msg.notThisBase)
}

/** `ip` is the client's address (req.ip): sign-in attempts are counted per user name and address. */
export async function login(
  deps: AuthDeps, input: LoginBody, ip: string, now = Date.now(),
): Promise<LoginResult> {
  const { db } = deps
  const username = input.username.trim()
  const plain = await deps.cipher.decrypt(input.password, now)
  const attempt = await countAttempt(db, username, ip, now)
  const [user] = await db.select().from(users).where(eq(users.phone, username))
  const ok = user ? await verifyPassword(user.passwordHash, plain) : (await verifyPassword(await dummyHash(), plain), false)
  if (!ok || !user) throw attempt.failed()
  await attempt.succeeded(db)
  const companyId = await landingCompanyOf(db, user.id, input.companyid)
  const token = await createSession(db, user.id, companyId, input.remember ? REMEMBER_SESSION_MS : deps.sessionIdleMs)
  return {
    token,
    lastPasswordResetDate: user.lastPasswordResetDate?.toISOString() ?? null,
    role: deps.roles.get(user.roleId).nickName,
    mustChangePassword: user.mustChangePassword,
  }
}

/** Forgot password, step 2: the SMS code and the new (encrypted) password. */
export async function resetPasswordByCode(deps: AuthDeps, input: ResetByCodeBody, now = Date.now()) {
  const { db } = deps
  const plain = await deps.cipher.decrypt(input.password, now)
  assertPasswordRules(plain)
  const codeId = await checkResetCode(db, input.userName, input.code, now)
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.userName))
  if (!user) throw new ValidationError(Msg.smsCodeInvalid)
  const passwordHash = await hashPassword(plain)
  await db.transaction(async (tx) => {
    await useResetCode(tx, codeId, now)
    await tx.update(users).set({ passwordHash, lastPasswordResetDate: new Date(now), mustChangePassword: false, updateTime: new Date(now) })
      .where(eq(users.id, user.id))
    await revokeUserSessions(tx, user.id, 'password')
    await clearAttempts(tx, input.userName)
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
  if (!row || row.usedAt || row.expiresAt.getTime() < now) throw new AppError(400, Msg.loginLinkInvalid)
  return row
}

/** Who a token would sign in as, without using it up. */
export async function describeLoginToken(db: Db, token: string, now = Date.now()) {
  const row = await findLoginToken(db, token, now)
  const [user] = await db.select({ id: users.id, name: users.name, phone: users.phone }).from(users).where(eq(users.id, row.userId))
  if (!user) throw new AppError(400, Msg.loginLinkInvalid)
  return user
}

export async function loginByToken(deps: AuthDeps, token: string, now = Date.now()): Promise<LoginResult> {
  const { db } = deps
  const row = await findLoginToken(db, token, now)
  // mark used first and only if still unused, so two concurrent uses cannot both succeed
  const used = await db.update(loginTokens).set({ usedAt: new Date(now) })
    .where(and(eq(loginTokens.id, row.id), isNull(loginTokens.usedAt))).returning({ id: loginTokens.id })
  if (!used.length) throw new AppError(400, Msg.loginLinkInvalid)
  const [user] = await db.select().from(users).where(eq(users.id, row.userId))
  if (!user) throw new AppError(400, Msg.loginLinkInvalid)
  const token2 = await createSession(db, user.id, row.companyId, deps.sessionIdleMs)
  return {
    token: token2,
    lastPasswordResetDate: user.lastPasswordResetDate?.toISOString() ?? null,
    role: deps.roles.get(user.roleId).nickName,
    mustChangePassword: user.mustChangePassword,
  }
}
