// Scale-out figures of issue 14: `npx tsx bench/scale.bench.ts`. Prints `name: value unit` lines.
// Ticket readings per second with one server process × one OCR worker against two processes × one
// worker each, in the same run, on one PostgreSQL database and one S3 bucket (s3rver); and the p99 of
// a list call while both processes read tickets. The processes run src/main.ts under tsx (no build
// needed); the client is the balancer, sending each upload to the next process in turn.
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   SCALE_TICKETS: uploads per configuration (default: the fixtures twice)
//   OCR_THREADS: inference threads per worker in both configurations (default 1: a worker is one core)
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { encryptPassword } from '../server/src/platform/rsa.js'
import { createScratchDatabase } from '../server/test/scratchDatabase.js'
import { BENCH_FIXTURES, cpuSeconds, freePort, percentile, report, root } from './lib.js'

const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PASSWORD = 'Bench@123456'
const CONCURRENCY = 4
/** one inference thread per worker (OCR_THREADS), so that one worker is one core's work and two processes may use both */
const OCR_THREADS = process.env.OCR_THREADS ?? '1'
const tickets = JSON.parse(fs.readFileSync(path.join(BENCH_FIXTURES, 'tickets/truth.json'), 'utf8'))
  .map((t: { file: string; fileType: number }) => ({ file: fs.readFileSync(path.join(BENCH_FIXTURES, 'tickets', t.file)), fileType: t.fileType }))
const total = Number(process.env.SCALE_TICKETS ?? tickets.length * 2)
const jobs = Array.from({ length: total }, (_, i) => tickets[i % tickets.length]!)

const scratch = await createScratchDatabase(PG_SERVER, 'scalebench')
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'bench', configs: [] }] })
const { port: s3Port } = await s3.run()

interface Proc { base: string; child: ChildProcess; dataDir: string }
const procs: Proc[] = []

async function startProcess(): Promise<Proc> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scalebench-'))
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web'),
      DATABASE_URL: scratch.url, ADMIN_PASSWORD: PASSWORD, OCR_WORKERS: '1', OCR_THREADS: OCR_THREADS, LOGIN_RATE_PER_MINUTE: '100000',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_BUCKET: 'bench', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode != null) throw new Error('server exited')
    const res = await fetch(`${base}/api/ready`).catch(() => null)
    if (res?.status === 200) break
    await new Promise((r) => setTimeout(r, 100))
  }
  const proc = { base, child, dataDir }
  procs.push(proc)
  return proc
}

async function signIn(base: string) {
  const key = (await (await fetch(`${base}/api/users/publicKey`)).json()) as { data: { publicKey: string } }
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: encryptPassword(key.data.publicKey, PASSWORD) }),
  })
  return { authorization: `Bearer ${((await res.json()) as { data: { token: string } }).data.token}` }
}

async function upload(base: string, auth: Record<string, string>, t: { file: Buffer; fileType: number }) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(t.file)], { type: 'image/jpeg' }), 'ticket.jpg')
  const res = await fetch(`${base}/api/logistics/analysis?fileType=${t.fileType}`, { method: 'POST', headers: auth, body: form })
  const body = (await res.json()) as { code: number; message: string }
  if (body.code !== 200) throw new Error(body.message)
}

/** `jobs` uploads, CONCURRENCY at a time, each to the next process in turn; a list call every 50 ms meanwhile. */
async function run(targets: Proc[], auth: Record<string, string>) {
  let next = 0
  let listing = true
  const listTimes: number[] = []
  const lister = (async () => {
    for (let i = 0; listing; i++) {
      const s = performance.now()
      const res = await fetch(`${targets[i % targets.length]!.base}/api/log/find/`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"page":1,"size":20}' })
      await res.json()
      listTimes.push(performance.now() - s)
      await new Promise((r) => setTimeout(r, 50))
    }
  })()
  const wall = performance.now()
  const serverCpu = targets.map((t) => cpuSeconds(t.child.pid!))
  const benchCpu = process.cpuUsage()
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < jobs.length) {
      const i = next++
      await upload(targets[i % targets.length]!.base, auth, jobs[i]!)
    }
  }))
  const seconds = (performance.now() - wall) / 1000
  const serverCores = targets.reduce((sum, t, i) => sum + cpuSeconds(t.child.pid!) - serverCpu[i]!, 0) / seconds
  const used = process.cpuUsage(benchCpu)
  const benchCores = (used.user + used.system) / 1e6 / seconds
  listing = false
  await lister
  return { perSecond: jobs.length / seconds, serverCores, benchCores, p99: percentile(listTimes, 99), p50: percentile(listTimes, 50) }
}

try {
  const first = await startProcess()
  const auth = await signIn(first.base)
  await upload(first.base, auth, jobs[0]!) // warm: the models' first run
  const one = await run([first], auth)

  const second = await startProcess()
  // the session and the key are shared: the same token works on the second process
  await upload(second.base, auth, jobs[0]!)
  const two = await run([first, second], auth)

  report(`tickets/s, 1 process × 1 OCR worker × ${OCR_THREADS} thread (${jobs.length} uploads, ${CONCURRENCY} at a time)`, one.perSecond, 'tickets/s')
  report(`tickets/s, 2 processes × 1 OCR worker each (same uploads)`, two.perSecond, 'tickets/s')
  report('ratio two processes / one', two.perSecond / one.perSecond, '×', 'approaching 2× on two cores')
  // where the cores went: a single process already keeps more than one core busy (request handling and
  // image decoding beside its OCR worker), and the client and S3 server share the same two cores
  report('cores busy in the server, 1 process', one.serverCores, 'cores')
  report('cores busy in the servers, 2 processes', two.serverCores, 'cores')
  report('cores busy in the bench client + S3 server, 2 processes', two.benchCores, 'cores')
  report('list call p99 while 1 process reads tickets', one.p99, 'ms')
  report('list call p99 while 2 processes read tickets', two.p99, 'ms', '≤ 100 ms')
  report('list call p50 while 2 processes read tickets', two.p50, 'ms')
  report('cores', os.availableParallelism(), '')
} finally {
  await Promise.all(procs.map((p) => new Promise<void>((resolve) => {
    if (p.child.exitCode != null) return resolve()
    p.child.once('exit', () => resolve())
    p.child.kill('SIGTERM')
  })))
  for (const p of procs) fs.rmSync(p.dataDir, { recursive: true, force: true })
  await s3.close()
  fs.rmSync(s3Dir, { recursive: true, force: true })
  await scratch.drop()
}
