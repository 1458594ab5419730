import crypto from 'node:crypto'
import {
  COMPANY_EXPORT_NAME, CompanyMsg, formatDateTime, HQ_COMPANY_ID, IS_CREATE, RESERVED_DOMAINS, ROLES,
  type CompanyFilters, type CompanyFindBody, type CompanyOption, type CompanyRow, type CompanySaveBody, type CompanyUpdateBody, type Page,
} from '@app/contract'
import { and, asc, desc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { companies, userCompanies, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { claimAttachments } from '../../platform/attachments.js'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { assertPasswordRules, hashPassword } from '../../platform/passwords.js'
import { containsEach, isUniqueViolation } from '../../platform/query.js'
import { assertMayHoldIn, type RoleRegistry } from '../../platform/roles.js'
import type { PasswordCipher } from '../../platform/rsa.js'
import { inCompanyScope, scopeCompany } from '../../platform/tenancy.js'
import { seatsUsed } from '../quota/index.js'

/** Bases (基地): headquarters adds, edits and deregisters them (routes declared headquarters-only); everyone reads their own. */

export interface CompanyDeps {
  db: Db
  cipher: PasswordCipher
  roles: RoleRegistry
}

// ---------------------------------------------------------------- reading

// drizzle leaves columns of a one-table select unqualified; inside the subquery they must name company
const companyColumn = (column: AnyColumn) => sql`${companies}.${sql.identifier(column.name)}`

function rowSelect(db: Executor) {
  return db.select({ c: companies, assigned: seatsUsed(companyColumn(companies.id), companyColumn(companies.mainUserId)) }).from(companies)
}

function toRow(r: { c: typeof companies.$inferSelect; assigned: number }): CompanyRow {
  const { c } = r
  const assigned = Number(r.assigned)
  return {
    id: c.id, name: c.name, contactor: c.contactor, phone: c.phone, address: c.address, domain: c.domain,
    province: c.province, city: c.city, district: c.district, isCreate: c.isCreate, attachmentId: c.attachmentId, picId: c.picId,
    remainingTimes: c.remainingTimes, useTimes: c.useTimes, userAmount: c.userAmount,
    assignedUserNums: assigned, remainingUserNums: Math.max(0, c.userAmount - assigned), mainUserId: c.mainUserId,
    createTime: c.createTime.toISOString(), createTimeStr: formatDateTime(c.createTime),
  }
}

/** The list's filters; `companyId` is the export's base (exportCompany), undefined for all the caller may see. */
type Filters = CompanyFilters & { companyId?: number }

function filters(auth: Auth, body: Filters): SQL | undefined {
  return and(
    inCompanyScope(auth, companies.id, body.companyId),
    ...containsEach(body, { name: companies.name, contactor: companies.contactor, phone: companies.phone }),
  )
}

/** The bases the caller may see that the filters select, newest first: the list and its export. */
const companyList = (db: Db, auth: Auth, body: Filters) => listSource({
  db,
  query: () => rowSelect(db).where(filters(auth, body)).$dynamic(),
  orderBy: [desc(companies.createTime), desc(companies.id)],
  map: toRow,
})

export const findCompanies = (db: Db, auth: Auth, body: CompanyFindBody): Promise<Page<CompanyRow>> => pagedList(companyList(db, auth, body), body)

export const allCompanies = (db: Db, auth: Auth, body: Filters) => allRows(companyList(db, auth, body))

/** The base list export (CSV). */
export const companyExport = defineExport<CompanyRow>({
  name: COMPANY_EXPORT_NAME, format: 'csv',
  columns: [
    { header: '编号', value: (r) => r.id },
    { header: '基地名称', value: (r) => r.name },
    { header: '联系人', value: (r) => r.contactor },
    { header: '联系电话', value: (r) => r.phone },
    { header: '地址', value: (r) => r.address },
    { header: '省份', value: (r) => r.province },
    { header: '城市', value: (r) => r.city },
    { header: '区县', value: (r) => r.district },
    { header: '子域名', value: (r) => r.domain },
    { header: '剩余上传次数', value: (r) => r.remainingTimes },
    { header: '已用上传次数', value: (r) => r.useTimes },
    { header: '是否允许子账号', value: (r) => (r.isCreate === IS_CREATE.yes ? '是' : '否') },
    { header: '子账号总数', value: (r) => r.userAmount },
    { header: '剩余子账号数', value: (r) => r.remainingUserNums },
    { header: '已分配子账号数', value: (r) => r.assignedUserNums },
    { header: '创建时间', value: (r) => r.createTimeStr },
  ],
})

async function loadRow(db: Executor, id: number): Promise<CompanyRow | undefined> {
  const [row] = await rowSelect(db).where(eq(companies.id, id))
  return row ? toRow(row) : undefined
}

/** A base by id: headquarters any, everyone else only their own (others answer as missing). */
export async function getCompany(db: Db, auth: Auth, id: number): Promise<CompanyRow> {
  const scoped = scopeCompany(auth, id)
  const row = scoped === id ? await loadRow(db, id) : undefined
  if (!row) throw new NotFoundError(CompanyMsg.notFound)
  return row
}

/** 404 (`message`, else CompanyMsg.notFound) for an id no base has. */
export async function assertCompanyExists(db: Executor, id: number, message: string = CompanyMsg.notFound) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id))
  if (!row) throw new NotFoundError(message)
}

/** Public: the base a sub-domain (or a full host name with the suffix) belongs to, for the login page. */
export async function getByDomain(db: Db, domainSuffix: string, domain: string) {
  let d = domain.trim().toLowerCase()
  const suffix = domainSuffix.toLowerCase()
  if (suffix && d.endsWith(suffix)) d = d.slice(0, -suffix.length)
  const [row] = await db.select({ id: companies.id, name: companies.name, domain: companies.domain, picId: companies.picId })
    .from(companies).where(sql`lower(${companies.domain}) = ${d}`)
  if (!row) throw new NotFoundError(CompanyMsg.domainUnknown)
  return row
}

/** Bases for pickers: all for headquarters, the session's own otherwise. */
export async function companyOptions(db: Db, auth: Auth): Promise<CompanyOption[]> {
  return db.select({ id: companies.id, name: companies.name }).from(companies)
    .where(inCompanyScope(auth, companies.id)).orderBy(asc(companies.id))
}

// ---------------------------------------------------------------- writing

async function assertDomainFree(db: Executor, domain: string, exceptId?: number) {
  if ((RESERVED_DOMAINS as readonly string[]).includes(domain)) throw new ValidationError(CompanyMsg.domainReserved)
  const [taken] = await db.select({ id: companies.id }).from(companies)
    .where(and(sql`lower(${companies.domain}) = ${domain}`, exceptId ? ne(companies.id, exceptId) : undefined))
  if (taken) throw new ConflictError(CompanyMsg.domainTaken)
}

const domainConflict = (err: unknown) => {
  if (isUniqueViolation(err, 'company_domain_unique')) throw new ConflictError(CompanyMsg.domainTaken)
  throw err
}

/** The columns a base's form sets, on add and on edit. */
const formColumns = (body: CompanyUpdateBody) => ({
  name: body.name, contactor: body.contactor, address: body.address ?? null, domain: body.domain,
  province: body.province ?? null, city: body.city ?? null, district: body.district ?? null, isCreate: body.isCreate,
  attachmentId: body.attachmentId ?? null, picId: body.picId ?? null,
})

async function initialPasswordHash(cipher: PasswordCipher, encrypted: string | undefined) {
  // without an initial password nobody can sign in until an administrator sets one (resetPassword)
  if (!encrypted) return hashPassword(crypto.randomBytes(24).toString('base64url'))
  const plain = await cipher.decrypt(encrypted)
  assertPasswordRules(plain)
  return hashPassword(plain)
}

/**
 * Adds a base with its main account: the contact phone is the account's login (role base admin).
 * When that phone already has an account, it becomes this base's main account too.
 */
export async function createCompany(deps: CompanyDeps, auth: Auth, body: CompanySaveBody): Promise<CompanyRow> {
  const passwordHash = await initialPasswordHash(deps.cipher, body.password)
  const baseAdmin = deps.roles.byNickName(ROLES.baseAdmin.nickName)
  const id = await deps.db.transaction(async (tx) => {
    await assertDomainFree(tx, body.domain)
    const [created] = await tx.insert(companies).values({ ...formColumns(body), phone: body.phone }).returning({ id: companies.id })
    const companyId = created!.id
    const [existing] = await tx.select({ id: users.id, roleId: users.roleId }).from(users).where(eq(users.phone, body.phone))
    if (existing) assertMayHoldIn(deps.roles.get(existing.roleId), [companyId], 'joining')
    // the main account takes no seat: a new base has all of user_amount (0 until expanded) left
    let mainUserId = existing?.id
    if (!mainUserId) {
      const [user] = await tx.insert(users).values({
        phone: body.phone, name: body.contactor, passwordHash, roleId: baseAdmin?.id ?? null, isCreate: body.isCreate === IS_CREATE.yes ? 1 : 0,
      }).returning({ id: users.id })
      mainUserId = user!.id
    }
    await tx.insert(userCompanies).values({ userId: mainUserId, companyId }).onConflictDoNothing()
    await tx.update(companies).set({ mainUserId }).where(eq(companies.id, companyId))
    await claimAttachments(tx, auth, [body.attachmentId, body.picId], companyId)
    return companyId
  }).catch(domainConflict)
  return (await loadRow(deps.db, id))!
}

export async function updateCompany(deps: CompanyDeps, auth: Auth, id: number, body: CompanyUpdateBody): Promise<CompanyRow> {
  if (id === HQ_COMPANY_ID) throw new ForbiddenError(CompanyMsg.hqNotEditable)
  await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(companies).where(eq(companies.id, id)).for('update')
    if (!current) throw new NotFoundError(CompanyMsg.notFound)
    if (body.phone && body.phone !== (current.phone ?? '')) throw new ValidationError(CompanyMsg.phoneReadOnly)
    await assertDomainFree(tx, body.domain, id)
    await tx.update(companies).set(formColumns(body)).where(eq(companies.id, id))
    await claimAttachments(tx, auth, [body.attachmentId, body.picId], id)
  }).catch(domainConflict)
  return (await loadRow(deps.db, id))!
}

