import {
  addDays, chinaToday, mondayOf, PLAN_BATCH_MAX, planBatchSlots, ReservationMsg,
  type PlanBatchResult, type PlanSlot, type ReservationPlanBatchBody, type ReservationPlanCopyWeekBody,
} from '@app/contract'
import { and, asc, eq, gte, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { reservationPlans } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ConflictError, ValidationError } from '../../platform/errors.js'
import { ownerCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'

/**
 * Plans made in bulk (批量添加) and 复制上周: every slot in one INSERT … ON CONFLICT DO NOTHING, so
 * the call writes all of its new plans or none, and a slot that already has a plan keeps its count
 * and is reported back as skipped.
 */

type NewPlan = PlanSlot & { totalCount: number }
const slotKey = (s: PlanSlot) => `${s.reserveTime}|${s.reservePeriod}|${s.tankerType}`

async function insertPlans(db: Db, companyId: number, plans: NewPlan[]): Promise<Omit<PlanBatchResult, 'past'>> {
  const inserted = await db.transaction((tx) => tx.insert(reservationPlans)
    .values(plans.map((p) => ({ companyId, ...p })))
    .onConflictDoNothing()
    .returning({ reserveTime: reservationPlans.reserveTime, reservePeriod: reservationPlans.reservePeriod, tankerType: reservationPlans.tankerType }))
  const made = new Set(inserted.map(slotKey))
  const existing = plans.filter((p) => !made.has(slotKey(p))).map(({ reserveTime, reservePeriod, tankerType }) => ({ reserveTime, reservePeriod, tankerType }))
  return { created: inserted.length, existing }
}

/** `POST /reservationPlan/batch`: the range's slots on the chosen weekdays, periods and tanker types; at most PLAN_BATCH_MAX. */
export async function batchReservationPlans(db: Db, auth: Auth, body: ReservationPlanBatchBody, now = new Date()): Promise<PlanBatchResult> {
  const companyId = ownerCompany(auth, body.companyId)
  await assertCompanyExists(db, companyId)
  if (body.from < chinaToday(now)) throw new ValidationError(ReservationMsg.batchPastStart)
  const slots = planBatchSlots(body)
  if (!slots.length) throw new ValidationError(ReservationMsg.batchNone)
  if (slots.length > PLAN_BATCH_MAX) throw new ValidationError(ReservationMsg.batchTooMany(slots.length, PLAN_BATCH_MAX))
  return { ...(await insertPlans(db, companyId, slots.map((s) => ({ ...s, totalCount: body.totalCount })))), past: 0 }
}

/**
 * `POST /reservationPlan/copyWeek`: the base's plans of the week before `weekOf`'s (Monday to Sunday),
 * each a week later with its count; days of the target week before today are left out.
 */
export async function copyLastWeek(db: Db, auth: Auth, body: ReservationPlanCopyWeekBody, now = new Date()): Promise<PlanBatchResult> {
  const companyId = ownerCompany(auth, body.companyId)
  await assertCompanyExists(db, companyId)
  const today = chinaToday(now)
  const monday = mondayOf(body.weekOf)
  if (addDays(monday, 6) < today) throw new ValidationError(ReservationMsg.copyWeekPast)
  const [from, to] = [addDays(monday, -7), addDays(monday, -1)]
  const source = await db.select().from(reservationPlans)
    .where(and(eq(reservationPlans.companyId, companyId), gte(reservationPlans.reserveTime, from), lte(reservationPlans.reserveTime, to)))
    .orderBy(asc(reservationPlans.reserveTime), asc(reservationPlans.reservePeriod), asc(reservationPlans.tankerType))
  if (!source.length) throw new ConflictError(ReservationMsg.copyWeekEmpty(from, to))
  const moved = source.map((p) => ({ reserveTime: addDays(p.reserveTime, 7), reservePeriod: p.reservePeriod, tankerType: p.tankerType, totalCount: p.totalCount }))
  const coming = moved.filter((p) => p.reserveTime >= today)
  const past = moved.length - coming.length
  if (!coming.length) return { created: 0, existing: [], past }
  return { ...(await insertPlans(db, companyId, coming)), past }
}
