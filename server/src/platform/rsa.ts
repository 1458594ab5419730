import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { encryptedPasswordPayload, Msg, PASSWORD_TS_MAX_AGE_MS, ResultCode } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { AppError, ValidationError } from './errors.js'
import { sha256Hex } from './files.js'

/** Passwords travel RSA-OAEP(SHA-256)-encrypted with a timestamp (DESIGN §4). */
export interface PasswordCipher {
  publicKeyPem: string
  /**
   * Decrypts, checks the timestamp and uses the payload up: the same ciphertext is refused a second
   * time (replay), by any server process on the same database. Throws an AppError (400) in Chinese.
   */
  decrypt(base64: string, now?: number): Promise<string>
}

/** The client may fetch the key again and re-encrypt (ResultCode.PASSWORD_STALE): HTTP 400 as any refused input. */
const stale = (message: string) => new AppError(400, message, ResultCode.PASSWORD_STALE)

const generatePem = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
let ephemeralPem: string | undefined

export function loadOrCreateCipher(dataDir: string | null, db: Executor): PasswordCipher {
  const file = dataDir ? path.join(dataDir, 'rsa-private.pem') : null
  let privatePem: string
  if (file && fs.existsSync(file)) {
    privatePem = fs.readFileSync(file, 'utf8')
  } else {
    // without a data directory (tests) one key per process: generating one blocks for ~100 ms
    privatePem = file ? generatePem() : (ephemeralPem ??= generatePem())
    if (file) {
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, privatePem, { mode: 0o600 })
    }
  }
  const privateKey = crypto.createPrivateKey(privatePem)
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }) as string
  return {
    publicKeyPem,
    async decrypt(base64, now = Date.now()) {
      let json: string
      try {
        json = crypto
          .privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(base64, 'base64'))
          .toString('utf8')
      } catch {
        throw stale(Msg.passwordUndecryptable)
      }
      let parsed: unknown
      try {
        parsed = JSON.parse(json)
      } catch {
        throw stale(Msg.passwordUndecryptable)
      }
      const result = encryptedPasswordPayload.safeParse(parsed)
      if (!result.success) throw new ValidationError(result.error.issues[0]?.message ?? Msg.passwordUndecryptable)
      if (Math.abs(now - result.data.ts) > PASSWORD_TS_MAX_AGE_MS) throw stale(Msg.passwordExpired)
      // remembered until the ts could no longer pass the check above
      const used = await db.execute(sql`
        insert into password_nonce (hash, expires_at) values (${sha256Hex(base64)}, ${new Date(result.data.ts + PASSWORD_TS_MAX_AGE_MS)})
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
