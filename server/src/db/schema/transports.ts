import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { attachments } from './attachments.js'
import { companies } from './companies.js'
import { users } from './users.js'

/** Tons with 2 decimals: numeric, never float (DESIGN §5); read as a JS number. */
const tons = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' })
const at = (name: string) => timestamp(name, { withTimezone: true })

/** What the receiving note says of the first receiving place, and what an extra destination repeats of it (fresh builders for each table). */
const receivingDetails = () => ({
  signGrossWeight: tons('sign_gross_weight'),
  signTareWeight: tons('sign_tare_weight'),
  signUser: varchar('sign_user', { length: 50 }),
  signSettlement: varchar('sign_settlement', { length: 100 }),
  signAdditional: varchar('sign_additional', { length: 500 }),
})

/**
 * A transport (spec 001 §3): the delivery note (delivery*) and its receiving note (sign*), as the user
 * saved them. `originals` keeps what the ticket reading found (the ud- fields) by field name.
 * Status (DESIGN §5): 1 暂存, 2 上传完成, 3 作废.
 */
export const transports = pgTable('transport', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  status: smallint('status').notNull().default(1),

  deliveryManufactory: varchar('delivery_manufactory', { length: 100 }),
  deliveryCustomer: varchar('delivery_customer', { length: 100 }),
  deliveryGoodsName: varchar('delivery_goods_name', { length: 100 }),
  deliverySpecific: varchar('delivery_specific', { length: 50 }),
  deliveryPlateNumber: varchar('delivery_plate_number', { length: 20 }),
  deliveryCarrier: varchar('delivery_carrier', { length: 100 }),
  deliveryNumber: varchar('delivery_number', { length: 64 }),
  deliveryTime: at('delivery_time'),
  deliveryNetWeight: tons('delivery_net_weight'),
  deliveryBags: integer('delivery_bags'),
  deliveryGrossWeight: tons('delivery_gross_weight'),
  deliveryTareWeight: tons('delivery_tare_weight'),
  deliveryAdditional: varchar('delivery_additional', { length: 500 }),
  deliveryPicId: integer('delivery_pic_id').references(() => attachments.id, { onDelete: 'set null' }),
  deliveryOrigin: text('delivery_origin'),

  signManufactory: varchar('sign_manufactory', { length: 100 }),
  signCustomer: varchar('sign_customer', { length: 100 }),
  signGoodsName: varchar('sign_goods_name', { length: 100 }),
  signSpecific: varchar('sign_specific', { length: 50 }),
  signPlateNumber: varchar('sign_plate_number', { length: 20 }),
  signCarrier: varchar('sign_carrier', { length: 100 }),
  /** receiving unit */
  signName: varchar('sign_name', { length: 100 }),
  /** receiving address */
  signPlace: varchar('sign_place', { length: 200 }),
  signNumber: varchar('sign_number', { length: 64 }),
  signTime: at('sign_time'),
  /** total receiving net: first receiving place + extra destinations (the server computes it) */
  signNetWeight: tons('sign_net_weight'),
  signFirstNetWeight: tons('sign_first_net_weight'),
  signBags: integer('sign_bags'),
  ...receivingDetails(),
  signPicId: integer('sign_pic_id').references(() => attachments.id, { onDelete: 'set null' }),
  signOrigin: text('sign_origin'),

  /** the OCR originals (ud-): { deliveryNetWeight: 32.5, … } from the readings of the two pictures */
  originals: jsonb('originals').$type<Record<string, string | number | null>>().notNull().default({}),
  poundDiff: tons('pound_diff'),
  /** 1 pound difference over tolerance, 2 a weight modified ≥ 1 t from its reading, 3 both; null neither */
  dangerLevel: smallint('danger_level'),
  /** optimistic lock: every write increments it; a write of an older version is refused (409) */
  version: integer('version').notNull().default(1),
  createTime: at('create_time').notNull().defaultNow(),
  updateTime: at('update_time').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  // grid_row, not mapped: the grid's own fields as JSON text, written by a trigger (migration 0017)
}, (t) => [
  // a base's grid, newest first, and headquarters' grid across bases: read backwards for
  // `order by create_time desc, id desc` (drizzle's .desc() makes DESC NULLS LAST, which that order cannot use)
  index('transport_company_time_idx').on(t.companyId, t.createTime, t.id),
  index('transport_time_idx').on(t.createTime, t.id),
  // a base's period of deliveries. With the carrier, the upload time and the id in it, a carrier's count
  // in a period (the grid's usual filter) and the ids of its page read the index alone once the table
  // is vacuumed, instead of a table page for every row
  index('transport_company_delivery_time_idx').on(t.companyId, t.deliveryTime, t.deliveryCarrier, t.createTime, t.id),
  // duplicate tickets: the same number of the same manufacturer
  index('transport_company_delivery_number_idx').on(t.companyId, t.deliveryNumber),
  index('transport_company_sign_number_idx').on(t.companyId, t.signNumber),
  index('transport_delivery_pic_idx').on(t.deliveryPicId),
  index('transport_sign_pic_idx').on(t.signPicId),
  index('transport_user_idx').on(t.userId, t.createTime),
])

/** An extra destination (spec 001 §3): the 2nd … 9th receiving place of a transport. */
export const transportDestinations = pgTable('transport_destination', {
  id: serial('id').primaryKey(),
  transportId: integer('transport_id').notNull().references(() => transports.id, { onDelete: 'cascade' }),
  /** 2 … 9 */
  ordinal: smallint('ordinal').notNull(),
  dest: varchar('dest', { length: 100 }),
  address: varchar('address', { length: 200 }),
  signTime: at('sign_time'),
  weight: tons('weight'),
  bags: integer('bags'),
  ...receivingDetails(),
  picUrl: varchar('pic_url', { length: 300 }),
}, (t) => [uniqueIndex('transport_destination_ordinal_idx').on(t.transportId, t.ordinal)])

/**
 * One ticket reading (`/logistics/analysis`): what was read from which picture, for whom. A save takes
 * the ud- originals from here (never from the client); usage statistics count uploads and failures.
 */
export const ticketReadings = pgTable('ticket_reading', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** 1 delivery, 2 receiving */
  fileType: smallint('file_type').notNull(),
  attachmentId: integer('attachment_id').references(() => attachments.id, { onDelete: 'set null' }),
  ok: boolean('ok').notNull(),
  fields: jsonb('fields').$type<Record<string, string | number | null>>().notNull().default({}),
  formatName: varchar('format_name', { length: 100 }),
  /** the raw OCR text, kept as the transport's deliveryOrigin / signOrigin */
  origin: text('origin'),
  error: varchar('error', { length: 500 }),
  ms: integer('ms'),
  createTime: at('create_time').notNull().defaultNow(),
}, (t) => [
  index('ticket_reading_attachment_idx').on(t.attachmentId),
  index('ticket_reading_company_time_idx').on(t.companyId, t.createTime),
  index('ticket_reading_user_time_idx').on(t.userId, t.createTime),
])

/** Pound-difference tolerance of a settlement unit (beyond the spec; default 1 t). */
export const settlementTolerances = pgTable('settlement_tolerance', {
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  settlement: varchar('settlement', { length: 100 }).notNull(),
  /** 'ton' or 'permille' */
  unit: varchar('unit', { length: 10 }).notNull(),
  value: numeric('value', { precision: 10, scale: 3, mode: 'number' }).notNull(),
  updateTime: at('update_time').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.companyId, t.settlement] })])

/** Logistics companies (spec 001 §7 `/lCompany/*`): the carriers a base works with; SMS goes to their phone. */
export const logisticsCompanies = pgTable('logistics_company', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  contactor: varchar('contactor', { length: 50 }),
  phone: varchar('phone', { length: 20 }),
  province: varchar('province', { length: 20 }),
  city: varchar('city', { length: 20 }),
  district: varchar('district', { length: 20 }),
  remarks: varchar('remarks', { length: 500 }),
  createTime: at('create_time').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('logistics_company_name_idx').on(t.companyId, t.name),
  index('logistics_company_time_idx').on(t.companyId, t.createTime),
])

/** Per-user screen settings kept on the server (the transport grid's column layout). */
export const userSettings = pgTable('user_setting', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: varchar('key', { length: 60 }).notNull(),
  value: jsonb('value').notNull(),
  updateTime: at('update_time').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] })])

/** SMS sent about transports (`/sms/send`): one row per message, for the rate limit and the log. */
export const transportSms = pgTable('transport_sms', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  phone: varchar('phone', { length: 20 }).notNull(),
  carrier: varchar('carrier', { length: 100 }).notNull(),
  transportIds: jsonb('transport_ids').$type<number[]>().notNull(),
  content: text('content').notNull(),
  ok: boolean('ok').notNull(),
  createTime: at('create_time').notNull().defaultNow(),
}, (t) => [index('transport_sms_company_time_idx').on(t.companyId, t.createTime)])
