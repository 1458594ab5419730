import {
  ACTIVITY_LINK_DAYS, ACTIVITY_PATH, ACTIVITY_REPORTS_MAX, ActivityLinkMsg, formatDateTime, maskName,
  type ActivityLinkQuery, type PublicReport, type PublicReports,
} from '@app/contract'
import { and, desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, machines, measurements, testees } from '../../db/schema/index.js'
import { NotFoundError } from '../../platform/errors.js'
import { linkSignature, signatureMatches } from '../../platform/signedLink.js'

/**
 * The public report link a device shows after a reading (DESIGN §5: a public page never answers a
 * guessable number alone). Its token is `<expiry>.<signature>`: an HMAC over the member's number, the
 * device's number and the expiry, keyed by the device's own stored secret hash, which only the server
 * holds. No table is needed, a post costs one hash, and resetting a device's secret withdraws its links.
 */
const signature = (secretHash: string, userNo: string, deviceNo: string, expires: string) =>
  linkSignature(secretHash, 'activity-link', [userNo, deviceNo, expires])

export function activityToken(secretHash: string, userNo: number, deviceNo: string, now = Date.now()) {
  const expires = Math.floor((now + ACTIVITY_LINK_DAYS * 86_400_000) / 1000).toString(36)
  return `${expires}.${signature(secretHash, String(userNo), deviceNo, expires)}`
}

/** The page's address, with the origin the device called. */
export function activityLink(origin: string, secretHash: string, userNo: number, deviceNo: string, now = Date.now()) {
  const q = new URLSearchParams({ userNo: String(userNo), deviceNo, token: activityToken(secretHash, userNo, deviceNo, now) })
  return `${origin}${ACTIVITY_PATH}?${q}`
}

function tokenValid(secretHash: string, q: ActivityLinkQuery, now: number) {
  const [expires, sig, ...rest] = q.token.split('.')
  if (!expires || !sig || rest.length || !/^[0-9a-z]{1,10}$/.test(expires)) return false
  if (parseInt(expires, 36) * 1000 < now) return false
  return signatureMatches(signature(secretHash, q.userNo, q.deviceNo, expires), sig)
}

const num = (v: string | null) => (v === null ? null : Number(v))

/**
 * A person's readings on the device the link names, newest first. Any link the server did not make
 * (a wrong or expired token, an unknown person or device) gets the same answer, so a guess learns
 * nothing about which numbers exist.
 */
export async function publicReports(db: Executor, q: ActivityLinkQuery, now = Date.now()): Promise<PublicReports> {
  const invalid = () => new NotFoundError(ActivityLinkMsg.invalid)
  const userNo = /^[1-9]\d{0,9}$/.test(q.userNo) ? Number(q.userNo) : null
  if (!q.deviceNo || !q.token || userNo === null || userNo > 2_147_483_647) throw invalid()
  const [device] = await db.select({ id: machines.id, companyId: machines.companyId, secretHash: machines.secretHash, companyName: companies.name })
    .from(machines).innerJoin(companies, eq(companies.id, machines.companyId)).where(eq(machines.deviceNo, q.deviceNo))
  if (!device || !tokenValid(device.secretHash, q, now)) throw invalid()
  const [person] = await db.select({ name: testees.name, sex: testees.sex }).from(testees)
    .where(and(eq(testees.id, userNo), eq(testees.companyId, device.companyId)))
  if (!person) throw invalid()
  const rows = await db.select().from(measurements)
    .where(and(eq(measurements.testeeId, userNo), eq(measurements.machineId, device.id)))
    .orderBy(desc(measurements.measuredTime), desc(measurements.id)).limit(ACTIVITY_REPORTS_MAX)
  return {
    name: maskName(person.name),
    sex: person.sex,
    companyName: device.companyName,
    deviceNo: q.deviceNo,
    reports: rows.map((m): PublicReport => ({
      id: m.id, measuredTime: formatDateTime(m.measuredTime), systolic: m.systolic, diastolic: m.diastolic,
      sugar: num(m.sugar), height: num(m.height), weight: num(m.weight), bmi: num(m.bmi),
      bpConclusion: m.bpConclusion as PublicReport['bpConclusion'], sugarConclusion: m.sugarConclusion as PublicReport['sugarConclusion'],
      bmiConclusion: m.bmiConclusion as PublicReport['bmiConclusion'],
    })),
  }
}
