import { ResultCode } from '@app/contract'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { sessions } from '../db/schema/index.js'
import { SessionError } from './errors.js'
import { sha256Hex } from './files.js'
import { newToken } from './tokens.js'

export interface SessionUser {
  sessionId: number
  userId: number
  companyId: number
  roleId: number | null
}

/** Only touch last_seen_at when it is this stale: one write a minute per session, not one per request. */
const TOUCH_AFTER_MS = 60_000

export async function createSession(db: Executor, userId: number, companyId: number, idleMs: number) {
  const token = newToken()
  await db.insert(sessions).values({ tokenHash: sha256Hex(token), userId, companyId, idleMs })
  return token
}

/** Resolves a bearer token to its session or throws the spec's 50008 / 50012 / 50014. */
export async function resolveSession(db: Executor, token: string, now = Date.now()): Promise<SessionUser> {
  if (!token || token.length > 200) throw new SessionError(ResultCode.ILLEGAL_TOKEN)
  const result = await db.execute<{
    id: number; user_id: number; company_id: number; idle_ms: number; last_seen_at: string | Date
    revoke_reason: string | null; role_id: number | null; member: boolean
  }>(sql`
    select s.id, s.user_id, s.company_id, s.idle_ms, s.last_seen_at, s.revoke_reason, u.role_id,
      exists(select 1 from user_company uc where uc.user_id = s.user_id and uc.company_id = s.company_id) as member
    from session s join app_user u on u.id = s.user_id
    where s.token_hash = ${sha256Hex(token)}`)
  const row = result.rows[0]
  if (!row) throw new SessionError(ResultCode.ILLEGAL_TOKEN)
  if (row.revoke_reason === 'logout') throw new SessionError(ResultCode.ILLEGAL_TOKEN)
  if (row.revoke_reason) throw new SessionError(ResultCode.OTHER_CLIENT)
  if (!row.member) throw new SessionError(ResultCode.OTHER_CLIENT)
  const lastSeen = new Date(row.last_seen_at).getTime()
  if (now - lastSeen > row.idle_ms) throw new SessionError(ResultCode.TOKEN_EXPIRED)
  if (now - lastSeen > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, row.id))
  }
  return { sessionId: row.id, userId: row.user_id, companyId: row.company_id, roleId: row.role_id }
}

export async function revokeSessionByToken(db: Executor, token: string, reason: 'logout' | 'forced') {
  await db.update(sessions).set({ revokedAt: new Date(), revokeReason: reason }).where(eq(sessions.tokenHash, sha256Hex(token)))
}

/** Ends every session of a user (or all but one): password change, forced logout, deletion. */
export async function revokeUserSessions(db: Executor, userId: number, reason: 'password' | 'forced', exceptSessionId?: number) {
  const cond = exceptSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId), sql`${sessions.revokedAt} is null`)
    : and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`)
  await db.update(sessions).set({ revokedAt: new Date(), revokeReason: reason }).where(cond)
}

/** Ends the sessions working in a company (of one user, or of everyone): membership removed, base deregistered. */
export async function revokeCompanySessions(db: Executor, companyId: number, userId?: number) {
  await db.update(sessions).set({ revokedAt: new Date(), revokeReason: 'forced' })
    .where(and(eq(sessions.companyId, companyId), userId ? eq(sessions.userId, userId) : undefined, sql`${sessions.revokedAt} is null`))
}

export async function setSessionCompany(db: Executor, sessionId: number, companyId: number) {
  await db.update(sessions).set({ companyId }).where(eq(sessions.id, sessionId))
}
