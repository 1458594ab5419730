import { chinaToday, EXPIRY_LEVELS, expiryOf, REPORT_STATUS, ReportMsg } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.js'
import type { SmsProvider } from '../../platform/sms.js'
import { repeat } from '../../platform/schedule.js'

/**
 * Expiry SMS to the registered phone of signed reports: one per threshold (30 days, 10 days, overdue),
 * the most urgent one reached, claimed by one UPDATE … RETURNING so that several server processes
 * never send the same warning twice.
 */
export async function sendExpiryWarnings(db: Db, sms: SmsProvider, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  const today = chinaToday(now)
  let sent = 0
  // most urgent first: a report claimed as overdue is marked for the wider thresholds too
  const levels = Object.values(EXPIRY_LEVELS).sort((x, y) => x.days - y.days)
  for (const [i, level] of levels.entries()) {
    const marks = JSON.stringify(levels.slice(i).map((l) => l.days))
    const due = level.days === 0 ? sql`next_inspection_date < ${today}::date` : sql`next_inspection_date <= ${today}::date + ${level.days}::int`
    const { rows } = await db.execute<{ phone: string; license_number: string; next_inspection_date: string }>(sql`
      update report set warned_days = (select coalesce(jsonb_agg(distinct d), '[]'::jsonb) from jsonb_array_elements(warned_days || ${marks}::jsonb) d)
      where status = ${REPORT_STATUS.signed} and next_inspection_date is not null and ${due}
        and not (warned_days @> ${JSON.stringify([level.days])}::jsonb)
      returning phone, license_number, to_char(next_inspection_date, 'YYYY-MM-DD') as next_inspection_date`)
    for (const r of rows) {
      const days = expiryOf(r.next_inspection_date, today)?.days ?? 0
      try {
        await sms.send(r.phone, ReportMsg.expirySms(r.license_number, r.next_inspection_date, days))
        sent++
      } catch (err) {
        log.warn({ err, plate: r.license_number }, 'expiry warning SMS failed')
      }
    }
  }
  return sent
}

export const EXPIRY_CHECK_INTERVAL_MS = 60 * 60_000

/** Checks 5 s after the start and every hour (platform/schedule.ts). */
export function scheduleExpiryWarnings(db: Db, sms: SmsProvider, log: FastifyBaseLogger, intervalMs = EXPIRY_CHECK_INTERVAL_MS) {
  return repeat(() => sendExpiryWarnings(db, sms, log), (err) => log.warn({ err }, 'expiry warnings failed'), intervalMs, 5_000)
}
