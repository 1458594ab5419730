import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'

/**
 * The goods registry (物品登记): a pawned item of a base with its ticket, pawner and photos. `photo_text`
 * is what the OCR read on the photos; `search_text` (name, ticket number and that text) is what the
 * description search matches, through a trigram index (pg_trgm) so that one misread character still finds it.
 */
export const goods = pgTable('goods', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  userId: integer('user_id'),
  name: varchar('name', { length: 100 }).notNull(),
  category: varchar('category', { length: 10 }).notNull(),
  ticketNumber: varchar('ticket_number', { length: 50 }).notNull(),
  ticketPicId: integer('ticket_pic_id').notNull(),
  goodsPicIds: integer('goods_pic_ids').array().notNull(),
  pawnTime: timestamp('pawn_time', { withTimezone: true }).notNull(),
  pawnName: varchar('pawn_name', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 11 }).notNull(),
  idNumber: varchar('id_number', { length: 18 }).notNull(),
  isInvalid: varchar('is_invalid', { length: 1 }).notNull().default('否'),
  doubtable: varchar('doubtable', { length: 2 }).notNull().default('正常'),
  photoText: text('photo_text').notNull().default(''),
  searchText: text('search_text').notNull().generatedAlwaysAs(sql`name || ' ' || ticket_number || ' ' || photo_text`),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('goods_company_time_idx').on(t.companyId, t.createTime),
  index('goods_time_idx').on(t.createTime, t.id),
  index('goods_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
])
