import {
  formatDateTime, isFilled, judgeRecord, REPORT_STATUS, REPORT_STATUS_LABELS, ReportMsg,
  type CheckItem, type RecordValue, type ReportDetail, type ReportEvent, type ReportRecord, type ReportRecordBody, type ReportStatus, type TemplateStep,
} from '@app/contract'
import { asc, eq, sql } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { processTemplateVersions, reportEvents, reportRecords, reports, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { claimAttachments } from '../../platform/attachments.js'
import { ConflictError, ValidationError } from '../../platform/errors.js'
import { getReport, reportRow } from './list.js'

/**
 * Records of a report (录入记录, route begin_workflow): one entry per check item of the template version
 * the report started with, saved one at a time as the inspector enters them, each with who and when.
 */

/**
 * Template versions never change, so the process keeps the ones reports ask for, per database (ids
 * are only unique within one; tests run many databases in one process).
 */
const stepsByVersion = new WeakMap<Db, Map<number, TemplateStep[]>>()
const VERSION_CACHE_MAX = 500

/** The steps of a template version; `executor` reads them on a miss (the open transaction, if any). */
export async function versionSteps(db: Db, versionId: number | null, executor: Executor = db): Promise<TemplateStep[]> {
  if (versionId == null) return []
  let cache = stepsByVersion.get(db)
  if (!cache) stepsByVersion.set(db, (cache = new Map()))
  const cached = cache.get(versionId)
  if (cached) return cached
  const [row] = await executor.select({ steps: processTemplateVersions.steps }).from(processTemplateVersions).where(eq(processTemplateVersions.id, versionId))
  const steps = row?.steps ?? []
  if (cache.size >= VERSION_CACHE_MAX) cache.delete(cache.keys().next().value!)
  cache.set(versionId, steps)
  return steps
}

/** Names of the required items without a value, in the template's order ('步骤 / 检验项'). */
export function missingItems(steps: TemplateStep[], records: { itemKey: string; value: unknown }[]): string[] {
  const filled = new Set(records.filter((r) => isFilled(r.value as RecordValue)).map((r) => r.itemKey))
  return steps.flatMap((s) => s.items.filter((i) => i.required && !filled.has(i.key)).map((i) => `${s.name} / ${i.name}`))
}

/** The value must be of the item's kind (null clears the entry). */
function checkValue(item: CheckItem, value: RecordValue) {
  if (value === null) return
  const wrong = (kind: string) => new ValidationError(ReportMsg.valueKind(item.name, kind))
  switch (item.kind) {
    case 'pass_fail': if (typeof value !== 'boolean') throw wrong('合格或不合格'); return
    case 'number': if (typeof value !== 'number') throw wrong('数字'); return
    case 'text': if (typeof value !== 'string') throw wrong('文字'); return
    case 'photo': if (!Array.isArray(value)) throw wrong('照片'); return
    case 'choice':
      if (typeof value !== 'string') throw wrong('选项')
      if (value !== '' && !item.options.includes(value)) throw new ValidationError(ReportMsg.optionUnknown(item.name))
  }
}

const recordsOf = (db: Executor) =>
  db.select({ rec: reportRecords, userName: users.name }).from(reportRecords).leftJoin(users, eq(users.id, reportRecords.userId))

const toRecord = ({ rec, userName }: { rec: typeof reportRecords.$inferSelect; userName: string | null }): ReportRecord => ({
  stepKey: rec.stepKey, itemKey: rec.itemKey, value: rec.value ?? null, remark: rec.remark, passed: rec.passed,
  userName: userName ?? '', updateTimeStr: formatDateTime(rec.updateTime),
})

/**
 * `POST /report/record/{id}`: saves one item's entry while the report is 正在检验. The report's row is
 * held for share, so a record never lands after 完成检验 has judged the others.
 */
export async function saveRecord(db: Db, auth: Auth, id: number, body: ReportRecordBody, now = new Date()): Promise<ReportRecord> {
  return db.transaction(async (tx) => {
    const row = await reportRow(tx, auth, id, 'share')
    if (row.status !== REPORT_STATUS.inspecting) {
      throw new ConflictError(ReportMsg.onlyWhileInspecting('录入记录', REPORT_STATUS_LABELS[row.status as ReportStatus]))
    }
    const steps = await versionSteps(db, row.templateVersionId, tx)
    const step = steps.find((s) => s.items.some((i) => i.key === body.itemKey))
    const item = step?.items.find((i) => i.key === body.itemKey)
    if (!step || !item) throw new ValidationError(ReportMsg.itemNotFound(body.itemKey))
    checkValue(item, body.value)
    if (item.kind === 'photo' && Array.isArray(body.value)) await claimAttachments(tx, auth, body.value, row.companyId)
    const values = {
      reportId: id, itemKey: item.key, stepKey: step.key, value: body.value, remark: body.remark ?? null,
      passed: judgeRecord(item, body.value), userId: auth.userId, updateTime: now,
    }
    await tx.insert(reportRecords).values({ ...values, createTime: now })
      .onConflictDoUpdate({ target: [reportRecords.reportId, reportRecords.itemKey], set: values })
    await tx.update(reports).set({ updateTime: now, version: sql`${reports.version} + 1` }).where(eq(reports.id, id))
    const [saved] = await recordsOf(tx).where(sql`${reportRecords.reportId} = ${id} and ${reportRecords.itemKey} = ${item.key}`)
    return toRecord(saved!)
  })
}

/** `POST /report/getDetail/{id}`: the report with its template's steps, its records and its history. */
export async function getReportDetail(db: Db, auth: Auth, id: number): Promise<ReportDetail> {
  const report = await getReport(db, auth, id)
  const row = await reportRow(db, auth, id)
  const [steps, records, events] = await Promise.all([
    versionSteps(db, row.templateVersionId),
    recordsOf(db).where(eq(reportRecords.reportId, id)),
    db.select({ e: reportEvents, userName: users.name }).from(reportEvents).leftJoin(users, eq(users.id, reportEvents.userId))
      .where(eq(reportEvents.reportId, id)).orderBy(asc(reportEvents.id)),
  ])
  return {
    ...report,
    steps,
    records: records.map(toRecord),
    events: events.map(({ e, userName }): ReportEvent => ({
      fromStatus: e.fromStatus as ReportStatus | null, toStatus: e.toStatus as ReportStatus,
      fromName: e.fromStatus == null ? '' : REPORT_STATUS_LABELS[e.fromStatus as ReportStatus], toName: REPORT_STATUS_LABELS[e.toStatus as ReportStatus],
      reason: e.reason, userName: userName ?? '', createTimeStr: formatDateTime(e.createTime),
    })),
    missing: row.templateVersionId == null ? [] : missingItems(steps, records.map((r) => r.rec)),
  }
}

/** The report's public verification key (its PDF's QR code); only for a caller who may see the report. */
export async function verifyTokenOf(db: Db, auth: Auth, id: number): Promise<string> {
  return (await reportRow(db, auth, id)).verifyToken
}
