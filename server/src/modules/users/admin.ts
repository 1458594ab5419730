import {
  CompanyMsg, formatDateTime, HQ_COMPANY_ID, Msg, rangeBounds, resolvePaging, ROLES, USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS, UserAdminMsg, mobileField, text,
  type Page, type Paging, type UserBrief, type UserFindBody, type UserImportResult, type UserRow, type UserSaveBody,
  type UserUpdateBody,
} from '@app/contract'
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { z } from 'zod'
import type { Db, Executor } from '../../db/client.js'
import { companies, userCompanies, users } from '../../db/schema/index.js'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { hashPassword } from '../../platform/passwords.js'
import { contains, isUniqueViolation } from '../../platform/query.js'
import type { RoleInfo, RoleRegistry } from '../../platform/roles.js'
import type { PasswordCipher } from '../../platform/rsa.js'
import { revokeCompanySessions, revokeUserSessions, type SessionUser } from '../../platform/sessions.js'
import { isHeadquarters, ownerCompany, scopeCompany } from '../../platform/tenancy.js'
import { assertPasswordRules } from './password.js'

/**
 * User administration: lists (tree of main accounts and their sub-accounts), add/edit/delete,
 * assignment to bases, password reset by an administrator, xlsx import. Base administrators see
 * and manage only the users of their own base; headquarters sees all.
 */
type Auth = SessionUser & { role: RoleInfo }

export interface UserAdminDeps {
  db: Db
  cipher: PasswordCipher
  roles: RoleRegistry
}

// ---------------------------------------------------------------- reading

const rowFields = {
  relaId: userCompanies.id,
  id: users.id,
  phone: users.phone,
  name: users.name,
  roleId: users.roleId,
  isCreate: users.isCreate,
  parentId: userCompanies.parentId,
  createTime: users.createTime,
  companyId: companies.id,
  companyName: companies.name,
  mainUserId: companies.mainUserId,
}

const selectRows = (db: Executor) =>
  db.select(rowFields).from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))

type RawRow = Awaited<ReturnType<typeof selectRows>>[number]

function toRow(roles: RoleRegistry, r: RawRow): UserRow {
  return {
    id: r.id, relaId: r.relaId, phone: r.phone, name: r.name,
    nickName: r.roleId == null ? '' : roles.get(r.roleId).nickName,
    companyId: r.companyId, companyName: r.companyName, isCreate: r.isCreate, parentId: r.parentId,
    mainAccount: r.mainUserId === r.id,
    createTime: r.createTime.toISOString(), createTimeStr: formatDateTime(r.createTime),
  }
}


/** Attaches sub-accounts (and theirs, at any depth) to each row, within the row's base: one recursive query. */
async function attachChildren(db: Executor, roles: RoleRegistry, top: UserRow[]) {
  if (!top.length) return
  const ids = sql.join([...new Set(top.map((r) => r.id))].map((id) => sql`${id}::int`), sql`, `)
  const companyIds = sql.join([...new Set(top.map((r) => r.companyId))].map((id) => sql`${id}::int`), sql`, `)
  const result = await db.execute<{
    rela_id: number; id: number; phone: string; name: string; role_id: number | null; is_create: number; parent_id: number
    create_time: string | Date; company_id: number; company_name: string; main_user_id: number | null
  }>(sql`
    with recursive tree as (
      select uc.id, uc.user_id, uc.company_id, uc.parent_id, 1 as depth from user_company uc
      where uc.parent_id in (${ids}) and uc.company_id in (${companyIds})
      union all
      select uc.id, uc.user_id, uc.company_id, uc.parent_id, t.depth + 1 from user_company uc
      join tree t on uc.parent_id = t.user_id and uc.company_id = t.company_id
      where t.depth < 10
    )
    select t.id as rela_id, u.id, u.phone, u.name, u.role_id, u.is_create, t.parent_id, u.create_time,
      c.id as company_id, c.name as company_name, c.main_user_id
    from tree t join app_user u on u.id = t.user_id join company c on c.id = t.company_id
    order by u.create_time, u.id`)
  const byKey = new Map<string, UserRow>()
  for (const r of top) byKey.set(`${r.id}:${r.companyId}`, r)
  const rows = result.rows.map((k) => toRow(roles, {
    relaId: k.rela_id, id: k.id, phone: k.phone, name: k.name, roleId: k.role_id, isCreate: k.is_create, parentId: k.parent_id,
    createTime: new Date(k.create_time), companyId: k.company_id, companyName: k.company_name, mainUserId: k.main_user_id,
  }))
  for (const r of rows) byKey.set(`${r.id}:${r.companyId}`, r)
  for (const r of rows) {
    const parent = byKey.get(`${r.parentId}:${r.companyId}`)
    if (parent) (parent.children ??= []).push(r)
  }
}

/**
 * The user list: the current base's users, or for headquarters all bases (company filter). Without a
 * name or phone filter it is a tree (sub-accounts under their main account); with one, a flat list
 * of matches.
 */
export async function findUsers(db: Db, roles: RoleRegistry, auth: Auth, body: UserFindBody): Promise<Page<UserRow>> {
  const { size, offset } = resolvePaging(body)
  const companyId = scopeCompany(auth, body.companyId)
  const { from, to } = rangeBounds(body.createTimeQuery)
  const tree = !body.name && !body.phone
  const byUser = Boolean(body.name || body.phone || from || to)
  const where = and(
    companyId != null ? eq(userCompanies.companyId, companyId) : undefined,
    body.name ? contains(users.name, body.name) : undefined,
    body.phone ? contains(users.phone, body.phone) : undefined,
    from ? gte(users.createTime, from) : undefined,
    to ? lte(users.createTime, to) : undefined,
    // the tree's top level: memberships not shown under a parent account
    tree ? isNull(userCompanies.parentId) : undefined,
  )
  // without user filters the count reads user_company alone (a partial index of top-level rows)
  const counter = byUser
    ? db.select({ n: count() }).from(userCompanies).innerJoin(users, eq(users.id, userCompanies.userId)).where(where)
    : db.select({ n: count() }).from(userCompanies).where(where)
  const [rows, [total]] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(users.createTime), desc(userCompanies.id)).limit(size).offset(offset),
    counter,
  ])
  const data = rows.map((r) => toRow(roles, r))
  if (tree) await attachChildren(db, roles, data)
  return { data, totalCount: Number(total?.n ?? 0) }
}

/** A flat page of users (of a base with groupId; headquarters: all). */
export async function listUserAll(db: Db, roles: RoleRegistry, auth: Auth, query: Paging & { groupId?: number }): Promise<Page<UserRow>> {
  const { size, offset } = resolvePaging(query)
  const companyId = scopeCompany(auth, query.groupId)
  const where = companyId != null ? eq(userCompanies.companyId, companyId) : undefined
  const [rows, [total]] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(users.createTime), desc(userCompanies.id)).limit(size).offset(offset),
    db.select({ n: count() }).from(userCompanies).where(where),
  ])
  return { data: rows.map((r) => toRow(roles, r)), totalCount: Number(total?.n ?? 0) }
}

/** The users of one base (the session's own unless headquarters), as an array. */
export async function usersOfCompany(db: Db, roles: RoleRegistry, auth: Auth, id: number, paging: Paging): Promise<UserRow[]> {
  const { size, offset } = resolvePaging(paging, 100)
  const companyId = scopeCompany(auth, id)!
  const rows = await selectRows(db).where(eq(userCompanies.companyId, companyId))
    .orderBy(asc(users.createTime), asc(users.id)).limit(size).offset(offset)
  return rows.map((r) => toRow(roles, r))
}

async function briefsWithRoles(db: Db, roles: RoleRegistry, companyId: number | null, roleIds: number[]): Promise<UserBrief[]> {
  if (!roleIds.length) return []
  const rows = await db.selectDistinct({ id: users.id, name: users.name, phone: users.phone, roleId: users.roleId })
    .from(users).innerJoin(userCompanies, eq(userCompanies.userId, users.id))
    .where(and(inArray(users.roleId, roleIds), companyId != null ? eq(userCompanies.companyId, companyId) : undefined))
    .orderBy(asc(users.id)).limit(1000)
  return rows.map((r) => ({ id: r.id, name: r.name, phone: r.phone, nickName: roles.get(r.roleId).nickName }))
}

/** Users with a role (e.g. 检验员 for the inspection lead picker) in the session's base (headquarters: all). */
export async function usersByNickName(db: Db, roles: RoleRegistry, auth: Auth, nickName: string, companyId?: number): Promise<UserBrief[]> {
  const role = roles.byNickName(nickName.trim())
  if (!role || !role.nickName) return []
  return briefsWithRoles(db, roles, scopeCompany(auth, companyId), [role.id])
}

/** The operators and base administrators of a base. */
export async function operatorsAndBaseAdmins(db: Db, roles: RoleRegistry, auth: Auth, companyId: number): Promise<UserBrief[]> {
  const ids = [ROLES.operator.nickName, ROLES.baseAdmin.nickName].map((n) => roles.byNickName(n)?.id).filter((i): i is number => i != null)
  return briefsWithRoles(db, roles, scopeCompany(auth, companyId), ids)
}

async function loadRow(db: Executor, roles: RoleRegistry, userId: number, companyId: number): Promise<UserRow> {
  const [row] = await selectRows(db).where(and(eq(users.id, userId), eq(userCompanies.companyId, companyId)))
  if (!row) throw new NotFoundError(UserAdminMsg.notFound)
  return toRow(roles, row)
}

// ---------------------------------------------------------------- rules

/**
 * A role the session may give in a base: never the empty (sub-account) role this way, 'admin' only
 * in headquarters, and nothing with permissions the session itself lacks.
 */
export function assignableRole(roles: RoleRegistry, auth: Auth, nickName: string | undefined | null, companyId: number): RoleInfo {
  const wanted = nickName?.trim()
  if (!wanted || wanted === '子账号') throw new ValidationError(UserAdminMsg.roleRequired)
  const role = roles.byNickName(wanted)
  if (!role || !role.nickName) throw new ValidationError(`${UserAdminMsg.roleUnknown}：${wanted}`)
  if (role.nickName === ROLES.admin.nickName && companyId !== HQ_COMPANY_ID) throw new ForbiddenError('只有总部用户可以是 admin 角色')
  for (const p of role.permissions) if (!auth.role.permissions.has(p)) throw new ForbiddenError(`${UserAdminMsg.roleNotAllowed}：${wanted}`)
  return role
}

/** Roles the session may give (for the user dialog and the import template). */
export function assignableRoles(roles: RoleRegistry, auth: Auth): string[] {
  return roles.all()
    .filter((r) => r.nickName && [...r.permissions].every((p) => auth.role.permissions.has(p)))
    .filter((r) => r.nickName !== ROLES.admin.nickName || isHeadquarters(auth))
    .map((r) => r.nickName)
}

/** The user's memberships; a user outside the session's base answers as missing. */
async function userInScope(db: Executor, auth: Auth, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user) throw new NotFoundError(UserAdminMsg.notFound)
  const memberships = await db.select({ companyId: userCompanies.companyId }).from(userCompanies).where(eq(userCompanies.userId, userId))
  const companyIds = memberships.map((m) => m.companyId)
  if (!isHeadquarters(auth) && !companyIds.includes(auth.companyId)) throw new NotFoundError(UserAdminMsg.notFound)
  return { user, companyIds }
}

async function decryptPair(cipher: PasswordCipher, password: string, again?: string | null) {
  const plain = await cipher.decrypt(password)
  if (again != null && again !== '') {
    if ((await cipher.decrypt(again)) !== plain) throw new ValidationError(Msg.passwordMismatch)
  }
  assertPasswordRules(plain)
  return plain
}

async function lockCompany(tx: Executor, companyId: number) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update')
  if (!company) throw new NotFoundError(CompanyMsg.notFound)
  return company
}

/** Sub-accounts a base has: users without a role. */
async function subAccountCount(tx: Executor, companyId: number) {
  const [row] = await tx.select({ n: count() }).from(userCompanies).innerJoin(users, eq(users.id, userCompanies.userId))
    .where(and(eq(userCompanies.companyId, companyId), isNull(users.roleId)))
  return Number(row?.n ?? 0)
}

/** A base may take one more sub-account: it allows them and has quota left (checked with the base row locked). */
async function assertSubAccountQuota(tx: Executor, companyId: number) {
  const company = await lockCompany(tx, companyId)
  if (company.isCreate !== '1') throw new ValidationError(UserAdminMsg.companyNoCreate)
  if ((await subAccountCount(tx, companyId)) >= company.userAmount) throw new ConflictError(UserAdminMsg.quotaUsedUp)
}

const phoneConflict = (err: unknown): never => {
  if (isUniqueViolation(err, 'app_user_phone_unique')) throw new ConflictError(UserAdminMsg.phoneTaken)
  throw err
}

async function assertPhoneFree(tx: Executor, phone: string, exceptId?: number) {
  const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.phone, phone), exceptId ? ne(users.id, exceptId) : undefined))
  if (taken) throw new ConflictError(UserAdminMsg.phoneTaken)
}

const profileFields = (b: UserUpdateBody) => ({
  sex: b.sex ?? null, nation: b.nation ?? null, idNo: b.idNo ?? null, workUnit: b.workUnit ?? null, job: b.job ?? null,
  workUnitAndJob: b.workUnitAndJob ?? null, remarks: b.remarks ?? null,
})

// ---------------------------------------------------------------- writing

/**
 * Adds a user to a base (headquarters picks it, everyone else adds to their own). With parentId it
 * is a sub-account of that user: the parent needs isCreate 1 and the base sub-account quota left.
 */
export async function saveUser(deps: UserAdminDeps, auth: Auth, body: UserSaveBody): Promise<UserRow> {
  const plain = await decryptPair(deps.cipher, body.password, body.passwordAgain)
  const passwordHash = await hashPassword(plain)
  return deps.db.transaction(async (tx) => {
    let companyId = ownerCompany(auth, body.companyId)
    let roleId: number | null
    let parentId: number | null = null
    if (body.parentId) {
      const { user: parent, companyIds } = await userInScope(tx, auth, body.parentId)
      if (isHeadquarters(auth) && !body.companyId) companyId = companyIds[0] ?? companyId
      if (!companyIds.includes(companyId)) throw new NotFoundError('上级账号不属于该基地')
      if (parent.isCreate !== 1) throw new ValidationError(UserAdminMsg.parentNoCreate)
      await assertSubAccountQuota(tx, companyId)
      roleId = null
      parentId = parent.id
    } else {
      await lockCompany(tx, companyId)
      roleId = assignableRole(deps.roles, auth, body.nickName, companyId).id
    }
    await assertPhoneFree(tx, body.phone)
    const [user] = await tx.insert(users).values({
      phone: body.phone, name: body.name, passwordHash, roleId, parentId, isCreate: body.isCreate ?? 0, ...profileFields(body),
    }).returning({ id: users.id })
    await tx.insert(userCompanies).values({ userId: user!.id, companyId, parentId })
    return loadRow(tx, deps.roles, user!.id, companyId)
  }).catch(phoneConflict)
}

/**
 * Adds an existing account (by phone) to a base. Idempotent. A base administrator may only take in
 * accounts that belong to no other base; headquarters may assign anyone anywhere.
 */
export async function assignUser(db: Db, roles: RoleRegistry, auth: Auth, phone: string, requestedCompanyId: number): Promise<UserRow> {
  const companyId = ownerCompany(auth, requestedCompanyId)
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.phone, phone))
    if (!user) throw new NotFoundError('该手机号尚未注册')
    const memberships = (await tx.select({ companyId: userCompanies.companyId }).from(userCompanies).where(eq(userCompanies.userId, user.id))).map((m) => m.companyId)
    if (memberships.includes(companyId)) return loadRow(tx, roles, user.id, companyId)
    if (!isHeadquarters(auth) && memberships.length) throw new ForbiddenError(UserAdminMsg.assignForeign)
    if (user.roleId == null) await assertSubAccountQuota(tx, companyId)
    else {
      await lockCompany(tx, companyId)
      if (roles.get(user.roleId).nickName === ROLES.admin.nickName && companyId !== HQ_COMPANY_ID) throw new ForbiddenError('admin 角色的用户只能属于总部')
    }
    await tx.insert(userCompanies).values({ userId: user.id, companyId }).onConflictDoNothing()
    return loadRow(tx, roles, user.id, companyId)
  })
}

/** Edits a user's name, login phone, role and profile (not the password). */
export async function updateUser(deps: UserAdminDeps, auth: Auth, id: number, body: UserUpdateBody): Promise<UserRow> {
  return deps.db.transaction(async (tx) => {
    const { user, companyIds } = await userInScope(tx, auth, id)
    const companyId = isHeadquarters(auth) ? (companyIds[0] ?? HQ_COMPANY_ID) : auth.companyId
    let roleId = user.roleId
    const wanted = body.nickName?.trim()
    if (user.roleId == null && (!wanted || wanted === '子账号')) roleId = null
    else {
      const role = assignableRole(deps.roles, auth, wanted, companyIds.every((c) => c === HQ_COMPANY_ID) ? HQ_COMPANY_ID : companyId)
      roleId = role.id
      if (role.nickName === ROLES.admin.nickName && companyIds.some((c) => c !== HQ_COMPANY_ID)) throw new ForbiddenError('只有总部用户可以是 admin 角色')
    }
    if (id === auth.userId && roleId !== user.roleId) throw new ForbiddenError('不能修改自己的角色')
    if (body.phone !== user.phone) await assertPhoneFree(tx, body.phone, id)
    await tx.update(users).set({
      phone: body.phone, name: body.name, roleId, isCreate: body.isCreate ?? user.isCreate, ...profileFields(body), updateTime: new Date(),
    }).where(eq(users.id, id))
    return loadRow(tx, deps.roles, id, companyIds.includes(companyId) ? companyId : companyIds[0]!)
  }).catch(phoneConflict)
}

/** An administrator sets a new password: the user must change it at the next login, and is signed out everywhere (50012). */
export async function resetPassword(deps: UserAdminDeps, auth: Auth, id: number, body: { password: string; passwordAgain?: string }) {
  const plain = await decryptPair(deps.cipher, body.password, body.passwordAgain)
  const passwordHash = await hashPassword(plain)
  await deps.db.transaction(async (tx) => {
    await userInScope(tx, auth, id)
    await tx.update(users).set({ passwordHash, mustChangePassword: true, updateTime: new Date() }).where(eq(users.id, id))
    await revokeUserSessions(tx, id, 'forced')
  })
}

async function assertDeletable(tx: Executor, auth: Auth, id: number, companyIds: number[]) {
  if (id === auth.userId) throw new ForbiddenError(UserAdminMsg.self)
  const [main] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.mainUserId, id)).limit(1)
  if (main) throw new ForbiddenError(UserAdminMsg.mainAccount)
  const [child] = await tx.select({ id: userCompanies.id }).from(userCompanies)
    .where(and(eq(userCompanies.parentId, id), inArray(userCompanies.companyId, companyIds))).limit(1)
  if (child) throw new ConflictError(UserAdminMsg.hasChildren)
}

/**
 * Deletes a user. A base administrator removes the user from their base only when the user also
 * belongs to others; headquarters deletes the account. The main account of a base and yourself
 * cannot be deleted.
 */
export async function deleteUser(db: Db, auth: Auth, id: number) {
  await db.transaction(async (tx) => {
    const { companyIds } = await userInScope(tx, auth, id)
    const scope = isHeadquarters(auth) ? companyIds : [auth.companyId]
    await assertDeletable(tx, auth, id, scope)
    if (!isHeadquarters(auth) && companyIds.some((c) => c !== auth.companyId)) {
      await tx.delete(userCompanies).where(and(eq(userCompanies.userId, id), eq(userCompanies.companyId, auth.companyId)))
      await tx.update(userCompanies).set({ parentId: null }).where(and(eq(userCompanies.companyId, auth.companyId), eq(userCompanies.parentId, id)))
      await revokeCompanySessions(tx, auth.companyId, id)
      return
    }
    await tx.update(users).set({ parentId: null }).where(eq(users.parentId, id))
    await tx.delete(users).where(eq(users.id, id))
  })
}

/** Removes a user from a base (the account stays). Not the base's main account. */
export async function removeFromCompany(db: Db, auth: Auth, userId: number, requestedCompanyId: number) {
  const companyId = ownerCompany(auth, requestedCompanyId)
  await db.transaction(async (tx) => {
    const [rel] = await tx.select({ id: userCompanies.id }).from(userCompanies)
      .where(and(eq(userCompanies.userId, userId), eq(userCompanies.companyId, companyId)))
    if (!rel) throw new NotFoundError(UserAdminMsg.notFound)
    if (userId === auth.userId) throw new ForbiddenError('不能把自己移出基地')
    const [main] = await tx.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), eq(companies.mainUserId, userId)))
    if (main) throw new ForbiddenError(UserAdminMsg.mainAccount)
    await tx.delete(userCompanies).where(eq(userCompanies.id, rel.id))
    // its sub-accounts stay in the base as top-level rows
    await tx.update(userCompanies).set({ parentId: null }).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.parentId, userId)))
    await revokeCompanySessions(tx, companyId, userId)
  })
}

/** Headquarters moves another user to a base: the user then belongs to that base only and is signed out. */
export async function moveUser(db: Db, roles: RoleRegistry, auth: Auth, companyId: number, userId: number) {
  if (!isHeadquarters(auth) || !auth.role.permissions.has('user')) throw new ForbiddenError('只能切换自己的所属基地')
  return db.transaction(async (tx) => {
    const { user } = await userInScope(tx, auth, userId)
    const company = await lockCompany(tx, companyId)
    const [main] = await tx.select({ id: companies.id }).from(companies).where(and(eq(companies.mainUserId, userId), ne(companies.id, companyId))).limit(1)
    if (main) throw new ConflictError('该用户是基地主账号，不能改变所属公司')
    if (user.roleId != null && roles.get(user.roleId).nickName === ROLES.admin.nickName && companyId !== HQ_COMPANY_ID) {
      throw new ForbiddenError('admin 角色的用户只能属于总部')
    }
    await tx.delete(userCompanies).where(and(eq(userCompanies.userId, userId), ne(userCompanies.companyId, companyId)))
    await tx.update(userCompanies).set({ parentId: null }).where(and(eq(userCompanies.parentId, userId), ne(userCompanies.companyId, companyId)))
    await tx.insert(userCompanies).values({ userId, companyId }).onConflictDoNothing()
    await revokeUserSessions(tx, userId, 'forced')
    return { companyId, companyName: company.name }
  })
}

// ---------------------------------------------------------------- import

const importRow = z.object({
  phone: mobileField('手机号'),
  name: text('姓名', 50),
  nickName: text('角色', 30),
  password: text('密码', 64),
})

/** The import template: the columns, a role list to pick from, and a sheet of instructions. */
export async function importTemplate(roles: RoleRegistry, auth: Auth): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('用户')
  const columns = isHeadquarters(auth) ? USER_IMPORT_COLUMNS : USER_IMPORT_COLUMNS.filter((c) => c !== '所属基地')
  sheet.columns = columns.map((c) => ({ header: c, key: c, width: c === '所属基地' ? 24 : 18, style: { numFmt: '@' } }))
  sheet.getRow(1).font = { bold: true }
  const names = assignableRoles(roles, auth)
  // a range rule, not one per cell: the sheet keeps no empty rows, so rows added after the header start at row 2
  ;(sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations
    .add(`C2:C${USER_IMPORT_MAX_ROWS + 1}`, { type: 'list', allowBlank: false, formulae: [`"${names.join(',')}"`], showErrorMessage: true, error: '请从列表中选择角色' })
  const help = book.addWorksheet('说明')
  help.columns = [{ width: 100 }]
  for (const line of [
    '1. 在“用户”表中每行填写一个用户，第一行是表头，请勿修改。',
    '2. 手机号为登录名，须为11位手机号，且不能与已有用户重复。',
    `3. 角色可选：${names.join('、')}。`,
    '4. 密码至少6位；用户首次登录后请在个人页修改密码。',
    isHeadquarters(auth) ? '5. 所属基地填写基地名称；留空则导入到页面上选择的基地（未选择时为总部）。' : '5. 用户将导入到当前基地。',
    `6. 每次最多导入${USER_IMPORT_MAX_ROWS}行；有错误的行不会导入，其余行照常导入。`,
  ]) help.addRow([line])
  return Buffer.from(await book.xlsx.writeBuffer())
}

const cellText = (row: ExcelJS.Row, col: number | undefined) => (col ? String(row.getCell(col).text ?? '').trim() : '')

/**
 * Imports users from the template: every row is checked and saved on its own (a row is all or
 * nothing); rows with errors are reported with their row number and the rest are kept.
 */
export async function importUsers(deps: UserAdminDeps, auth: Auth, file: Buffer, requestedCompanyId?: number): Promise<UserImportResult> {
  const isZip = file.length > 4 && file.readUInt32LE(0) === 0x04034b50
  const book = new ExcelJS.Workbook()
  try {
    if (!isZip) throw new Error('not a zip')
    await book.xlsx.load(file as unknown as ArrayBuffer)
  } catch {
    throw new ValidationError(UserAdminMsg.importFileType)
  }
  const sheet = book.worksheets[0]
  if (!sheet) throw new ValidationError(UserAdminMsg.importEmpty)
  const header = new Map<string, number>()
  sheet.getRow(1).eachCell((cell, col) => header.set(String(cell.text ?? '').replace(/[*＊\s]/g, ''), col))
  for (const required of USER_IMPORT_COLUMNS.slice(0, 4)) {
    if (!header.has(required)) throw new ValidationError(`表格缺少“${required}”列，请下载模板后按模板填写`)
  }
  const rows: { row: number; values: Record<string, string> }[] = []
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return
    const values = {
      phone: cellText(row, header.get('手机号')), name: cellText(row, header.get('姓名')),
      nickName: cellText(row, header.get('角色')), password: cellText(row, header.get('密码')),
      company: cellText(row, header.get('所属基地')),
    }
    if (Object.values(values).some(Boolean)) rows.push({ row: n, values })
  })
  if (!rows.length) throw new ValidationError(UserAdminMsg.importEmpty)
  if (rows.length > USER_IMPORT_MAX_ROWS) throw new ValidationError(`每次最多导入${USER_IMPORT_MAX_ROWS}行，当前为${rows.length}行`)

  const defaultCompany = ownerCompany(auth, requestedCompanyId)
  const companyByName = new Map<string, number>()
  if (isHeadquarters(auth)) {
    for (const c of await deps.db.select({ id: companies.id, name: companies.name }).from(companies)) companyByName.set(c.name.trim(), c.id)
  }
  const result: UserImportResult = { total: rows.length, imported: 0, errors: [] }
  const firstRowOf = new Map<string, number>()
  for (const { row, values } of rows) {
    const fail = (message: string) => result.errors.push({ row, phone: values.phone, message })
    const parsed = importRow.safeParse(values)
    if (!parsed.success) { fail(parsed.error.issues.map((i) => i.message).join('；')); continue }
    const input = parsed.data
    const seen = firstRowOf.get(input.phone)
    if (seen) { fail(`手机号与第${seen}行重复`); continue }
    firstRowOf.set(input.phone, row)
    try {
      assertPasswordRules(input.password)
      let companyId = defaultCompany
      if (isHeadquarters(auth) && values.company) {
        const found = companyByName.get(values.company) ?? (/^\d+$/.test(values.company) && [...companyByName.values()].includes(Number(values.company)) ? Number(values.company) : undefined)
        if (!found) throw new ValidationError(`所属基地不存在：${values.company}`)
        companyId = found
      }
      const role = assignableRole(deps.roles, auth, input.nickName, companyId)
      const passwordHash = await hashPassword(input.password)
      await deps.db.transaction(async (tx) => {
        await lockCompany(tx, companyId)
        await assertPhoneFree(tx, input.phone)
        const [user] = await tx.insert(users).values({ phone: input.phone, name: input.name, passwordHash, roleId: role.id }).returning({ id: users.id })
        await tx.insert(userCompanies).values({ userId: user!.id, companyId })
      }).catch(phoneConflict)
      result.imported++
    } catch (err) {
      if (err instanceof ValidationError || err instanceof ConflictError || err instanceof ForbiddenError || err instanceof NotFoundError) fail(err.message)
      else throw err
    }
  }
  return result
}
