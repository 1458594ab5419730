import { CompanyMsg, HQ_COMPANY_ID, RECHARGE_TYPES, rechargeSeatsInUseMessage, seatsUsedUp, type RechargeType } from '@app/contract'
import { and, eq, gt, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies } from '../../db/schema/index.js'
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.js'

/**
 * A base's quotas: seats (company.user_amount: members beyond the main account) and upload times
 * (remaining_times, counted in use_times). Every change is either one conditional UPDATE or made
 * under the base row's lock, so concurrent uploads, top-ups and new members never overshoot.
 * Headquarters has neither limit (its uploads are only counted).
 */

export type CompanyRecord = typeof companies.$inferSelect

/**
 * Seats a base uses (the screens' 已分配子账号数): its members other than its main account, whatever
 * their role.
 */
export const seatsUsed = (companyId: SQL, mainUserId: SQL) => sql<number>`(
  select count(*)::int from user_company seat where seat.company_id = ${companyId} and seat.user_id is distinct from ${mainUserId})`

/** The base's row, locked until the transaction ends: changes of one base's members and quotas queue behind it. */
export async function lockCompany(tx: Executor, companyId: number): Promise<CompanyRecord> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update')
  if (!company) throw new NotFoundError(CompanyMsg.notFound)
  return company
}

export interface Seats {
  company: CompanyRecord
  used: number
  /** seats still free (user_amount - used); Infinity for headquarters */
  left: number
}

/**
 * Locks the base and counts its seats. The count is its own statement after the lock, so it sees
 * every member committed by whoever held the lock before: a membership inserted in the same
 * transaction afterwards cannot interleave with another addition.
 */
export async function lockSeats(tx: Executor, companyId: number): Promise<Seats> {
  const company = await lockCompany(tx, companyId)
  const result = await tx.execute<{ n: number }>(sql`select ${seatsUsed(sql`${company.id}::int`, sql`${company.mainUserId}::int`)} as n`)
  const used = Number(result.rows[0]?.n ?? 0)
  return { company, used, left: company.id === HQ_COMPANY_ID ? Infinity : company.userAmount - used }
}

/** Refuses (409) one more member of a base whose seats are all used. */
export function assertSeatLeft(seats: Seats) {
  if (seats.left <= 0) throw new ConflictError(seatsUsedUp(seats.company.userAmount, seats.used))
}

export interface UploadQuota {
  companyId: number
  /** null for headquarters (no quota) */
  remainingTimes: number | null
  useTimes: number
}

/**
 * One ticket analysis uses one upload time: a single conditional UPDATE, so concurrent uploads can
 * never take the counter below zero or lose a count. Headquarters has no quota (only counted).
 * Throws CompanyMsg.uploadTimesUsedUp (400) when none is left.
 */
export async function consumeUploadTime(db: Executor, companyId: number): Promise<UploadQuota> {
  if (companyId === HQ_COMPANY_ID) {
    const [row] = await db.update(companies).set({ useTimes: sql`${companies.useTimes} + 1` })
      .where(eq(companies.id, companyId)).returning({ useTimes: companies.useTimes })
    if (!row) throw new NotFoundError(CompanyMsg.notFound)
    return { companyId, remainingTimes: null, useTimes: row.useTimes }
  }
  const [row] = await db.update(companies)
    .set({ remainingTimes: sql`${companies.remainingTimes} - 1`, useTimes: sql`${companies.useTimes} + 1` })
    .where(and(eq(companies.id, companyId), gt(companies.remainingTimes, 0)))
    .returning({ remainingTimes: companies.remainingTimes, useTimes: companies.useTimes })
  if (row) return { companyId, ...row }
  await counters(db, companyId) // 404 for an unknown base
  throw new ValidationError(CompanyMsg.uploadTimesUsedUp)
}

/** Gives back an upload time taken by consumeUploadTime (e.g. the analysis failed before doing any work). */
export async function refundUploadTime(db: Executor, companyId: number): Promise<void> {
  if (companyId === HQ_COMPANY_ID) {
    await db.update(companies).set({ useTimes: sql`greatest(${companies.useTimes} - 1, 0)` }).where(eq(companies.id, companyId))
    return
  }
  await db.update(companies)
    .set({ remainingTimes: sql`${companies.remainingTimes} + 1`, useTimes: sql`${companies.useTimes} - 1` })
    .where(and(eq(companies.id, companyId), gt(companies.useTimes, 0)))
}

/**
 * Moves a base's counter (upload times or seats) by `delta`, never below zero and, for seats,
 * never below the seats in use. One conditional UPDATE, so it is exact under concurrent top-ups and
 * uploads; a seat decrease holds the base's lock to the end, as a new member does.
 */
export async function moveCounter(tx: Executor, companyId: number, type: RechargeType, delta: number) {
  const seats = type === RECHARGE_TYPES.userAmount
  if (seats && delta < 0) {
    const { used, left } = await lockSeats(tx, companyId)
    if (left < -delta) throw new ConflictError(rechargeSeatsInUseMessage(used))
  }
  const column = seats ? companies.userAmount : companies.remainingTimes
  const [row] = await tx.update(companies).set(seats
    ? { userAmount: sql`${companies.userAmount} + ${delta}` }
    : { remainingTimes: sql`${companies.remainingTimes} + ${delta}` })
    .where(and(eq(companies.id, companyId), sql`${column} + ${delta} >= 0`))
    .returning({ remainingTimes: companies.remainingTimes, userAmount: companies.userAmount, useTimes: companies.useTimes })
  if (row) return row
  await counters(tx, companyId) // 404 for an unknown base
  throw new ConflictError(seats ? CompanyMsg.seatsTooFew : CompanyMsg.uploadTimesTooFew)
}

/** The base's counters as they are now (404 for an unknown base). */
export async function counters(db: Executor, companyId: number) {
  const [row] = await db.select({ remainingTimes: companies.remainingTimes, userAmount: companies.userAmount, useTimes: companies.useTimes })
    .from(companies).where(eq(companies.id, companyId))
  if (!row) throw new NotFoundError(CompanyMsg.notFound)
  return row
}

