// Ticket reading figures of issue 4, measured on the built server over real HTTP:
// per-ticket latency, throughput with 4 concurrent uploads, a list call's p99 while OCR runs, server RSS.
import fs from 'node:fs'
import path from 'node:path'
import { encryptPassword } from '../server/src/platform/rsa.js'
import { BENCH_FIXTURES, percentile, report, startBuiltServer } from './lib.js'

const PASSWORD = 'Bench@123456'
const fixtures = BENCH_FIXTURES
const tickets = JSON.parse(fs.readFileSync(path.join(fixtures, 'tickets/truth.json'), 'utf8'))
  .map((t: { file: string; fileType: number }) => ({ file: fs.readFileSync(path.join(fixtures, 'tickets', t.file)), fileType: t.fileType }))
const phone = JSON.parse(fs.readFileSync(path.join(fixtures, 'tickets-phone/truth.json'), 'utf8'))
  .map((t: { file: string; fileType: number }) => ({ file: fs.readFileSync(path.join(fixtures, 'tickets-phone', t.file)), fileType: t.fileType }))

const server = await startBuiltServer({ ADMIN_PASSWORD: PASSWORD, LOGIN_RATE_PER_MINUTE: '100000', OCR_WORKERS: process.env.OCR_WORKERS ?? '2' })
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

const sequential: number[] = []
for (const t of tickets) sequential.push(await upload(t))
report('per-ticket latency p50 (one at a time)', percentile(sequential, 50), 'ms', '≤ 1200 ms')
report('per-ticket latency p95', percentile(sequential, 95), 'ms')

const phoneTimes: number[] = []
for (const t of phone) phoneTimes.push(await upload(t))
report('phone shot latency p50', percentile(phoneTimes, 50), 'ms')
report('server RSS after the sequential uploads', rssMb('VmRSS'), 'MB')

// 4 concurrent uploaders over 2 rounds of the fixtures, while one client lists the log every 50 ms
const jobs = [...tickets, ...tickets, ...phone]
let next = 0
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
const wall = performance.now()
await Promise.all(Array.from({ length: 4 }, async () => {
  while (next < jobs.length) await upload(jobs[next++]!)
}))
const seconds = (performance.now() - wall) / 1000
listing = false
await lister
report('throughput, 4 concurrent uploads', jobs.length / seconds, 'tickets/s', '≥ 1.5 tickets/s')
report('list call p99 while OCR runs', percentile(listTimes, 99), 'ms', '≤ 100 ms')
report('list call p50 while OCR runs', percentile(listTimes, 50), 'ms')
report('server RSS now', rssMb('VmRSS'), 'MB')
report('server RSS peak', rssMb('VmHWM'), 'MB', '≤ 1024 MB')
await server.stop()
