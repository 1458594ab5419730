import { stationGroups, stations } from '../../src/db/schema/index.js'
import type { TestEnv } from '../helpers.js'
import { MARKER, type OtherCompany } from './otherCompany.js'

/** Company B's station group with a station (templates and indicators are headquarters' and shared). */
export async function inspectionRefRows(env: TestEnv, b: OtherCompany) {
  const [group] = await env.db.insert(stationGroups).values({ companyId: b.companyId, name: `${MARKER}分组`, center: '罐车一中心', remarks: MARKER }).returning()
  const [station] = await env.db.insert(stations).values({ groupId: group!.id, companyId: b.companyId, name: `${MARKER}工位`, sort: 0 }).returning()
  b.ids.stationGroup = group!.id
  b.ids.station = station!.id
}
