import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'

/** The run log (日志 0 / 告警 1), e.g. one entry per ticket analysis. */
export const logEntries = pgTable('log_entry', {
  id: serial('id').primaryKey(),
  serialNumber: varchar('serial_number', { length: 64 }),
  errorMes: text('error_mes').notNull(),
  level: integer('level').notNull().default(0),
  phone: varchar('phone', { length: 64 }),
  companyId: integer('company_id'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('log_entry_company_time_idx').on(t.companyId, t.createTime),
  // headquarters' log list (every base, newest first) reads a page without sorting the whole table
  index('log_entry_time_idx').on(t.createTime, t.id),
])
