import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { IDLE_TIMEOUT_MS, SCREEN_LINK_HOURS } from '@app/contract'

export interface Config {
  port: number
  host: string
  dataDir: string
  /** PostgreSQL server; when absent the embedded PGlite under `dataDir/db` is used */
  databaseUrl?: string
  /** run PGlite in memory (tests) */
  inMemoryDb?: boolean
  /** PGlite on a thread of its own (default); PGLITE_THREAD=0 runs it on the main thread */
  pgliteThread: boolean
  adminPassword?: string
  ocrWorkers: number
  /** onnxruntime threads per OCR worker (OCR_THREADS); default: cores / workers, at least 1 */
  ocrThreads?: number
  /** a ticket reading that takes longer is stopped and its worker replaced (OCR_TIMEOUT_SECONDS) */
  ocrTimeoutMs: number
  smsWebhookUrl?: string
  /** built web app to serve; absent in tests */
  webDist?: string
  migrationsDir: string
  logLevel: string
  /** how long a non-remembered session may stay idle */
  sessionIdleMs: number
  /**
   * The reverse proxies whose X-Forwarded-For is believed: addresses or CIDRs (TRUST_PROXY=10.0.0.0/8,127.0.0.1).
   * Nothing by default, so a client cannot pick its own address for the per-IP limits.
   */
  trustProxy: string[] | false
  /** bytes of attachments and ticket pictures one base may store (STORAGE_QUOTA_MB) */
  storageQuotaBytes: number
  /** per-IP requests a minute to the login and token calls */
  loginRatePerMinute: number
  /** readings one device may post a minute (DEVICE_RATE_PER_MINUTE); a device measures a person in tens of seconds */
  deviceRatePerMinute: number
  /** per-IP requests a minute to the SMS call */
  smsRatePerMinute: number
  /** pound-difference SMS a base may send a day, whatever the number of calls (SMS_PER_BASE_PER_DAY) */
  smsPerBasePerDay: number
  /** pound-difference SMS one phone number may receive a day, from every base together (SMS_PER_PHONE_PER_DAY) */
  smsPerPhonePerDay: number
  /** fixed suffix shown after a base's sub-domain (DOMAIN_SUFFIX) */
  domainSuffix: string
  /** attachment blobs on disk (DATA_DIR/files); null keeps them in memory (tests, with the in-memory database) */
  filesDir: string | null
  /** GET /api/metrics answers with `Authorization: Bearer <METRICS_TOKEN>`; unset: no metrics */
  metricsToken?: string
  /** how long a SIGTERM waits for requests and OCR jobs in flight before the process exits anyway (SHUTDOWN_GRACE_SECONDS) */
  shutdownGraceMs: number
  /** the password key is replaced when older than this (RSA_KEY_ROTATE_DAYS; 0: never) */
  rsaKeyRotateMs?: number
  /** how long a big screen's signed embed link answers after it was made (SCREEN_LINK_SECONDS; default 24 h) */
  screenLinkMs: number
  /** who may show the public big screen (/screen/embed) in a frame: CSP frame-ancestors sources (SCREEN_FRAME_ANCESTORS; default *) */
  screenFrameAncestors: string[]
  /** S3-compatible object storage for attachments instead of filesDir (S3_BUCKET and keys set) */
  s3?: S3Config
}

export interface S3Config {
  /** e.g. https://s3.amazonaws.com or http://minio:9000 */
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** key prefix inside the bucket */
  prefix: string
  /** bucket in the path (MinIO and most self-hosted stores) instead of the host name */
  forcePathStyle: boolean
}

function s3Config(env: Record<string, string | undefined>): S3Config | undefined {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return undefined
  const region = env.S3_REGION ?? 'us-east-1'
  return {
    endpoint: (env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ''),
    region,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    prefix: (env.S3_PREFIX ?? 'files/').replace(/^\/+/, ''),
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === '1' : Boolean(env.S3_ENDPOINT),
  }
}

/**
 * TRUST_PROXY: the proxies' addresses or CIDRs, comma separated. Neither `true` nor a hop count: both
 * believe X-Forwarded-For from whoever connects, so a client reaching the port directly would pick
 * the address the per-IP limits and the login lock count (Fastify itself refuses hop counts for that).
 */
export function parseTrustProxy(value: string | undefined): string[] | false {
  const v = value?.trim()
  if (!v) return false
  const list = v.split(',').map((s) => s.trim()).filter(Boolean)
  for (const item of list) {
    const [address = '', prefix, extra] = item.split('/')
    const family = net.isIP(address)
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32))
    if (!family || !prefixOk || extra !== undefined) {
      throw new Error(`TRUST_PROXY 的取值不正确：${item}（应为代理服务器的 IP 地址或网段，如 10.0.0.0/8,127.0.0.1）`)
    }
  }
  return list
}

/** A whole number of megabytes above 0, or the default; anything else stops the start with a message. */
function megabytes(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback * 1024 * 1024
  if (!/^\d+$/.test(value.trim()) || Number(value) <= 0) throw new Error(`${name} 的取值不正确：${value}（应为大于 0 的整数，单位 MB）`)
  return Number(value) * 1024 * 1024
}

/** A whole number not below 0, or the default; anything else stops the start with a message. */
function wholeNumber(name: string, value: string | undefined, fallback: number, unit: string): number {
  const v = value?.trim() ? value.trim() : String(fallback)
  if (!/^\d+$/.test(v)) throw new Error(`${name} 的取值不正确：${value}（应为不小于 0 的整数，单位${unit}）`)
  return Number(v)
}

/**
 * SCREEN_FRAME_ANCESTORS: the sites that may frame the public big screen, as CSP sources separated by
 * spaces or commas (`https://portal.example.com 'self'`), `*` for any, `'none'` for none. Anything
 * that could end the header or start another directive stops the start with a message.
 */
export function parseFrameAncestors(value: string | undefined): string[] {
  const v = value?.trim()
  if (!v) return ['*']
  const list = v.split(/[\s,]+/).filter(Boolean)
  for (const item of list) {
    if (!/^(\*|'self'|'none'|(https?:\/\/)?(\*\.)?[a-z0-9.-]+(:(\d{1,5}|\*))?|https?:)$/i.test(item)) {
      throw new Error(`SCREEN_FRAME_ANCESTORS 的取值不正确：${item}（应为允许嵌入大屏的网站，如 https://portal.example.com，多个以空格分隔；* 为任意网站）`)
    }
  }
  if (list.includes("'none'") && list.length > 1) throw new Error(`SCREEN_FRAME_ANCESTORS 的取值不正确：'none' 不能与其他来源同时使用`)
  return list
}

const here = path.dirname(new URL(import.meta.url).pathname)

/** Turns environment variables into a typed config; only main.ts passes `process.env` in. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data')
  const bundled = import.meta.url.endsWith('.js')
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteThread: env.PGLITE_THREAD !== '0',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    ocrWorkers: Math.max(1, Number(env.OCR_WORKERS ?? os.availableParallelism())),
    ocrThreads: env.OCR_THREADS?.trim() ? Math.max(1, wholeNumber('OCR_THREADS', env.OCR_THREADS, 1, '个')) : undefined,
    ocrTimeoutMs: Math.max(1, wholeNumber('OCR_TIMEOUT_SECONDS', env.OCR_TIMEOUT_SECONDS, 30, '秒')) * 1000,
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    webDist: env.WEB_DIST ?? path.resolve(here, '../../web/dist'),
    migrationsDir: path.resolve(here, bundled ? 'migrations' : 'db/migrations'),
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionIdleMs: IDLE_TIMEOUT_MS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    storageQuotaBytes: megabytes('STORAGE_QUOTA_MB', env.STORAGE_QUOTA_MB, 5120),
    loginRatePerMinute: Number(env.LOGIN_RATE_PER_MINUTE ?? 60),
    deviceRatePerMinute: Number(env.DEVICE_RATE_PER_MINUTE ?? 600),
    smsRatePerMinute: Number(env.SMS_RATE_PER_MINUTE ?? 10),
    smsPerBasePerDay: wholeNumber('SMS_PER_BASE_PER_DAY', env.SMS_PER_BASE_PER_DAY, 100, '条'),
    smsPerPhonePerDay: wholeNumber('SMS_PER_PHONE_PER_DAY', env.SMS_PER_PHONE_PER_DAY, 5, '条'),
    domainSuffix: env.DOMAIN_SUFFIX ?? '.jidi.example.com',
    filesDir: path.join(dataDir, 'files'),
    s3: s3Config(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownGraceMs: wholeNumber('SHUTDOWN_GRACE_SECONDS', env.SHUTDOWN_GRACE_SECONDS, 25, '秒') * 1000,
    rsaKeyRotateMs: wholeNumber('RSA_KEY_ROTATE_DAYS', env.RSA_KEY_ROTATE_DAYS, 30, '天') * 24 * 60 * 60_000 || undefined,
    screenLinkMs: Math.max(1, wholeNumber('SCREEN_LINK_SECONDS', env.SCREEN_LINK_SECONDS, SCREEN_LINK_HOURS * 3600, '秒')) * 1000,
    screenFrameAncestors: parseFrameAncestors(env.SCREEN_FRAME_ANCESTORS),
  }
}

/** Defaults for tests: in-memory database, no web, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    inMemoryDb: true,
    webDist: undefined,
    logLevel: 'silent',
    ocrWorkers: 1,
    // a loaded test machine reads a ticket in tens of seconds; a reading is not what tests time
    ocrTimeoutMs: 10 * 60_000,
    filesDir: null,
    s3: undefined,
    ...overrides,
  }
}
