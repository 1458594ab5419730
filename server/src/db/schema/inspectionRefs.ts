import type { TemplateStep } from '@app/contract'
import { sql } from 'drizzle-orm'
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'
import { users } from './users.js'

/**
 * Inspection reference data (issue 12): process templates and their immutable versions, indicators
 * (reusable check items), station groups and stations of a base.
 */

/** A template (车辆类型 for the process, or a non-process template when isOut). Deleted ones stay for their versions. */
export const processTemplates = pgTable(
  'process_template',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    isOut: boolean('is_out').notNull().default(false),
    remarks: varchar('remarks', { length: 500 }),
    /** the current version (process_template_version.id); set in the transaction that writes it */
    currentVersionId: integer('current_version_id'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('process_template_name_idx').on(t.isOut, t.name).where(sql`${t.deletedAt} is null`)],
)

/** A template's content as it was saved once: never updated, so a report's version keeps its meaning. */
export const processTemplateVersions = pgTable(
  'process_template_version',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id').notNull().references(() => processTemplates.id),
    version: integer('version').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    steps: jsonb('steps').$type<TemplateStep[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('process_template_version_idx').on(t.templateId, t.version)],
)

/** A reusable check item a template step can pick from (its content is copied into the step). */
export const indicators = pgTable(
  'indicator',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    unit: varchar('unit', { length: 20 }),
    min: doublePrecision('min'),
    max: doublePrecision('max'),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(true),
    remarks: varchar('remarks', { length: 500 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('indicator_name_idx').on(t.name)],
)

/** Station groups of a base, optionally under one of the centres (罐车一中心 …). */
export const stationGroups = pgTable(
  'station_group',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    center: varchar('center', { length: 20 }),
    remarks: varchar('remarks', { length: 500 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('station_group_name_idx').on(t.companyId, t.name)],
)

/** A station (工位) of a group, in the group's order. */
export const stations = pgTable(
  'station',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => stationGroups.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('station_group_idx').on(t.groupId, t.sort)],
)
