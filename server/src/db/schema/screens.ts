import { date, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'

/**
 * What the big screens (issue 36, modules/screens) read instead of raw rows: transports per China day
 * and base, kept by statement triggers on `transport` in the writing transaction (migration 0023), and
 * each scope's key for signing embed links.
 */

/**
 * Transports recorded (create_time, China Standard Time) on a day by a base that are not 作废, and
 * those among them whose pound difference is over the tolerance (dangerLevel 1 or 3).
 */
export const transportDaily = pgTable('transport_daily', {
  day: date('day', { mode: 'string' }).notNull(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
  poundAlerts: integer('pound_alerts').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.day, t.companyId] }),
  index('transport_daily_company_day_idx').on(t.companyId, t.day),
])

/**
 * The secret a scope's embed links are signed with (random, made at the first link). Held only by the
 * server; replacing it withdraws every link of that scope at once.
 */
export const screenLinkKeys = pgTable('screen_link_key', {
  companyId: integer('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 64 }).notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
})
