import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

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

/**
 * The RSA key pairs passwords are encrypted with, shared by every server process. One is current (at
 * most one row may be: the unique partial index decides between processes creating the first key or
 * rotating at once); a retired key still decrypts for the password time window after retired_at.
 */
export const rsaKeys = pgTable('rsa_key', {
  id: serial('id').primaryKey(),
  /** PKCS#8 PEM; never answered by any route */
  privatePem: text('private_pem').notNull(),
  publicPem: text('public_pem').notNull(),
  current: boolean('current').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
}, (t) => [uniqueIndex('rsa_key_one_current_idx').on(t.current).where(sql`${t.current}`)])
