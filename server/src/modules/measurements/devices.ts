import crypto from 'node:crypto'
import { MeasurementMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { machines } from '../../db/schema/index.js'
import { ForbiddenError } from '../../platform/errors.js'

/**
 * A device's credential: its number and a secret of 32 random bytes the server makes and shows once.
 * Such a secret cannot be guessed, so a plain SHA-256 keeps it safely and costs nothing per post (a
 * password hash would cost milliseconds on each of thousands of posts a second).
 */
export const newDeviceSecret = () => crypto.randomBytes(32).toString('base64url')
export const secretHashOf = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex')

export interface DeviceCredential { deviceNo: string; secret: string }

/** The credential a request carries: `X-Device-No` and `Authorization: Bearer <secret>`. */
export function deviceCredentialOf(headers: Record<string, string | string[] | undefined>): DeviceCredential {
  const deviceNo = headers['x-device-no']
  const auth = headers.authorization
  if (typeof deviceNo !== 'string' || !deviceNo || typeof auth !== 'string' || !auth.startsWith('Bearer ')) throw new ForbiddenError(MeasurementMsg.deviceMissing)
  return { deviceNo: deviceNo.trim().slice(0, 50), secret: auth.slice(7).trim().slice(0, 200) }
}

export interface Device { id: number; companyId: number; deviceNo: string; secretHash: string }

/**
 * Devices that have posted lately, by number, per database: a post checks its secret against the hash
 * kept here instead of reading the device first. The hash is only a fast path: the statement that
 * stores the reading re-reads the device by id, number and this same hash (ingest.ts), so a device
 * deleted, renumbered or given a new secret by another server process is refused there and forgotten
 * here. This process forgets a device at once when it changes it (`forgetDevice`).
 */
const known = new WeakMap<Executor, Map<string, Device>>()
const KNOWN_MAX = 10_000

const knownOf = (db: Executor) => {
  let map = known.get(db)
  if (!map) known.set(db, (map = new Map()))
  return map
}

/** Forgets a device's kept credential (its secret was reset, its number changed, it was deleted). */
export function forgetDevice(db: Executor, deviceNo: string) {
  knownOf(db).delete(deviceNo)
}

const sameHash = (presented: Buffer, storedHex: string) => crypto.timingSafeEqual(presented, Buffer.from(storedHex, 'hex'))

/** The device the credential names; a wrong number or secret is refused alike. */
export async function authenticateDevice(db: Executor, credential: DeviceCredential): Promise<Device> {
  const presented = Buffer.from(secretHashOf(credential.secret), 'hex')
  const kept = knownOf(db).get(credential.deviceNo)
  if (kept && sameHash(presented, kept.secretHash)) return kept
  const [device] = await db.select({ id: machines.id, companyId: machines.companyId, secretHash: machines.secretHash })
    .from(machines).where(eq(machines.deviceNo, credential.deviceNo))
  // compared even when the number is unknown, so the answer's time tells nothing of which numbers exist
  if (!sameHash(presented, device?.secretHash ?? '0'.repeat(64)) || !device) throw new ForbiddenError(MeasurementMsg.deviceUnknown)
  const found = { id: device.id, companyId: device.companyId, deviceNo: credential.deviceNo, secretHash: device.secretHash }
  const map = knownOf(db)
  if (map.size >= KNOWN_MAX) map.delete(map.keys().next().value!)
  map.set(credential.deviceNo, found)
  return found
}
