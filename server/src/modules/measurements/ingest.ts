import { conclusionsOf, EXAM_ITEMS, formatDateTime, isAbnormal, MeasurementMsg, parseDateTime, type MeasurementBody } from '@app/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { measurementDaily, measurementRequests, measurements, measurementStatDay, measurementStatGroupDay, measurementStatMonth, testees } from '../../db/schema/index.js'
import { NotFoundError } from '../../platform/errors.js'
import type { authenticateDevice } from './devices.js'

type Device = Awaited<ReturnType<typeof authenticateDevice>>

/** Month partitions known to exist ('YYYY-MM' in China Standard Time), per database. */
const ensuredMonths = new WeakMap<Executor, Set<string>>()

/** Makes the month's partition of `measurement` before its first reading (migration 0021's measurement_ensure_month). */
async function ensureMonth(db: Executor, at: Date) {
  const month = formatDateTime(at).slice(0, 7)
  const known = ensuredMonths.get(db) ?? new Set<string>()
  ensuredMonths.set(db, known)
  if (known.has(month)) return
  await db.execute(sql`select measurement_ensure_month(${at.toISOString()}::timestamptz)`)
  known.add(month)
}

export interface Recorded {
  id: number
  /** the member measured: the public report link names them */
  testeeId: number
  /** true when this request id had been recorded before: nothing new was stored */
  repeated: boolean
  bmi: number | null
  bpConclusion: string | null
  sugarConclusion: string | null
  bmiConclusion: string | null
}

/**
 * Records one reading of a device, once per request id: the request id, the reading and the day's
 * counts are written in one transaction, so a retry after a lost answer, or two copies racing, store it
 * once (the second waits on the first's request row and then finds it). The statistics' roll-ups are
 * kept in the same transaction (`countForStatistics`).
 */
export async function recordMeasurement(db: Executor, device: Device, body: MeasurementBody): Promise<Recorded> {
  const measuredTime = parseDateTime(body.measuredTime)
  const [member] = await db.select({ id: testees.id, groupId: testees.groupId }).from(testees).where(and(eq(testees.companyId, device.companyId), eq(testees.idNo, body.idNo)))
  if (!member) throw new NotFoundError(MeasurementMsg.memberUnknown)
  const found = conclusionsOf(body)
  await ensureMonth(db, measuredTime)
  return db.transaction(async (tx) => {
    const [claimed] = await tx.insert(measurementRequests).values({
      machineId: device.id, requestId: body.requestId, measurementId: sql`nextval('measurement_id_seq')`, measuredTime,
    }).onConflictDoNothing().returning({ measurementId: measurementRequests.measurementId })
    if (!claimed) return earlier(tx, device.id, body.requestId)
    await tx.insert(measurements).values({
      id: claimed.measurementId, companyId: device.companyId, machineId: device.id, testeeId: member.id, measuredTime,
      systolic: body.systolic, diastolic: body.diastolic, sugar: numeric(body.sugar), height: numeric(body.height), weight: numeric(body.weight),
      bmi: numeric(found.bmi), bpConclusion: found.bpConclusion, sugarConclusion: found.sugarConclusion, bmiConclusion: found.bmiConclusion,
    })
    const day = formatDateTime(measuredTime).slice(0, 10)
    const counted = [['all', ''], ['bp', found.bpConclusion], ['sugar', found.sugarConclusion], ['bmi', found.bmiConclusion]] as const
    await tx.insert(measurementDaily)
      .values(counted.filter(([, c]) => c !== null).map(([measure, conclusion]) => ({
        day, machineId: device.id, companyId: device.companyId, province: device.province, measure, conclusion: conclusion!, count: 1,
      })))
      .onConflictDoUpdate({ target: [measurementDaily.day, measurementDaily.machineId, measurementDaily.measure, measurementDaily.conclusion], set: { count: sql`${measurementDaily.count} + 1` } })
    await countForStatistics(tx, { day, machineId: device.id, companyId: device.companyId, province: device.province, townCode: device.townCode, groupId: member.groupId ?? 0, found })
    return { id: claimed.measurementId, testeeId: member.id, repeated: false, ...found }
  })
}

const numeric = (n: number | null | undefined) => (n == null ? null : String(n))

async function earlier(tx: Executor, machineId: number, requestId: string): Promise<Recorded> {
  const [row] = await tx.select({
    id: measurements.id, testeeId: measurements.testeeId, bmi: measurements.bmi, bpConclusion: measurements.bpConclusion, sugarConclusion: measurements.sugarConclusion, bmiConclusion: measurements.bmiConclusion,
  }).from(measurementRequests).innerJoin(measurements, and(eq(measurements.id, measurementRequests.measurementId), eq(measurements.measuredTime, measurementRequests.measuredTime)))
    .where(and(eq(measurementRequests.machineId, machineId), eq(measurementRequests.requestId, requestId)))
  return { id: row!.id, testeeId: row!.testeeId, repeated: true, bmi: row!.bmi === null ? null : Number(row!.bmi), bpConclusion: row!.bpConclusion, sugarConclusion: row!.sugarConclusion, bmiConclusion: row!.bmiConclusion }
}

type Conclusions = ReturnType<typeof conclusionsOf>
const CONCLUSION_OF = { bp: 'bpConclusion', sugar: 'sugarConclusion', bmi: 'bmiConclusion' } as const
/** The stat columns (`bp_0` …, contract EXAM_ITEMS' order) of the reading's conclusions, each 1. */
function conclusionColumns(found: Conclusions) {
  const out: Record<string, number> = {}
  for (const item of EXAM_ITEMS) {
    const score = (item.conclusions as readonly (string | null)[]).indexOf(found[CONCLUSION_OF[item.measure]])
    if (score >= 0) out[`${item.measure}${score}`] = 1
  }
  return out
}

/**
 * The reading in the statistics' roll-ups (migration 0022): its device's day and month (total, abnormal,
 * the conclusion counts, with the base's province and the device's town) and its department's day.
 */
async function countForStatistics(tx: Executor, r: { day: string; machineId: number; companyId: number; province: string; townCode: string; groupId: number; found: Conclusions }) {
  const abnormal = [r.found.bpConclusion, r.found.sugarConclusion, r.found.bmiConclusion].some(isAbnormal) ? 1 : 0
  const columns = conclusionColumns(r.found)
  const counted = ['total', 'abnormal', ...EXAM_ITEMS.flatMap((i) => i.conclusions.map((_, k) => `${i.measure}${k}`))]
  const adding = (table: typeof measurementStatDay | typeof measurementStatMonth) => Object.fromEntries(counted.map((k) => {
    const column = (table as unknown as Record<string, { name: string }>)[k]!
    return [k, sql`${column} + excluded.${sql.identifier(column.name)}`]
  }))
  const values = { machineId: r.machineId, companyId: r.companyId, province: r.province, townCode: r.townCode, total: 1, abnormal, ...columns }
  await tx.insert(measurementStatDay).values({ day: r.day, ...values })
    .onConflictDoUpdate({ target: [measurementStatDay.day, measurementStatDay.machineId], set: adding(measurementStatDay) })
  await tx.insert(measurementStatMonth).values({ month: `${r.day.slice(0, 7)}-01`, ...values })
    .onConflictDoUpdate({ target: [measurementStatMonth.month, measurementStatMonth.machineId], set: adding(measurementStatMonth) })
  await tx.insert(measurementStatGroupDay)
    .values({ day: r.day, companyId: r.companyId, groupId: r.groupId, total: 1, abnormal })
    .onConflictDoUpdate({
      target: [measurementStatGroupDay.day, measurementStatGroupDay.companyId, measurementStatGroupDay.groupId],
      set: { total: sql`${measurementStatGroupDay.total} + 1`, abnormal: sql`${measurementStatGroupDay.abnormal} + ${abnormal}` },
    })
}
