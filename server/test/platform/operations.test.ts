import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { OpsMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { S3Config } from '../../src/config.js'
import { attachments } from '../../src/db/schema/index.js'
import { READY_PROBE_REUSE_MS } from '../../src/modules/operations/routes.js'
import { s3Store } from '../../src/platform/files.js'
import { bearer, createTestApp, multipart, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { FIXTURES } from '../ocr/accuracy.js'

/**
 * Health, readiness and metrics, on a server whose attachments and ticket pictures live in an S3
 * bucket: s3rver, a real S3 protocol server (it does not check SigV4 signatures; files.ts's signing is
 * checked against AWS's published example in admin/attachments.test.ts).
 */
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789'
let s3: S3rver
let s3Dir: string
let s3Config: S3Config
let env: TestEnv
let token: string

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'tickets', configs: [] }] })
  const { port } = await s3.run()
  s3Config = {
    endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'tickets', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER',
    prefix: 'files/', forcePathStyle: true,
  }
  env = await createTestApp({ s3: s3Config, metricsToken: METRICS_TOKEN, ocrWorkers: 1 })
  const company = await makeCompany(env.db, '运维测试基地', { remainingTimes: 100 })
  const user = await makeUser(env.db, { phone: '13500001111', role: 'subAccount', companyIds: [company.id] })
  token = await env.token(user.phone, user.password)
})
afterAll(async () => {
  await env?.close()
  await s3?.close()
  if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true })
})

const ready = () => env.call(null, 'GET', '/api/ready')
/** Past the reuse of the last probe's result: the next call probes again. */
const waitOutProbe = () => new Promise((r) => setTimeout(r, READY_PROBE_REUSE_MS + 10))

describe('health and readiness', () => {
  test('health answers while the process runs, without a session', async () => {
    expect(await env.call(null, 'GET', '/api/health')).toMatchObject({ status: 200, code: 200, message: OpsMsg.alive })
  })

  test('not ready (503, in Chinese) until the OCR workers have started, then ready', async () => {
    const before = await ready()
    expect(before.status).toBe(503)
    expect(before.code).toBe(503)
    expect(before.message).toBe(`${OpsMsg.notReady}：${OpsMsg.ocrNotStarted}`)
    expect(before.data).toMatchObject({ database: { ok: true }, storage: { ok: true }, ocr: { ok: false }, stopping: false })
    await env.ctx.reader.start()
    expect(await ready()).toMatchObject({ status: 200, code: 200, message: OpsMsg.ready, data: { ocr: { ok: true } } })
  })

  test('a burst of anonymous calls shares one probe of the database and the bucket', async () => {
    const files = env.ctx.files
    let checks = 0
    let release!: () => void
    const held = new Promise<void>((resolve) => { release = resolve })
    env.ctx.files = Object.assign(Object.create(files), { check: async () => { checks++; await held; return files.check() } })
    try {
      await waitOutProbe()
      const burst = Array.from({ length: 40 }, () => ready())
      // the calls arrive while the first probe waits on the bucket
      await new Promise((r) => setTimeout(r, 300))
      release()
      const answers = await Promise.all(burst)
      expect(answers.every((a) => a.data.storage.ok && a.data.database.ok)).toBe(true)
      expect(checks).toBe(1)
    } finally {
      env.ctx.files = files
    }
  })

  test(`a bucket that cannot be reached makes the process not ready, naming the storage, within ${READY_PROBE_REUSE_MS} ms`, async () => {
    const files = env.ctx.files
    // a probe that reached the bucket, reused for a while
    expect((await ready()).data.storage.ok).toBe(true)
    env.ctx.files = s3Store({ ...s3Config, bucket: 'no-such-bucket' })
    try {
      await waitOutProbe()
      const answer = await ready()
      expect([answer.status, answer.message]).toEqual([503, `${OpsMsg.notReady}：${OpsMsg.storageDown}`])
      expect(answer.data).toMatchObject({ database: { ok: true }, storage: { ok: false, message: OpsMsg.storageDown } })
    } finally {
      env.ctx.files = files
    }
  })
})

describe('attachments and ticket pictures in the S3 bucket', () => {
  test('a read ticket\'s picture is stored in the bucket and downloaded from it', async () => {
    const picture = fs.readFileSync(path.join(FIXTURES, 'tickets', 'A1_000.jpg'))
    const read = await env.upload(token, '/api/logistics/analysis?fileType=1', multipart({ file: { name: 'ticket.jpg', type: 'image/jpeg', data: picture } }))
    expect(read.status).toBe(200)
    const picId = read.data.deliveryPicId as number
    const [row] = await env.db.select().from(attachments).where(eq(attachments.id, picId))
    // the object is in the bucket itself, not on disk or in memory
    const bucket = s3Store(s3Config)
    const stored = await bucket.get(row!.sha256)
    expect(stored?.length).toBe(row!.size)
    const download = await env.app.inject({ method: 'GET', url: read.data.deliveryPicUrl, headers: bearer(token) })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('image/jpeg')
    expect(Buffer.compare(download.rawPayload, stored!)).toBe(0)
  })

  test('an attachment uploaded is downloaded byte for byte from the bucket', async () => {
    const pdf = Buffer.from(`%PDF-1.4\n% ${crypto.randomUUID()}\n%%EOF\n`)
    const up = await env.upload(token, '/api/attachments', multipart({ file: { name: '合同.pdf', type: 'application/pdf', data: pdf } }))
    expect(up.status).toBe(200)
    const download = await env.app.inject({ method: 'GET', url: up.data.url, headers: bearer(token) })
    expect(download.statusCode).toBe(200)
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0)
    const [row] = await env.db.select().from(attachments).where(eq(attachments.id, up.data.id))
    expect(await s3Store(s3Config).exists(row!.sha256)).toBe(true)
  })
})

describe('Prometheus metrics', () => {
  test('refused without the metrics token, or with a user\'s session token', async () => {
    const none = await env.call(null, 'GET', '/api/metrics')
    expect([none.status, none.message]).toEqual([401, OpsMsg.metricsToken])
    const user = await env.call(token, 'GET', '/api/metrics')
    expect([user.status, user.message]).toEqual([401, OpsMsg.metricsToken])
  })

  test('with the token: request latency by route pattern, the OCR queue and job time, the database pool', async () => {
    await env.call(token, 'GET', '/api/users/info')
    const res = await env.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(METRICS_TOKEN) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    const text = res.body
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/users\/info",status="200"\} \d+/)
    // the ticket read above
    expect(text).toMatch(/^ocr_job_duration_seconds_count [1-9]/m)
    expect(text).toMatch(/^ocr_queue_depth 0$/m)
    expect(text).toMatch(/^ocr_workers_ready 1$/m)
    if (process.env.TEST_DATABASE_URL) expect(text).toMatch(/^db_pool_connections [1-9]/m)
    expect(text).toMatch(/^db_pool_waiting 0$/m)
    // how long the event loop was held (prom-client's Node metrics): what a request that blocks it shows
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_max_seconds \d/m)
  })

  test('off without METRICS_TOKEN: the route does not exist', async () => {
    const plain = await createTestApp()
    try {
      expect((await plain.call(null, 'GET', '/api/metrics')).status).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
