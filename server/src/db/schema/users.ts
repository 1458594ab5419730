import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'
import { roles } from './roles.js'

export const users = pgTable(
  'app_user',
  {
    id: serial('id').primaryKey(),
    /** login name */
    phone: varchar('phone', { length: 64 }).notNull().unique(),
    name: varchar('name', { length: 50 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id').references(() => roles.id),
    /** the parent account of a sub-account */
    parentId: integer('parent_id'),
    /** 1: may create sub-accounts */
    isCreate: integer('is_create').notNull().default(0),
    sex: varchar('sex', { length: 4 }),
    nation: varchar('nation', { length: 20 }),
    idNo: varchar('id_no', { length: 30 }),
    workUnit: varchar('work_unit', { length: 100 }),
    job: varchar('job', { length: 50 }),
    workUnitAndJob: varchar('work_unit_and_job', { length: 150 }),
    remarks: varchar('remarks', { length: 500 }),
    avatar: varchar('avatar', { length: 300 }),
    /** set when the user chose their own password; null means "never reset" (spec's reminder) */
    lastPasswordResetDate: timestamp('last_password_reset_date', { withTimezone: true }),
    /** an administrator reset the password: the user must change it */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_user_parent_idx').on(t.parentId), index('app_user_create_time_idx').on(t.createTime)],
)

/** Which companies a user belongs to (the spec's user-company relation, relaId). */
export const userCompanies = pgTable(
  'user_company',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    /**
     * In this base the user is a sub-account shown under this parent account (null: a top-level row of
     * the user list). Kept here rather than only on the user so the list and its count read one table.
     */
    parentId: integer('parent_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_company_company_idx').on(t.companyId),
    index('user_company_user_idx').on(t.userId),
    uniqueIndex('user_company_unique').on(t.userId, t.companyId),
    index('user_company_parent_idx').on(t.parentId),
    index('user_company_top_idx').on(t.companyId).where(sql`${t.parentId} is null`),
  ],
)
