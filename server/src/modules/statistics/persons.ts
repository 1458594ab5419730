import {
  ageOfIdNumber, EXAM_ITEMS, examItemById, formatDateTime, maskIdNumber, maskPhone, rangeBounds, resolvePaging, StatisticsMsg,
  type AbnormalPerson, type AbnormalPersonQuery, type DataExportBody, type Page,
} from '@app/contract'
import { and, eq, gte, lte, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, machines, measurements, testees } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ValidationError } from '../../platform/errors.js'
import { assertCompanyInScope } from '../../platform/tenancy.js'
import { allMeasurements, measurementExport, newestFirst } from '../measurements/index.js'
import { abnormalOf, companyAnd, companyOf, conclusionColumn, daysOf, daysWhere, num, statRows, type Days } from './rollup.js'

/**
 * The persons behind an abnormal figure (`/data/dialogByMeasuresException/{examItemId}`): the readings
 * themselves, a page at a time by the index on (base, time), their number from the roll-up; and the
 * export of the days' readings (`/data/export/{from}/{to}`) through the measurement list's own export.
 */

const CONCLUSION_COLUMN = { bp: measurements.bpConclusion, sugar: measurements.sugarConclusion, bmi: measurements.bmiConclusion } as const

export async function abnormalPersons(db: Executor, auth: Auth, examItemId: number, q: AbnormalPersonQuery): Promise<Page<AbnormalPerson>> {
  const item = examItemById(examItemId)!
  if (q.conclusion && !(item.conclusions as readonly string[]).includes(q.conclusion)) throw new ValidationError(StatisticsMsg.conclusionNotOfItem(item))
  if (q.conclusion === '正常') throw new ValidationError(StatisticsMsg.conclusionNotOfItem(item))
  const d = daysOf(q.range)
  const company = companyOf(auth, q.companyId)
  const { from, to } = rangeBounds([d.from, d.to]) as { from: Date; to: Date }
  const column = CONCLUSION_COLUMN[item.measure]
  const { size, offset } = resolvePaging(q)
  const rowsQuery = db.select({
    id: measurements.id, testeeId: measurements.testeeId, companyId: measurements.companyId, measuredTime: measurements.measuredTime,
    systolic: measurements.systolic, diastolic: measurements.diastolic, sugar: measurements.sugar, bmi: measurements.bmi, conclusion: column,
    name: testees.name, sex: testees.sex, phone: testees.phone, idNo: testees.idNo, deviceNo: machines.deviceNo, companyName: companies.name,
  }).from(measurements)
    .innerJoin(testees, eq(testees.id, measurements.testeeId))
    .innerJoin(machines, eq(machines.id, measurements.machineId))
    .innerJoin(companies, eq(companies.id, measurements.companyId))
    .where(and(
      company != null ? eq(measurements.companyId, company) : undefined,
      q.machineId ? eq(measurements.machineId, q.machineId) : undefined,
      gte(measurements.measuredTime, from), lte(measurements.measuredTime, to),
      q.conclusion ? eq(column, q.conclusion) : and(sql`${column} is not null`, ne(column, '正常')),
    ))
    .orderBy(...newestFirst).limit(size).offset(offset)
  const [rows, totalCount] = await Promise.all([rowsQuery, abnormalCount(db, d, company, item.measure, q.conclusion, q.machineId)])
  const today = formatDateTime(new Date()).slice(0, 10)
  return {
    totalCount,
    data: rows.map((r) => ({
      measurementId: r.id, testeeId: r.testeeId, name: r.name, sex: r.sex, age: ageOfIdNumber(r.idNo, today), phone: maskPhone(r.phone), idNo: maskIdNumber(r.idNo),
      companyId: r.companyId, companyName: r.companyName, deviceNo: r.deviceNo, measuredTime: formatDateTime(r.measuredTime),
      value: item.measure === 'bp' ? `${r.systolic}/${r.diastolic} mmHg` : item.measure === 'sugar' ? `${Number(r.sugar)} mmol/L` : `${Number(r.bmi)}`,
      conclusion: r.conclusion ?? '',
    })),
  }
}

/** How many readings the drill-down pages through, from the roll-up (the same days, base, device and conclusions). */
async function abnormalCount(db: Executor, d: Days, company: number | null, measure: string, conclusion: string | undefined, machineId: number | undefined) {
  const item = EXAM_ITEMS.find((i) => i.measure === measure)!
  const counted = conclusion ? `r.${conclusionColumn(measure, (item.conclusions as readonly string[]).indexOf(conclusion))}` : abnormalOf('r', measure)
  const { rows } = await db.execute<{ n: unknown }>(sql`
    select coalesce(sum(${sql.raw(counted)}), 0) as n from ${statRows(d, company)}
    where true ${machineId ? sql`and r.machine_id = ${machineId}` : sql``}`)
  return num(rows[0]?.n)
}

/** `POST /data/export/{from}/{to}`: the days' readings of the scope as the measurement list exports them (phones masked). */
export function dataExportRows(db: Executor, auth: Auth, d: Days, body: DataExportBody) {
  assertCompanyInScope(auth, body.companyId)
  return allMeasurements(db, auth, { measuredTimeQuery: [d.from, d.to], companyId: body.companyId, machineId: body.machineId, abnormal: body.abnormal })
}

export const dataExport = measurementExport
