import { logisticsCompanies, ticketReadings } from '../../src/db/schema/index.js'
import type { TestEnv } from '../helpers.js'
import { MARKER, type OtherCompany } from './otherCompany.js'

/** Company B's logistics company, and a reading by B's admin that A's usage statistics must not count. */
export async function logisticsRows(env: TestEnv, b: OtherCompany) {
  const [carrier] = await env.db.insert(logisticsCompanies).values({
    companyId: b.companyId, name: `${MARKER}物流`, contactor: MARKER, phone: MARKER, province: MARKER, city: MARKER, district: MARKER, remarks: MARKER,
  }).returning()
  await env.db.insert(ticketReadings).values({ companyId: b.companyId, userId: b.id('admin'), fileType: 1, ok: true, formatName: MARKER })
  b.ids.logisticsCompany = carrier!.id
}
