import crypto from 'node:crypto'
import {
  COMPANY_EXPORT_NAME, CompanyMsg, formatDateTime, HQ_COMPANY_ID, IS_CREATE, rangeBounds, RESERVED_DOMAINS, resolvePaging, ROLES, seatsUsedUp, UserAdminMsg,
  type CompanyFindBody, type CompanyOption, type CompanyRow, type CompanySaveBody, type CompanyUpdateBody,
  type MaterialOrderRow, type Page, type ReservationPlanRow, type ReservationPlanSaveBody,
} from '@app/contract'
import { and, asc, desc, eq, gt, gte, inArray, lte, ne, notInArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Executor, Tx } from '../../db/client.js'
import {
  attachments, companies, companyMaterialOrders, reservationPlans, userCompanies, users,
} from '../../db/schema/index.js'
import { claimAttachments, releaseBlobs } from '../../platform/attachments.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors.js'
import type { FileStore } from '../../platform/files.js'
import { hashPassword } from '../../platform/passwords.js'
import { contains, isForeignKeyViolation, isUniqueViolation } from '../../platform/query.js'
import type { RoleInfo, RoleRegistry } from '../../platform/roles.js'
import type { PasswordCipher } from '../../platform/rsa.js'
import { revokeCompanySessions, type SessionUser } from '../../platform/sessions.js'
import { assertHeadquarters, isHeadquarters, ownerCompany, scopeCompany } from '../../platform/tenancy.js'
import { assertPasswordRules } from '../users/password.js'

export type Auth = SessionUser & { role: RoleInfo }

export interface CompanyDeps {
  db: Db
  cipher: PasswordCipher
  roles: RoleRegistry
  files: FileStore
}

// ---------------------------------------------------------------- reading

/**
 * Seats a base uses (the screens' 已分配子账号数): its members other than its main account, whatever
 * their role. company.user_amount is the number of seats beyond the main account.
 */
export const seatsUsed = (companyId: SQL, mainUserId: SQL) => sql<number>`(
  select count(*)::int from user_company seat where seat.company_id = ${companyId} and seat.user_id is distinct from ${mainUserId})`

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

function filters(auth: Auth, body: Pick<CompanyFindBody, 'name' | 'contactor' | 'phone'>): SQL | undefined {
  const scoped = scopeCompany(auth, null)
  return and(
    scoped != null ? eq(companies.id, scoped) : undefined,
    body.name ? contains(companies.name, body.name) : undefined,
    body.contactor ? contains(companies.contactor, body.contactor) : undefined,
    body.phone ? contains(companies.phone, body.phone) : undefined,
  )
}

/** The bases the caller may see that the filters select, newest first: the list and its export. */
const companyList = (db: Db, auth: Auth, body: Pick<CompanyFindBody, 'name' | 'contactor' | 'phone'>) => listSource({
  db,
  query: () => rowSelect(db).where(filters(auth, body)).$dynamic(),
  orderBy: [desc(companies.createTime), desc(companies.id)],
  map: toRow,
})

export const findCompanies = (db: Db, auth: Auth, body: CompanyFindBody): Promise<Page<CompanyRow>> => pagedList(companyList(db, auth, body), body)

export const allCompanies = (db: Db, auth: Auth, body: Pick<CompanyFindBody, 'name' | 'contactor' | 'phone'>) => allRows(companyList(db, auth, body))

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

/** Public: the base a sub-domain (or a full host name with the suffix) belongs to, for the login page. */
export async function getByDomain(db: Db, domainSuffix: string, domain: string) {
  let d = domain.trim().toLowerCase()
  const suffix = domainSuffix.toLowerCase()
  if (suffix && d.endsWith(suffix)) d = d.slice(0, -suffix.length)
  const [row] = await db.select({ id: companies.id, name: companies.name, domain: companies.domain, picId: companies.picId })
    .from(companies).where(sql`lower(${companies.domain}) = ${d}`)
  if (!row) throw new NotFoundError('该域名没有对应的基地')
  return row
}

/** Bases for pickers: all for headquarters, the session's own otherwise. */
export async function companyOptions(db: Db, auth: Auth): Promise<CompanyOption[]> {
  const scoped = scopeCompany(auth, null)
  return db.select({ id: companies.id, name: companies.name }).from(companies)
    .where(scoped != null ? eq(companies.id, scoped) : undefined).orderBy(asc(companies.id))
}

// ---------------------------------------------------------------- writing

const assertManagesBases = (auth: Auth) => assertHeadquarters(auth, '只有总部可以管理基地')

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

/**
 * Adds a base with its main account: the contact phone is the account's login (role base admin).
 * When that phone already has an account, it becomes this base's main account too.
 */
export async function createCompany(deps: CompanyDeps, auth: Auth, body: CompanySaveBody): Promise<CompanyRow> {
  assertManagesBases(auth)
  let passwordHash: string | null = null
  if (body.password) {
    const plain = await deps.cipher.decrypt(body.password)
    assertPasswordRules(plain)
    passwordHash = await hashPassword(plain)
  }
  const baseAdmin = deps.roles.byNickName(ROLES.baseAdmin.nickName)
  const id = await deps.db.transaction(async (tx) => {
    await assertDomainFree(tx, body.domain)
    const [created] = await tx.insert(companies).values({
      name: body.name, contactor: body.contactor, phone: body.phone, address: body.address ?? null, domain: body.domain,
      province: body.province ?? null, city: body.city ?? null, district: body.district ?? null, isCreate: body.isCreate,
      attachmentId: body.attachmentId ?? null, picId: body.picId ?? null,
    }).returning({ id: companies.id })
    const companyId = created!.id
    const [existing] = await tx.select({ id: users.id, roleId: users.roleId }).from(users).where(eq(users.phone, body.phone))
    if (existing && deps.roles.get(existing.roleId).nickName === ROLES.admin.nickName) throw new ForbiddenError(UserAdminMsg.adminOutsideHq)
    // the main account takes no seat: a new base has all of user_amount (0 until expanded) left
    let mainUserId = existing?.id
    if (!mainUserId) {
      const [user] = await tx.insert(users).values({
        phone: body.phone, name: body.contactor,
        // without an initial password nobody can sign in until an administrator sets one (resetPassword)
        passwordHash: passwordHash ?? (await hashPassword(crypto.randomBytes(24).toString('base64url'))),
        roleId: baseAdmin?.id ?? null, isCreate: body.isCreate === '1' ? 1 : 0,
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
  assertManagesBases(auth)
  if (id === HQ_COMPANY_ID) throw new ForbiddenError(CompanyMsg.hqNotEditable)
  await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(companies).where(eq(companies.id, id)).for('update')
    if (!current) throw new NotFoundError(CompanyMsg.notFound)
    if (body.phone && body.phone !== (current.phone ?? '')) throw new ValidationError(CompanyMsg.phoneReadOnly)
    await assertDomainFree(tx, body.domain, id)
    await tx.update(companies).set({
      name: body.name, contactor: body.contactor, address: body.address ?? null, domain: body.domain,
      province: body.province ?? null, city: body.city ?? null, district: body.district ?? null, isCreate: body.isCreate,
      attachmentId: body.attachmentId ?? null, picId: body.picId ?? null,
    }).where(eq(companies.id, id))
    await claimAttachments(tx, auth, [body.attachmentId, body.picId], id)
  }).catch(domainConflict)
  return (await loadRow(deps.db, id))!
}

/** Tables cleared explicitly on deregistration; any other table with a company_id column is swept. */
const HANDLED_TABLES = new Set(['company', 'user_company', 'app_user', 'session', 'attachment', 'company_material_order'])

/** Deletes every row of `table` whose company_id is the base, in passes so foreign keys between swept tables resolve. */
async function sweepCompanyRows(tx: Tx, companyId: number): Promise<Record<string, number>> {
  const found = await tx.execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.column_name = 'company_id'`)
  let pending = found.rows.map((r) => r.table_name).filter((t) => !HANDLED_TABLES.has(t) && /^[a-z_][a-z0-9_]*$/.test(t))
  const counts: Record<string, number> = {}
  for (let pass = 0; pending.length && pass <= pending.length; pass++) {
    const blocked: string[] = []
    for (const table of pending) {
      try {
        const n = await tx.transaction(async (sp) => {
          const r = await sp.execute(sql`delete from ${sql.identifier(table)} where company_id = ${companyId}`)
          return Number((r as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0)
        })
        if (n) counts[table] = n
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err
        blocked.push(table)
      }
    }
    if (blocked.length === pending.length) throw new ConflictError(`该基地的数据仍被其他数据引用（${blocked.join('、')}），无法注销`)
    pending = blocked
  }
  return counts
}

export interface DeregisterResult {
  companyId: number
  deletedUsers: number
  detachedUsers: number
  deletedRows: Record<string, number>
}

/**
 * Deregisters a base in one transaction: its users who belong to no other base, the memberships of
 * the others (their sessions there end with 50012), its recharge records, plans, supply orders,
 * attachments and every other row carrying its company_id. Other bases are untouched.
 */
export async function deregisterCompany(deps: CompanyDeps, auth: Auth, id: number): Promise<DeregisterResult> {
  assertManagesBases(auth)
  if (id === HQ_COMPANY_ID) throw new ForbiddenError(CompanyMsg.hqNotDeletable)
  const { result, blobs } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('update')
    if (!current) throw new NotFoundError(CompanyMsg.notFound)
    const members = await tx.select({ userId: userCompanies.userId }).from(userCompanies).where(eq(userCompanies.companyId, id))
    const memberIds = members.map((m) => m.userId)
    const elsewhere = memberIds.length
      ? await tx.selectDistinct({ userId: userCompanies.userId }).from(userCompanies)
        .where(and(inArray(userCompanies.userId, memberIds), ne(userCompanies.companyId, id)))
      : []
    const keep = new Set(elsewhere.map((e) => e.userId))
    const onlyHere = memberIds.filter((u) => !keep.has(u))
    const detached = memberIds.filter((u) => keep.has(u))

    const files = await tx.select({ sha: attachments.sha256, thumb: attachments.thumbSha256 }).from(attachments).where(eq(attachments.companyId, id))
    const deletedRows: Record<string, number> = {}
    const count = (table: string, n: number) => { if (n) deletedRows[table] = n }
    count('attachment', (await tx.delete(attachments).where(eq(attachments.companyId, id)).returning({ id: attachments.id })).length)
    count('company_material_order', (await tx.delete(companyMaterialOrders)
      .where(or(eq(companyMaterialOrders.buyCompanyId, id), eq(companyMaterialOrders.saleCompanyId, id))).returning({ id: companyMaterialOrders.id })).length)
    Object.assign(deletedRows, await sweepCompanyRows(tx, id))

    if (onlyHere.length) {
      // sub-accounts kept by another base lose a parent that no longer exists
      await tx.update(users).set({ parentId: null }).where(and(inArray(users.parentId, onlyHere), notInArray(users.id, onlyHere)))
      await tx.delete(users).where(inArray(users.id, onlyHere))
    }
    // users kept by other bases: sessions switched to this base end (50012)
    await revokeCompanySessions(tx, id)
    await tx.delete(userCompanies).where(eq(userCompanies.companyId, id))
    await tx.delete(companies).where(eq(companies.id, id))
    return {
      result: { companyId: id, deletedUsers: onlyHere.length, detachedUsers: detached.length, deletedRows },
      blobs: files.flatMap((f) => [f.sha, f.thumb]),
    }
  })
  await releaseBlobs(deps, blobs)
  return result
}

// ---------------------------------------------------------------- seat quota

export type CompanyRecord = typeof companies.$inferSelect

/** The base's row, locked until the transaction ends: additions of members to one base queue behind it. */
export async function lockCompany(tx: Executor, companyId: number): Promise<CompanyRecord> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update')
  if (!company) throw new NotFoundError(CompanyMsg.notFound)
  return company
}

/**
 * Refuses (409) one more member of a base whose seats beyond the main account are all used.
 * `company` must come from lockCompany in the same transaction as the membership insert, so the
 * count and the insert cannot interleave with another addition. Headquarters has no seat limit.
 */
export async function assertSeatLeft(tx: Executor, company: CompanyRecord) {
  if (company.id === HQ_COMPANY_ID) return
  const result = await tx.execute<{ n: number }>(sql`select ${seatsUsed(sql`${company.id}::int`, sql`${company.mainUserId}::int`)} as n`)
  const used = Number(result.rows[0]?.n ?? 0)
  if (used >= company.userAmount) throw new ConflictError(seatsUsedUp(company.userAmount, used))
}

// ---------------------------------------------------------------- upload quota

export interface UploadQuota {
  companyId: number
  /** null for headquarters (no quota) */
  remainingTimes: number | null
  useTimes: number
}

/**
 * One ticket analysis uses one upload time: a single conditional UPDATE, so concurrent uploads can
 * never take the counter below zero or lose a count. Headquarters has no quota (only counted).
 * Throws '上传次数已用完，请联系管理员充值' (400) when none is left.
 */
export async function consumeUploadTime(db: Executor, companyId: number): Promise<UploadQuota> {
  if (companyId === HQ_COMPANY_ID) {
    const [row] = await db.update(companies).set({ useTimes: sql`${companies.useTimes} + 1` })
      .where(eq(companies.id, companyId)).returning({ useTimes: companies.useTimes })
    if (!row) throw new NotFoundError(CompanyMsg.notFound)
    return { companyId, remainingTimes: null, useTimes: row.useTimes }
  }
  const [row] = await db.update(companies)
    .set({ remainingTimes: sql`${companies.remainingTimes} - 1`, useTimes: sql`${companies.useTimes} + 1` })
    .where(and(eq(companies.id, companyId), gt(companies.remainingTimes, 0)))
    .returning({ remainingTimes: companies.remainingTimes, useTimes: companies.useTimes })
  if (row) return { companyId, ...row }
  const [exists] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId))
  if (!exists) throw new NotFoundError(CompanyMsg.notFound)
  throw new ValidationError(CompanyMsg.uploadTimesUsedUp)
}

/** Gives back an upload time taken by consumeUploadTime (e.g. the analysis failed before doing any work). */
export async function refundUploadTime(db: Executor, companyId: number): Promise<void> {
  if (companyId === HQ_COMPANY_ID) {
    await db.update(companies).set({ useTimes: sql`greatest(${companies.useTimes} - 1, 0)` }).where(eq(companies.id, companyId))
    return
  }
  await db.update(companies)
    .set({ remainingTimes: sql`${companies.remainingTimes} + 1`, useTimes: sql`${companies.useTimes} - 1` })
    .where(and(eq(companies.id, companyId), gt(companies.useTimes, 0)))
}

// ---------------------------------------------------------------- reservation plans

async function assertCompanyExists(db: Executor, id: number, message: string = CompanyMsg.notFound) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id))
  if (!row) throw new NotFoundError(message)
}

const planRow = (r: { p: typeof reservationPlans.$inferSelect; companyName: string | null }): ReservationPlanRow => ({
  id: r.p.id, companyId: r.p.companyId, companyName: r.companyName ?? '', reserveTime: r.p.reserveTime,
  reservePeriod: r.p.reservePeriod, tankerType: r.p.tankerType, totalCount: r.p.totalCount, createTimeStr: formatDateTime(r.p.createTime),
})

/** Sets how many reservations a base takes on a date, period and tanker type (one plan per combination). */
export async function saveReservationPlan(db: Db, auth: Auth, body: ReservationPlanSaveBody): Promise<ReservationPlanRow> {
  const companyId = ownerCompany(auth, body.companyId)
  await assertCompanyExists(db, companyId)
  const [saved] = await db.insert(reservationPlans).values({
    companyId, reserveTime: body.reserveTime, reservePeriod: body.reservePeriod, tankerType: body.tankerType, totalCount: body.totalCount,
  }).onConflictDoUpdate({
    target: [reservationPlans.companyId, reservationPlans.reserveTime, reservationPlans.reservePeriod, reservationPlans.tankerType],
    set: { totalCount: body.totalCount, updateTime: new Date() },
  }).returning()
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId))
  return planRow({ p: saved!, companyName: c?.name ?? '' })
}

export async function findReservationPlans(db: Db, auth: Auth, body: { companyId?: number; reserveTime?: (string | null)[]; page?: number; size?: number; pageNo?: number; pageSize?: number }): Promise<Page<ReservationPlanRow>> {
  const { size, offset } = resolvePaging(body)
  const companyId = scopeCompany(auth, body.companyId)
  // plan days are China dates; a bound given as a UTC instant belongs to its China-time day
  const { from, to } = rangeBounds(body.reserveTime)
  const chinaDay = (d: Date) => formatDateTime(d).slice(0, 10)
  const where = and(
    companyId != null ? eq(reservationPlans.companyId, companyId) : undefined,
    from ? gte(reservationPlans.reserveTime, chinaDay(from)) : undefined,
    to ? lte(reservationPlans.reserveTime, chinaDay(to)) : undefined,
  )
  const [rows, [count]] = await Promise.all([
    db.select({ p: reservationPlans, companyName: companies.name }).from(reservationPlans)
      .leftJoin(companies, eq(companies.id, reservationPlans.companyId)).where(where)
      .orderBy(desc(reservationPlans.reserveTime), asc(reservationPlans.reservePeriod), asc(reservationPlans.tankerType)).limit(size).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(reservationPlans).where(where),
  ])
  return { data: rows.map(planRow), totalCount: Number(count?.n ?? 0) }
}

// ---------------------------------------------------------------- supply (material orders)

const saleCompany = alias(companies, 'sale_company')

async function orderRows(db: Executor, where: SQL | undefined): Promise<MaterialOrderRow[]> {
  const rows = await db.select({ o: companyMaterialOrders, buyName: companies.name, saleName: saleCompany.name })
    .from(companyMaterialOrders)
    .innerJoin(companies, eq(companies.id, companyMaterialOrders.buyCompanyId))
    .innerJoin(saleCompany, eq(saleCompany.id, companyMaterialOrders.saleCompanyId))
    .where(where).orderBy(asc(companyMaterialOrders.id))
  return rows.map((r) => ({
    id: r.o.id, buyCompanyId: r.o.buyCompanyId, buyCompanyName: r.buyName, saleCompanyId: r.o.saleCompanyId,
    saleCompanyName: r.saleName, createTimeStr: formatDateTime(r.o.createTime),
  }))
}

/** Supply (feed), set by headquarters: the buying base gets material from the selling base. */
export async function saveMaterialOrder(db: Db, auth: Auth, body: { buyCompanyId: number; saleCompanyId: number }): Promise<MaterialOrderRow> {
  assertHeadquarters(auth, '只有总部可以设置供货关系')
  const buyCompanyId = body.buyCompanyId
  if (buyCompanyId === body.saleCompanyId) throw new ValidationError(CompanyMsg.supplySame)
  await assertCompanyExists(db, buyCompanyId, '采购基地不存在')
  await assertCompanyExists(db, body.saleCompanyId, '供货基地不存在')
  const [created] = await db.insert(companyMaterialOrders).values({ buyCompanyId, saleCompanyId: body.saleCompanyId, userId: auth.userId })
    .onConflictDoNothing().returning({ id: companyMaterialOrders.id })
  if (!created) throw new ConflictError(CompanyMsg.supplyExists)
  return (await orderRows(db, eq(companyMaterialOrders.id, created.id)))[0]!
}

/** Supply orders: headquarters sees a buyer's (or all); a base sees those it buys or sells in. */
export async function findMaterialOrders(db: Db, auth: Auth, buyCompanyId?: number): Promise<MaterialOrderRow[]> {
  const scoped = scopeCompany(auth, buyCompanyId)
  return orderRows(db, scoped != null
    ? (isHeadquarters(auth) ? eq(companyMaterialOrders.buyCompanyId, scoped)
      : or(eq(companyMaterialOrders.buyCompanyId, scoped), eq(companyMaterialOrders.saleCompanyId, scoped)))
    : undefined)
}

export async function deleteMaterialOrder(db: Db, auth: Auth, id: number) {
  assertHeadquarters(auth, '只有总部可以设置供货关系')
  const [row] = await db.select().from(companyMaterialOrders).where(eq(companyMaterialOrders.id, id))
  if (!row) throw new NotFoundError('供货关系不存在')
  await db.delete(companyMaterialOrders).where(eq(companyMaterialOrders.id, id))
}
