import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { encryptedPasswordPayload, Msg, PASSWORD_TS_MAX_AGE_MS, ResultCode } from '@app/contract'
import { and, desc, eq, gt, or, sql } from 'drizzle-orm'
import type { Db, Executor } from '../db/client.js'
import { rsaKeys } from '../db/schema/index.js'
import { AppError, ValidationError } from './errors.js'
import { sha256Hex } from './files.js'

/** Passwords travel RSA-OAEP(SHA-256)-encrypted with a timestamp (DESIGN §4). */
export interface PasswordCipher {
  /** the current key's public half (what GET /users/publicKey answers) */
  readonly publicKeyPem: string
  /**
   * Decrypts, checks the timestamp and uses the payload up: the same ciphertext is refused a second
   * time (replay), by any server process on the same database. Throws an AppError (400) in Chinese.
   */
  decrypt(base64: string, now?: number): Promise<string>
  /** reads the keys again now (another process rotated, or a test did) */
  refresh(): Promise<void>
  close(): void
}

/**
 * What a ciphertext is to RSA: a number. The base64 is decoded leniently (either alphabet, padding,
 * white space and stray characters ignored), so its text is not what was used; nor are its bytes,
 * since OpenSSL reads a ciphertext without its leading zero bytes as the same number. The number is
 * what a replay is recognised by, however it was re-encoded.
 */
const cipherNumber = (buffer: Buffer) => {
  let start = 0
  while (start < buffer.length && buffer[start] === 0) start++
  return buffer.subarray(start)
}

/** The client may fetch the key again and re-encrypt (ResultCode.PASSWORD_STALE): HTTP 400 as any refused input. */
const stale = (message: string) => new AppError(400, message, ResultCode.PASSWORD_STALE)

const generatePem = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
const publicOf = (privatePem: string) => crypto.createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }) as string
let ephemeralPem: string | undefined

/** How often a process reads the key table again on its own (a rotation elsewhere is seen within this). */
export const KEY_REFRESH_MS = 30_000
/**
 * How long a retired key still decrypts: a page may have fetched it just before the rotation (or from
 * a process that had not read the table again yet) and has PASSWORD_TS_MAX_AGE_MS to use it.
 */
export const RETIRED_KEY_VALID_MS = PASSWORD_TS_MAX_AGE_MS + KEY_REFRESH_MS

interface KeyOptions {
  /**
   * A key file of the versions that kept the key in DATA_DIR (rsa-private.pem): adopted as the first
   * key so that pages open during the upgrade keep working. Null: none.
   */
  legacyDir?: string | null
  /** one key per process, shared by every database it opens (tests: generating one blocks ~100 ms) */
  ephemeral?: boolean
  /** a current key older than this is rotated (RSA_KEY_ROTATE_DAYS); absent: never */
  rotateAfterMs?: number
}

/**
 * The current key, created once: of processes starting together on an empty table one insert lands
 * (the unique partial index on `current`), and every process reads that one.
 */
export async function ensureCurrentKey(db: Executor, opts: KeyOptions = {}) {
  const current = await db.select({ id: rsaKeys.id }).from(rsaKeys).where(eq(rsaKeys.current, true))
  if (current.length) return
  const legacy = opts.legacyDir ? path.join(opts.legacyDir, 'rsa-private.pem') : null
  const privatePem = legacy && fs.existsSync(legacy) ? fs.readFileSync(legacy, 'utf8')
    : opts.ephemeral ? (ephemeralPem ??= generatePem()) : generatePem()
  await db.insert(rsaKeys).values({ privatePem, publicPem: publicOf(privatePem) }).onConflictDoNothing()
}

/**
 * Replaces the current key (if it is still `currentId`): the old one is retired, and decrypts for
 * RETIRED_KEY_VALID_MS more. Of processes rotating at once one does; the others find it done.
 */
export async function rotateKey(db: Db, currentId: number, privatePem = generatePem()) {
  await db.transaction(async (tx) => {
    const retired = await tx.update(rsaKeys).set({ current: false, retiredAt: sql`now()` })
      .where(and(eq(rsaKeys.id, currentId), eq(rsaKeys.current, true))).returning({ id: rsaKeys.id })
    if (retired.length) await tx.insert(rsaKeys).values({ privatePem, publicPem: publicOf(privatePem) })
  })
}

interface LoadedKey {
  id: number
  createdAt: number
  publicPem: string
  privateKey: crypto.KeyObject
  current: boolean
}

/**
 * The password cipher of a server process: the keys live in the database (rsa_key), so a public key
 * fetched from one process decrypts in any other. The current key and the retired ones still valid are
 * read at start and again every KEY_REFRESH_MS, and at once when a payload fits none of them.
 */
export async function openCipher(db: Db, opts: KeyOptions = {}): Promise<PasswordCipher> {
  await ensureCurrentKey(db, opts)
  let keys: LoadedKey[] = []
  const parsed = new Map<number, crypto.KeyObject>()
  const load = async () => {
    const rows = await db.select().from(rsaKeys)
      .where(or(eq(rsaKeys.current, true), gt(rsaKeys.retiredAt, sql`now() - make_interval(secs => ${RETIRED_KEY_VALID_MS / 1000})`)))
      .orderBy(desc(rsaKeys.id))
    keys = rows.map((r) => {
      const privateKey = parsed.get(r.id) ?? crypto.createPrivateKey(r.privatePem)
      return { id: r.id, createdAt: r.createdAt.getTime(), publicPem: r.publicPem, privateKey, current: r.current }
    })
    parsed.clear()
    for (const k of keys) parsed.set(k.id, k.privateKey)
    const current = keys.find((k) => k.current)
    if (current && opts.rotateAfterMs && Date.now() - current.createdAt > opts.rotateAfterMs) {
      await rotateKey(db, current.id)
      await load()
    }
  }
  let loadedAt = 0
  let reading: Promise<void> | null = null
  const refresh = () => (reading ??= load().then(() => { loadedAt = Date.now() }).finally(() => { reading = null }))
  await refresh()
  const timer = setInterval(() => void refresh().catch(() => undefined), KEY_REFRESH_MS)
  timer.unref()

  const tryKeys = (buffer: Buffer) => {
    for (const key of keys) {
      try {
        return crypto.privateDecrypt({ key: key.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, buffer).toString('utf8')
      } catch { /* not this key */ }
    }
    return null
  }
  return {
    get publicKeyPem() {
      return (keys.find((k) => k.current) ?? keys[0])!.publicPem
    },
    refresh,
    close: () => clearInterval(timer),
    async decrypt(base64, now = Date.now()) {
      const buffer = Buffer.from(base64, 'base64')
      // a key this process has not read yet (rotated elsewhere a moment ago)
      let json = tryKeys(buffer)
      // (at most once a second: a stream of garbage must not become a stream of queries)
      if (json === null && Date.now() - loadedAt > 1000) {
        await refresh()
        json = tryKeys(buffer)
      }
      if (json === null) throw stale(Msg.passwordUndecryptable)
      let parsedJson: unknown
      try {
        parsedJson = JSON.parse(json)
      } catch {
        throw stale(Msg.passwordUndecryptable)
      }
      const result = encryptedPasswordPayload.safeParse(parsedJson)
      if (!result.success) throw new ValidationError(result.error.issues[0]?.message ?? Msg.passwordUndecryptable)
      if (Math.abs(now - result.data.ts) > PASSWORD_TS_MAX_AGE_MS) throw stale(Msg.passwordExpired)
      // remembered until the ts could no longer pass the check above
      const used = await db.execute(sql`
        insert into password_nonce (hash, expires_at) values (${sha256Hex(cipherNumber(buffer))}, ${new Date(result.data.ts + PASSWORD_TS_MAX_AGE_MS)})
        on conflict (hash) do nothing returning hash`)
      if (!used.rows.length) throw new ValidationError(Msg.passwordReplayed)
      return result.data.password
    },
  }
}

/** What the browser does (node-forge there); used by tests and benchmarks. */
export function encryptPassword(publicKeyPem: string, password: string, ts = Date.now()): string {
  return crypto
    .publicEncrypt({ key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(JSON.stringify({ password, ts })))
    .toString('base64')
}
