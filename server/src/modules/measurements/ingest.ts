import { conclusionsOf, EXAM_ITEMS, formatDateTime, isAbnormal, MeasurementMsg, parseDateTime, type MeasurementBody } from '@app/contract'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { preparedStatement } from '../../db/prepared.js'
import { measurementRequests, measurements } from '../../db/schema/index.js'
import { ForbiddenError, NotFoundError, RateLimitError } from '../../platform/errors.js'
import { hitStatement } from '../../platform/rateLimit.js'
import { forgetDevice, type Device } from './devices.js'

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

type Conclusions = ReturnType<typeof conclusionsOf>

/** A value of the statement below, filled on each post. */
const v = (name: string) => sql.placeholder(name)
const id = (name: string) => sql.identifier(name)

/**
 * The day counts of a reading (measurement_daily), as one CTE of the statement that stores it: it reads
 * `dev` (the device: id, company_id, province, town_code), `member` (id, group_id) and `stored` (the reading, a row only when one was
 * stored). One row per measure with a conclusion, +1 each; 'all' counts every reading.
 * Another roll-up is another such CTE, added to ROLL_UPS.
 */
const dailyCounts = sql`insert into measurement_daily (day, machine_id, company_id, province, measure, conclusion, count)
    select ${v('day')}::date, dev.id, dev.company_id, dev.province, c.measure, c.conclusion, 1
    from stored, dev, (values ('all'::varchar, ''::varchar), ('bp', ${v('bpConclusion')}::varchar), ('sugar', ${v('sugarConclusion')}::varchar), ('bmi', ${v('bmiConclusion')}::varchar)) as c(measure, conclusion)
    where c.conclusion is not null
    on conflict (day, machine_id, measure, conclusion) do update set count = measurement_daily.count + 1
    returning 1`

const CONCLUSION_OF = { bp: 'bpConclusion', sugar: 'sugarConclusion', bmi: 'bmiConclusion' } as const

/** The statistics' count columns: total, abnormal, and each measure's conclusion by its place (`bp_0` …, contract EXAM_ITEMS' order). */
const STAT_COLUMNS = ['total', 'abnormal', ...EXAM_ITEMS.flatMap((item) => item.conclusions.map((_, k) => `${item.measure}_${k}`))]

/** 1 in each statistics column the reading counts in, 0 in the others: total, abnormal, its conclusion of each measure. */
function statCounts(found: Conclusions): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(STAT_COLUMNS.map((c) => [c, 0]))
  counts.total = 1
  if ([found.bpConclusion, found.sugarConclusion, found.bmiConclusion].some(isAbnormal)) counts.abnormal = 1
  for (const item of EXAM_ITEMS) {
    const score = (item.conclusions as readonly (string | null)[]).indexOf(found[CONCLUSION_OF[item.measure]])
    if (score >= 0) counts[`${item.measure}_${score}`] = 1
  }
  return counts
}

/**
 * The statistics' roll-ups of a device (migration 0022), by day or by month: one row a device and
 * period holding the total, the abnormal count and each conclusion's count, with the base's province
 * and the device's town (both in the key: a device that moves starts a row of its new place); each
 * column adds the reading's 0 or 1 (statCounts).
 */
const deviceStats = (table: 'measurement_stat_day' | 'measurement_stat_month', period: 'day' | 'month') =>
  sql`insert into ${id(table)} (${id(period)}, machine_id, company_id, province, town_code, ${sql.join(STAT_COLUMNS.map(id), sql`, `)})
    select ${v(period)}::date, dev.id, dev.company_id, dev.province, dev.town_code, ${sql.join(STAT_COLUMNS.map((c) => sql`${v(`stat_${c}`)}::int`), sql`, `)}
    from stored, dev
    on conflict (${id(period)}, machine_id, province, town_code) do update set ${sql.join(STAT_COLUMNS.map((c) => sql`${id(c)} = ${id(table)}.${id(c)} + excluded.${id(c)}`), sql`, `)}
    returning 1`

/** The statistics' roll-up of the member's department by day (department 0: none). */
const departmentStats = sql`insert into measurement_stat_group_day (day, company_id, group_id, total, abnormal)
    select ${v('day')}::date, dev.company_id, coalesce(member.group_id, 0), 1, ${v('stat_abnormal')}::int
    from stored, dev, member
    on conflict (day, company_id, group_id) do update set total = measurement_stat_group_day.total + 1, abnormal = measurement_stat_group_day.abnormal + excluded.abnormal
    returning 1`

/** The roll-ups a stored reading adds to, each a CTE named `rollup_<i>` of the storing statement. */
const ROLL_UPS: SQL[] = [dailyCounts, deviceStats('measurement_stat_day', 'day'), deviceStats('measurement_stat_month', 'month'), departmentStats]

export interface IngestLimit {
  /** posts a device may make a minute; counted in the same statement, once the device is known */
  perMinute: number
}

const RATE_WINDOW_MS = 60_000

/**
 * The statement of one post (see recordMeasurement), with the device's minute counted (`limited`) or not
 * (demo data). Built once: each post fills its values.
 */
const recordStatement = (limited: boolean) => preparedStatement<{ device: number; hits: number | null; testee_id: number | null; id: string | null }>(
  limited ? 'measurement_record_limited' : 'measurement_record', sql`
    with dev as (
      select m.id, m.company_id, coalesce(c.province, '') as province, coalesce(m.town_code, '') as town_code from machine m join company c on c.id = m.company_id
      where m.id = ${v('deviceId')} and m.device_no = ${v('deviceNo')} and m.secret_hash = ${v('secretHash')}
    ),
    hit as (${limited ? hitStatement(sql`${v('rateKey')}`, RATE_WINDOW_MS, sql`exists (select 1 from dev)`) : sql`select null::int as count`}),
    member as (select t.id, t.group_id from testee t, dev where t.company_id = dev.company_id and t.id_no = ${v('idNo')}),
    claimed as (
      insert into measurement_request (machine_id, request_id, measurement_id, measured_time)
      select dev.id, ${v('requestId')}::varchar, nextval('measurement_id_seq'), ${v('at')}::timestamptz from dev, member, hit
      where ${limited ? sql`hit.count <= ${v('perMinute')}::int` : sql`true`}
      on conflict do nothing
      returning measurement_id
    ),
    stored as (
      insert into measurement (id, company_id, machine_id, testee_id, measured_time, systolic, diastolic, sugar, height, weight, bmi, bp_conclusion, sugar_conclusion, bmi_conclusion)
      select claimed.measurement_id, dev.company_id, dev.id, member.id, ${v('at')}::timestamptz, ${v('systolic')}::smallint, ${v('diastolic')}::smallint,
        ${v('sugar')}::numeric, ${v('height')}::numeric, ${v('weight')}::numeric, ${v('bmi')}::numeric,
        ${v('bpConclusion')}::varchar, ${v('sugarConclusion')}::varchar, ${v('bmiConclusion')}::varchar
      from claimed, dev, member
      returning id
    )${sql.join(ROLL_UPS.map((r, i) => sql`, ${id(`rollup_${i}`)} as (${r})`))}
    select (select count(*) from dev)::int as device, (select count from hit) as hits, (select id from member) as testee_id, (select id from stored) as id`)
const recordLimited = recordStatement(true)
const recordUnlimited = recordStatement(false)

/**
 * Records one reading of a device, once per request id, in one statement: it re-reads the device by
 * id, number and secret hash (the hash a post was checked against may be a kept copy, devices.ts),
 * counts the post against the device's minute (`limit`), finds the member, claims the request id
 * (measurement_request, ON CONFLICT DO NOTHING), stores the reading and adds it to the day counts.
 * A single statement is atomic and needs no transaction: a retry after a lost answer, or two copies
 * racing, store it once (the second's claim waits on the first's and then finds it taken, and its
 * answer is read by a second statement). The month's partition is made ahead by the scheduler
 * (partitions.ts); a reading of a month without one lands in the default partition.
 */
export async function recordMeasurement(db: Executor, device: Device, body: MeasurementBody, limit?: IngestLimit): Promise<Recorded> {
  const measuredTime = parseDateTime(body.measuredTime)
  const found = conclusionsOf(body)
  const day = formatDateTime(measuredTime).slice(0, 10)
  const counts = statCounts(found)
  const values: Record<string, unknown> = {
    deviceId: device.id, deviceNo: device.deviceNo, secretHash: device.secretHash, rateKey: `device:${device.id}`, perMinute: limit?.perMinute,
    idNo: body.idNo, requestId: body.requestId, at: measuredTime.toISOString(), day, month: `${day.slice(0, 7)}-01`,
    systolic: body.systolic ?? null, diastolic: body.diastolic ?? null, sugar: body.sugar ?? null, height: body.height ?? null, weight: body.weight ?? null, bmi: found.bmi,
    bpConclusion: found.bpConclusion, sugarConclusion: found.sugarConclusion, bmiConclusion: found.bmiConclusion,
    ...Object.fromEntries(STAT_COLUMNS.map((c) => [`stat_${c}`, counts[c]])),
  }
  const result = await (limit ? recordLimited : recordUnlimited)(db, values)
  const row = result.rows[0]!
  if (!Number(row.device)) {
    // deleted, renumbered or given a new secret since this process kept its credential
    forgetDevice(db, device.deviceNo)
    throw new ForbiddenError(MeasurementMsg.deviceUnknown)
  }
  if (limit && Number(row.hits) > limit.perMinute) throw new RateLimitError(MeasurementMsg.deviceTooFast(limit.perMinute))
  if (row.testee_id == null) throw new NotFoundError(MeasurementMsg.memberUnknown)
  if (row.id == null) return earlier(db, device.id, body.requestId)
  return { id: Number(row.id), testeeId: Number(row.testee_id), repeated: false, ...found }
}

async function earlier(db: Executor, machineId: number, requestId: string): Promise<Recorded> {
  const [row] = await db.select({
    id: measurements.id, testeeId: measurements.testeeId, bmi: measurements.bmi, bpConclusion: measurements.bpConclusion, sugarConclusion: measurements.sugarConclusion, bmiConclusion: measurements.bmiConclusion,
  }).from(measurementRequests).innerJoin(measurements, and(eq(measurements.id, measurementRequests.measurementId), eq(measurements.measuredTime, measurementRequests.measuredTime)))
    .where(and(eq(measurementRequests.machineId, machineId), eq(measurementRequests.requestId, requestId)))
  return { id: row!.id, testeeId: row!.testeeId, repeated: true, bmi: row!.bmi === null ? null : Number(row!.bmi), bpConclusion: row!.bpConclusion, sugarConclusion: row!.sugarConclusion, bmiConclusion: row!.bmiConclusion }
}

