import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from './users.js'

export const sessions = pgTable(
  'session',
  {
    id: serial('id').primaryKey(),
    /** sha-256 of the bearer token; the token itself is never stored */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    idleMs: integer('idle_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | forced | password */
    revokeReason: varchar('revoke_reason', { length: 20 }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
)

export const loginFailures = pgTable('login_failure', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 64 }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('login_failure_username_idx').on(t.username, t.at)])

export const smsCodes = pgTable('sms_code', {
  id: serial('id').primaryKey(),
  phone: varchar('phone', { length: 20 }).notNull(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
}, (t) => [index('sms_code_phone_idx').on(t.phone, t.createdAt)])

export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  phone: varchar('phone', { length: 20 }).notNull(),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Single-use, short-lived tokens for `?token=` login. */
export const loginTokens = pgTable('login_token', {
  id: serial('id').primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  companyId: integer('company_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/** Fixed-window counters shared by every server process (per-IP limits on login and SMS). */
export const rateCounters = pgTable('rate_counter', {
  key: varchar('key', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})
