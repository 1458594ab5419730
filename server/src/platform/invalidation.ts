import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Executor } from '../db/client.js'

/**
 * What a server process keeps in memory and another process can make stale: cached sessions (a
 * logout, a forced logout, a role change) and the roles and menus the seed writes. On PostgreSQL the
 * change is announced with NOTIFY in the transaction that makes it, so every other process hears of
 * it as it commits (milliseconds) instead of when its copy times out; PGlite is one process.
 */
export type Invalidation =
  | { topic: 'sessions'; userId?: number; companyId?: number; sessionId?: number; tokenHash?: string }
  | { topic: 'roles' }

const CHANNEL = 'app_invalidate'
/** this process, so it skips its own announcements (it has already dropped what they concern) */
const ORIGIN = crypto.randomUUID()
/** this process's handlers: a message from elsewhere, or null when some may have been missed */
const handlers = new Set<(message: Invalidation | null) => void>()
let listening = 0

export function onInvalidation(handler: (message: Invalidation | null) => void) {
  handlers.add(handler)
  return () => handlers.delete(handler)
}

/** Tells the other processes, at `db`'s commit; nothing when no process listens (PGlite). */
export async function announce(db: Executor, message: Invalidation) {
  if (!listening) return
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ ...message, origin: ORIGIN })})`)
}

const deliver = (message: Invalidation | null) => {
  for (const handler of handlers) handler(message)
}

/** Listens for the other processes' announcements (PostgreSQL only); the answer stops. */
export async function listenForInvalidations(database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {}
  const stop = await database.listen(CHANNEL, (payload) => {
    try {
      const { origin, ...message } = JSON.parse(payload) as Invalidation & { origin: string }
      if (origin !== ORIGIN) deliver(message as Invalidation)
    } catch (err) {
      log.warn({ err }, 'unreadable invalidation message')
    }
  }, () => {
    log.warn('invalidation channel reconnected: dropping every cached copy')
    deliver(null)
  })
  listening++
  return async () => {
    listening--
    await stop()
  }
}
