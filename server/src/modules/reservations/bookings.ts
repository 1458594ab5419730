import {
  canMoveReservation, chinaToday, formatDateTime, HOLDS_PLACE, maskPhone, rangeBounds, RESERVATION_STATUS, RESERVATION_STATUS_LABELS, ReservationMsg,
  type Page, type Paging, type ReceptionQuery, type Reservation, type ReservationBody, type ReservationFilters, type ReservationStatus, type RevealAnswer,
} from '@app/contract'
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { Db, Executor, Tx } from '../../db/client.js'
import { companies, reservationPlans, reservations, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { listSource, pagedList } from '../../platform/list.js'
import { revealPersonalData } from '../../platform/personalData.js'
import { contains, isUniqueViolation } from '../../platform/query.js'
import { assertInScope, ownerCompany, scopeCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'
import { writeLog } from '../logs/index.js'

/**
 * Bookings (预约) of a plan's places, their status moves (RESERVATION_MOVES) and reception (接待):
 * today's bookings of a base and the check-in.
 */

const withNames = (db: Executor) =>
  db.select({ r: reservations, companyName: companies.name, createUserName: users.name }).from(reservations)
    .innerJoin(companies, eq(companies.id, reservations.companyId))
    .leftJoin(users, eq(users.id, reservations.createUserId))

type Row = { r: typeof reservations.$inferSelect; companyName: string; createUserName: string | null }
/** The booking whole, for the server's own use (a registration takes its phone); answers go through `shown`. */
const toItem = ({ r, companyName, createUserName }: Row): Reservation => ({
  id: r.id, companyId: r.companyId, companyName, planId: r.planId, licenseNumber: r.licenseNumber, contactName: r.contactName,
  phone: r.phone, tankerType: r.tankerType, reserveTime: r.reserveTime, reservePeriod: r.reservePeriod,
  status: r.status as ReservationStatus, statusName: RESERVATION_STATUS_LABELS[r.status as ReservationStatus] ?? String(r.status),
  remarks: r.remarks, arriveTimeStr: formatDateTime(r.arriveTime), createUserName: createUserName ?? '', createTimeStr: formatDateTime(r.createTime),
})

/** A booking as lists and answers show it: the driver's phone masked; `revealReservation` gives it whole. */
const shown = (r: Reservation): Reservation => ({ ...r, phone: maskPhone(r.phone) })

/** One booking the caller may see (another base's answers as missing), whole: for the server's own use. */
export async function loadReservation(db: Executor, auth: Auth, id: number): Promise<Reservation> {
  const [row] = await withNames(db).where(eq(reservations.id, id))
  if (!row) throw new NotFoundError(ReservationMsg.notFound)
  assertInScope(auth, row.r.companyId, ReservationMsg.notFound)
  return toItem(row)
}

/** One booking the caller may see, as answers show it. */
export const getReservation = async (db: Executor, auth: Auth, id: number): Promise<Reservation> => shown(await loadReservation(db, auth, id))

/** The driver's phone of one booking in full, for the roles allowed, logged (platform/personalData.ts). */
export const revealReservation = (db: Executor, auth: Auth, id: number, field: 'phone'): Promise<RevealAnswer> => revealPersonalData(db, auth, {
  field, notFound: ReservationMsg.notFound, log: writeLog,
  load: async () => {
    const [row] = await db.select().from(reservations).where(eq(reservations.id, id))
    return row && { companyId: row.companyId, subject: ReservationMsg.revealSubject(row.id, row.licenseNumber), serialNumber: `reservation-${row.id}`, values: row }
  },
})

/**
 * Books a place. Under the plan's row lock, one INSERT … SELECT admits the booking only while fewer
 * bookings than the plan's count hold a place, so parallel bookings never take more places than there
 * are; a second live booking of the plate that day is refused by the unique index.
 */
export async function bookReservation(db: Db, auth: Auth, body: ReservationBody, now = new Date()): Promise<Reservation> {
  const companyId = ownerCompany(auth, body.companyId)
  await assertCompanyExists(db, companyId)
  if (body.reserveTime < chinaToday(now)) throw new ValidationError(ReservationMsg.pastDay)
  const slot = [body.reserveTime, body.reservePeriod, body.tankerType] as const
  let id: number
  try {
    id = await db.transaction(async (tx) => {
      const [plan] = await tx.select({ id: reservationPlans.id, totalCount: reservationPlans.totalCount }).from(reservationPlans)
        .where(and(eq(reservationPlans.companyId, companyId), eq(reservationPlans.reserveTime, body.reserveTime),
          eq(reservationPlans.reservePeriod, body.reservePeriod), eq(reservationPlans.tankerType, body.tankerType)))
        .for('update')
      if (!plan) throw new ConflictError(ReservationMsg.noPlan(...slot))
      const held = sql.join(HOLDS_PLACE.map((s) => sql`${s}`), sql`, `)
      const inserted = await tx.execute<{ id: number }>(sql`
        insert into ${reservations} (company_id, plan_id, license_number, contact_name, phone, tanker_type, reserve_time, reserve_period, remarks, create_user_id)
        select ${companyId}, p.id, ${body.licenseNumber}, ${body.contactName}, ${body.phone}, p.tanker_type, p.reserve_time, p.reserve_period,
          ${body.remarks ?? null}, ${auth.userId}
        from ${reservationPlans} p
        where p.id = ${plan.id}
          and (select count(*) from ${reservations} r where r.plan_id = p.id and r.status in (${held})) < p.total_count
        returning id`)
      const row = inserted.rows[0]
      if (!row) throw new ConflictError(ReservationMsg.full(...slot, plan.totalCount))
      return Number(row.id)
    })
  } catch (err) {
    if (isUniqueViolation(err, 'reservation_plate_day_idx')) throw new ConflictError(ReservationMsg.duplicate(body.licenseNumber, body.reserveTime))
    throw err
  }
  return getReservation(db, auth, id)
}

function where(auth: Auth, q: ReservationFilters & { day?: string }): SQL | undefined {
  const companyId = scopeCompany(auth, q.companyId)
  const { from, to } = rangeBounds(q.reserveTime)
  return and(
    companyId != null ? eq(reservations.companyId, companyId) : undefined,
    q.licenseNumber ? contains(reservations.licenseNumber, q.licenseNumber.toUpperCase()) : undefined,
    q.contactName ? contains(reservations.contactName, q.contactName) : undefined,
    // the whole number only: the list shows it masked, and counting what a part finds would spell it out
    q.phone ? eq(reservations.phone, q.phone) : undefined,
    q.status != null ? eq(reservations.status, q.status) : undefined,
    q.tankerType ? eq(reservations.tankerType, q.tankerType) : undefined,
    q.reservePeriod ? eq(reservations.reservePeriod, q.reservePeriod) : undefined,
    from ? gte(reservations.reserveTime, chinaDay(from)) : undefined,
    to ? lte(reservations.reserveTime, chinaDay(to)) : undefined,
    q.day ? eq(reservations.reserveTime, q.day) : undefined,
  )
}
const chinaDay = (d: Date) => formatDateTime(d).slice(0, 10)

/** The bookings the caller may see that the filters select, latest day first. */
export const findReservations = (db: Db, auth: Auth, q: ReservationFilters & Paging): Promise<Page<Reservation>> => pagedList(listSource({
  db,
  query: () => withNames(db).where(where(auth, q)).$dynamic(),
  orderBy: [desc(reservations.reserveTime), asc(reservations.reservePeriod), desc(reservations.id)],
  map: (row: Row) => shown(toItem(row)),
  count: () => db.select({ id: reservations.id }).from(reservations).where(where(auth, q)).$dynamic(),
}), q)

/** Reception: today's bookings of the caller's base (headquarters: the base it names, or all), by period and plate. */
export const todaysReservations = (db: Db, auth: Auth, q: ReceptionQuery, now = new Date()): Promise<Page<Reservation>> => {
  const filters = { companyId: q.companyId, licenseNumber: q.licenseNumber, status: q.status, day: chinaToday(now) }
  return pagedList(listSource({
    db,
    query: () => withNames(db).where(where(auth, filters)).$dynamic(),
    orderBy: [asc(reservations.reservePeriod), asc(reservations.status), asc(reservations.licenseNumber)],
    map: (row: Row) => shown(toItem(row)),
    count: () => db.select({ id: reservations.id }).from(reservations).where(where(auth, filters)).$dynamic(),
  }), q)
}

/**
 * Moves a booking to `to` when RESERVATION_MOVES allows it (else 409 naming both states), under the
 * booking's row lock. 已到场 only on the booking's day, 未到 from that day on (not before it). 已取消
 * frees the place at once: places are the bookings that hold one, counted under the plan's lock by the
 * next booking.
 */
async function move(tx: Tx, auth: Auth, id: number, to: ReservationStatus, now: Date) {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update')
  if (!row) throw new NotFoundError(ReservationMsg.notFound)
  assertInScope(auth, row.companyId, ReservationMsg.notFound)
  const from = row.status as ReservationStatus
  if (!canMoveReservation(from, to)) {
    throw new ConflictError(ReservationMsg.badMove(RESERVATION_STATUS_LABELS[from] ?? String(from), RESERVATION_STATUS_LABELS[to]))
  }
  if (to === RESERVATION_STATUS.arrived && row.reserveTime !== chinaToday(now)) throw new ConflictError(ReservationMsg.checkInNotToday(row.reserveTime))
  if (to === RESERVATION_STATUS.noShow && row.reserveTime > chinaToday(now)) throw new ConflictError(ReservationMsg.noShowBeforeDay(row.reserveTime))
  await tx.update(reservations).set({
    status: to, updateTime: now, ...(to === RESERVATION_STATUS.arrived && { arriveTime: now }),
  }).where(eq(reservations.id, id))
}

/** `POST /reservation/upStatus/{id}`. */
export async function changeReservationStatus(db: Db, auth: Auth, id: number, to: ReservationStatus, now = new Date()): Promise<Reservation> {
  await db.transaction((tx) => move(tx, auth, id, to, now))
  return getReservation(db, auth, id)
}

/**
 * Check-in at reception: the booking becomes 已到场 and, in the same transaction, `then` runs with it
 * (whole; the answer's `reservation` is as lists show it).
 * SEAM for the registration workflow: the report module passes the step that creates the vehicle
 * registration from the booking (`/report/syncFromReservation/{id}`: plate, driver, phone, tanker
 * type, receptionId), so a check-in and its registration commit or fail together.
 */
export async function checkIn<T = void>(
  db: Db, auth: Auth, id: number, then?: (tx: Tx, reservation: Reservation) => Promise<T>, now = new Date(),
): Promise<{ reservation: Reservation; then?: T }> {
  return db.transaction(async (tx) => {
    await move(tx, auth, id, RESERVATION_STATUS.arrived, now)
    const reservation = await loadReservation(tx, auth, id)
    return { reservation: shown(reservation), ...(then && { then: await then(tx, reservation) }) }
  })
}
