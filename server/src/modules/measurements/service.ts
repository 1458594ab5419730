import {
  ageOfIdNumber, formatDateTime, maskPhone, parseDateTime, rangeBounds, MEASUREMENT_EXPORT_NAME, MeasurementMsg,
  type Machine, type MachineBody, type MachineQuery, type MachineWithSecret, type Measurement, type MeasurementFilters, type MeasurementQuery, type Page,
} from '@app/contract'
import { and, count, desc, eq, gte, lt, lte, ne, or, sql, type Column, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { companies, machines, measurementDaily, measurements, testees } from '../../db/schema/index.js'
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { townOf } from '../../platform/towns.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { contains, containsEach, isForeignKeyViolation, isUniqueViolation, withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertCompanyInScope, assertInScope, inCompanyScope, ownerCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'
import { forgetDevice, newDeviceSecret, secretHashOf } from './devices.js'

// --- devices ---------------------------------------------------------------------------------------

type MachineRow = typeof machines.$inferSelect
const toMachine = ({ m, companyName }: { m: MachineRow; companyName: string | null }): Machine => ({
  id: m.id, companyId: m.companyId, companyName: companyName ?? '', type: m.type, deviceNo: m.deviceNo,
  townCode: m.townCode, townName: townOf(m.townCode)?.townName ?? '', createTime: formatDateTime(m.createTime),
})

/** The town a device is put in, checked against the region data (null: none). */
function townCodeOf(body: MachineBody): string | null {
  if (!body.townCode) return null
  if (!townOf(body.townCode)) throw new ValidationError(MeasurementMsg.townUnknown)
  return body.townCode
}

const machineWhere = (auth: SessionUser, q: MachineQuery) => and(
  inCompanyScope(auth, machines.companyId, q.companyId), ...containsEach(q, { deviceNo: machines.deviceNo, type: machines.type }),
)

export const findMachines = (db: Executor, auth: SessionUser, q: MachineQuery): Promise<Page<Machine>> => pagedList(listSource({
  db,
  query: () => db.select({ m: machines, companyName: companies.name }).from(machines).leftJoin(companies, eq(companies.id, machines.companyId))
    .where(machineWhere(auth, q)).$dynamic(),
  count: () => db.select({ id: machines.id }).from(machines).where(machineWhere(auth, q)).$dynamic(),
  orderBy: [desc(machines.createTime), desc(machines.id)],
  map: toMachine,
}), q)

async function ownMachine(db: Executor, auth: SessionUser, id: number) {
  const [row] = await db.select().from(machines).where(eq(machines.id, id))
  if (!row) throw new NotFoundError(MeasurementMsg.machineNotFound)
  assertInScope(auth, row.companyId, MeasurementMsg.machineNotFound)
  return row
}

async function withCompany(db: Executor, m: MachineRow) {
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, m.companyId))
  return toMachine({ m, companyName: c?.name ?? null })
}

const duplicateNo = (err: unknown) => (isUniqueViolation(err, 'machine_device_no_uq') ? new ConflictError(MeasurementMsg.duplicateDeviceNo) : err)

/** A new device with its secret, shown in this answer only. */
export async function saveMachine(db: Executor, auth: SessionUser, body: MachineBody): Promise<MachineWithSecret> {
  const companyId = ownerCompany(auth, body.companyId)
  const townCode = townCodeOf(body)
  const secret = newDeviceSecret()
  try {
    return await db.transaction(async (tx) => {
      await assertCompanyExists(tx, companyId)
      const [row] = await tx.insert(machines).values({ companyId, type: body.type, deviceNo: body.deviceNo, townCode, secretHash: secretHashOf(secret) }).returning()
      return { ...(await withCompany(tx, row!)), secret }
    })
  } catch (err) {
    throw duplicateNo(err)
  }
}

/** Changes the type and number; a device stays with its base (its readings and counts are the base's). */
export async function updateMachine(db: Executor, auth: SessionUser, id: number, body: MachineBody): Promise<Machine> {
  assertCompanyInScope(auth, body.companyId)
  const townCode = townCodeOf(body)
  try {
    const old = await ownMachine(db, auth, id)
    // a body without the town keeps the device's (a form that does not show it clears nothing)
    const [row] = await db.update(machines).set({ type: body.type, deviceNo: body.deviceNo, ...(body.townCode !== undefined && { townCode }) }).where(eq(machines.id, id)).returning()
    forgetDevice(db, old.deviceNo)
    return withCompany(db, row!)
  } catch (err) {
    throw duplicateNo(err)
  }
}

/** A new secret for a device (the old one stops working at once), shown in this answer only. */
export async function resetMachineSecret(db: Executor, auth: SessionUser, id: number): Promise<MachineWithSecret> {
  const old = await ownMachine(db, auth, id)
  const secret = newDeviceSecret()
  const [row] = await db.update(machines).set({ secretHash: secretHashOf(secret) }).where(eq(machines.id, id)).returning()
  forgetDevice(db, old.deviceNo)
  return { ...(await withCompany(db, row!)), secret }
}

export async function deleteMachine(db: Executor, auth: SessionUser, id: number) {
  try {
    const deleted = await db.delete(machines).where(and(eq(machines.id, id), inCompanyScope(auth, machines.companyId))).returning({ id: machines.id, deviceNo: machines.deviceNo })
    if (!deleted.length) throw new NotFoundError(MeasurementMsg.machineNotFound)
    forgetDevice(db, deleted[0]!.deviceNo)
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new ConflictError(MeasurementMsg.machineHasMeasurements)
    throw err
  }
}

// --- the measurement list --------------------------------------------------------------------------

/** Written as the partial index measurement_abnormal_idx has it (a literal, not a parameter), so a plan can use the index. */
const abnormal = (c: Column) => sql`(${c} is not null and ${c} <> '正常')`

function measurementWhere(auth: SessionUser, q: MeasurementFilters): SQL | undefined {
  return and(
    inCompanyScope(auth, measurements.companyId, q.companyId),
    q.machineId ? eq(measurements.machineId, q.machineId) : undefined,
    q.testeeId ? eq(measurements.testeeId, q.testeeId) : undefined,
    q.name ? contains(testees.name, q.name) : undefined,
    withinRange(measurements.measuredTime, q.measuredTimeQuery as (string | null)[] | undefined),
    q.abnormal === true ? or(abnormal(measurements.bpConclusion), abnormal(measurements.sugarConclusion), abnormal(measurements.bmiConclusion)) : undefined,
    q.abnormal === false ? sql`coalesce(${measurements.bpConclusion}, '正常') = '正常' and coalesce(${measurements.sugarConclusion}, '正常') = '正常' and coalesce(${measurements.bmiConclusion}, '正常') = '正常'` : undefined,
  )
}

const num = (v: string | null) => (v === null ? null : Number(v))

const DAY_MS = 86_400_000
/** China Standard Time midnight at or before `t`. */
const dayFloor = (t: Date) => parseDateTime(formatDateTime(t).slice(0, 10))
/** China Standard Time midnight at or after `t`. */
const dayCeil = (t: Date) => {
  const floor = dayFloor(t)
  return floor.getTime() === t.getTime() ? floor : new Date(floor.getTime() + DAY_MS)
}
const dayOf = (t: Date) => formatDateTime(t).slice(0, 10)

/**
 * The list's total without counting its rows, where the filters are ones the day counts hold (scope,
 * device, time): the whole days of the range summed from measurement_daily ('all'), the part days at its
 * ends counted from the readings by the (company|machine, measured_time) indexes. Null for other
 * filters (a member, a name, abnormal or not), which count the readings.
 */
async function dailyTotal(db: Executor, auth: SessionUser, q: MeasurementFilters): Promise<number | null> {
  if (q.testeeId || q.name || q.abnormal != null) return null
  const { from, to } = rangeBounds(q.measuredTimeQuery as (string | null)[] | undefined)
  // whole days [low, high) from the day counts; readings before low and from high on counted
  const low = from ? dayCeil(from) : undefined
  const high = to ? dayFloor(to) : undefined
  const scoped = (company: Column, machine: Column) => and(inCompanyScope(auth, company, q.companyId), q.machineId ? eq(machine, q.machineId) : undefined)
  const raw = async (start: Date | undefined, end: Date | undefined, endIncluded: boolean) => {
    const [row] = await db.select({ n: count() }).from(measurements).where(and(
      scoped(measurements.companyId, measurements.machineId),
      start ? gte(measurements.measuredTime, start) : undefined,
      end ? (endIncluded ? lte(measurements.measuredTime, end) : lt(measurements.measuredTime, end)) : undefined,
    ))
    return Number(row?.n ?? 0)
  }
  if (low && high && low >= high) return raw(from, to, true)
  const parts = [
    db.select({ n: sql<string>`coalesce(sum(${measurementDaily.count}), 0)` }).from(measurementDaily).where(and(
      eq(measurementDaily.measure, 'all'), scoped(measurementDaily.companyId, measurementDaily.machineId),
      low ? gte(measurementDaily.day, dayOf(low)) : undefined, high ? lt(measurementDaily.day, dayOf(high)) : undefined,
    )).then(([row]) => Number(row?.n ?? 0)),
    from && low! > from ? raw(from, low, false) : 0,
    to && high ? raw(high, to, true) : 0,
  ]
  return (await Promise.all(parts)).reduce((a, b) => a + b, 0)
}

/** Readings newest first, NULLS LAST as the indexes have it (drizzle-kit writes DESC NULLS LAST): with plain DESC no index serves the order. */
export const newestFirst = [sql`${measurements.measuredTime} desc nulls last`, sql`${measurements.id} desc nulls last`]

function measurementList(db: Executor, auth: SessionUser, q: MeasurementFilters, countRows = false) {
  const now = formatDateTime(new Date()).slice(0, 10)
  const where = measurementWhere(auth, q)
  // the readings' ids (and for an export the time, `at`) under the filters, joined to the member only where a filter reads it (or `joined`)
  const ids = (joined: boolean, withTime = false) => {
    const fields: Record<string, PgColumn | SQL.Aliased> = withTime ? { id: measurements.id, at: sql<number>`extract(epoch from ${measurements.measuredTime})::float8`.as('at') } : { id: measurements.id }
    return q.name || joined
      ? db.select(fields).from(measurements).innerJoin(testees, eq(testees.id, measurements.testeeId)).where(where).$dynamic()
      : db.select(fields).from(measurements).where(where).$dynamic()
  }
  return listSource({
    db,
    query: () => db.select({ m: measurements, t: { name: testees.name, sex: testees.sex, phone: testees.phone, idNo: testees.idNo }, deviceNo: machines.deviceNo })
      .from(measurements).innerJoin(testees, eq(testees.id, measurements.testeeId)).innerJoin(machines, eq(machines.id, measurements.machineId))
      .where(where).$dynamic(),
    count: () => ids(countRows),
    total: countRows ? undefined : () => dailyTotal(db, auth, q),
    orderBy: newestFirst,
    // an export sorts the readings' ids once and reads them by id: a year of a base's readings is hundreds of thousands
    key: { column: measurements.id, select: () => ids(false, true), of: (row) => row.m.id, large: true, within: measurements.measuredTime },
    map: ({ m, t, deviceNo }): Measurement => ({
      id: m.id, companyId: m.companyId, machineId: m.machineId, deviceNo, testeeId: m.testeeId, name: t.name, sex: t.sex, phone: maskPhone(t.phone),
      age: ageOfIdNumber(t.idNo, now), measuredTime: formatDateTime(m.measuredTime), systolic: m.systolic, diastolic: m.diastolic,
      sugar: num(m.sugar), height: num(m.height), weight: num(m.weight), bmi: num(m.bmi),
      bpConclusion: m.bpConclusion as Measurement['bpConclusion'], sugarConclusion: m.sugarConclusion as Measurement['sugarConclusion'],
      bmiConclusion: m.bmiConclusion as Measurement['bmiConclusion'],
    }),
  })
}

export const findMeasurements = (db: Executor, auth: SessionUser, q: MeasurementQuery): Promise<Page<Measurement>> => pagedList(measurementList(db, auth, q), q)
/** The list counted as it was before the day counts: count(*) over the readings (bench/measurements.bench.ts compares the two). */
export const findMeasurementsCountingRows = (db: Executor, auth: SessionUser, q: MeasurementQuery): Promise<Page<Measurement>> => pagedList(measurementList(db, auth, q, true), q)
export const allMeasurements = (db: Executor, auth: SessionUser, q: MeasurementFilters) => allRows(measurementList(db, auth, q))

const value = (v: number | null) => v ?? ''
export const measurementExport = defineExport<Measurement>({
  name: MEASUREMENT_EXPORT_NAME, sheet: '测量记录', format: 'xlsx',
  columns: [
    { header: '姓名', value: (r) => r.name, width: 12 },
    { header: '性别', value: (r) => r.sex, width: 6 },
    { header: '手机号', value: (r) => r.phone, width: 14 },
    { header: '年龄', value: (r) => r.age, width: 6 },
    { header: '测量时间', value: (r) => r.measuredTime, width: 20 },
    { header: '收缩压（mmHg）', value: (r) => value(r.systolic), width: 14 },
    { header: '舒张压（mmHg）', value: (r) => value(r.diastolic), width: 14 },
    { header: '血压结论', value: (r) => r.bpConclusion ?? '', width: 12 },
    { header: '空腹血糖（mmol/L）', value: (r) => value(r.sugar), width: 16 },
    { header: '血糖结论', value: (r) => r.sugarConclusion ?? '', width: 14 },
    { header: '身高（cm）', value: (r) => value(r.height), width: 10 },
    { header: '体重（kg）', value: (r) => value(r.weight), width: 10 },
    { header: 'BMI', value: (r) => value(r.bmi), width: 8 },
    { header: 'BMI结论', value: (r) => r.bmiConclusion ?? '', width: 10 },
    { header: '设备编号', value: (r) => r.deviceNo, width: 16 },
  ],
})
