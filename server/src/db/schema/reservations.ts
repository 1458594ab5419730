import { sql } from 'drizzle-orm'
import { date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'
import { users } from './users.js'

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

/**
 * A booking of a plan's place: the vehicle, its driver and the slot. Every status but 已取消 holds a
 * place; a booking is admitted only under the plan's row lock while fewer than totalCount hold one.
 * One live booking per plate, base and day.
 */
export const reservations = pgTable('reservation', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  planId: integer('plan_id').notNull().references(() => reservationPlans.id, { onDelete: 'cascade' }),
  licenseNumber: varchar('license_number', { length: 10 }).notNull(),
  contactName: varchar('contact_name', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 11 }).notNull(),
  /** the plan's, copied for the lists' filters */
  tankerType: varchar('tanker_type', { length: 10 }).notNull(),
  reserveTime: date('reserve_time', { mode: 'string' }).notNull(),
  reservePeriod: varchar('reserve_period', { length: 4 }).notNull(),
  /** RESERVATION_STATUS: 0 已预约, 1 已到场, 2 已取消, 3 未到 */
  status: smallint('status').notNull().default(0),
  remarks: varchar('remarks', { length: 200 }),
  createUserId: integer('create_user_id').references(() => users.id, { onDelete: 'set null' }),
  arriveTime: timestamp('arrive_time', { withTimezone: true }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('reservation_plan_status_idx').on(t.planId, t.status),
  index('reservation_company_day_idx').on(t.companyId, t.reserveTime),
  // the big screens' count of today's bookings of every base (modules/screens)
  index('reservation_day_idx').on(t.reserveTime),
  uniqueIndex('reservation_plate_day_idx').on(t.companyId, t.reserveTime, t.licenseNumber).where(sql`${t.status} <> 2`),
])
