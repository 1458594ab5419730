import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'

/** Supply (feed): the buying base gets its material from the selling base. */
export const companyMaterialOrders = pgTable('company_material_order', {
  id: serial('id').primaryKey(),
  buyCompanyId: integer('buy_company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  saleCompanyId: integer('sale_company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  userId: integer('user_id'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('company_material_order_unique').on(t.buyCompanyId, t.saleCompanyId),
  index('company_material_order_sale_idx').on(t.saleCompanyId),
])
