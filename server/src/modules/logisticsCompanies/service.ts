import {
  CompanyMsg, formatDateTime, LOGISTICS_COMPANY_EXPORT_NAME, LogisticsCompanyMsg, MOBILE_RE,
  type LogisticsCompany, type LogisticsCompanyBody, type LogisticsCompanyFilters, type Page, type Paging,
} from '@app/contract'
import { and, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, logisticsCompanies } from '../../db/schema/index.js'
import { ConflictError, NotFoundError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { containsEach, isUniqueViolation } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertCompanyInScope, assertInScope, inCompanyScope, ownerCompany } from '../../platform/tenancy.js'

/** Logistics companies (物流公司) of a base: the carriers its transports name; the SMS goes to their phone. */

type Row = typeof logisticsCompanies.$inferSelect
const toItem = ({ l, companyName }: { l: Row; companyName: string }): LogisticsCompany => ({
  id: l.id, companyId: l.companyId, companyName, name: l.name, contactor: l.contactor, phone: l.phone,
  province: l.province, city: l.city, district: l.district, remarks: l.remarks, createTimeStr: formatDateTime(l.createTime),
})

function where(auth: SessionUser, q: LogisticsCompanyFilters): SQL | undefined {
  return and(
    inCompanyScope(auth, logisticsCompanies.companyId, q.companyId),
    ...containsEach(q, { name: logisticsCompanies.name, contactor: logisticsCompanies.contactor, phone: logisticsCompanies.phone }),
  )
}

const withCompany = (db: Executor) =>
  db.select({ l: logisticsCompanies, companyName: companies.name }).from(logisticsCompanies)
    .innerJoin(companies, eq(companies.id, logisticsCompanies.companyId))

/** The companies the caller may see that the filters select, newest first: the list and its export. */
const logisticsCompanyList = (db: Executor, auth: SessionUser, q: LogisticsCompanyFilters) => listSource({
  db,
  query: () => withCompany(db).where(where(auth, q)).$dynamic(),
  orderBy: [desc(logisticsCompanies.createTime), desc(logisticsCompanies.id)],
  map: toItem,
  // the base's name is not filtered on: the count needs no join
  count: () => db.select({ id: logisticsCompanies.id }).from(logisticsCompanies).where(where(auth, q)).$dynamic(),
})

export const findLogisticsCompanies = (db: Executor, auth: SessionUser, q: LogisticsCompanyFilters & Paging): Promise<Page<LogisticsCompany>> =>
  pagedList(logisticsCompanyList(db, auth, q), q)

export const allLogisticsCompanies = (db: Executor, auth: SessionUser, q: LogisticsCompanyFilters) => allRows(logisticsCompanyList(db, auth, q))

export const logisticsCompanyExport = defineExport<LogisticsCompany>({
  name: LOGISTICS_COMPANY_EXPORT_NAME, sheet: '物流公司', format: 'xlsx',
  columns: [
    { header: '物流公司名称', value: (r) => r.name, width: 28 },
    { header: '联系人', value: (r) => r.contactor, width: 12 },
    { header: '联系电话', value: (r) => r.phone, width: 16 },
    { header: '所在地区', value: (r) => [r.province, r.city, r.district].filter(Boolean).join(' '), width: 26 },
    { header: '备注', value: (r) => r.remarks, width: 40 },
    { header: '所属基地', value: (r) => r.companyName, width: 26 },
    { header: '创建时间', value: (r) => r.createTimeStr, width: 20 },
  ],
})

/** One company the caller may see (another base's answers as missing). */
export async function getLogisticsCompany(db: Executor, auth: SessionUser, id: number): Promise<LogisticsCompany> {
  const [row] = await withCompany(db).where(eq(logisticsCompanies.id, id))
  if (!row) throw new NotFoundError(LogisticsCompanyMsg.notFound)
  assertInScope(auth, row.l.companyId, LogisticsCompanyMsg.notFound)
  return toItem(row)
}

const fieldsOf = ({ companyId: _company, ...fields }: LogisticsCompanyBody) => fields

/** The unique index on (base, name) is the check, so two parallel adds of one name cannot both pass. */
async function nameUnique<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err, 'logistics_company_name_idx')) throw new ConflictError(LogisticsCompanyMsg.nameTaken(name))
    throw err
  }
}

/** Adds one for the caller's base (headquarters: for the base it names, else its own). */
export async function saveLogisticsCompany(db: Executor, auth: SessionUser, body: LogisticsCompanyBody) {
  const companyId = ownerCompany(auth, body.companyId)
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId))
  if (!company) throw new NotFoundError(CompanyMsg.notFound)
  const [row] = await nameUnique(body.name, () => db.insert(logisticsCompanies).values({ ...fieldsOf(body), companyId }).returning({ id: logisticsCompanies.id }))
  return getLogisticsCompany(db, auth, row!.id)
}

/** Edits one the caller may see; it stays with its base (naming another one is still refused). */
export async function updateLogisticsCompany(db: Executor, auth: SessionUser, id: number, body: LogisticsCompanyBody) {
  assertCompanyInScope(auth, body.companyId)
  await getLogisticsCompany(db, auth, id)
  await nameUnique(body.name, () => db.update(logisticsCompanies).set(fieldsOf(body)).where(eq(logisticsCompanies.id, id)))
  return getLogisticsCompany(db, auth, id)
}

export async function deleteLogisticsCompany(db: Executor, auth: SessionUser, id: number) {
  await getLogisticsCompany(db, auth, id)
  await db.delete(logisticsCompanies).where(eq(logisticsCompanies.id, id))
}

/**
 * The mobile numbers of a base's carriers by name (for the SMS about transports over tolerance);
 * a carrier with no row, no phone or a landline is missing from the map.
 */
export async function carrierMobiles(db: Executor, companyId: number, carriers: string[]): Promise<Map<string, string>> {
  const names = [...new Set(carriers.filter(Boolean))]
  if (!names.length) return new Map()
  const rows = await db.select({ name: logisticsCompanies.name, phone: logisticsCompanies.phone }).from(logisticsCompanies)
    .where(and(eq(logisticsCompanies.companyId, companyId), inArray(logisticsCompanies.name, names), isNotNull(logisticsCompanies.phone)))
  return new Map(rows.filter((r) => MOBILE_RE.test(r.phone!)).map((r) => [r.name, r.phone!]))
}
