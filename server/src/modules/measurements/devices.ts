import crypto from 'node:crypto'
import { MeasurementMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, machines } from '../../db/schema/index.js'
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

/** The device the credential names, with its base's province and its town; a wrong number or secret is refused alike. */
export async function authenticateDevice(db: Executor, credential: DeviceCredential) {
  const [device] = await db.select({ id: machines.id, companyId: machines.companyId, secretHash: machines.secretHash, province: companies.province, townCode: machines.townCode })
    .from(machines).innerJoin(companies, eq(companies.id, machines.companyId)).where(eq(machines.deviceNo, credential.deviceNo))
  const presented = Buffer.from(secretHashOf(credential.secret), 'hex')
  // compared even when the number is unknown, so the answer's time tells nothing of which numbers exist
  const stored = Buffer.from(device?.secretHash ?? '0'.repeat(64), 'hex')
  if (!crypto.timingSafeEqual(presented, stored) || !device) throw new ForbiddenError(MeasurementMsg.deviceUnknown)
  return { id: device.id, companyId: device.companyId, province: device.province ?? '', townCode: device.townCode ?? '', deviceNo: credential.deviceNo, secretHash: device.secretHash }
}
