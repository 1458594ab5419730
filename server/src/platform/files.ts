import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Config, S3Config } from '../config.js'

/**
 * Where attachment bytes live: content-addressed blobs (key = sha-256 of the bytes). On disk under
 * DATA_DIR/files by default, in an S3-compatible bucket when S3_* is configured, in memory for tests.
 */
export interface FileStore {
  kind: 'disk' | 's3' | 'memory'
  /** stores the blob unless it is already there */
  put(sha256: string, data: Buffer, contentType: string): Promise<void>
  get(sha256: string): Promise<Buffer | null>
  exists(sha256: string): Promise<boolean>
  remove(sha256: string): Promise<void>
  /** throws unless the store can be reached (GET /api/ready) */
  check(): Promise<void>
}

export const sha256Hex = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('hex')

const SHA_RE = /^[0-9a-f]{64}$/
const blobKey = (sha: string) => {
  if (!SHA_RE.test(sha)) throw new Error(`not a sha-256: ${sha}`)
  return `${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}`
}

export function createFileStore(config: Pick<Config, 'filesDir' | 's3'>): FileStore {
  if (config.s3) return s3Store(config.s3)
  if (config.filesDir) return diskStore(config.filesDir)
  return memoryStore()
}

export function memoryStore(): FileStore {
  const blobs = new Map<string, Buffer>()
  return {
    kind: 'memory',
    async put(sha, data) {
      if (!blobs.has(blobKey(sha))) blobs.set(blobKey(sha), Buffer.from(data))
    },
    async get(sha) {
      return blobs.get(blobKey(sha)) ?? null
    },
    async exists(sha) {
      return blobs.has(blobKey(sha))
    },
    async remove(sha) {
      blobs.delete(blobKey(sha))
    },
    async check() {},
  }
}

export function diskStore(root: string): FileStore {
  const file = (sha: string) => path.join(root, blobKey(sha))
  return {
    kind: 'disk',
    async put(sha, data) {
      const target = file(sha)
      if (fs.existsSync(target)) return
      await fs.promises.mkdir(path.dirname(target), { recursive: true })
      // write aside, then rename: a reader never sees half a file
      const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`
      await fs.promises.writeFile(tmp, data)
      await fs.promises.rename(tmp, target)
    },
    async get(sha) {
      try {
        return await fs.promises.readFile(file(sha))
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
    },
    async exists(sha) {
      return fs.existsSync(file(sha))
    },
    async remove(sha) {
      await fs.promises.rm(file(sha), { force: true })
    },
    async check() {
      await fs.promises.mkdir(root, { recursive: true })
      await fs.promises.access(root, fs.constants.W_OK)
    },
  }
}

// ---- S3 (AWS Signature Version 4, path- or virtual-host-style) ----

const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest()
/** RFC 3986 encoding as SigV4 wants it ('/' kept in paths). */
const encodeRfc3986 = (s: string, keepSlash: boolean) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(keepSlash ? /%2F/g : /$^/, '/')

export interface SignInput {
  method: string
  url: URL
  headers: Record<string, string>
  payloadHash: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** yyyymmddThhmmssZ */
  amzDate: string
  service?: string
}

/** The Authorization header value for a request (headers must already hold host, x-amz-date, x-amz-content-sha256). */
export function signV4(input: SignInput): string {
  const service = input.service ?? 's3'
  const lower = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]))
  const names = Object.keys(lower).sort()
  const canonicalHeaders = names.map((n) => `${n}:${lower[n]}\n`).join('')
  const signedHeaders = names.join(';')
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encodeRfc3986(k, false), encodeRfc3986(v, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`).join('&')
  const canonicalPath = encodeRfc3986(decodeURIComponent(input.url.pathname), true)
  const canonicalRequest = [input.method, canonicalPath, query, canonicalHeaders, signedHeaders, input.payloadHash].join('\n')
  const day = input.amzDate.slice(0, 8)
  const scope = `${day}/${input.region}/${service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request')
  const signature = crypto.createHmac('sha256', key).update(stringToSign).digest('hex')
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
}

export function s3Store(cfg: S3Config, fetchImpl: typeof fetch = fetch): FileStore {
  const objectUrl = (sha: string | null) => {
    const key = sha === null ? '' : `${cfg.prefix}${blobKey(sha)}`
    const base = new URL(cfg.endpoint)
    if (cfg.forcePathStyle) return new URL(`${base.origin}${base.pathname.replace(/\/$/, '')}/${cfg.bucket}/${key}`)
    return new URL(`${base.protocol}//${cfg.bucket}.${base.host}/${key}`)
  }
  /** `sha` null: the bucket itself */
  const request = async (method: string, sha: string | null, body?: Buffer, contentType?: string, timeoutMs = 60_000) => {
    const url = objectUrl(sha)
    const amzDate = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
    const payloadHash = sha256Hex(body ?? '')
    const headers: Record<string, string> = { host: url.host, 'x-amz-date': amzDate, 'x-amz-content-sha256': payloadHash }
    if (contentType) headers['content-type'] = contentType
    headers.authorization = signV4({ method, url, headers, payloadHash, region: cfg.region, accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey, amzDate })
    const { host: _host, ...sent } = headers
    return fetchImpl(url, { method, headers: sent, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(timeoutMs) })
  }
  const fail = async (res: Response, what: string) => {
    throw new Error(`S3 ${what} failed: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`)
  }
  // a bucket policy without ListBucket answers 403 for a missing key: anything but OK counts as absent (a re-put is harmless)
  const exists = async (sha: string) => (await request('HEAD', sha)).ok
  return {
    kind: 's3',
    exists,
    async put(sha, data, contentType) {
      if (await exists(sha)) return
      const res = await request('PUT', sha, data, contentType)
      if (!res.ok) await fail(res, 'PUT')
    },
    async get(sha) {
      const res = await request('GET', sha)
      if (res.status === 404) return null
      if (!res.ok) await fail(res, 'GET')
      return Buffer.from(await res.arrayBuffer())
    },
    async remove(sha) {
      const res = await request('DELETE', sha)
      if (!res.ok && res.status !== 404) await fail(res, 'DELETE')
    },
    async check() {
      // HeadBucket: the endpoint answers, the bucket exists and the keys are accepted
      const res = await request('HEAD', null, undefined, undefined, 5_000)
      if (!res.ok) throw new Error(`S3 bucket ${cfg.bucket} not reachable: HTTP ${res.status}`)
    },
  }
}
