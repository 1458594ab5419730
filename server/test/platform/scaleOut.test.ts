import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { loginLockedMessage, LOGIN_LOCK, Msg, OpsMsg, ResultCode } from '@app/contract'
import { eq } from 'drizzle-orm'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type Database } from '../../src/db/client.js'
import { receiptFormats } from '../../src/db/schema/index.js'
import { encryptPassword } from '../../src/platform/rsa.js'
import { SESSION_CACHE_MS } from '../../src/platform/sessions.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { multipart } from '../helpers.js'
import { FIXTURES } from '../ocr/accuracy.js'
import { createScratchDatabase } from '../scratchDatabase.js'
import { SLOW_TEST_MS } from '../timing.js'

/**
 * DESIGN §3's promise: the same server as several processes behind a load balancer, on one
 * PostgreSQL database and one S3 bucket. Two real server processes (src/main.ts under tsx), an
 * s3rver bucket, and a round-robin proxy that sends each request to the next process and says which
 * (x-upstream), so every step below can show that it crossed from one process to the other.
 * PostgreSQL only: PGlite is an embedded database that one process holds.
 */
const serverUrl = process.env.TEST_DATABASE_URL
const ADMIN_PASSWORD = 'Admin@123456'
const METRICS_TOKEN = 'scale-out-metrics'
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')

interface Upstream { port: number; child: ChildProcess; dataDir: string; exited: Promise<number | null> }

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
let database: Database
let s3: S3rver
let s3Dir: string
const upstreams: Upstream[] = []
let proxy: http.Server
let base: string

async function startProcess(env: Record<string, string>): Promise<Upstream> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-'))
  const probe = http.createServer().listen(0, '127.0.0.1')
  await new Promise((r) => probe.once('listening', r))
  const port = (probe.address() as AddressInfo).port
  await new Promise((r) => probe.close(r))
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web') },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { port, child, dataDir, exited }
}

/** Until the process answers ready: started, migrated and its OCR models loaded (minutes on a machine busy with other work). */
async function waitReady(u: Upstream) {
  for (const deadline = Date.now() + SLOW_TEST_MS; Date.now() < deadline;) {
    if (u.child.exitCode != null) throw new Error(`server on ${u.port} exited with ${u.child.exitCode}`)
    const res = await fetch(`http://127.0.0.1:${u.port}/api/ready`).catch(() => null)
    if (res?.status === 200) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server on ${u.port} not ready`)
}

/**
 * A GET straight to one process, on a connection of its own that ends with the answer: a kept-alive
 * connection busy when the process is told to stop would keep it open until its grace period ends.
 */
function direct(u: Upstream, url: string, token?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const headers = token ? { authorization: `Bearer ${token}` } : {}
    http.get({ host: '127.0.0.1', port: u.port, path: url, headers, agent: false }, (res) => {
      const body: Buffer[] = []
      res.on('data', (c: Buffer) => body.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(body).toString('utf8') }))
    }).on('error', reject)
  })
}

/** A figure of the process's /api/metrics (e.g. ocr_workers_busy). */
async function metric(u: Upstream, name: string) {
  const { text } = await direct(u, '/api/metrics', METRICS_TOKEN)
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)
}

/** Round robin, as nginx's upstream does; a process that refuses the connection is skipped (proxy_next_upstream error). */
function startProxy() {
  let next = 0
  const server = http.createServer((req, res) => {
    const body: Buffer[] = []
    req.on('data', (c: Buffer) => body.push(c))
    req.on('end', () => {
      const attempt = (tries: number) => {
        const index = next++ % upstreams.length
        const forward = http.request({ host: '127.0.0.1', port: upstreams[index]!.port, method: req.method, path: req.url, headers: req.headers, agent: false }, (answer) => {
          res.writeHead(answer.statusCode!, { ...answer.headers, 'x-upstream': String(index) })
          answer.pipe(res)
        })
        forward.on('error', () => (tries > 1 ? attempt(tries - 1) : res.writeHead(502).end()))
        forward.end(Buffer.concat(body))
      }
      attempt(upstreams.length)
    })
  })
  return new Promise<http.Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

interface Answer { upstream: number; status: number; code: number; message: string; data: any; raw: Buffer; headers: Headers }
async function call(method: string, url: string, opts: { token?: string; json?: unknown; form?: ReturnType<typeof multipart> } = {}): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  let body: RequestInit['body']
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(opts.json)
  } else if (opts.form) {
    Object.assign(headers, opts.form.headers)
    body = new Uint8Array(opts.form.payload)
  }
  const res = await fetch(`${base}${url}`, { method, headers, body })
  const raw = Buffer.from(await res.arrayBuffer())
  let parsed: any = {}
  try { parsed = JSON.parse(raw.toString('utf8')) } catch { /* a file */ }
  return { upstream: Number(res.headers.get('x-upstream')), status: res.status, code: parsed.code, message: parsed.message, data: parsed.data, raw, headers: res.headers }
}

/** Signs in; `on`: the process the login itself goes to. */
async function login(username: string, password: string, on?: number) {
  const key = await call('GET', '/api/users/publicKey')
  if (on !== undefined) await nextGoesTo(on)
  const answer = await call('POST', '/api/users/login', { json: { username, password: encryptPassword(key.data.publicKey, password) } })
  return { key, answer }
}

/** Makes the next request go to the process after `upstream` (each call moves the round robin on by one). */
async function nextGoesTo(upstream: number) {
  for (let i = 0; i < upstreams.length; i++) {
    const probe = await call('GET', '/api/health')
    if ((probe.upstream + 1) % upstreams.length === upstream) return
  }
}

// each process loads OCR models and reads tickets: minutes on a machine busy with other work
describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database and one S3 bucket (skipped on PGlite: one process holds an embedded database)', { timeout: SLOW_TEST_MS }, () => {
  let userPhone: string
  let userPassword: string

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'scale')
    // the schema and the seed are the processes' own work; fixtures come after
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'shared', configs: [] }] })
    const { port: s3Port } = await s3.run()
    const env = {
      DATABASE_URL: scratch.url, ADMIN_PASSWORD, OCR_WORKERS: '1', LOGIN_RATE_PER_MINUTE: '1000', SHUTDOWN_GRACE_SECONDS: '20',
      // a reading's time is not under test; the metrics tell when process 0 is reading
      OCR_TIMEOUT_SECONDS: String(SLOW_TEST_MS / 1000), METRICS_TOKEN,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_BUCKET: 'shared', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
    }
    // both start at once: migrations, seed and the first password key race, as in a real roll-out
    upstreams.push(await startProcess(env), await startProcess(env))
    await Promise.all(upstreams.map(waitReady))
    proxy = await startProxy()
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    database = await openDatabase({ databaseUrl: scratch.url, migrationsDir: path.join(root, 'src/db/migrations') })
    const company = await makeCompany(database.db, '双进程基地', { remainingTimes: 100 })
    const user = await makeUser(database.db, { phone: '13600002222', role: 'subAccount', companyIds: [company.id] })
    userPhone = user.phone
    userPassword = user.password
  }, 2 * SLOW_TEST_MS)

  afterAll(async () => {
    for (const u of upstreams) {
      if (u.child.exitCode == null) u.child.kill('SIGKILL')
      await u.exited
      fs.rmSync(u.dataDir, { recursive: true, force: true })
    }
    await new Promise((r) => (proxy ? proxy.close(r) : r(null)))
    await database?.close()
    await s3?.close()
    if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true })
    await scratch?.drop()
  })

  test('the public key from one process signs in on the other, every time', async () => {
    for (let i = 0; i < 4; i++) {
      const { key, answer } = await login('admin', ADMIN_PASSWORD)
      expect(answer.upstream).not.toBe(key.upstream)
      expect([answer.status, answer.message]).toEqual([200, Msg.loginOk])
    }
  })

  test('a ticket read on one process: its picture downloads from the other', async () => {
    const token = (await login(userPhone, userPassword)).answer.data.token as string
    const picture = fs.readFileSync(path.join(FIXTURES, 'tickets', 'A1_000.jpg'))
    const read = await call('POST', '/api/logistics/analysis?fileType=1', { token, form: multipart({ file: { name: 'ticket.jpg', type: 'image/jpeg', data: picture } }) })
    expect(read.status).toBe(200)
    expect(read.data.deliveryNumber).toBeTruthy()
    const download = await call('GET', read.data.deliveryPicUrl, { token })
    expect(download.upstream).not.toBe(read.upstream)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('image/jpeg')
    expect(download.raw.length).toBeGreaterThan(10_000)
  })

  test('a logout on one process ends the session on the other at once', async () => {
    const token = (await login(userPhone, userPassword)).answer.data.token as string
    // the other process has the session in its cache, for SESSION_CACHE_MS from now
    const cachedAt = Date.now()
    const before = await call('GET', '/api/users/info', { token })
    expect(before.status).toBe(200)
    await nextGoesTo((before.upstream + 1) % 2)
    const logout = await call('POST', '/api/users/actions/logout', { token })
    expect([logout.upstream, logout.status]).toEqual([(before.upstream + 1) % 2, 200])
    const loggedOutAt = Date.now()
    // the notification reaches the other process in milliseconds, but may come a moment after the
    // logout's answer: asked straight, the other process refuses the token as soon as it has it
    const cached = upstreams[before.upstream]!
    const infoThere = async () => {
      const { status, text } = await direct(cached, '/api/users/info', token)
      return [status, (JSON.parse(text) as { code: number }).code]
    }
    await expect.poll(infoThere, { interval: 10, timeout: SLOW_TEST_MS }).toEqual([401, ResultCode.ILLEGAL_TOKEN])
    // told, not left to its copy running out (a machine so busy that the logout came after that cannot tell)
    if (loggedOutAt - cachedAt < SESSION_CACHE_MS) expect(Date.now() - cachedAt).toBeLessThan(SESSION_CACHE_MS)
  })

  test('the lockout counts failed passwords sent to both processes', async () => {
    const locked = loginLockedMessage(LOGIN_LOCK.lockMs / 60_000)
    const seen = new Set<number>()
    for (let i = 1; i < LOGIN_LOCK.failures; i++) {
      const { answer } = await login(userPhone, 'Wrong9pass', i % 2)
      seen.add(answer.upstream)
      expect([answer.status, answer.message]).toEqual([400, Msg.loginFailed])
    }
    expect(seen.size).toBe(2)
    // the fifth failure, wherever it lands, locks the account
    const fifth = (await login(userPhone, 'Wrong9pass')).answer
    expect([fifth.status, fifth.message]).toEqual([429, locked])
    // the right password now, on either process: locked
    const upstreamsSeen = new Set<number>()
    for (let i = 0; i < 2; i++) {
      const { answer } = await login(userPhone, userPassword, i)
      upstreamsSeen.add(answer.upstream)
      expect([answer.status, answer.message]).toEqual([429, locked])
    }
    expect(upstreamsSeen.size).toBe(2)
  })

  test('a ticket format edited on one process is used by the next ticket read on the other', async () => {
    const admin = (await login('admin', ADMIN_PASSWORD)).answer.data.token as string
    const picture = fs.readFileSync(path.join(FIXTURES, 'tickets', 'A1_000.jpg'))
    const read = () => call('POST', '/api/logistics/analysis?fileType=1', { token: admin, form: multipart({ file: { name: 'ticket.jpg', type: 'image/jpeg', data: picture } }) })
    const first = await read()
    expect(first.status).toBe(200)
    const [format] = await database.db.select().from(receiptFormats).where(eq(receiptFormats.name, first.data.format.name))
    const renamed = `${format!.name}（新版）`
    await nextGoesTo((first.upstream + 1) % 2)
    const edit = await call('PUT', `/api/receiptFormat/update/${format!.id}`, {
      token: admin,
      json: { name: renamed, type: format!.type, regular: format!.regular ?? '', rankcom: format!.rankcom, excludeKeywords: format!.excludeKeywords ?? '', requiredFields: format!.requiredFields ? format!.requiredFields.split(',').filter(Boolean) : [], description: format!.description ?? '' },
    })
    expect([edit.upstream, edit.status]).toEqual([(first.upstream + 1) % 2, 200])
    const second = await read()
    expect(second.upstream).toBe(first.upstream)
    expect(second.data.format.name).toBe(renamed)
  })

  test('SIGTERM: the stopping process finishes the ticket it is reading, says it is not ready, and exits; the other serves on', async () => {
    const admin = (await login('admin', ADMIN_PASSWORD)).answer.data.token as string
    await nextGoesTo(0)
    const picture = fs.readFileSync(path.join(FIXTURES, 'tickets', 'B1_001.jpg'))
    let answered = false
    const reading = call('POST', '/api/logistics/analysis?fileType=1', { token: admin, form: multipart({ file: { name: 'ticket.jpg', type: 'image/jpeg', data: picture } }) })
      .finally(() => { answered = true })
    // until the request has reached process 0 and its OCR worker reads the ticket (however slow the machine)
    await expect.poll(async () => answered || await metric(upstreams[0]!, 'ocr_workers_busy') === 1, { timeout: SLOW_TEST_MS, interval: 20 }).toBe(true)
    expect(answered).toBe(false)
    upstreams[0]!.child.kill('SIGTERM')
    // until the signal is handled: the stopping process says it is not ready, or no longer answers
    const readyThere = () => direct(upstreams[0]!, '/api/ready').then((r) => r.status, () => 'refused')
    await expect.poll(readyThere, { timeout: SLOW_TEST_MS, interval: 20 }).not.toBe(200)
    expect([503, 'refused']).toContain(await readyThere())
    const read = await reading
    expect([read.upstream, read.status]).toEqual([0, 200])
    expect(read.data.deliveryPicId).toBeGreaterThan(0)
    expect(await upstreams[0]!.exited).toBe(0)
    // the balancer moves on to the process left
    const info = await call('GET', '/api/users/info', { token: admin })
    expect([info.upstream, info.status]).toEqual([1, 200])
    const ready = await call('GET', '/api/ready')
    expect([ready.status, ready.message]).toEqual([200, OpsMsg.ready])
  })
})
