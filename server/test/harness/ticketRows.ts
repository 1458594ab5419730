import { extractionRules, logEntries, receiptFormats } from '../../src/db/schema/index.js'
import type { TestEnv } from '../helpers.js'
import { MARKER, type OtherCompany } from './otherCompany.js'

/** Company B's run log entry. */
export async function ticketRows(env: TestEnv, b: OtherCompany) {
  const [log] = await env.db.insert(logEntries).values({ companyId: b.companyId, errorMes: `${MARKER}识别失败`, phone: b.phones.admin, serialNumber: MARKER }).returning()
  b.ids.logEntry = log!.id
}

/**
 * Ticket formats and rules are shared by every base (no MARKER: anyone may see them). The walk edits and
 * deletes these two formats and a rule instead of the seeded ones; the rule is on the format that is not deleted.
 */
export async function sharedRows(env: TestEnv, b: OtherCompany) {
  const [format, kept] = await env.db.insert(receiptFormats).values([
    { name: '走查格式', type: 1, regular: '走查' },
    { name: '走查规则格式', type: 1, regular: '走查规则' },
  ]).returning()
  const [rule] = await env.db.insert(extractionRules).values({ property: 'deliveryNumber', receiptFormatId: kept!.id, valueRegular: '\\d+' }).returning()
  Object.assign(b.ids, { receiptFormat: format!.id, ruleFormat: kept!.id, extractionRule: rule!.id })
}
