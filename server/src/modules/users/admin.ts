import {
  formatDateTime, HQ_COMPANY_ID, importTooManyRows, Msg, rangeBounds, resolvePaging, ROLES, USER_IMPORT_COLUMNS,
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
import { forgetUserSessions, revokeCompanySessions, revokeUserSessions, type SessionUser } from '../../platform/sessions.js'
import { readFirstSheet } from '../../platform/spreadsheet.js'
import { isHeadquarters, ownerCompany, scopeCompany } from '../../platform/tenancy.js'
import { assertSeatLeft, lockCompany } from '../companies/service.js'
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

/** The session holds every permission of the role: the one rule for giving a role and for acting on its holders. */
const covers = (auth: Auth, role: RoleInfo) => [...role.permissions].every((p) => auth.role.permissions.has(p))

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
  if (!covers(auth, role)) throw new ForbiddenError(`${UserAdminMsg.roleNotAllowed}：${wanted}`)
  return role
}

/** Roles the session may give (for the user dialog and the import template). */
export function assignableRoles(roles: RoleRegistry, auth: Auth): string[] {
  return roles.all()
    .filter((r) => r.nickName && covers(auth, r))
    .filter((r) => r.nickName !== ROLES.admin.nickName || isHeadquarters(auth))
    .map((r) => r.nickName)
}

/**
 * What a write does to an existing user: changes the account itself (password, profile, role,
 * deletion, moving it), touches only its membership of the session's base (removal from it, a
 * sub-account under it), or takes it into the session's base (assign).
 */
type Reach = 'account' | 'membership' | 'joining'

/**
 * The check before every write on an existing user. The user must be in the session's base
 * (headquarters: any; otherwise it answers as missing) and hold no permission the session lacks (a
 * sub-account has the sub-account role's). Outside headquarters the account itself may be changed
 * only when it belongs to no other base, and only accounts of no other base may be taken in.
 * Answers the user and its bases.
 */
async function assertMayManage(tx: Executor, roles: RoleRegistry, auth: Auth, userId: number, reach: Reach) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId))
  if (!user) throw new NotFoundError(UserAdminMsg.notFound)
  const memberships = await tx.select({ companyId: userCompanies.companyId }).from(userCompanies).where(eq(userCompanies.userId, userId))
  const companyIds = memberships.map((m) => m.companyId)
  const elsewhere = companyIds.some((c) => c !== auth.companyId)
  if (!isHeadquarters(auth)) {
    if (reach === 'joining') {
      if (elsewhere) throw new ForbiddenError(UserAdminMsg.assignForeign)
    } else if (!companyIds.includes(auth.companyId)) throw new NotFoundError(UserAdminMsg.notFound)
  }
  if (!covers(auth, roles.get(user.roleId))) throw new ForbiddenError(UserAdminMsg.outranks)
  if (!isHeadquarters(auth) && reach === 'account' && elsewhere) throw new ForbiddenError(UserAdminMsg.sharedAccount)
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

/**
 * Every new member of a base takes a seat: locks the base row and checks the seats left, in the
 * transaction that then inserts the membership. A role-less sub-account also needs a base that
 * allows them.
 */
async function takeSeat(tx: Executor, companyId: number, subAccount = false) {
  const company = await lockCompany(tx, companyId)
  if (subAccount && company.isCreate !== '1') throw new ValidationError(UserAdminMsg.companyNoCreate)
  await assertSeatLeft(tx, company)
  return company
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
      const { user: parent, companyIds } = await assertMayManage(tx, deps.roles, auth, body.parentId, 'membership')
      if (isHeadquarters(auth) && !body.companyId) companyId = companyIds[0] ?? companyId
      if (!companyIds.includes(companyId)) throw new NotFoundError('上级账号不属于该基地')
      if (parent.isCreate !== 1) throw new ValidationError(UserAdminMsg.parentNoCreate)
      await takeSeat(tx, companyId, true)
      roleId = null
      parentId = parent.id
    } else {
      roleId = assignableRole(deps.roles, auth, body.nickName, companyId).id
      await takeSeat(tx, companyId)
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
    const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone))
    if (!found) throw new NotFoundError('该手机号尚未注册')
    const { user, companyIds } = await assertMayManage(tx, roles, auth, found.id, 'joining')
    if (companyIds.includes(companyId)) return loadRow(tx, roles, user.id, companyId)
    if (roles.get(user.roleId).nickName === ROLES.admin.nickName && companyId !== HQ_COMPANY_ID) throw new ForbiddenError(UserAdminMsg.adminOutsideHq)
    await takeSeat(tx, companyId, user.roleId == null)
    await tx.insert(userCompanies).values({ userId: user.id, companyId }).onConflictDoNothing()
    return loadRow(tx, roles, user.id, companyId)
  })
}

/** Edits a user's name, login phone, role and profile (not the password). */
export async function updateUser(deps: UserAdminDeps, auth: Auth, id: number, body: UserUpdateBody): Promise<UserRow> {
  return deps.db.transaction(async (tx) => {
    const { user, companyIds } = await assertMayManage(tx, deps.roles, auth, id, 'account')
    const companyId = isHeadquarters(auth) ? (companyIds[0] ?? HQ_COMPANY_ID) : auth.companyId
    let roleId = user.roleId
    const wanted = body.nickName?.trim()
    if (user.roleId == null && (!wanted || wanted === '子账号')) roleId = null
    else {
      const role = assignableRole(deps.roles, auth, wanted, companyIds.every((c) => c === HQ_COMPANY_ID) ? HQ_COMPANY_ID : companyId)
      roleId = role.id
      if (role.nickName === ROLES.admin.nickName && companyIds.some((c) => c !== HQ_COMPANY_ID)) throw new ForbiddenError('只有总部用户可以是 admin 角色')
    }
    if (id === auth.userId && roleId !== user.roleId) throw new ForbiddenError(UserAdminMsg.selfRole)
    if (body.phone !== user.phone) await assertPhoneFree(tx, body.phone, id)
    await tx.update(users).set({
      phone: body.phone, name: body.name, roleId, isCreate: body.isCreate ?? user.isCreate, ...profileFields(body), updateTime: new Date(),
    }).where(eq(users.id, id))
    return loadRow(tx, deps.roles, id, companyIds.includes(companyId) ? companyId : companyIds[0]!)
  }).catch(phoneConflict).finally(() => forgetUserSessions(id)) // a new role holds from the user's next call
}

/** An administrator sets a new password: the user must change it at the next login, and is signed out everywhere (50012). */
export async function resetPassword(deps: UserAdminDeps, auth: Auth, id: number, body: { password: string; passwordAgain?: string }) {
  const plain = await decryptPair(deps.cipher, body.password, body.passwordAgain)
  const passwordHash = await hashPassword(plain)
  await deps.db.transaction(async (tx) => {
    await assertMayManage(tx, deps.roles, auth, id, 'account')
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
export async function deleteUser(deps: UserAdminDeps, auth: Auth, id: number) {
  await deps.db.transaction(async (tx) => {
    // outside headquarters a user of other bases too is only taken out of this one
    const { companyIds } = await assertMayManage(tx, deps.roles, auth, id, 'membership')
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
  // the account's sessions went with it (cascade): none may linger in this process's cache
  forgetUserSessions(id)
}

/** Removes a user from a base (the account stays). Not the base's main account. */
export async function removeFromCompany(deps: UserAdminDeps, auth: Auth, userId: number, requestedCompanyId: number) {
  const companyId = ownerCompany(auth, requestedCompanyId)
  await deps.db.transaction(async (tx) => {
    const [rel] = await tx.select({ id: userCompanies.id }).from(userCompanies)
      .where(and(eq(userCompanies.userId, userId), eq(userCompanies.companyId, companyId)))
    if (!rel) throw new NotFoundError(UserAdminMsg.notFound)
    await assertMayManage(tx, deps.roles, auth, userId, 'membership')
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
    const { user, companyIds } = await assertMayManage(tx, roles, auth, userId, 'account')
    const company = companyIds.includes(companyId) ? await lockCompany(tx, companyId) : await takeSeat(tx, companyId, user.roleId == null)
    const [main] = await tx.select({ id: companies.id }).from(companies).where(and(eq(companies.mainUserId, userId), ne(companies.id, companyId))).limit(1)
    if (main) throw new ConflictError('该用户是基地主账号，不能改变所属公司')
    if (user.roleId != null && roles.get(user.roleId).nickName === ROLES.admin.nickName && companyId !== HQ_COMPANY_ID) {
      throw new ForbiddenError(UserAdminMsg.adminOutsideHq)
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

/**
 * Imports users from the template: every row is checked and saved on its own (a row is all or
 * nothing); rows with errors are reported with their row number and the rest are kept.
 */
export async function importUsers(deps: UserAdminDeps, auth: Auth, file: Buffer, requestedCompanyId?: number): Promise<UserImportResult> {
  const [head, ...body] = await readFirstSheet(file, {
    maxRows: USER_IMPORT_MAX_ROWS + 1,
    messages: { invalid: UserAdminMsg.importFileType, tooManyRows: importTooManyRows(USER_IMPORT_MAX_ROWS) },
  })
  if (!head) throw new ValidationError(UserAdminMsg.importEmpty)
  const header = new Map<string, number>()
  head.cells.forEach((text, i) => { if (text) header.set(text.replace(/[*＊\s]/g, ''), i) })
  for (const required of USER_IMPORT_COLUMNS.slice(0, 4)) {
    if (!header.has(required)) throw new ValidationError(`表格缺少“${required}”列，请下载模板后按模板填写`)
  }
  const cell = (cells: string[], column: string) => {
    const i = header.get(column)
    return i == null ? '' : (cells[i] ?? '')
  }
  const rows = body.map(({ number, cells }) => ({
    row: number,
    values: {
      phone: cell(cells, '手机号'), name: cell(cells, '姓名'), nickName: cell(cells, '角色'), password: cell(cells, '密码'),
      company: cell(cells, '所属基地'),
    },
  })).filter(({ values }) => Object.values(values).some(Boolean))
  if (!rows.length) throw new ValidationError(UserAdminMsg.importEmpty)

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
        await takeSeat(tx, companyId)
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
