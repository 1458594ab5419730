import { sql } from 'drizzle-orm'
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

/** One more request under `key` in its window (shared by every process): the count so far and the time left. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const r = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    insert into rate_counter (key, count, reset_at) values (${key}, 1, ${new Date(Date.now() + windowMs)})
    on conflict (key) do update set
      count = case when rate_counter.reset_at <= now() then 1 else rate_counter.count + 1 end,
      reset_at = case when rate_counter.reset_at <= now() then excluded.reset_at else rate_counter.reset_at end
    returning count, reset_at`)
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
