import { date, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'

/** How many reservations a base takes on a date and period for a tanker type. */
export const reservationPlans = pgTable('reservation_plan', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  reserveTime: date('reserve_time', { mode: 'string' }).notNull(),
  /** 上午 | 下午 */
  reservePeriod: varchar('reserve_period', { length: 4 }).notNull(),
  /** 常压车辆 | 承压车辆 */
  tankerType: varchar('tanker_type', { length: 10 }).notNull(),
  totalCount: integer('total_count').notNull().default(0),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('reservation_plan_unique').on(t.companyId, t.reserveTime, t.reservePeriod, t.tankerType)])
