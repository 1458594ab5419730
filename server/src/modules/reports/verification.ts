import { chinaToday, formatDateTime, REPORT_RESULTS, REPORT_STATUS, REPORT_STATUS_LABELS, ReportMsg, type ReportResult, type ReportStatus, type ReportVerification } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, reports } from '../../db/schema/index.js'
import { NotFoundError } from '../../platform/errors.js'

/**
 * The public verification page behind a report's QR code (`/checking/index?token=`): result and
 * validity only, found by the report's unguessable token, never by its id (DESIGN §5).
 */
export async function verifyReport(db: Executor, token: string, now = new Date()): Promise<ReportVerification> {
  const [row] = await db.select({ r: reports, companyName: companies.name }).from(reports)
    .innerJoin(companies, eq(companies.id, reports.companyId)).where(eq(reports.verifyToken, token))
  if (!row) throw new NotFoundError(ReportMsg.verifyNotFound)
  const { r } = row
  const signed = r.status === REPORT_STATUS.signed
  return {
    reportNumber: r.reportNumber, licenseNumber: r.licenseNumber, tankerType: r.tankerType, companyName: row.companyName,
    result: signed ? (r.result as ReportResult | null) : null, safetyGrade: signed ? r.safetyGrade : null,
    status: r.status as ReportStatus, statusName: REPORT_STATUS_LABELS[r.status as ReportStatus],
    signTimeStr: formatDateTime(r.signTime), nextInspectionDate: signed ? r.nextInspectionDate : null,
    valid: signed && r.result === REPORT_RESULTS.pass && r.nextInspectionDate != null && r.nextInspectionDate >= chinaToday(now),
  }
}
