import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'

/** A top-up of a base: upload times (type 1) or sub-account quota (type 2), with its operator. */
export const rechargeRecords = pgTable('recharge_record', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  times: integer('times').notNull(),
  /** 1 upload times, 2 sub-account quota */
  type: smallint('type').notNull().default(1),
  /** the operator; the name is kept so the record survives the user */
  userId: integer('user_id'),
  userName: varchar('user_name', { length: 50 }).notNull().default(''),
  /** the client's id for this top-up: a double submit finds the first record instead of topping up twice */
  requestId: varchar('request_id', { length: 64 }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('recharge_record_request_unique').on(t.requestId),
  index('recharge_record_company_time_idx').on(t.companyId, t.createTime),
  index('recharge_record_time_idx').on(t.createTime),
])
