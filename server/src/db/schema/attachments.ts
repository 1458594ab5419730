import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'

/**
 * An uploaded file. The bytes live content-addressed (sha-256) in the file store (DATA_DIR/files or
 * S3); several rows may share one blob, which is removed when the last row goes.
 */
export const attachments = pgTable('attachment', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  userId: integer('user_id'),
  /** what it is for (contract ATTACHMENT_TYPES) */
  fileType: integer('file_type').notNull(),
  /** the spec's currentTargetId: the row it was uploaded for, when known */
  targetId: integer('target_id'),
  name: varchar('name', { length: 200 }).notNull(),
  mime: varchar('mime', { length: 100 }).notNull(),
  ext: varchar('ext', { length: 10 }).notNull(),
  size: integer('size').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  thumbSha256: varchar('thumb_sha256', { length: 64 }),
  width: integer('width'),
  height: integer('height'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('attachment_company_idx').on(t.companyId),
  index('attachment_sha_idx').on(t.sha256),
  index('attachment_thumb_sha_idx').on(t.thumbSha256),
])
