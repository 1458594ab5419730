import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { attachCountMemo, CountMemo, countMemoOf } from './countMemo.js'
import { startPgliteThread, type SqlClient } from './pgliteThread.js'
import { PGLITE_EXTENSIONS } from './pgliteExtensions.js'
import * as schema from './schema/index.js'

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** migrates, one server process at a time (those starting together on one PostgreSQL wait their turn) */
  migrate(): Promise<void>
  /**
   * Runs `work` while no other server process on the same PostgreSQL database runs exclusive work
   * (a session advisory lock on a connection of its own): migrations, the seed. PGlite: just runs it.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
  /** PostgreSQL's connection pool (metrics); null for PGlite */
  poolStats(): PoolStats | null
  /**
   * PostgreSQL: LISTEN on `channel` over a connection of its own, reconnecting when it drops
   * (`onReconnect`: notifications may have been missed meanwhile). Absent for PGlite (one process).
   */
  listen?(channel: string, onMessage: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>
}

export interface PoolStats {
  max: number
  total: number
  idle: number
  /** queries waiting for a connection */
  waiting: number
}

/** Whether a query builder is the embedded database's (PGlite, not in a transaction; the one with a count memo): for the few queries shaped for it. */
export const isEmbedded = (db: Executor) => countMemoOf(db) !== null

export interface DatabaseOptions {
  databaseUrl?: string
  dataDir?: string
  inMemory?: boolean
  /** in memory: start from this dump of a migrated database (tests: ~0.8 s to open one instead of ~3.3 s to create, migrate and seed it) */
  template?: Uint8Array<ArrayBuffer>
  migrationsDir: string
  /** the embedded database on a thread of its own (default); false: on this thread (PGLITE_THREAD=0) */
  thread?: boolean
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT off: the server's queries are short or stream rows, and compiling them costs more than it
    // saves (1.2 s of 2.6 s for a 100,000-row grid page, whose subquery's cost estimate triggers it)
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c jit=off' })
    // an idle connection the server ends (restart, failover, a dropped test database) must not take
    // the process down; the next query gets a fresh connection or its own error
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`))
    // numeric stays a string (exact tons); bigint counts become numbers
    pg.types.setTypeParser(20, (v) => Number(v))
    const db = drizzlePg(pool, { schema })
    const exclusive = async <T>(work: () => Promise<T>) => {
      const lock = new pg.Client({ connectionString: opts.databaseUrl })
      await lock.connect()
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
        return await work()
      } finally {
        // ending the session releases the lock, whatever happened
        await lock.end().catch(() => undefined)
      }
    }
    return {
      db,
      kind: 'postgres',
      migrate: () => exclusive(() => migratePg(db, { migrationsFolder: opts.migrationsDir })),
      exclusive,
      close: () => pool.end(),
      listen: (channel, onMessage, onReconnect) => listen(opts.databaseUrl!, channel, onMessage, onReconnect),
      poolStats: () => ({ max: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`]
  const template = opts.inMemory ? opts.template : undefined
  const client = opts.thread === false
    ? await PGlite.create(dir, { startParams, loadDataDir: template && new Blob([template]), extensions: PGLITE_EXTENSIONS })
    : await startPgliteThread({ dataDir: dir, template, startParams })
  const memo = new CountMemo()
  const db = drizzlePglite({ client: noteWrites(inTurn(client, opts.thread === false ? 1 : THREAD_DEPTH), memo) as PGlite, schema }) as unknown as Db
  attachCountMemo(db, memo)
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: opts.migrationsDir }),
    exclusive: (work) => work(),
    close: () => client.close(),
    poolStats: () => null,
  }
}

/** the advisory lock key of start-up work (migrations, seed): any constant of this application's */
const STARTUP_LOCK = 0x6a6964 // 'jid'

/** LISTEN on a connection of its own; the answer stops listening. */
async function listen(url: string, channel: string, onMessage: (payload: string) => void, onReconnect: () => void) {
  let client: pg.Client | null = null
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const connect = async (again: boolean) => {
    const c = new pg.Client({ connectionString: url })
    c.on('notification', (n) => { if (n.channel === channel && n.payload) onMessage(n.payload) })
    // a dropped connection: listen again a second later, and treat everything as changed
    const lost = () => {
      if (stopped || client !== c) return
      client = null
      retry = setTimeout(() => void connect(true).catch(lostRetry), 1000)
      retry.unref()
    }
    const lostRetry = () => {
      if (stopped) return
      retry = setTimeout(() => void connect(true).catch(lostRetry), 1000)
      retry.unref()
    }
    c.on('error', lost)
    c.on('end', lost)
    client = c
    await c.connect()
    await c.query(`listen ${pg.escapeIdentifier(channel)}`)
    if (again) onReconnect()
  }
  await connect(false)
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end().catch(() => undefined)
  }
}

/**
 * PGlite on this thread (PGLITE_THREAD=0) runs each statement synchronously, and its own locks hand
 * over in promise callbacks, so a run of queued statements never lets the event loop read a socket:
 * under load the requests it happens to read keep the database while others wait unread (p99 18 s
 * with 200 busy sessions). Queries and transactions therefore wait in one first-come queue, with a
 * turn of the event loop before each waiting one starts, so that requests arriving meanwhile join
 * the queue.
 * Drizzle calls only `query` and `transaction` on its client.
 *
 * A request that has started goes on before those that came after it: what its code asks for
 * while it takes an answer, before the event loop reads a socket again (a request body read from
 * its buffer takes a few rounds of ticks and promise callbacks), is served next, for up to
 * FOLLOW_UP_TURNS turns in a row (a long export then takes its place at the back again).
 *
 * On its own thread (pgliteThread.ts) PGlite no longer holds the event loop, but each answer then
 * waits for this thread to take it and send the next statement, while the database thread idles;
 * so up to `depth` (THREAD_DEPTH) works are sent ahead and wait their turn there, in the same
 * order. A request's follow-up then waits behind at most depth - 1 works that came after it.
 */
const FOLLOW_UP_TURNS = 8
const ANSWER_ROUNDS = 3
const THREAD_DEPTH = 3
function inTurn(client: SqlClient, depth: number): SqlClient {
  const followUps: (() => void)[] = []
  const waiting: (() => void)[] = []
  let running = 0
  /** turns in a row of the work whose answer is being taken, while it is; otherwise null */
  let answering: number | null = null
  let answer = 0
  const closeAnswer = (id: number, rounds: number) => process.nextTick(() => {
    if (id !== answer) return
    if (rounds > 1) queueMicrotask(() => closeAnswer(id, rounds - 1))
    else answering = null
  })
  const next = () => {
    while (running < depth) {
      const start = followUps.shift() ?? waiting.shift()
      if (!start) return
      running++
      start()
    }
  }
  const finished = (turns: number) => {
    running--
    answering = turns
    closeAnswer(++answer, ANSWER_ROUNDS)
    if (followUps.length || waiting.length) setImmediate(next)
  }
  const turn = <T>(work: () => Promise<T>) => new Promise<T>((resolve, reject) => {
    const turns = answering != null && answering < FOLLOW_UP_TURNS ? answering + 1 : 0
    const start = () => work().then(
      (value) => { finished(turns); resolve(value) },
      (err: unknown) => { finished(turns); reject(err) })
    if (running < depth && !followUps.length && !waiting.length) {
      running++
      start()
    } else (turns ? followUps : waiting).push(start)
  })
  return {
    query: (...args: Parameters<SqlClient['query']>) => turn(() => client.query(...args)),
    transaction: (...args: Parameters<SqlClient['transaction']>) => turn(() => client.transaction(...args)),
  } as SqlClient
}

/**
 * Tells the count memo what each statement writes, as it is issued. A transaction's statements need
 * nothing more: PGlite runs no other statement while one is open, so no count can read between a
 * write and its commit or rollback.
 */
function noteWrites(client: SqlClient, memo: CountMemo): SqlClient {
  const noting = <Q extends Pick<SqlClient, 'query'>>(on: Q): Q['query'] => ((sql: string, ...rest: unknown[]) => {
    memo.noteStatement(sql)
    return on.query(sql, ...(rest as []))
  }) as Q['query']
  return {
    query: noting(client),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => client.transaction((tx) => callback({
      ...tx,
      query: noting(tx),
      exec: (sql: string, ...rest: unknown[]) => {
        memo.noteWrites(null)
        return tx.exec(sql, ...(rest as []))
      },
      rollback: () => tx.rollback(),
      get closed() { return tx.closed },
    } as Transaction)),
  } as SqlClient
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
