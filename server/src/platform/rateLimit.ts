import { sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.js'

/**
 * Families of public routes, each with its own per-address counter: a QR scanner at the gate, or an
 * office behind one NAT, that uses up public verification must not lock the same address out of
 * signing in or getting a reset code.
 */
export type RateFamily = 'login' | 'loginToken' | 'sms' | 'verify' | 'activity' | 'screen'

/** A route's limit: `max` requests a minute from one client address, counted for its family alone. */
export const perIpPerMinute = (family: RateFamily, max: number) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `${family}:${req.ip}` },
})

/**
 * The statement counting one more request under `key` (`returning count, reset_at`), for a caller that
 * makes it part of a larger statement (a device's post counts its hit in the statement that stores
 * the reading). `when`: counted only if this holds (e.g. a row of an earlier CTE exists).
 */
export function hitStatement(key: string | SQL, windowMs: number, when?: SQL): SQL {
  return sql`
    insert into rate_counter (key, count, reset_at) select ${key}::text, 1, now() + ${sql.raw(`interval '${Math.round(windowMs)} milliseconds'`)}${when ? sql` where ${when}` : sql``}
    on conflict (key) do update set
      count = case when rate_counter.reset_at <= now() then 1 else rate_counter.count + 1 end,
      reset_at = case when rate_counter.reset_at <= now() then excluded.reset_at else rate_counter.reset_at end
    returning count, reset_at`
}

/** One more request under `key` in its window (shared by every process): the count so far and the time left. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const r = await db.execute<{ count: number; reset_at: string | Date }>(hitStatement(key, windowMs))
  const row = r.rows[0]!
  return { current: Number(row.count), ttl: Math.max(0, new Date(row.reset_at).getTime() - Date.now()) }
}

/**
 * A store for @fastify/rate-limit kept in the database, so every server process behind a load
 * balancer counts against the same window (DESIGN §3).
 */
export function databaseRateStore(db: Db) {
  return class DatabaseStore {
    private timeWindow: number
    constructor(options: { timeWindow?: number }) {
      this.timeWindow = Number(options.timeWindow ?? 60_000)
    }
    incr(key: string, cb: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number) {
      const windowMs = Number(timeWindow ?? this.timeWindow)
      countHit(db, key, windowMs).then((r) => cb(null, r), (err) => cb(err as Error))
    }
    child(routeOptions: unknown) {
      return new DatabaseStore({ timeWindow: (routeOptions as { timeWindow?: number }).timeWindow ?? this.timeWindow })
    }
  }
}
