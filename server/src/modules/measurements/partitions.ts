import { formatDateTime, parseDateTime } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Executor } from '../../db/client.js'
import { repeat } from '../../platform/schedule.js'

/** How often the scheduler makes sure the month partitions ahead exist. */
export const PARTITION_CHECK_INTERVAL_MS = 6 * 60 * 60_000
/** Months made ahead of the current one (China Standard Time): a month's partition exists a month before its first reading. */
export const PARTITION_MONTHS_AHEAD = 1

/** 'YYYY-MM' of the month `k` months after the one `now` is in (China Standard Time). */
export function monthOf(now: Date, k = 0) {
  const [y, m] = formatDateTime(now).slice(0, 7).split('-').map(Number) as [number, number]
  const d = new Date(Date.UTC(y, m - 1 + k, 1))
  return d.toISOString().slice(0, 7)
}

/**
 * Makes the partitions of `measurement` for the current month and the next ones (migration 0021's
 * measurement_ensure_month, one statement). Readings never make partitions: one of a month without its
 * own (older than the server's first run, say) is stored in the default partition, and that month then
 * stays there (measurement_ensure_month leaves a month the default partition holds rows of).
 */
export async function ensureMonthPartitions(db: Executor, now = new Date(), ahead = PARTITION_MONTHS_AHEAD): Promise<string[]> {
  const months = Array.from({ length: ahead + 1 }, (_, k) => monthOf(now, k))
  // each month's first midnight in China Standard Time
  const starts = months.map((m) => parseDateTime(`${m}-01`).toISOString())
  await db.execute(sql`select measurement_ensure_month(at) from unnest(${`{${starts.join(',')}}`}::timestamptz[]) as at`)
  return months
}

/**
 * Runs ensureMonthPartitions before the server answers (so the current month's first reading finds its
 * partition) and then every `intervalMs` (platform/schedule.ts); a failure is logged and tried again.
 */
export async function schedulePartitions(db: Executor, log: FastifyBaseLogger, intervalMs = PARTITION_CHECK_INTERVAL_MS) {
  const failed = (err: Error) => log.warn({ err }, 'making measurement partitions failed')
  await ensureMonthPartitions(db).catch(failed)
  return repeat(() => ensureMonthPartitions(db), failed, intervalMs)
}
