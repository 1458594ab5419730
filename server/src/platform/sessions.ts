import { ResultCode, SESSION_MAX_AGE_MS } from '@app/contract'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { sessions } from '../db/schema/index.js'
import { SessionError } from './errors.js'
import { sha256Hex } from './files.js'
import { announce, onInvalidation } from './invalidation.js'
import { newToken } from './tokens.js'

export interface SessionUser {
  sessionId: number
  userId: number
  companyId: number
  roleId: number | null
}

/** Only touch last_seen_at when it is this stale: one write a minute per session, not one per request. */
const TOUCH_AFTER_MS = 60_000

/**
 * How long this process trusts a session it has read: a page's burst of calls reads it once. A
 * revocation made here drops the copies it concerns at once; one made by another server process on
 * PostgreSQL as soon as its NOTIFY arrives (platform/invalidation.ts). One made by a transaction
 * still committing when a parallel call read the row is seen within this time.
 */
export const SESSION_CACHE_MS = 3_000
/** Past this many cached sessions, copies older than SESSION_CACHE_MS are swept out. */
const CACHE_SWEEP_SIZE = 10_000

interface Resolved extends SessionUser {
  idleMs: number
  createdAt: number
  lastSeenAt: number
}

interface CacheEntry {
  readAt: number
  reading: Promise<Resolved>
  /** set once `reading` has resolved */
  session?: Resolved
}

/** Valid sessions by token hash; the token itself is never kept. */
const cache = new Map<string, CacheEntry>()

/**
 * Revocations made here that may still be committing: a call that reads a session they concern
 * meanwhile sees the old row, so such a session is used for that call but not kept. A revoking
 * transaction longer than this could still leave a copy for SESSION_CACHE_MS.
 */
const REVOKING_MS = 10_000
const revoking: { concerns: (session: Resolved) => boolean; until: number }[] = []

function beingRevoked(session: Resolved, now: number) {
  while (revoking.length && revoking[0]!.until < now) revoking.shift()
  return revoking.some((r) => r.concerns(session))
}

export async function createSession(db: Executor, userId: number, companyId: number, idleMs: number) {
  const token = newToken()
  await db.insert(sessions).values({ tokenHash: sha256Hex(token), userId, companyId, idleMs })
  return token
}

/** Resolves a bearer token to its session or throws the spec's 50008 / 50012 / 50014. */
export async function resolveSession(db: Executor, token: string, now = Date.now()): Promise<SessionUser> {
  if (!token || token.length > 200) throw new SessionError(ResultCode.ILLEGAL_TOKEN)
  const hash = sha256Hex(token)
  let entry = cache.get(hash)
  let fresh = false
  if (!entry || now - entry.readAt > SESSION_CACHE_MS) {
    entry = cacheRead(db, hash, now)
    fresh = true
  }
  let session = await entry.reading
  // an expiry is decided on a fresh read: another process may have used the session meanwhile
  if (!fresh && isExpired(session, now)) {
    session = await cacheRead(db, hash, now).reading
  }
  if (isExpired(session, now)) {
    cache.delete(hash)
    throw new SessionError(ResultCode.TOKEN_EXPIRED)
  }
  if (now - session.lastSeenAt > TOUCH_AFTER_MS) {
    // noted before the write, so that parallel calls of this session write once
    session.lastSeenAt = now
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, session.sessionId))
  }
  return { sessionId: session.sessionId, userId: session.userId, companyId: session.companyId, roleId: session.roleId }
}

function isExpired(session: Resolved, now: number) {
  return now - session.lastSeenAt > session.idleMs || now - session.createdAt > SESSION_MAX_AGE_MS
}

/** Starts reading a session into the cache; parallel calls of the same token wait for this one read. */
function cacheRead(db: Executor, hash: string, now: number): CacheEntry {
  if (cache.size >= CACHE_SWEEP_SIZE) {
    for (const [key, e] of cache) if (now - e.readAt > SESSION_CACHE_MS) cache.delete(key)
  }
  const entry: CacheEntry = { readAt: now, reading: readSession(db, hash) }
  cache.set(hash, entry)
  entry.reading.then((s) => {
    entry.session = s
    if (beingRevoked(s, Date.now()) && cache.get(hash) === entry) cache.delete(hash)
  }, () => { if (cache.get(hash) === entry) cache.delete(hash) })
  return entry
}

async function readSession(db: Executor, hash: string): Promise<Resolved> {
  const result = await db.execute<{
    id: number; user_id: number; company_id: number; idle_ms: number; created_at: string | Date; last_seen_at: string | Date
    revoke_reason: string | null; role_id: number | null; member: boolean
  }>(sql`
    select s.id, s.user_id, s.company_id, s.idle_ms, s.created_at, s.last_seen_at, s.revoke_reason, u.role_id,
      exists(select 1 from user_company uc where uc.user_id = s.user_id and uc.company_id = s.company_id) as member
    from session s join app_user u on u.id = s.user_id
    where s.token_hash = ${hash}`)
  const row = result.rows[0]
  if (!row) throw new SessionError(ResultCode.ILLEGAL_TOKEN)
  if (row.revoke_reason === 'logout') throw new SessionError(ResultCode.ILLEGAL_TOKEN)
  if (row.revoke_reason) throw new SessionError(ResultCode.OTHER_CLIENT)
  if (!row.member) throw new SessionError(ResultCode.OTHER_CLIENT)
  return {
    sessionId: row.id, userId: row.user_id, companyId: row.company_id, roleId: row.role_id, idleMs: row.idle_ms,
    createdAt: new Date(row.created_at).getTime(), lastSeenAt: new Date(row.last_seen_at).getTime(),
  }
}

/** Which sessions a revocation concerns (all the fields given must match). */
interface SessionFilter { userId?: number; companyId?: number; sessionId?: number }
const matches = (f: SessionFilter) => (s: Resolved) =>
  (f.userId === undefined || s.userId === f.userId) && (f.companyId === undefined || s.companyId === f.companyId)
  && (f.sessionId === undefined || s.sessionId === f.sessionId)

/** Drops this process's copies of the sessions `which` picks, and any read still under way. */
function drop(which: (session: Resolved) => boolean) {
  for (const [key, entry] of cache) {
    if (!entry.session || which(entry.session)) cache.delete(key)
  }
}

/**
 * Drops this process's copies of the sessions `filter` picks, keeps none of them while the change that
 * asked for it may still be committing, and tells the other processes (at that change's commit).
 */
async function forget(db: Executor, filter: SessionFilter) {
  const which = matches(filter)
  drop(which)
  revoking.push({ concerns: which, until: Date.now() + REVOKING_MS })
  await announce(db, { topic: 'sessions', ...filter })
}

// another process revoked sessions (committed), or its messages may have been missed
onInvalidation((message) => {
  if (!message) cache.clear()
  else if (message.topic === 'sessions') {
    if (message.tokenHash) cache.delete(message.tokenHash)
    else drop(matches(message))
  }
})

/**
 * Makes the next call of every session of the user read its row again, here and in every other
 * process: its role or its bases changed, or the account is gone. `db`: the transaction making the change.
 */
export function forgetUserSessions(db: Executor, userId: number) {
  return forget(db, { userId })
}

/** Makes every session read its row again (tests that edit session rows directly). */
export function forgetAllSessions() {
  cache.clear()
  revoking.length = 0
}

export async function revokeSessionByToken(db: Executor, token: string, reason: 'logout' | 'forced') {
  const hash = sha256Hex(token)
  await db.update(sessions).set({ revokedAt: new Date(), revokeReason: reason }).where(eq(sessions.tokenHash, hash))
  cache.delete(hash)
  await announce(db, { topic: 'sessions', tokenHash: hash })
}

/** Ends every session of a user (or all but one): password change, forced logout, deletion. */
export async function revokeUserSessions(db: Executor, userId: number, reason: 'password' | 'forced', exceptSessionId?: number) {
  const cond = exceptSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId), sql`${sessions.revokedAt} is null`)
    : and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`)
  await db.update(sessions).set({ revokedAt: new Date(), revokeReason: reason }).where(cond)
  await forgetUserSessions(db, userId)
}

/** Ends the sessions working in a company (of one user, or of everyone): membership removed, base deregistered. */
export async function revokeCompanySessions(db: Executor, companyId: number, userId?: number) {
  await db.update(sessions).set({ revokedAt: new Date(), revokeReason: 'forced' })
    .where(and(eq(sessions.companyId, companyId), userId ? eq(sessions.userId, userId) : undefined, sql`${sessions.revokedAt} is null`))
  await forget(db, { companyId, userId })
}

export async function setSessionCompany(db: Executor, sessionId: number, companyId: number) {
  await db.update(sessions).set({ companyId }).where(eq(sessions.id, sessionId))
  await forget(db, { sessionId })
}
