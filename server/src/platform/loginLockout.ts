import { LOGIN_LOCK, loginLockedMessage, Msg } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { type AppError, RateLimitError, ValidationError } from './errors.js'

/**
 * Password guesses are counted BEFORE the password is checked, one atomic upsert per key, so that
 * parallel guesses each get their own number: `u:<user>|ip:<ip>` locks after LOGIN_LOCK.failures
 * (one stranger cannot lock the user out from everywhere) and `u:<user>` after perUserFailures
 * across all addresses (many strangers cannot keep guessing).
 */
const pairKey = (username: string, ip: string) => `u:${username}|ip:${ip}`
const userKey = (username: string) => `u:${username}`

interface Count { count: number; lockedUntil: number | null }

/** Adds one attempt to `key`; a window or lock that has run out starts again at 1; reaching `cap` sets the lock. */
async function countOne(db: Executor, key: string, cap: number, now: number): Promise<Count> {
  const at = new Date(now)
  const windowOpen = new Date(now - LOGIN_LOCK.windowMs)
  const lockEnd = new Date(now + LOGIN_LOCK.lockMs)
  const result = await db.execute<{ count: number; locked_until: string | Date | null }>(sql`
    insert into login_failure as f (key, count, window_start, locked_until)
    values (${key}, 1, ${at}, null)
    on conflict (key) do update set
      count = case when f.locked_until <= ${at} or (f.locked_until is null and f.window_start <= ${windowOpen}) then 1 else f.count + 1 end,
      window_start = case when f.locked_until <= ${at} or (f.locked_until is null and f.window_start <= ${windowOpen}) then ${at} else f.window_start end,
      locked_until = case
        when f.locked_until <= ${at} or (f.locked_until is null and f.window_start <= ${windowOpen}) then null
        when f.locked_until is null and f.count + 1 >= ${cap} then ${lockEnd}
        else f.locked_until end
    returning count, locked_until`)
  const row = result.rows[0]!
  return { count: Number(row.count), lockedUntil: row.locked_until == null ? null : new Date(row.locked_until).getTime() }
}

/** Minutes left, within 1..lockMs: a request that started just before the lock was set would otherwise see one more. */
function lockedError(lockedUntil: number | null, now: number) {
  const left = Math.min(LOGIN_LOCK.lockMs, (lockedUntil ?? now + LOGIN_LOCK.lockMs) - now)
  return new RateLimitError(loginLockedMessage(Math.max(1, Math.ceil(left / 60_000))))
}

export interface Attempt {
  /** The password was wrong: the error to throw, 400 with `message` or the lock message when this attempt was the last one allowed. */
  failed(message?: string): AppError
  /** The password was right: the pair starts again, and the attempt is taken back from the user name's count. */
  succeeded(db: Executor): Promise<void>
}

/** Counts a guess at `username`'s password from `ip`; throws 429 without a verdict when a cap is already reached. */
export async function countAttempt(db: Executor, username: string, ip: string, now = Date.now()): Promise<Attempt> {
  const pair = await countOne(db, pairKey(username, ip), LOGIN_LOCK.failures, now)
  if (pair.count > LOGIN_LOCK.failures) throw lockedError(pair.lockedUntil, now)
  // attempts refused above do not reach the user name's count: one address cannot lock everyone out
  const user = await countOne(db, userKey(username), LOGIN_LOCK.perUserFailures, now)
  if (user.count > LOGIN_LOCK.perUserFailures) throw lockedError(user.lockedUntil, now)
  return {
    failed(message = Msg.loginFailed) {
      if (pair.count === LOGIN_LOCK.failures) return lockedError(pair.lockedUntil, now)
      if (user.count === LOGIN_LOCK.perUserFailures) return lockedError(user.lockedUntil, now)
      return new ValidationError(message)
    },
    async succeeded(tx) {
      await tx.execute(sql`delete from login_failure where key = ${pairKey(username, ip)}`)
      await tx.execute(sql`
        update login_failure set count = greatest(count - 1, 0),
          locked_until = case when count - 1 < ${LOGIN_LOCK.perUserFailures} then null else locked_until end
        where key = ${userKey(username)}`)
    },
  }
}

/** A new password (reset by SMS code) lifts every lock on the user name. */
export async function clearAttempts(db: Executor, username: string) {
  const escaped = pairKey(username, '').replace(/[\\%_]/g, (c) => `\\${c}`)
  await db.execute(sql`delete from login_failure where key = ${userKey(username)} or key like ${`${escaped}%`}`)
}
