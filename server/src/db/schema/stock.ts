import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'
import { reports } from './reports.js'

/**
 * Materials and stock (issue 37). Quantities are integer thousandths of the material's unit (bigint),
 * money integer fen. A base's balance of a material (`company_material`) is the sum of its movements
 * (`stock_movement`); both are written together in one transaction by modules/stock/ledger.ts, the
 * decrease as one conditional statement, and the balance can never go below zero (its check).
 */

const qty = (name: string) => bigint(name, { mode: 'number' })

export const materialTypes = pgTable('material_type', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  remark: varchar('remark', { length: 200 }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('material_type_name_unique').on(t.name)])

export const materials = pgTable('material', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  typeId: integer('type_id').notNull().references(() => materialTypes.id),
  specification: varchar('specification', { length: 100 }),
  unit: varchar('unit', { length: 10 }).notNull(),
  /** fen */
  listPrice: integer('list_price').notNull(),
  lowStock: qty('low_stock').notNull().default(0),
  retired: boolean('retired').notNull().default(false),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('material_name_spec_unique').on(t.name, sql`coalesce(${t.specification}, '')`),
  index('material_type_idx').on(t.typeId),
])

/** A base's balance of a material: the sum of its movements, never below zero. */
export const companyMaterials = pgTable('company_material', {
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  materialId: integer('material_id').notNull().references(() => materials.id),
  quantity: qty('quantity').notNull().default(0),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.materialId] }),
  index('company_material_material_idx').on(t.materialId),
  check('company_material_not_negative', sql`${t.quantity} >= 0`),
])

/** Supply orders (供货单): `company_id` orders from `supplier_company_id`, paired by headquarters (company_material_order). */
export const supplyOrders = pgTable('supply_order', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  supplierCompanyId: integer('supplier_company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  /** SUPPLY_STATUS */
  status: smallint('status').notNull().default(0),
  remark: varchar('remark', { length: 200 }),
  userId: integer('user_id'),
  shipUserId: integer('ship_user_id'),
  receiveUserId: integer('receive_user_id'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  shipTime: timestamp('ship_time', { withTimezone: true }),
  receiveTime: timestamp('receive_time', { withTimezone: true }),
}, (t) => [
  index('supply_order_company_idx').on(t.companyId, t.createTime),
  index('supply_order_supplier_idx').on(t.supplierCompanyId, t.createTime),
])

export const supplyOrderLines = pgTable('supply_order_line', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => supplyOrders.id, { onDelete: 'cascade' }),
  materialId: integer('material_id').notNull().references(() => materials.id),
  quantity: qty('quantity').notNull(),
}, (t) => [index('supply_order_line_order_idx').on(t.orderId), index('supply_order_line_material_idx').on(t.materialId)])

/** Stock-taking (盘点): the counts of some materials against the balances when counted, applied when confirmed. */
export const stockTakes = pgTable('stock_take', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  /** STOCK_TAKE_STATUS */
  status: smallint('status').notNull().default(0),
  userId: integer('user_id'),
  confirmUserId: integer('confirm_user_id'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  confirmTime: timestamp('confirm_time', { withTimezone: true }),
}, (t) => [index('stock_take_company_idx').on(t.companyId, t.createTime)])

export const stockTakeLines = pgTable('stock_take_line', {
  id: serial('id').primaryKey(),
  stockTakeId: integer('stock_take_id').notNull().references(() => stockTakes.id, { onDelete: 'cascade' }),
  materialId: integer('material_id').notNull().references(() => materials.id),
  book: qty('book').notNull(),
  counted: qty('counted').notNull(),
  reason: varchar('reason', { length: 200 }),
}, (t) => [index('stock_take_line_take_idx').on(t.stockTakeId), index('stock_take_line_material_idx').on(t.materialId)])

/** Sales (销售) and refunds: a refund is a row of its own returning a sale (`refund_of_id`), its total negative. */
export const sales = pgTable('sale', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  customer: varchar('customer', { length: 100 }).notNull(),
  reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
  paymentMethod: varchar('payment_method', { length: 10 }).notNull(),
  /** fen, the sum of the lines (written by the database) */
  total: bigint('total', { mode: 'number' }).notNull().default(0),
  refundOfId: integer('refund_of_id'),
  remark: varchar('remark', { length: 200 }),
  sellerId: integer('seller_id'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('sale_company_time_idx').on(t.companyId, t.createTime),
  // one refund a sale
  uniqueIndex('sale_refund_of_unique').on(t.refundOfId),
])

export const saleLines = pgTable('sale_line', {
  id: serial('id').primaryKey(),
  saleId: integer('sale_id').notNull().references(() => sales.id, { onDelete: 'cascade' }),
  materialId: integer('material_id').notNull().references(() => materials.id),
  quantity: qty('quantity').notNull(),
  /** fen a unit */
  price: integer('price').notNull(),
  /** fen: price × quantity, rounded half up; negative on a refund */
  amount: bigint('amount', { mode: 'number' }).notNull(),
}, (t) => [index('sale_line_sale_idx').on(t.saleId), index('sale_line_material_idx').on(t.materialId)])

/** The ledger: one row a change of a balance, signed; the balance is their sum. */
export const stockMovements = pgTable('stock_movement', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  materialId: integer('material_id').notNull().references(() => materials.id),
  /** MOVEMENT_KINDS */
  kind: varchar('kind', { length: 10 }).notNull(),
  delta: qty('delta').notNull(),
  reason: varchar('reason', { length: 200 }),
  supplyOrderId: integer('supply_order_id').references(() => supplyOrders.id, { onDelete: 'set null' }),
  saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
  stockTakeId: integer('stock_take_id').references(() => stockTakes.id, { onDelete: 'set null' }),
  userId: integer('user_id'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('stock_movement_company_material_idx').on(t.companyId, t.materialId, t.id),
  index('stock_movement_company_time_idx').on(t.companyId, t.createTime),
  index('stock_movement_material_idx').on(t.materialId),
  check('stock_movement_not_zero', sql`${t.delta} <> 0`),
])
