import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { MALLOC_ENV } from '../scripts/malloc-env.mjs'
import { FIXTURES } from '../server/test/ocr/accuracy.js'
import { sql } from 'drizzle-orm'
import type { Executor } from '../server/src/db/client.js'

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

/** Ticket fixtures for benchmarks: the larger shared set beside the checkout when it is there, else the subset the tests use. */
const SHARED_FIXTURES = path.resolve(root, '../shared/fixtures')
export const BENCH_FIXTURES = process.env.TICKET_FIXTURES
  ?? (fs.existsSync(path.join(SHARED_FIXTURES, 'tickets/truth.json')) ? SHARED_FIXTURES : FIXTURES)

export function report(name: string, value: number, unit: string, target?: string) {
  console.log(`${name}: ${Number.isInteger(value) ? value : value.toFixed(2)} ${unit}${target ? `  (target ${target})` : ''}`)
}

/** CPU seconds a process has used so far (user + system, all its threads: OCR workers and PGlite's among them) */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

/**
 * JSON POSTs to a server over node:http with kept-alive connections, for benches that load it with many parallel
 * clients. Not fetch: fetch's streams cost the client about as much CPU as the server spends answering, and on a
 * two-core machine that share is taken from the server and the database being measured.
 */
export function jsonClient(base: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) => new Promise<T>((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body))
    const req = http.request(new URL(path, base), {
      method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': data.length },
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        try { resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T) } catch (err) { reject(err as Error) }
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(data)
  })
  return { post, close: () => agent.destroy() }
}

/**
 * Starts the built server (server/dist/main.js, or `main`: another build, a baseline's) as `npm start` does, and
 * resolves once it is ready (GET /api/ready); `ms` is start to first answer.
 */
export async function startBuiltServer(env: Record<string, string>, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')), main = path.join(root, 'server/dist/main.js')) {
  if (!fs.existsSync(main)) throw new Error(`build first: npm run build (${main})`)
  const port = await freePort()
  const t0 = performance.now()
  // BENCH_SERVER_NODE_ARGS: node's options for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes
  const child: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), main], {
    env: { ...MALLOC_ENV, ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    try {
      const res = await fetch(`${base}/api/users/publicKey`)
      if (res.ok) break
    } catch { /* not yet */ }
    if (child.exitCode != null) throw new Error('server exited')
    await new Promise((r) => setTimeout(r, 20))
  }
  const ms = performance.now() - t0
  // answering is not ready: the OCR workers load their models after listening (the server grows by ~340 MB
  // in the next seconds), and a figure taken meanwhile would count their loading as its own
  for (const t1 = performance.now(); ;) {
    const ready = await fetch(`${base}/api/ready`).catch(() => null)
    if (ready?.status === 200) break
    if (child.exitCode != null) throw new Error('server exited')
    if (performance.now() - t1 > 300_000) {
      child.kill('SIGKILL')
      throw new Error(`server not ready after 5 minutes: ${await ready?.text()}`)
    }
    await ready?.body?.cancel()
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    base, ms, dataDir, child,
    stop: () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM') }),
  }
}

/** A process's resident memory now, in bytes (Linux). */
export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024

/**
 * A fresh database for a benchmark: a scratch database on the PostgreSQL server, or PGlite in a new
 * data directory. `env` is what the built server needs to open the same one; `drop` removes it all.
 */
export async function benchDatabase(kind: 'postgres' | 'pglite' | string, name: string, pgServer: string) {
  const { openDatabase } = await import('../server/src/db/client.js')
  const { createScratchDatabase } = await import('../server/test/scratchDatabase.js')
  const migrationsDir = path.join(root, 'server/src/db/migrations')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`))
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true })
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(pgServer, name)
    const database = await openDatabase({ databaseUrl: scratch.url, migrationsDir })
    return { database, dataDir, env: { DATABASE_URL: scratch.url }, drop: async () => { await scratch.drop(); removeDir() } }
  }
  const database = await openDatabase({ dataDir, migrationsDir })
  return { database, dataDir, env: { DATABASE_URL: '' }, drop: async () => removeDir() }
}

/** `count` bases 基地1…, with 100 uploads and 10 seats each, made an hour apart: the admin and load benches' fixture. */
export async function insertBenchBases(db: Executor, count: number) {
  await db.execute(sql`
    insert into company (name, contactor, phone, domain, remaining_times, user_amount, create_time)
    select '基地' || g, '联系人' || g, '139' || lpad(g::text, 8, '0'), 'base' || g, 100, 10, now() - (g || ' hours')::interval
    from generate_series(1, ${count}) g`)
}
