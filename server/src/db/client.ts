import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
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
    const version = path.join(dir, 'PG_VERSION')
    if (!fs.existsSync(version)) await initDataDir(dir)
    const major = fs.readFileSync(version, 'utf8').trim()
    if (major !== PGLITE_PG_MAJOR) {
      throw new Error(`${dir} 中是 PostgreSQL ${major} 的数据库，内置数据库为 PostgreSQL ${PGLITE_PG_MAJOR}：请先移走该目录（或用 pg_dump 导出后再导入）后启动`)
    }
  }
  const client = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: opts.migrationsDir }),
    close: () => client.close(),
  }
}

/**
 * PostgreSQL's default 128 MB of shared buffers is memory PGlite touches at start (its shared
 * memory is an ordinary wasm allocation): 16 MB keeps the embedded database at about 140 MB
 * resident, and the operating system's file cache still holds the data files.
 */
const PGLITE_SHARED_BUFFERS = '16MB'
/** the PostgreSQL major version of the PGlite this server is built with (a data directory is tied to it) */
const PGLITE_PG_MAJOR = '18'

/**
 * Create a new PGlite data directory in a child process. initdb runs a second wasm instance and
 * peaks at about 700 MB; memory a process has once held does not all go back to the system, so
 * the server itself only ever opens an existing directory.
 */
async function initDataDir(dir: string) {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const script = 'const { PGlite } = require(process.argv[1]); PGlite.create(process.argv[2]).then((pg) => pg.close())'
  await promisify(execFile)(process.execPath, ['-e', script, pglite, dir], { timeout: 120_000 })
}
