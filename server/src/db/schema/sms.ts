import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'

/** Password-recovery codes sent by SMS, stored only as a hash. */
export const smsCodes = pgTable('sms_code', {
  id: serial('id').primaryKey(),
  phone: varchar('phone', { length: 20 }).notNull(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
}, (t) => [index('sms_code_phone_idx').on(t.phone, t.createdAt)])

/** SMS kept here when no gateway is configured (SMS_WEBHOOK_URL unset). */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  phone: varchar('phone', { length: 20 }).notNull(),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
