import crypto from 'node:crypto'
import {
  chinaToday, RESERVATION_STATUS, REPORT_STATUS, REPORT_STATUS_LABELS, ReportMsg,
  type Report, type ReportRegistrationBody, type ReportStatus, type Reservation,
} from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { reportEvents, reports } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { claimAttachments } from '../../platform/attachments.js'
import { ConflictError } from '../../platform/errors.js'
import { isUniqueViolation } from '../../platform/query.js'
import { assertCompanyInScope, ownerCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'
import { checkIn, loadReservation } from '../reservations/index.js'
import { getReport, reportRow } from './list.js'

/**
 * Vehicle registration (登记, spec 000 §5): a report in 已登记, optionally from a booking checked in at
 * reception (`/report/syncFromReservation/{id}`, or the register dialog's 同步预约), in which case the
 * check-in and the registration commit together and a booking registers at most once.
 */

/** What a registration holds; a booking has no unit, material or expiry until 编辑登记 adds them. */
type Registration = Omit<ReportRegistrationBody, 'companyId' | 'org' | 'latestMaterial' | 'outdate' | 'phone'> &
  { org: string | null; latestMaterial: string | null; outdate: string | null; phone: string }

async function insertReport(tx: Tx, auth: Auth, companyId: number, body: Registration, now: Date): Promise<number> {
  await claimAttachments(tx, auth, body.images ?? [], companyId)
  const { rows } = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('report', 'id'))::int as id`)
  const id = Number(rows[0]!.id)
  await tx.insert(reports).values({
    id, companyId,
    reportNumber: `JC${chinaToday(now).replaceAll('-', '')}${String(id).padStart(6, '0')}`,
    licenseNumber: body.licenseNumber, tankerType: body.tankerType, tankerNumber: body.tankerNumber ?? null, org: body.org,
    contactName: body.contactName, phone: body.phone, latestMaterial: body.latestMaterial, outdate: body.outdate,
    images: body.images ?? [], receptionId: body.receptionId ?? null,
    verifyToken: crypto.randomBytes(24).toString('base64url'), createUserId: auth.userId, createTime: now, updateTime: now,
  })
  await tx.insert(reportEvents).values({ reportId: id, fromStatus: null, toStatus: REPORT_STATUS.registered, userId: auth.userId, createTime: now })
  return id
}

const withUsedBooking = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work()
  } catch (err) {
    if (isUniqueViolation(err, 'report_reception_idx')) throw new ConflictError(ReportMsg.reservationUsed)
    throw err
  }
}

/**
 * Registers a vehicle. With `receptionId` the booking must be the same base's and today's: a booking
 * still 已预约 (or 未到) is checked in within the same transaction; one already 已到场 is linked.
 */
export async function registerReport(db: Db, auth: Auth, body: ReportRegistrationBody, now = new Date()): Promise<Report> {
  const companyId = ownerCompany(auth, body.companyId)
  await assertCompanyExists(db, companyId)
  const id = await withUsedBooking(async () => {
    // without a booking the contract requires the phone
    if (body.receptionId == null) return db.transaction((tx) => insertReport(tx, auth, companyId, { ...body, phone: body.phone! }, now))
    const booking = await loadReservation(db, auth, body.receptionId)
    // the dialog's 同步预约 has only the masked phone: left out, it is the booking's
    return registerBooking(db, auth, booking, { ...body, phone: body.phone ?? booking.phone }, now)
  })
  return getReport(db, auth, id)
}

async function registerBooking(db: Db, auth: Auth, booking: Reservation, body: Registration, now: Date): Promise<number> {
  if (booking.reserveTime !== chinaToday(now)) throw new ConflictError(ReportMsg.reservationNotToday)
  const registration = { ...body, receptionId: booking.id }
  if (booking.status === RESERVATION_STATUS.arrived) {
    return db.transaction((tx) => insertReport(tx, auth, booking.companyId, registration, now))
  }
  const { then } = await checkIn(db, auth, booking.id, (tx) => insertReport(tx, auth, booking.companyId, registration, now), now)
  return then!
}

/**
 * `POST /report/syncFromReservation/{id}`: reception's 登记检验 on a booking: the registration takes the
 * booking's plate, driver, phone and tanker type; what a booking does not hold (unit, material, expiry)
 * is filled in later with 编辑登记 while the report is still 已登记.
 */
export async function registerFromReservation(db: Db, auth: Auth, reservationId: number, now = new Date()): Promise<Report> {
  const booking = await loadReservation(db, auth, reservationId)
  const id = await withUsedBooking(() => registerBooking(db, auth, booking, {
    licenseNumber: booking.licenseNumber, tankerType: booking.tankerType as Registration['tankerType'], org: null,
    contactName: booking.contactName, phone: booking.phone, latestMaterial: null, outdate: null, receptionId: booking.id,
  }, now))
  return getReport(db, auth, id)
}

/** 编辑登记: only while 已登记; the base and the booking it came from stay, and the phone when left out (lists show it masked). */
export async function updateRegistration(db: Db, auth: Auth, id: number, body: ReportRegistrationBody, now = new Date()): Promise<Report> {
  // the report stays with its base; naming another one is still refused
  assertCompanyInScope(auth, body.companyId)
  await db.transaction(async (tx) => {
    const row = await reportRow(tx, auth, id, 'update')
    if (row.status !== REPORT_STATUS.registered) {
      throw new ConflictError(ReportMsg.onlyRegisteredEditable(REPORT_STATUS_LABELS[row.status as ReportStatus]))
    }
    await claimAttachments(tx, auth, body.images ?? [], row.companyId)
    await tx.update(reports).set({
      licenseNumber: body.licenseNumber, tankerType: body.tankerType, tankerNumber: body.tankerNumber ?? null, org: body.org,
      contactName: body.contactName, phone: body.phone ?? row.phone, latestMaterial: body.latestMaterial, outdate: body.outdate,
      images: body.images ?? row.images, updateTime: now, version: sql`${reports.version} + 1`,
    }).where(eq(reports.id, id))
  })
  return getReport(db, auth, id)
}
