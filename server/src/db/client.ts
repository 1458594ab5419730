import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema/index.js'

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
}

export interface DatabaseOptions {
  databaseUrl?: string
  dataDir?: string
  inMemory?: boolean
  migrationsDir: string
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    // an idle connection the server ends (restart, failover, a dropped test database) must not take
    // the process down; the next query gets a fresh connection or its own error
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`))
    // numeric stays a string (exact tons); bigint counts become numbers
    pg.types.setTypeParser(20, (v) => Number(v))
    const db = drizzlePg(pool, { schema })
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: opts.migrationsDir }),
      close: () => pool.end(),
    }
  }
  let dir: string | undefined
  if (!opts.inMemory) {
    dir = path.join(opts.dataDir ?? './data', 'db')
    fs.mkdirSync(dir, { recursive: true })
  }
  // PGlite's default initial wasm memory costs ~90 MB of RSS before the first query; it grows on demand
  const client = new PGlite(dir, { initialMemory: 64 * 1024 * 1024 })
  await client.waitReady
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: opts.migrationsDir }),
    close: () => client.close(),
  }
}
