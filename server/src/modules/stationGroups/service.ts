import {
  CompanyMsg, formatDateTime, InspectionRefMsg, STATION_GROUP_EXPORT_NAME,
  type InspectionCenter, type Page, type Paging, type StationGroup, type StationGroupBody, type StationGroupFilters,
} from '@app/contract'
import { and, asc, eq, inArray, notInArray, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, stationGroups, stations } from '../../db/schema/index.js'
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { contains, isUniqueViolation } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertInScope, inCompanyScope, ownerCompany, scopeCompany } from '../../platform/tenancy.js'

/**
 * Station groups (工位分组, `groups`) of a base, each with its stations (工位) in order and optionally
 * under one of the centres (罐车一中心 …). Headquarters edits them; a base reads its own (the change
 * station dialog chooses a station from a group list).
 */

type GroupRow = { g: typeof stationGroups.$inferSelect; companyName: string }
const toGroup = ({ g, companyName }: GroupRow): StationGroup => ({
  id: g.id, companyId: g.companyId, companyName, name: g.name, center: g.center as InspectionCenter | null, remarks: g.remarks,
  stations: [], createTimeStr: formatDateTime(g.createTime),
})

function where(auth: SessionUser, q: StationGroupFilters): SQL | undefined {
  return and(
    inCompanyScope(auth, stationGroups.companyId, q.companyId),
    q.name ? contains(stationGroups.name, q.name) : undefined,
    q.center ? eq(stationGroups.center, q.center) : undefined,
  )
}

const withCompany = (db: Executor) =>
  db.select({ g: stationGroups, companyName: companies.name }).from(stationGroups).innerJoin(companies, eq(companies.id, stationGroups.companyId))

/** The stations of the groups, in their order, put on the items. */
async function withStations(db: Executor, groups: StationGroup[]) {
  if (!groups.length) return
  const rows = await db.select().from(stations).where(inArray(stations.groupId, groups.map((g) => g.id))).orderBy(asc(stations.sort), asc(stations.id))
  const byGroup = new Map(groups.map((g) => [g.id, g]))
  for (const s of rows) byGroup.get(s.groupId)?.stations.push({ id: s.id, groupId: s.groupId, name: s.name, sort: s.sort })
}

const groupList = (db: Executor, auth: SessionUser, q: StationGroupFilters) => listSource({
  db,
  query: () => withCompany(db).where(where(auth, q)).$dynamic(),
  orderBy: [asc(stationGroups.companyId), asc(stationGroups.id)],
  map: toGroup,
  count: () => db.select({ id: stationGroups.id }).from(stationGroups).where(where(auth, q)).$dynamic(),
  complete: (items) => withStations(db, items),
})

export const findStationGroups = (db: Executor, auth: SessionUser, q: StationGroupFilters & Paging): Promise<Page<StationGroup>> =>
  pagedList(groupList(db, auth, q), q)
export const allStationGroups = (db: Executor, auth: SessionUser, q: StationGroupFilters) => allRows(groupList(db, auth, q))

export const stationGroupExport = defineExport<StationGroup>({
  name: STATION_GROUP_EXPORT_NAME, sheet: '工位分组', format: 'xlsx',
  columns: [
    { header: '所属基地', value: (r) => r.companyName, width: 24 },
    { header: '所属中心', value: (r) => r.center, width: 14 },
    { header: '分组名称', value: (r) => r.name, width: 20 },
    { header: '工位', value: (r) => r.stations.map((s) => s.name).join('、'), width: 40 },
    { header: '备注', value: (r) => r.remarks, width: 30 },
    { header: '创建时间', value: (r) => r.createTimeStr, width: 20 },
  ],
})

/** One group the caller may see, with its stations (another base's answers as missing). */
export async function getStationGroup(db: Executor, auth: SessionUser, id: number): Promise<StationGroup> {
  const [row] = await withCompany(db).where(eq(stationGroups.id, id))
  if (!row) throw new NotFoundError(InspectionRefMsg.groupNotFound)
  assertInScope(auth, row.g.companyId, InspectionRefMsg.groupNotFound)
  const group = toGroup(row)
  await withStations(db, [group])
  return group
}

/** The caller's base's groups with their stations (headquarters: the base it names), for choosing a station. */
export async function stationChoices(db: Executor, auth: SessionUser, companyId?: number): Promise<StationGroup[]> {
  const company = scopeCompany(auth, companyId) ?? auth.companyId
  const rows = await withCompany(db).where(eq(stationGroups.companyId, company)).orderBy(asc(stationGroups.id))
  const groups = rows.map(toGroup)
  await withStations(db, groups)
  return groups
}

async function nameUnique<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err, 'station_group_name_idx')) throw new ConflictError(InspectionRefMsg.groupNameTaken(name))
    throw err
  }
}

/**
 * The group's stations become the list given, in its order: listed ids are kept (renamed, moved),
 * new names added, the rest removed. An id of another group is refused before anything is written.
 */
async function putStations(tx: Executor, groupId: number, companyId: number, list: StationGroupBody['stations']) {
  const existing = await tx.select({ id: stations.id }).from(stations).where(eq(stations.groupId, groupId))
  const mine = new Set(existing.map((s) => s.id))
  if (list.some((s) => s.id != null && !mine.has(s.id))) throw new ValidationError(InspectionRefMsg.stationNotInGroup)
  const kept = list.filter((s) => s.id != null).map((s) => s.id!)
  await tx.delete(stations).where(and(eq(stations.groupId, groupId), kept.length ? notInArray(stations.id, kept) : undefined))
  for (const [sort, s] of list.entries()) {
    if (s.id != null) await tx.update(stations).set({ name: s.name, sort }).where(eq(stations.id, s.id))
    else await tx.insert(stations).values({ groupId, companyId, name: s.name, sort })
  }
}

export async function saveStationGroup(db: Executor, auth: SessionUser, body: StationGroupBody) {
  const companyId = ownerCompany(auth, body.companyId)
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId))
  if (!company) throw new NotFoundError(CompanyMsg.notFound)
  if (body.stations.some((s) => s.id != null)) throw new ValidationError(InspectionRefMsg.stationNotInGroup)
  const id = await nameUnique(body.name, () => db.transaction(async (tx) => {
    const [g] = await tx.insert(stationGroups).values({ companyId, name: body.name, center: body.center ?? null, remarks: body.remarks ?? null })
      .returning({ id: stationGroups.id })
    await putStations(tx, g!.id, companyId, body.stations)
    return g!.id
  }))
  return getStationGroup(db, auth, id)
}

/** Edits a group the caller may see; it stays with its base. */
export async function updateStationGroup(db: Executor, auth: SessionUser, id: number, body: StationGroupBody) {
  const group = await getStationGroup(db, auth, id)
  await nameUnique(body.name, () => db.transaction(async (tx) => {
    await tx.update(stationGroups).set({ name: body.name, center: body.center ?? null, remarks: body.remarks ?? null }).where(eq(stationGroups.id, id))
    await putStations(tx, id, group.companyId, body.stations)
  }))
  return getStationGroup(db, auth, id)
}

export async function deleteStationGroup(db: Executor, auth: SessionUser, id: number) {
  await getStationGroup(db, auth, id)
  await db.delete(stationGroups).where(eq(stationGroups.id, id))
}
