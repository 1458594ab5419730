import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { repeat } from '../platform/schedule.js'
import type { Database, Db } from './client.js'

export const UPKEEP_INTERVAL_MS = 10 * 60_000
/** the first look after a start: a data directory copied or restored has never been vacuumed here */
const FIRST_UPKEEP_MS = 60_000

/**
 * The tables that need what PostgreSQL's autovacuum would do, by its default rules: vacuum after
 * 50 + 20 % dead rows or 1000 + 20 % inserted rows, analyze after 50 + 10 % changed rows or when never
 * analyzed. Counters start at zero with each process, so a table whose visibility map covers under
 * half of it (never vacuumed, or written in bulk before this start) is vacuumed too: the map is what
 * lets a count read an index alone.
 */
async function tablesToTidy(db: Db) {
  const rows = await db.execute<{ schema: string; name: string; vacuum: boolean; analyze: boolean }>(sql`
    select s.schemaname as schema, c.relname as name,
      s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
        or (c.relpages >= 128 and c.relallvisible < c.relpages / 2) as vacuum,
      s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) or (c.reltuples < 0 and c.relpages > 0) as analyze
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    order by c.relpages`)
  return rows.rows.filter((t) => t.vacuum || t.analyze)
}

/**
 * One round of upkeep: each table that needs it is vacuumed (and analyzed) or analyzed, one at a
 * time, so other statements wait at most one table's turn. Answers what it did, for the log.
 */
export async function tidyTables(db: Db): Promise<string[]> {
  const done: string[] = []
  for (const table of await tablesToTidy(db)) {
    // schema and all: drizzle keeps its migrations' record in a schema of its own
    const name = sql`${sql.identifier(table.schema)}.${sql.identifier(table.name)}`
    await db.execute(table.vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`)
    done.push(`${table.vacuum ? 'vacuum' : 'analyze'} ${table.name}`)
  }
  return done
}

/**
 * The embedded database has no autovacuum (PGlite is one backend without background workers): left
 * alone, its tables keep their dead rows, an empty visibility map and the planner statistics of their
 * first days. This runs `tidyTables` a minute after the start and then every UPKEEP_INTERVAL_MS
 * (platform/schedule.ts). PostgreSQL's own autovacuum does this there: nothing is scheduled.
 */
export function scheduleUpkeep(database: Pick<Database, 'kind' | 'db'>, log: FastifyBaseLogger, intervalMs = UPKEEP_INTERVAL_MS) {
  if (database.kind !== 'pglite') return { stop: async () => {} }
  const round = async () => {
    const started = performance.now()
    const done = await tidyTables(database.db)
    if (done.length) log.info(`database upkeep in ${Math.round(performance.now() - started)} ms: ${done.join(', ')}`)
  }
  return repeat(round, (err) => log.warn({ err }, 'database upkeep failed'), intervalMs, Math.min(FIRST_UPKEEP_MS, intervalMs))
}
