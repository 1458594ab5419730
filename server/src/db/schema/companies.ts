import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

/** A base (company, agent). Company 1 is headquarters. */
export const companies = pgTable(
  'company',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    contactor: varchar('contactor', { length: 50 }),
    phone: varchar('phone', { length: 20 }),
    address: varchar('address', { length: 200 }),
    domain: varchar('domain', { length: 63 }),
    province: varchar('province', { length: 20 }),
    city: varchar('city', { length: 20 }),
    district: varchar('district', { length: 20 }),
    /** '1' allows sub-accounts (spec keeps it a string) */
    isCreate: varchar('is_create', { length: 1 }).notNull().default('1'),
    attachmentId: integer('attachment_id'),
    picId: integer('pic_id'),
    remainingTimes: integer('remaining_times').notNull().default(0),
    useTimes: integer('use_times').notNull().default(0),
    /** sub-accounts the base may have in all */
    userAmount: integer('user_amount').notNull().default(0),
    /** the base's main account (login = contact phone, role base admin): cannot be deleted */
    mainUserId: integer('main_user_id'),
    /** bytes of attachments stored for the base (checked against the storage quota in one update) */
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_domain_unique').on(sql`lower(${t.domain})`), index('company_create_time_idx').on(t.createTime)],
)
