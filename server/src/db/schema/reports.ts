import type { RecordValue } from '@app/contract'
import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'
import { processTemplates, processTemplateVersions, stations } from './inspectionRefs.js'
import { reservations } from './reservations.js'
import { users } from './users.js'

/**
 * Inspection reports (issue 12): a vehicle registration that runs through DESIGN §5's states, its
 * records (one per check item of the frozen template version), its status history and its diagram.
 */
export const reports = pgTable(
  'report',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    /** JC + China date + id: set in the transaction that inserts the row */
    reportNumber: varchar('report_number', { length: 30 }).notNull(),
    licenseNumber: varchar('license_number', { length: 10 }).notNull(),
    tankerType: varchar('tanker_type', { length: 10 }).notNull(),
    tankerNumber: varchar('tanker_number', { length: 50 }),
    /** unit, last material and expiry: null only on a registration made from a booking, until 编辑登记 fills them */
    org: varchar('org', { length: 100 }),
    contactName: varchar('contact_name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    latestMaterial: varchar('latest_material', { length: 50 }),
    outdate: date('outdate', { mode: 'string' }),
    /** scene photos (attachment ids) */
    images: jsonb('images').$type<number[]>().notNull().default([]),
    /** REPORT_STATUS */
    status: smallint('status').notNull().default(0),
    receptionId: integer('reception_id').references(() => reservations.id, { onDelete: 'set null' }),
    /** set at 开始检验: the template, the version frozen for this report and whether it is 非流程 */
    templateId: integer('template_id').references(() => processTemplates.id),
    templateVersionId: integer('template_version_id').references(() => processTemplateVersions.id),
    isOut: boolean('is_out'),
    inspectorId: integer('inspector_id').references(() => users.id, { onDelete: 'set null' }),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    /** the centre of the station's group, copied for the list's centre filter */
    center: varchar('center', { length: 20 }),
    result: varchar('result', { length: 10 }),
    safetyGrade: smallint('safety_grade'),
    nextInspectionDate: date('next_inspection_date', { mode: 'string' }),
    fullInspectionDate: date('full_inspection_date', { mode: 'string' }),
    returnReason: varchar('return_reason', { length: 200 }),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    signerId: integer('signer_id').references(() => users.id, { onDelete: 'set null' }),
    startTime: timestamp('start_time', { withTimezone: true }),
    finishTime: timestamp('finish_time', { withTimezone: true }),
    reviewTime: timestamp('review_time', { withTimezone: true }),
    signTime: timestamp('sign_time', { withTimezone: true }),
    /** the public verification page's key (QR code): unguessable, never the id */
    verifyToken: varchar('verify_token', { length: 64 }).notNull(),
    /** expiry warnings already sent: the thresholds (days) of the current next inspection date */
    warnedDays: jsonb('warned_days').$type<number[]>().notNull().default([]),
    createUserId: integer('create_user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_number_idx').on(t.reportNumber),
    uniqueIndex('report_verify_token_idx').on(t.verifyToken),
    uniqueIndex('report_reception_idx').on(t.receptionId),
    index('report_company_time_idx').on(t.companyId, t.createTime, t.id),
    index('report_status_time_idx').on(t.status, t.createTime, t.id),
    index('report_center_time_idx').on(t.center, t.createTime, t.id),
    // headquarters' unfiltered list, newest first
    index('report_time_idx').on(t.createTime, t.id),
    index('report_plate_idx').on(t.licenseNumber),
    index('report_next_inspection_idx').on(t.nextInspectionDate).where(sql`${t.status} = 6`),
    // 检验统计 (modules/kpi) counts each move by its own moment: the reports started, finished or signed in a range
    index('report_start_time_idx').on(t.startTime),
    index('report_finish_time_idx').on(t.finishTime),
    index('report_sign_time_idx').on(t.signTime),
  ],
)

/** One check item's entry of a report: the latest value, who entered it and when. */
export const reportRecords = pgTable(
  'report_record',
  {
    reportId: integer('report_id').notNull().references(() => reports.id, { onDelete: 'cascade' }),
    itemKey: varchar('item_key', { length: 32 }).notNull(),
    stepKey: varchar('step_key', { length: 32 }).notNull(),
    value: jsonb('value').$type<RecordValue>(),
    remark: varchar('remark', { length: 500 }),
    passed: boolean('passed'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.itemKey] })],
)

/** Every status change of a report (the overview's history, KPI's times). */
export const reportEvents = pgTable(
  'report_event',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id').notNull().references(() => reports.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    reason: varchar('reason', { length: 200 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_event_report_idx').on(t.reportId, t.id), index('report_event_time_idx').on(t.toStatus, t.createTime)],
)

/** The tank diagram of a report (fabric.js canvas JSON, issue 13), with a version for concurrent edits. */
export const reportDiagrams = pgTable('report_diagram', {
  reportId: integer('report_id').primaryKey().references(() => reports.id, { onDelete: 'cascade' }),
  canvas: text('canvas').notNull(),
  /** the drawing as a PNG data URL (the editor sends it with each save): the PDF and the overview show it */
  png: text('png'),
  version: integer('version').notNull().default(1),
  updateUserId: integer('update_user_id').references(() => users.id, { onDelete: 'set null' }),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
})
