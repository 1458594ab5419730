import { LOGIN_LOCK, SESSION_MAX_AGE_MS } from '@app/contract'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import { RETIRED_KEY_VALID_MS } from './rsa.js'
import { repeat } from './schedule.js'

export const PRUNE_INTERVAL_MS = 10 * 60_000
const DAY_MS = 24 * 60 * 60_000

/**
 * Deletes the rows nothing reads any more, and answers how many went from each table: sessions idle
 * past their time-out or older than SESSION_MAX_AGE_MS (ended ones too), sign-in counters whose window
 * and lock are both over, rate-limit windows that have reset, reset codes older than a day (the daily
 * caps count the last 24 hours), used password payloads past their expiry and retired password keys
 * past the window in which a page may still encrypt with them.
 */
export async function pruneExpired(db: Db, now = new Date()) {
  const expired: Record<string, SQL> = {
    session: sql`delete from session
      where created_at < ${now}::timestamptz - make_interval(secs => ${SESSION_MAX_AGE_MS / 1000})
         or last_seen_at < ${now}::timestamptz - make_interval(secs => idle_ms / 1000.0)`,
    login_failure: sql`delete from login_failure
      where window_start < ${now}::timestamptz - make_interval(secs => ${LOGIN_LOCK.windowMs / 1000})
        and (locked_until is null or locked_until < ${now})`,
    rate_counter: sql`delete from rate_counter where reset_at < ${now}`,
    sms_code: sql`delete from sms_code where created_at < ${new Date(now.getTime() - DAY_MS)}`,
    password_nonce: sql`delete from password_nonce where expires_at < ${now}`,
    rsa_key: sql`delete from rsa_key
      where not current and retired_at < ${now}::timestamptz - make_interval(secs => ${RETIRED_KEY_VALID_MS / 1000})`,
  }
  const deleted: Record<string, number> = {}
  for (const [table, statement] of Object.entries(expired)) {
    const result = await db.execute<{ n: number }>(sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`)
    deleted[table] = Number(result.rows[0]!.n)
  }
  return deleted
}

/** Runs pruneExpired every `intervalMs` (platform/schedule.ts). */
export function schedulePruning(db: Db, log: FastifyBaseLogger, intervalMs = PRUNE_INTERVAL_MS) {
  return repeat(() => pruneExpired(db), (err) => log.warn({ err }, 'pruning expired rows failed'), intervalMs)
}
