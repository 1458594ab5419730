import { screenLinkKeys } from '../../src/db/schema/index.js'
import type { TestEnv } from '../helpers.js'
import type { OtherCompany } from './otherCompany.js'

/** The key company B's big-screen embed links are signed with (zeros, so an example can sign B's link). */
export const B_SCREEN_KEY = '0'.repeat(64)

export async function screenRows(env: TestEnv, b: OtherCompany) {
  await env.db.insert(screenLinkKeys).values({ companyId: b.companyId, secret: B_SCREEN_KEY })
}
