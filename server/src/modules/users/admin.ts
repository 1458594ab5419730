import {
  HQ_COMPANY_ID, IS_CREATE, Msg, roleLabel, SUB_ACCOUNT_LABEL, UserAdminMsg, type ResetPasswordBody, type UserRow, type UserSaveBody, type UserUpdateBody,
} from '@app/contract'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, userCompanies, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { assertPasswordRules, hashPassword } from '../../platform/passwords.js'
import { isUniqueViolation } from '../../platform/query.js'
import { assertMayHoldIn, mayHoldIn, type RoleInfo, type RoleRegistry } from '../../platform/roles.js'
import type { PasswordCipher } from '../../platform/rsa.js'
import { forgetUserSessions, revokeCompanySessions, revokeUserSessions } from '../../platform/sessions.js'
import { isHeadquarters, ownerCompany } from '../../platform/tenancy.js'
import { assertSeatLeft, lockCompany, lockSeats } from '../quota/index.js'
import { loadRow, type UserAdminDeps } from './list.js'

/**
 * User administration writes: add/edit/delete, assignment to bases, password reset by an
 * administrator, and the rules every write checks. Base administrators manage only the users of
 * their own base; headquarters manages all.
 */

/** The session holds every permission of the role: the one rule for giving a role and for acting on its holders. */
const covers = (auth: Auth, role: RoleInfo) => [...role.permissions].every((p) => auth.role.permissions.has(p))

/**
 * A role the session may give to a member of `companyIds`: never the empty (sub-account) role this
 * way, 'admin' only in headquarters, and nothing with permissions the session itself lacks.
 */
export function assignableRole(roles: RoleRegistry, auth: Auth, nickName: string | undefined | null, companyIds: readonly number[]): RoleInfo {
  const wanted = nickName?.trim()
  if (!wanted || wanted === SUB_ACCOUNT_LABEL) throw new ValidationError(UserAdminMsg.roleRequired)
  const role = roles.byNickName(wanted)
  if (!role || !role.nickName) throw new ValidationError(`${UserAdminMsg.roleUnknown}：${wanted}`)
  assertMayHoldIn(role, companyIds, 'giving')
  if (!covers(auth, role)) throw new ForbiddenError(`${UserAdminMsg.roleNotAllowed}：${roleLabel(role.nickName)}`)
  return role
}

/** Roles the session may give, by nickName (for the user dialog and the import template). */
export function assignableRoles(roles: RoleRegistry, auth: Auth): string[] {
  return roles.all()
    .filter((r) => r.nickName && covers(auth, r) && mayHoldIn(r, [auth.companyId]))
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
export async function takeSeat(tx: Executor, companyId: number, subAccount = false) {
  const seats = await lockSeats(tx, companyId)
  if (subAccount && seats.company.isCreate !== IS_CREATE.yes) throw new ValidationError(UserAdminMsg.companyNoCreate)
  assertSeatLeft(seats)
  return seats.company
}

export const phoneConflict = (err: unknown): never => {
  if (isUniqueViolation(err, 'app_user_phone_unique')) throw new ConflictError(UserAdminMsg.phoneTaken)
  throw err
}

async function assertPhoneFree(tx: Executor, phone: string, exceptId?: number) {
  const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.phone, phone), exceptId ? ne(users.id, exceptId) : undefined))
  if (taken) throw new ConflictError(UserAdminMsg.phoneTaken)
}

/**
 * A new account and its membership of `companyId` (of its parent's tree with `parentId`), once its
 * phone is known to be free; the caller has taken the seat in the same transaction.
 */
export async function insertMember(tx: Executor, companyId: number, values: typeof users.$inferInsert) {
  await assertPhoneFree(tx, values.phone)
  const [user] = await tx.insert(users).values(values).returning({ id: users.id })
  await tx.insert(userCompanies).values({ userId: user!.id, companyId, parentId: values.parentId ?? null })
  return user!.id
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
      if (!companyIds.includes(companyId)) throw new NotFoundError(UserAdminMsg.parentElsewhere)
      if (parent.isCreate !== 1) throw new ValidationError(UserAdminMsg.parentNoCreate)
      await takeSeat(tx, companyId, true)
      roleId = null
      parentId = parent.id
    } else {
      roleId = assignableRole(deps.roles, auth, body.nickName, [companyId]).id
      await takeSeat(tx, companyId)
    }
    const userId = await insertMember(tx, companyId, {
      phone: body.phone, name: body.name, passwordHash, roleId, parentId, isCreate: body.isCreate ?? 0, ...profileFields(body),
    })
    return loadRow(tx, deps.roles, userId, companyId)
  }).catch(phoneConflict)
}

/**
 * Adds an existing account (by phone) to a base. Idempotent. A base administrator may only take in
 * accounts that belong to no other base; headquarters may assign anyone anywhere.
 */
export async function assignUser({ db, roles }: UserAdminDeps, auth: Auth, phone: string, requestedCompanyId: number): Promise<UserRow> {
  const companyId = ownerCompany(auth, requestedCompanyId)
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone))
    if (!found) throw new NotFoundError(UserAdminMsg.phoneNotRegistered)
    const { user, companyIds } = await assertMayManage(tx, roles, auth, found.id, 'joining')
    if (companyIds.includes(companyId)) return loadRow(tx, roles, user.id, companyId)
    assertMayHoldIn(roles.get(user.roleId), [companyId], 'joining')
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
    if (user.roleId == null && (!wanted || wanted === SUB_ACCOUNT_LABEL)) roleId = null
    else {
      roleId = assignableRole(deps.roles, auth, wanted, companyIds).id
    }
    if (id === auth.userId && roleId !== user.roleId) throw new ForbiddenError(UserAdminMsg.selfRole)
    if (body.phone !== user.phone) await assertPhoneFree(tx, body.phone, id)
    await tx.update(users).set({
      phone: body.phone, name: body.name, roleId, isCreate: body.isCreate ?? user.isCreate, ...profileFields(body), updateTime: new Date(),
    }).where(eq(users.id, id))
    return loadRow(tx, deps.roles, id, companyIds.includes(companyId) ? companyId : companyIds[0]!)
  }).catch(phoneConflict).finally(() => forgetUserSessions(deps.db, id)) // a new role holds from the user's next call, in every process
}

/** An administrator sets a new password: the user must change it at the next login, and is signed out everywhere (50012). */
export async function resetPassword(deps: UserAdminDeps, auth: Auth, id: number, body: ResetPasswordBody) {
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
  // the account's sessions went with it (cascade): none may linger in any process's cache
  await forgetUserSessions(deps.db, id)
}

/** Removes a user from a base (the account stays). Not the base's main account. */
export async function removeFromCompany(deps: UserAdminDeps, auth: Auth, userId: number, requestedCompanyId: number) {
  const companyId = ownerCompany(auth, requestedCompanyId)
  await deps.db.transaction(async (tx) => {
    const [rel] = await tx.select({ id: userCompanies.id }).from(userCompanies)
      .where(and(eq(userCompanies.userId, userId), eq(userCompanies.companyId, companyId)))
    if (!rel) throw new NotFoundError(UserAdminMsg.notFound)
    await assertMayManage(tx, deps.roles, auth, userId, 'membership')
    if (userId === auth.userId) throw new ForbiddenError(UserAdminMsg.removeSelf)
    const [main] = await tx.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), eq(companies.mainUserId, userId)))
    if (main) throw new ForbiddenError(UserAdminMsg.mainAccount)
    await tx.delete(userCompanies).where(eq(userCompanies.id, rel.id))
    // its sub-accounts stay in the base as top-level rows
    await tx.update(userCompanies).set({ parentId: null }).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.parentId, userId)))
    await revokeCompanySessions(tx, companyId, userId)
  })
}

/** Headquarters moves another user to a base: the user then belongs to that base only and is signed out. */
export async function moveUser({ db, roles }: UserAdminDeps, auth: Auth, companyId: number, userId: number) {
  if (!isHeadquarters(auth) || !auth.role.permissions.has('user')) throw new ForbiddenError(UserAdminMsg.moveOwnOnly)
  return db.transaction(async (tx) => {
    const { user, companyIds } = await assertMayManage(tx, roles, auth, userId, 'account')
    const company = companyIds.includes(companyId) ? await lockCompany(tx, companyId) : await takeSeat(tx, companyId, user.roleId == null)
    const [main] = await tx.select({ id: companies.id }).from(companies).where(and(eq(companies.mainUserId, userId), ne(companies.id, companyId))).limit(1)
    if (main) throw new ConflictError(UserAdminMsg.moveMainAccount)
    assertMayHoldIn(roles.get(user.roleId), [companyId], 'joining')
    await tx.delete(userCompanies).where(and(eq(userCompanies.userId, userId), ne(userCompanies.companyId, companyId)))
    await tx.update(userCompanies).set({ parentId: null }).where(and(eq(userCompanies.parentId, userId), ne(userCompanies.companyId, companyId)))
    await tx.insert(userCompanies).values({ userId, companyId }).onConflictDoNothing()
    await revokeUserSessions(tx, userId, 'forced')
    return { companyId, companyName: company.name }
  })
}

