import { chinaToday } from '@app/contract'
import { isNotNull } from 'drizzle-orm'
import { processTemplates, reports } from '../../src/db/schema/index.js'
import type { TestEnv } from '../helpers.js'
import { MARKER, type OtherCompany } from './otherCompany.js'

export const REPORT_B_TOKEN = `zx9-${MARKER}`

/** Company B's inspection report, under inspection at its station with a seeded template (templates are shared). */
export async function reportRows(env: TestEnv, b: OtherCompany) {
  const [template] = await env.db.select().from(processTemplates).where(isNotNull(processTemplates.currentVersionId)).limit(1)
  const [report] = await env.db.insert(reports).values({
    companyId: b.companyId, reportNumber: 'JCZX9000001', licenseNumber: '苏Z99999', tankerType: '常压车辆', tankerNumber: MARKER,
    org: MARKER, contactName: MARKER, phone: '18800000009', latestMaterial: MARKER, outdate: chinaToday(), status: 1,
    templateId: template!.id, templateVersionId: template!.currentVersionId, isOut: false, inspectorId: b.id('admin'),
    stationId: b.id('station'), center: '罐车一中心', verifyToken: REPORT_B_TOKEN, createUserId: b.id('admin'),
  }).returning()
  b.ids.report = report!.id
  b.ids.template = template!.id
}
