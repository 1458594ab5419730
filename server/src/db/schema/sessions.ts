import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/** A signed-in session, found by its bearer token. */
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

/** Single-use, short-lived tokens for `?token=` login. */
export const loginTokens = pgTable('login_token', {
  id: serial('id').primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  companyId: integer('company_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})
