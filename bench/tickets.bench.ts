// Ticket reading figures of issue 4, measured on the built server over real HTTP:
// per-ticket latency, throughput with 4 concurrent uploads, a list call's p99 while OCR runs, server RSS.
// And issue 11's overhead figures, in the same run: the endpoint's p50 against the bare detector +
// recogniser on the same photos (one onnxruntime thread, as each of the server's two workers has), and
// the endpoint's throughput with 4 concurrent uploads against a bare OcrPool of the same size.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { OcrEngine } from '../server/src/ocr/engine.js'
import { prepareImage } from '../server/src/ocr/image.js'
import { OcrPool } from '../server/src/ocr/pool.js'
import { encryptPassword } from '../server/src/platform/rsa.js'
import { BENCH_FIXTURES, cpuSeconds, percentile, report, startBuiltServer } from './lib.js'

const PASSWORD = 'Bench@123456'
const fixtures = BENCH_FIXTURES
const tickets = JSON.parse(fs.readFileSync(path.join(fixtures, 'tickets/truth.json'), 'utf8'))
  .map((t: { file: string; fileType: number }) => ({ file: fs.readFileSync(path.join(fixtures, 'tickets', t.file)), fileType: t.fileType }))
const phone = JSON.parse(fs.readFileSync(path.join(fixtures, 'tickets-phone/truth.json'), 'utf8'))
  .map((t: { file: string; fileType: number }) => ({ file: fs.readFileSync(path.join(fixtures, 'tickets-phone', t.file)), fileType: t.fileType }))

const WORKERS = Number(process.env.OCR_WORKERS ?? 2)
const server = await startBuiltServer({ ADMIN_PASSWORD: PASSWORD, LOGIN_RATE_PER_MINUTE: '100000', OCR_WORKERS: String(WORKERS), OCR_THREADS: '1' })
const pid = server.child.pid!
const rssMb = (field: 'VmRSS' | 'VmHWM') => Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))![1]) / 1024

const { data: { publicKey } } = (await (await fetch(`${server.base}/api/users/publicKey`)).json()) as { data: { publicKey: string } }
const password = encryptPassword(publicKey, PASSWORD)
const login = (await (await fetch(`${server.base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) })).json()) as { data: { token: string } }
const auth = { authorization: `Bearer ${login.data.token}` }

async function upload(t: { file: Buffer; fileType: number }) {
  const form = new FormData()
  form.append('file', new Blob([t.file], { type: 'image/jpeg' }), 'ticket.jpg')
  const start = performance.now()
  const res = await fetch(`${server.base}/api/logistics/analysis?fileType=${t.fileType}`, { method: 'POST', headers: auth, body: form })
  const body = (await res.json()) as { code: number; message: string }
  if (body.code !== 200) throw new Error(body.message)
  return performance.now() - start
}

report('server RSS before any upload', rssMb('VmRSS'), 'MB')
// warm-up: the first upload starts the workers and loads the models
const t0 = performance.now()
await upload(tickets[0])
report('first upload (starts the OCR workers)', performance.now() - t0, 'ms')
report('server RSS after the first upload', rssMb('VmRSS'), 'MB')

// each photo through the endpoint and, right after, through a bare detector + recogniser in this
// process (decoded beforehand, not timed): the machine's noise falls on both alike
const engine = await OcrEngine.create({ threads: 1 })
const prepared = await Promise.all(tickets.map((t: { file: Buffer }) => prepareImage(t.file)))
await engine.recognize(prepared[0]!)
const sequential: number[] = []
const bare: number[] = []
for (const [i, t] of tickets.entries()) {
  sequential.push(await upload(t))
  const s = performance.now()
  await engine.recognize(prepared[i]!)
  bare.push(performance.now() - s)
}
report('per-ticket latency p50 (one at a time)', percentile(sequential, 50), 'ms', '≤ 1200 ms')
report('per-ticket latency p95', percentile(sequential, 95), 'ms')
report('bare detector + recogniser p50, same photos, 1 thread', percentile(bare, 50), 'ms')
report('endpoint p50 / bare detector + recogniser p50', percentile(sequential, 50) / percentile(bare, 50), '×', '≤ 1.25×')

const phoneTimes: number[] = []
for (const t of phone) phoneTimes.push(await upload(t))
report('phone shot latency p50', percentile(phoneTimes, 50), 'ms')
report('server RSS after the sequential uploads', rssMb('VmRSS'), 'MB')

// 4 concurrent uploaders over the fixtures (each flat ticket twice) while one client lists the log every 50 ms
// (issue 4's figures); then, with nobody listing, the same jobs through the endpoint and on a bare
// OcrPool of the server's size, twice each, alternating: the ratio compares the same work
const jobs = [...tickets, ...tickets, ...phone]

/** the jobs, 4 at a time: seconds taken, CPU seconds per job */
async function fourAtATime(run: (t: (typeof jobs)[number]) => Promise<unknown>, cpu: () => number) {
  let next = 0
  const wall = performance.now()
  const before = cpu()
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < jobs.length) await run(jobs[next++]!)
  }))
  return { seconds: (performance.now() - wall) / 1000, cpuPerJob: (cpu() - before) / jobs.length }
}
const rate = (rounds: { seconds: number }[]) => (jobs.length * rounds.length) / rounds.reduce((n, r) => n + r.seconds, 0)
const cpuMs = (rounds: { cpuPerJob: number }[]) => (rounds.reduce((n, r) => n + r.cpuPerJob, 0) / rounds.length) * 1000

let listing = true
const listTimes: number[] = []
const lister = (async () => {
  while (listing) {
    const s = performance.now()
    const res = await fetch(`${server.base}/api/log/find/`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"page":1,"size":20}' })
    await res.json()
    listTimes.push(performance.now() - s)
    await new Promise((r) => setTimeout(r, 50))
  }
})()
const listedRound = await fourAtATime(upload, () => cpuSeconds(pid))
listing = false
await lister
report('throughput, 4 concurrent uploads, while listing', rate([listedRound]), 'tickets/s', '≥ 1.5 tickets/s')
report('list call p99 while OCR runs', percentile(listTimes, 99), 'ms', '≤ 100 ms')
report('list call p50 while OCR runs', percentile(listTimes, 50), 'ms')

const pool = new OcrPool({ size: WORKERS, threadsPerWorker: 1, maxQueue: 16 })
await pool.ready()
await Promise.all(Array.from({ length: WORKERS }, (_, i) => pool.analyze({ buffer: tickets[i].file, fileType: tickets[i].fileType })))
const processCpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6 }
const endpointRounds: Awaited<ReturnType<typeof fourAtATime>>[] = []
const poolRounds: Awaited<ReturnType<typeof fourAtATime>>[] = []
for (let round = 0; round < 2; round++) {
  endpointRounds.push(await fourAtATime(upload, () => cpuSeconds(pid)))
  poolRounds.push(await fourAtATime((t) => pool.analyze({ buffer: t.file, fileType: t.fileType }), processCpu))
}
await pool.close()
report('throughput, 4 concurrent uploads', rate(endpointRounds), 'tickets/s')
report(`bare OcrPool of ${WORKERS} workers, 4 concurrent jobs`, rate(poolRounds), 'tickets/s')
report('endpoint throughput / bare pool throughput', rate(endpointRounds) / rate(poolRounds), '×', '≥ 0.95×')
// where a gap comes from: the CPU each ticket costs the whole server process (HTTP, database, storing the picture, workers) and the bare pool
report('CPU per ticket, server process (4 concurrent uploads)', cpuMs(endpointRounds), 'ms')
report('CPU per ticket, bare pool (4 concurrent jobs)', cpuMs(poolRounds), 'ms')
report('server RSS now', rssMb('VmRSS'), 'MB')
report('server RSS peak', rssMb('VmHWM'), 'MB', '≤ 1024 MB')
report('load average (1 min) at the end', os.loadavg()[0], '')
await server.stop()
