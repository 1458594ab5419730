import {
  chinaToday, NEXT_INSPECTION_YEARS, REPORT_MOVES, REPORT_RESULTS, REPORT_STATUS, REPORT_STATUS_LABELS, reportMoveBetween, ReportMsg,
  ROLES, SAFETY_GRADE_ITEM, type Report, type ReportMove, type ReportResult, type ReportStartBody, type ReportStatus, type TemplateStep,
} from '@app/contract'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Executor, Tx } from '../../db/client.js'
import {
  processTemplates, reportEvents, reportRecords, reports, roles, stationGroups, stations, userCompanies, users,
} from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ConflictError, ForbiddenError, ValidationError } from '../../platform/errors.js'
import { getReport, reportRow, type ReportRow } from './list.js'
import { missingItems, versionSteps } from './records.js'

/**
 * The report's state machine (DESIGN §5). Every move runs under the report's row lock, checks that
 * REPORT_MOVES allows it from the state the row is in now (409 naming both states otherwise) and
 * writes the change and its event together.
 */

const label = (s: number) => REPORT_STATUS_LABELS[s as ReportStatus] ?? String(s)

function assertMove(row: ReportRow, move: ReportMove) {
  if (!(REPORT_MOVES[move].from as readonly number[]).includes(row.status)) {
    throw new ConflictError(ReportMsg.badMove(label(row.status), label(REPORT_MOVES[move].to)))
  }
}

async function writeMove(tx: Tx, auth: Auth, row: ReportRow, move: ReportMove, set: Partial<typeof reports.$inferInsert>, now: Date, reason: string | null = null) {
  const to = REPORT_MOVES[move].to
  await tx.update(reports).set({ ...set, status: to, updateTime: now, version: sql`${reports.version} + 1` }).where(eq(reports.id, row.id))
  await tx.insert(reportEvents).values({ reportId: row.id, fromStatus: row.status, toStatus: to, reason, userId: auth.userId, createTime: now })
}

/** A station of the report's base and the centre of its group. */
async function stationOf(db: Executor, companyId: number, stationId: number) {
  const [station] = await db.select({ id: stations.id, center: stationGroups.center }).from(stations)
    .innerJoin(stationGroups, eq(stationGroups.id, stations.groupId))
    .where(and(eq(stations.id, stationId), eq(stations.companyId, companyId)))
  if (!station) throw new ValidationError(ReportMsg.stationNotFound)
  return station
}

/** `POST /report/start/{id}`: 已登记 -> 正在检验 with a lead inspector (检验员 of the base) and the template's current version. */
export async function startReport(db: Db, auth: Auth, id: number, body: ReportStartBody, now = new Date()): Promise<Report> {
  await db.transaction(async (tx) => {
    const row = await reportRow(tx, auth, id, 'update')
    assertMove(row, 'start')
    const incomplete = [row.org == null && '单位', row.latestMaterial == null && '最近装载介质', row.outdate == null && '有效期'].filter((f): f is string => !!f)
    if (incomplete.length) throw new ConflictError(ReportMsg.registrationIncomplete(incomplete))
    const [inspector] = await tx.select({ id: users.id }).from(users)
      .innerJoin(userCompanies, eq(userCompanies.userId, users.id))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.id, body.inspectorId), eq(userCompanies.companyId, row.companyId), eq(roles.nickName, ROLES.inspector.nickName)))
      .limit(1)
    if (!inspector) throw new ValidationError(ReportMsg.inspectorNotFound)
    const [template] = await tx.select({ id: processTemplates.id, versionId: processTemplates.currentVersionId, isOut: processTemplates.isOut })
      .from(processTemplates).where(and(eq(processTemplates.id, body.templateId), isNull(processTemplates.deletedAt)))
    if (!template?.versionId) throw new ValidationError(ReportMsg.templateNotFound)
    const station = body.stationId != null ? await stationOf(tx, row.companyId, body.stationId) : null
    await writeMove(tx, auth, row, 'start', {
      templateId: template.id, templateVersionId: template.versionId, isOut: template.isOut, inspectorId: inspector.id,
      ...(station && { stationId: station.id, center: station.center }), startTime: now,
    }, now)
  })
  return getReport(db, auth, id)
}

/** Result and safety grade from the records: 不合格 when any judged item failed, or a pressure tanker is graded 5. */
export function deriveResult(steps: TemplateStep[], records: { itemKey: string; value: unknown; passed: boolean | null }[], tankerType: string): { result: ReportResult; safetyGrade: number | null } {
  const failed = records.some((r) => r.passed === false)
  let safetyGrade: number | null = null
  if (tankerType === '承压车辆') {
    const gradeKeys = new Set(steps.flatMap((s) => s.items).filter((i) => i.name === SAFETY_GRADE_ITEM && i.kind === 'number').map((i) => i.key))
    const value = records.find((r) => gradeKeys.has(r.itemKey))?.value
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5) safetyGrade = value
  }
  return { result: failed || safetyGrade === 5 ? REPORT_RESULTS.fail : REPORT_RESULTS.pass, safetyGrade }
}

/** Next yearly inspection (and, for a pressure tanker by grade, the next full one) from the sign-off day; none when 不合格. */
export function nextInspection(result: string | null, safetyGrade: number | null, signDay: string) {
  if (result !== REPORT_RESULTS.pass) return { nextInspectionDate: null, fullInspectionDate: null }
  // 29 February steps back to 28 February in a year without one
  const plusYears = (years: number) => {
    const [y, m, d] = signDay.split('-').map(Number) as [number, number, number]
    const day = Math.min(d, new Date(Date.UTC(y + years, m, 0)).getUTCDate())
    return `${y + years}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`
  }
  const fullYears = safetyGrade != null ? NEXT_INSPECTION_YEARS.fullByGrade[safetyGrade] : undefined
  return { nextInspectionDate: plusYears(NEXT_INSPECTION_YEARS.yearly), fullInspectionDate: fullYears ? plusYears(fullYears) : null }
}

/**
 * Any move but 开始检验 (`/report/changeStatus/{id}/{status}`, `/report/setStatus/{id}`, `/report/cancel/{id}`):
 * 完成检验 needs every required item and derives the result; 审核 and 签发 are by people other than
 * the lead inspector (and 签发 other than the reviewer); 退回 needs a reason.
 */
export async function moveReport(db: Db, auth: Auth, id: number, to: ReportStatus, reason: string | null = null, now = new Date()): Promise<Report> {
  await db.transaction(async (tx) => {
    const row = await reportRow(tx, auth, id, 'update')
    const move = reportMoveBetween(row.status as ReportStatus, to)
    if (!move) throw new ConflictError(ReportMsg.badMove(label(row.status), label(to)))
    switch (move) {
      case 'start':
        throw new ValidationError(ReportMsg.startNeedsDialog)
      case 'finish': {
        const steps = await versionSteps(db, row.templateVersionId, tx)
        const records = await tx.select({ itemKey: reportRecords.itemKey, value: reportRecords.value, passed: reportRecords.passed })
          .from(reportRecords).where(eq(reportRecords.reportId, row.id))
        const missing = missingItems(steps, records)
        if (missing.length) throw new ConflictError(ReportMsg.missingItems(missing))
        await writeMove(tx, auth, row, move, { ...deriveResult(steps, records, row.tankerType), finishTime: now, returnReason: null }, now)
        return
      }
      case 'review':
        if (auth.userId === row.inspectorId) throw new ForbiddenError(ReportMsg.reviewerIsInspector)
        await writeMove(tx, auth, row, move, { reviewerId: auth.userId, reviewTime: now }, now)
        return
      case 'sign':
        if (auth.userId === row.inspectorId) throw new ForbiddenError(ReportMsg.reviewerIsInspector)
        if (auth.userId === row.reviewerId) throw new ForbiddenError(ReportMsg.signerIsReviewer)
        await writeMove(tx, auth, row, move, {
          signerId: auth.userId, signTime: now, warnedDays: [], ...nextInspection(row.result, row.safetyGrade, chinaToday(now)),
        }, now)
        return
      case 'return':
        if (!reason) throw new ValidationError(ReportMsg.returnReasonRequired)
        await writeMove(tx, auth, row, move, { returnReason: reason, reviewerId: null, reviewTime: null, finishTime: null }, now, reason)
        return
      default:
        await writeMove(tx, auth, row, move, {}, now)
    }
  })
  return getReport(db, auth, id)
}

/** `POST /report/upStation/{id}`: only while 正在检验; the station must be one of the report's base. */
export async function changeStation(db: Db, auth: Auth, id: number, stationId: number, now = new Date()): Promise<Report> {
  await db.transaction(async (tx) => {
    const row = await reportRow(tx, auth, id, 'update')
    if (row.status !== REPORT_STATUS.inspecting) throw new ConflictError(ReportMsg.onlyWhileInspecting('更换工位', label(row.status)))
    const station = await stationOf(tx, row.companyId, stationId)
    await tx.update(reports).set({ stationId: station.id, center: station.center, updateTime: now, version: sql`${reports.version} + 1` })
      .where(eq(reports.id, id))
  })
  return getReport(db, auth, id)
}
