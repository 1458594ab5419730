import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'

/** A ticket layout (票据格式): chosen for a photo by its match rule and rank. */
export const receiptFormats = pgTable('receipt_format', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  /** 1 发货单 (delivery note), 2 收货单 (receiving note) */
  type: integer('type').notNull(),
  /** a regular expression, or keywords separated by , ， | or spaces */
  regular: varchar('regular', { length: 1000 }).notNull(),
  /** higher wins when several formats match */
  rankcom: integer('rankcom').notNull().default(0),
  excludeKeywords: varchar('exclude_keywords', { length: 500 }),
  /** fields that must come out for the format to be kept, comma separated */
  requiredFields: varchar('required_fields', { length: 500 }),
  description: varchar('description', { length: 500 }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
})

/** How one field is read on a format (取值规则). */
export const extractionRules = pgTable('extraction_rule', {
  id: serial('id').primaryKey(),
  /** the record field it fills, e.g. deliveryNetWeight */
  property: varchar('property', { length: 60 }).notNull(),
  receiptFormatId: integer('receipt_format_id').notNull().references(() => receiptFormats.id, { onDelete: 'cascade' }),
  valueName: varchar('value_name', { length: 100 }),
  valueNameRegular: varchar('value_name_regular', { length: 500 }),
  valueRegular: varchar('value_regular', { length: 500 }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('extraction_rule_format_idx').on(t.receiptFormatId)])
