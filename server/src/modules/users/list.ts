import {
  formatDateTime, rangeBounds, resolvePaging, ROLES, UserAdminMsg,
  type Page, type Paging, type UserBrief, type UserChoice, type UserFindBody, type UserRow,
} from '@app/contract'
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { companies, userCompanies, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ForbiddenError, NotFoundError } from '../../platform/errors.js'
import { listSource, pagedList } from '../../platform/list.js'
import { contains } from '../../platform/query.js'
import type { PasswordCipher } from '../../platform/rsa.js'
import type { RoleRegistry } from '../../platform/roles.js'
import { scopeCompany } from '../../platform/tenancy.js'

/**
 * Reading users for administration: the list (a tree of main accounts and their sub-accounts), flat
 * lists of a base, role pickers. Base administrators see their own base only; headquarters sees all.
 */
export interface UserAdminDeps {
  db: Db
  cipher: PasswordCipher
  roles: RoleRegistry
}

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

/** One row per membership: the user and the base it shows. */
const selectRows = (db: Executor) =>
  db.select(rowFields).from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .$dynamic()

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

const newestFirst = [desc(users.createTime), desc(userCompanies.id)]

/**
 * The memberships `where` selects, as user rows. `membershipsOnly`: `where` reads user_company alone,
 * so the count does too (a partial index of top-level rows) instead of joining users and bases.
 */
const userList = (db: Executor, roles: RoleRegistry, where: SQL | undefined, { orderBy = newestFirst, membershipsOnly = false } = {}) => listSource({
  db,
  query: () => selectRows(db).where(where),
  count: membershipsOnly ? () => db.select({ id: userCompanies.id }).from(userCompanies).where(where).$dynamic() : undefined,
  orderBy,
  map: (r) => toRow(roles, r),
})

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
export async function findUsers({ db, roles }: UserAdminDeps, auth: Auth, body: UserFindBody): Promise<Page<UserRow>> {
  const companyId = scopeCompany(auth, body.companyId)
  const { from, to } = rangeBounds(body.createTimeQuery)
  const tree = !body.name && !body.phone
  const page = await pagedList(userList(db, roles, and(
    companyId != null ? eq(userCompanies.companyId, companyId) : undefined,
    body.name ? contains(users.name, body.name) : undefined,
    body.phone ? contains(users.phone, body.phone) : undefined,
    from ? gte(users.createTime, from) : undefined,
    to ? lte(users.createTime, to) : undefined,
    // the tree's top level: memberships not shown under a parent account
    tree ? isNull(userCompanies.parentId) : undefined,
  ), { membershipsOnly: !(body.name || body.phone || from || to) }), body)
  if (tree) await attachChildren(db, roles, page.data)
  return page
}

/** A flat page of users (of a base with groupId; headquarters: all). */
export async function listUserAll({ db, roles }: UserAdminDeps, auth: Auth, query: Paging & { groupId?: number }): Promise<Page<UserRow>> {
  const companyId = scopeCompany(auth, query.groupId)
  return pagedList(userList(db, roles, companyId != null ? eq(userCompanies.companyId, companyId) : undefined, { membershipsOnly: true }), query)
}

/** The users of one base (the session's own unless headquarters), oldest first, as an array (100 unless paged). */
export async function usersOfCompany({ db, roles }: UserAdminDeps, auth: Auth, id: number, paging: Paging): Promise<UserRow[]> {
  const { size, offset } = resolvePaging(paging, 100)
  const source = userList(db, roles, eq(userCompanies.companyId, scopeCompany(auth, id)!), { orderBy: [asc(users.createTime), asc(users.id)] })
  const rows = await source.query().orderBy(...source.orderBy).limit(size).offset(offset)
  return rows.map(source.map)
}

async function briefsWithRoles(db: Executor, roles: RoleRegistry, companyId: number | null, roleIds: number[]): Promise<UserBrief[]> {
  if (!roleIds.length) return []
  const rows = await db.selectDistinct({ id: users.id, name: users.name, phone: users.phone, roleId: users.roleId })
    .from(users).innerJoin(userCompanies, eq(userCompanies.userId, users.id))
    .where(and(inArray(users.roleId, roleIds), companyId != null ? eq(userCompanies.companyId, companyId) : undefined))
    .orderBy(asc(users.id)).limit(1000)
  return rows.map((r) => ({ id: r.id, name: r.name, phone: r.phone, nickName: roles.get(r.roleId).nickName }))
}

/**
 * Users with a role in the session's base (headquarters: all, or the base named): the lead-inspector
 * picker of 开始检验. Without the user permission only inspectors are listed; nobody gets the login phone.
 */
export async function usersByNickName({ db, roles }: UserAdminDeps, auth: Auth, nickName: string, companyId?: number): Promise<UserChoice[]> {
  const company = scopeCompany(auth, companyId)
  const role = roles.byNickName(nickName.trim())
  if (role?.nickName !== ROLES.inspector.nickName && !auth.role.permissions.has('user')) throw new ForbiddenError(UserAdminMsg.roleListForbidden)
  if (!role || !role.nickName) return []
  return (await briefsWithRoles(db, roles, company, [role.id])).map(({ phone, ...u }) => ({ ...u, phoneTail: phone.slice(-4) }))
}

/** The operators and base administrators of a base. */
export async function operatorsAndBaseAdmins({ db, roles }: UserAdminDeps, auth: Auth, companyId: number): Promise<UserBrief[]> {
  const ids = [ROLES.operator.nickName, ROLES.baseAdmin.nickName].map((n) => roles.byNickName(n)?.id).filter((i): i is number => i != null)
  return briefsWithRoles(db, roles, scopeCompany(auth, companyId), ids)
}

/** One membership's row, for the answer of a write. */
export async function loadRow(db: Executor, roles: RoleRegistry, userId: number, companyId: number): Promise<UserRow> {
  const [row] = await selectRows(db).where(and(eq(users.id, userId), eq(userCompanies.companyId, companyId)))
  if (!row) throw new NotFoundError(UserAdminMsg.notFound)
  return toRow(roles, row)
}
