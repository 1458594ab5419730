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

/**
 * Sign-in attempts counted before the password is checked, one row per key: `u:<user>|ip:<ip>`
 * (the 5-in-10-minutes lock) and `u:<user>` (a higher cap across every address). Counting is one
 * upsert, so parallel guesses cannot all read the same count.
 */
export const loginFailures = pgTable('login_failure', {
  key: varchar('key', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
})

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

/**
 * Encrypted password payloads already used (sha-256 of the ciphertext), kept until their ts
 * expires: a captured payload cannot be replayed, whichever server process it reaches.
 */
export const passwordNonces = pgTable('password_nonce', {
  hash: varchar('hash', { length: 64 }).primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('password_nonce_expires_idx').on(t.expiresAt)])
