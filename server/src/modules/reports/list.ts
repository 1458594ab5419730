import {
  chinaToday, EXPIRY_LEVELS, expiryOf, formatDateTime, maskPhone, parseCenterFilter, REPORT_STATUS, REPORT_EXPORT_NAME, REPORT_LOOKUP_LIMIT, REPORT_PAGE_SIZE, REPORT_STATUS_LABELS, ReportMsg, reportTypeLabel,
  type InspectionCenter, type Page, type Paging, type Report, type ReportFilters, type ReportImage, type ReportResult, type ReportStatus, type RevealAnswer,
} from '@app/contract'
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { companies, processTemplates, processTemplateVersions, reports, stations, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { NotFoundError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { revealPersonalData } from '../../platform/personalData.js'
import { contains, containsEach, withinRange } from '../../platform/query.js'
import { assertInScope, inCompanyScope, scopeCompany } from '../../platform/tenancy.js'
import { writeLog } from '../logs/index.js'

/** The inspection list (spec 000 §2 trace list) and one report as every other call answers it. */

/** The scene photos' names, in the order they were given. */
const imagesOf = sql<ReportImage[]>`(
  select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name) order by i.ord), '[]'::json)
  from jsonb_array_elements_text(${reports.images}) with ordinality as i(id, ord)
  join attachment a on a.id = i.id::int)`

const userName = (id: AnyPgColumn) => sql<string | null>`(select u.name from ${users} u where u.id = ${id})`

/**
 * A report with the names it shows. The names are scalar subqueries rather than joins: a page reads
 * ten of them, and planning an eight-way join took PostgreSQL 5-8 ms of a 30 ms budget each call.
 */
const withNames = (db: Executor) =>
  db.select({
    r: reports,
    companyName: sql<string>`(select c.name from ${companies} c where c.id = ${reports.companyId})`,
    templateName: sql<string | null>`(select t.name from ${processTemplates} t where t.id = ${reports.templateId})`,
    templateVersion: sql<number | null>`(select v.version from ${processTemplateVersions} v where v.id = ${reports.templateVersionId})`,
    inspectorName: userName(reports.inspectorId),
    reviewerName: userName(reports.reviewerId),
    signerName: userName(reports.signerId),
    stationName: sql<string | null>`(select s.name from ${stations} s where s.id = ${reports.stationId})`,
    images: imagesOf,
  }).from(reports)

type Row = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number]

/** A report as every answer and the export show it: the driver's phone masked (`revealReport` gives it whole). */
export function toReport({ r, ...n }: Row): Report {
  const status = r.status as ReportStatus
  return {
    id: r.id, reportNumber: r.reportNumber, companyId: r.companyId, companyName: n.companyName, center: r.center as InspectionCenter | null,
    licenseNumber: r.licenseNumber, tankerType: r.tankerType, tankerNumber: r.tankerNumber, org: r.org, contactName: r.contactName,
    phone: maskPhone(r.phone), latestMaterial: r.latestMaterial, outdate: r.outdate, images: n.images ?? [],
    status, statusName: REPORT_STATUS_LABELS[status] ?? String(r.status), isOut: r.isOut, typeName: reportTypeLabel(r.isOut),
    receptionId: r.receptionId, templateId: r.templateId, templateName: n.templateName, templateVersion: n.templateVersion,
    inspectorId: r.inspectorId, inspectorName: n.inspectorName, stationId: r.stationId, stationName: n.stationName,
    result: r.result as ReportResult | null, safetyGrade: r.safetyGrade, nextInspectionDate: r.nextInspectionDate,
    fullInspectionDate: r.fullInspectionDate, expiry: status === REPORT_STATUS.signed ? expiryOf(r.nextInspectionDate, chinaToday()) : null, returnReason: r.returnReason, reviewerName: n.reviewerName, signerName: n.signerName,
    startTimeStr: formatDateTime(r.startTime), finishTimeStr: formatDateTime(r.finishTime), signTimeStr: formatDateTime(r.signTime),
    createTimeStr: formatDateTime(r.createTime), version: r.version,
  }
}

/** Signed reports whose next inspection date is past (overdue) or within the level's days. */
function expiring(level: keyof typeof EXPIRY_LEVELS): SQL {
  const today = chinaToday()
  return level === 'overdue'
    ? sql`${reports.status} = ${REPORT_STATUS.signed} and ${reports.nextInspectionDate} < ${today}::date`
    : sql`${reports.status} = ${REPORT_STATUS.signed} and ${reports.nextInspectionDate} <= ${today}::date + ${EXPIRY_LEVELS[level].days}::int`
}

function where(auth: Auth, q: ReportFilters): SQL | undefined {
  const centerOrBase = parseCenterFilter(q.center)
  return and(
    inCompanyScope(auth, reports.companyId, centerOrBase && 'companyId' in centerOrBase ? centerOrBase.companyId : q.companyId),
    centerOrBase && 'center' in centerOrBase ? eq(reports.center, centerOrBase.center) : undefined,
    q.reportNumber ? contains(reports.reportNumber, q.reportNumber.toUpperCase()) : undefined,
    q.licenseNumber ? contains(reports.licenseNumber, q.licenseNumber.toUpperCase()) : undefined,
    q.inspectorId != null ? eq(reports.inspectorId, q.inspectorId) : undefined,
    q.stationId != null ? eq(reports.stationId, q.stationId) : undefined,
    ...containsEach(q, { tankerNumber: reports.tankerNumber, contactName: reports.contactName, org: reports.org }),
    // the whole number only: the list shows it masked, and counting what a part finds would spell it out
    q.phone ? eq(reports.phone, q.phone) : undefined,
    q.tankerType ? eq(reports.tankerType, q.tankerType) : undefined,
    q.status != null ? eq(reports.status, q.status) : undefined,
    q.isOut != null ? eq(reports.isOut, q.isOut) : undefined,
    withinRange(reports.createTime, q.createTime),
    q.expiry ? expiring(q.expiry) : undefined,
  )
}

const reportList = (db: Executor, auth: Auth, q: ReportFilters) => listSource({
  db,
  query: () => withNames(db).where(where(auth, q)).$dynamic(),
  orderBy: [desc(reports.createTime), desc(reports.id)],
  map: toReport,
  count: () => db.select({ id: reports.id }).from(reports).where(where(auth, q)).$dynamic(),
  key: { column: reports.id, select: () => db.select({ id: reports.id }).from(reports).where(where(auth, q)).$dynamic(), of: (row) => row.r.id },
})

/** The reports the caller may see that the filters select, newest first (default 10 a page). */
export const findReports = (db: Executor, auth: Auth, q: ReportFilters & Paging): Promise<Page<Report>> =>
  pagedList(reportList(db, auth, q), q, REPORT_PAGE_SIZE)
export const allReports = (db: Executor, auth: Auth, q: ReportFilters) => allRows(reportList(db, auth, q))

const blank = (v: string | number | null | undefined) => (v == null || v === '' ? '/' : v)
export const reportExport = defineExport<Report>({
  name: REPORT_EXPORT_NAME, sheet: '检验登记', format: 'xlsx',
  columns: [
    { header: '报告编号', width: 22, value: (r) => r.reportNumber },
    { header: '车牌号', width: 12, value: (r) => r.licenseNumber },
    { header: '车辆类型', width: 10, value: (r) => r.tankerType },
    { header: '罐体编号', width: 14, value: (r) => blank(r.tankerNumber) },
    { header: '单位', width: 24, value: (r) => blank(r.org) },
    { header: '驾驶员', width: 10, value: (r) => r.contactName },
    { header: '电话', width: 13, value: (r) => r.phone },
    { header: '最近装载介质', width: 14, value: (r) => blank(r.latestMaterial) },
    { header: '有效期', width: 12, value: (r) => blank(r.outdate) },
    { header: '基地', width: 16, value: (r) => r.companyName },
    { header: '中心', width: 12, value: (r) => blank(r.center) },
    { header: '工位', width: 12, value: (r) => blank(r.stationName) },
    { header: '检验类型', width: 10, value: (r) => blank(r.typeName) },
    { header: '检验模板', width: 12, value: (r) => blank(r.templateName) },
    { header: '检验负责人', width: 10, value: (r) => blank(r.inspectorName) },
    { header: '状态', width: 10, value: (r) => r.statusName },
    { header: '检验结果', width: 10, value: (r) => blank(r.result) },
    { header: '安全状况等级', width: 12, value: (r) => blank(r.safetyGrade) },
    { header: '下次检验日期', width: 12, value: (r) => blank(r.nextInspectionDate) },
    { header: '到期提醒', width: 12, value: (r) => blank(r.expiry?.label) },
    { header: '登记时间', width: 20, value: (r) => r.createTimeStr },
  ],
})

/** The report row (for writes: under `for update` in their transaction); another base's answers as missing. */
export async function reportRow(db: Executor, auth: Auth, id: number, lock?: 'update' | 'share') {
  const q = db.select().from(reports).where(eq(reports.id, id))
  const [row] = lock ? await q.for(lock) : await q
  if (!row) throw new NotFoundError(ReportMsg.notFound)
  assertInScope(auth, row.companyId, ReportMsg.notFound)
  return row
}
export type ReportRow = typeof reports.$inferSelect

/**
 * The inspected vehicle's history (/report/get/{testeeId}): every report of report `id`'s plate in
 * the bases the caller sees, newest first, this one among them.
 */
export async function vehicleHistory(db: Executor, auth: Auth, id: number): Promise<Report[]> {
  const row = await reportRow(db, auth, id)
  const companyId = scopeCompany(auth)
  const rows = await withNames(db)
    .where(and(eq(reports.licenseNumber, row.licenseNumber), companyId != null ? eq(reports.companyId, companyId) : undefined))
    .orderBy(desc(reports.createTime), desc(reports.id)).limit(REPORT_LOOKUP_LIMIT)
  return rows.map(toReport)
}

/** The first REPORT_LOOKUP_LIMIT reports the filters select (the look-ups that answer a plain list). */
export const lookUpReports = async (db: Executor, auth: Auth, q: ReportFilters): Promise<Report[]> =>
  (await findReports(db, auth, { ...q, page: 1, size: REPORT_LOOKUP_LIMIT })).data

export async function getReport(db: Executor, auth: Auth, id: number): Promise<Report> {
  const [row] = await withNames(db).where(eq(reports.id, id))
  if (!row) throw new NotFoundError(ReportMsg.notFound)
  assertInScope(auth, row.r.companyId, ReportMsg.notFound)
  return toReport(row)
}

/** The driver's phone of one report in full, for the roles allowed, logged (platform/personalData.ts). */
export const revealReport = (db: Executor, auth: Auth, id: number, field: 'phone'): Promise<RevealAnswer> => revealPersonalData(db, auth, {
  field, notFound: ReportMsg.notFound, log: writeLog,
  load: async () => {
    const [row] = await db.select().from(reports).where(eq(reports.id, id))
    return row && { companyId: row.companyId, subject: ReportMsg.revealSubject(row.reportNumber, row.licenseNumber), serialNumber: `report-${row.id}`, values: row }
  },
})
