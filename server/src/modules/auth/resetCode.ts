import crypto from 'node:crypto'
import { Msg, SMS_CODE, smsCodeText, smsResendMessage } from '@app/contract'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { smsCodes, users } from '../../db/schema/index.js'
import { RateLimitError, ValidationError } from '../../platform/errors.js'
import { sha256Hex } from '../../platform/files.js'
import type { SmsProvider } from '../../platform/sms.js'

const DAY_MS = 24 * 60 * 60 * 1000
const codeHash = (phone: string, code: string) => sha256Hex(`${phone}:${code}`)
/** Stored for a phone nobody uses: sha-256 in hex is never empty, so no code matches it. */
const NO_CODE = ''

/** Everything about one phone's codes runs one request at a time, whichever server process it reaches. */
const lockPhone = (tx: Executor, phone: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`)

/**
 * Forgot password, step 1: a code by SMS, one per resendMs and perDay a day per phone. An unknown
 * phone gets the same answers and counts the same, but nothing is sent (no way to tell who is registered).
 */
export async function sendResetCode(db: Db, sms: SmsProvider, phone: string, now = Date.now()) {
  const code = crypto.randomInt(0, 10 ** SMS_CODE.length).toString().padStart(SMS_CODE.length, '0')
  const registered = await db.transaction(async (tx) => {
    await lockPhone(tx, phone)
    const recent = await tx.select({ createdAt: smsCodes.createdAt }).from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(now - DAY_MS))))
      .orderBy(desc(smsCodes.createdAt))
    const latest = recent[0]?.createdAt.getTime()
    if (latest && now - latest < SMS_CODE.resendMs) throw new RateLimitError(smsResendMessage(Math.ceil((latest + SMS_CODE.resendMs - now) / 1000)))
    if (recent.length >= SMS_CODE.perDay) throw new RateLimitError(Msg.smsPerDayExceeded)
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone))
    await tx.insert(smsCodes).values({
      phone, codeHash: user ? codeHash(phone, code) : NO_CODE, createdAt: new Date(now), expiresAt: new Date(now + SMS_CODE.ttlMs),
    })
    return Boolean(user)
  })
  if (registered) await sms.send(phone, smsCodeText(code))
}

/**
 * Forgot password, step 2: judges `code` against the phone's newest code. The guess is counted
 * before it is compared (attempts per code, guessesPerDay per phone), so parallel guesses cannot
 * share one count. Answers the code's id for `useResetCode`.
 */
export async function checkResetCode(db: Db, phone: string, code: string, now = Date.now()): Promise<number> {
  const counted = await db.transaction(async (tx) => {
    await lockPhone(tx, phone)
    const [day] = await tx.select({ guesses: sql<number>`coalesce(sum(${smsCodes.attempts}), 0)` }).from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(now - DAY_MS))))
    if (Number(day!.guesses) >= SMS_CODE.guessesPerDay) throw new RateLimitError(Msg.smsGuessesExceeded)
    // only the newest code counts: sending a new one retires the older ones
    const newest = tx.select({ id: smsCodes.id }).from(smsCodes).where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id)).limit(1)
    const [row] = await tx.update(smsCodes).set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(and(
        eq(smsCodes.id, sql`(${newest})`), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, new Date(now)),
        sql`${smsCodes.attempts} < ${SMS_CODE.attempts}`,
      ))
      .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash })
    return row
  })
  if (!counted) throw new ValidationError(Msg.smsCodeInvalid)
  if (counted.codeHash !== codeHash(phone, code)) throw new ValidationError(Msg.smsCodeWrong)
  return counted.id
}

/** Uses the code up inside the caller's transaction; of two requests with the same right code only one gets through. */
export async function useResetCode(tx: Executor, id: number, now = Date.now()) {
  const used = await tx.update(smsCodes).set({ usedAt: new Date(now) })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt))).returning({ id: smsCodes.id })
  if (!used.length) throw new ValidationError(Msg.smsCodeInvalid)
}
