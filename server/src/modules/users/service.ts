import { Msg, UserAdminMsg, type Profile, type UpdatePasswordBody, type UserInfo } from '@app/contract'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { companies, userCompanies, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ForbiddenError, NotFoundError } from '../../platform/errors.js'
import { assertPasswordRules, hashPassword, verifyPassword } from '../../platform/passwords.js'
import type { PasswordCipher } from '../../platform/rsa.js'
import type { MenuCache } from '../../platform/menus.js'
import { revokeUserSessions, setSessionCompany } from '../../platform/sessions.js'
import { isHeadquarters } from '../../platform/tenancy.js'
import { countAttempt } from '../../platform/loginLockout.js'
import { moveUser } from './admin.js'
import type { UserAdminDeps } from './list.js'

/** Who is signed in, in one query: the user and the bases they belong to. */
export async function userInfo(db: Db, menusCache: MenuCache, auth: Auth): Promise<UserInfo> {
  const [user] = await db.select({
    id: users.id, isCreate: users.isCreate, name: users.name, phone: users.phone, avatar: users.avatar,
    lastPasswordResetDate: users.lastPasswordResetDate,
    memberships: sql<{ id: number; name: string }[]>`coalesce((
      select json_agg(json_build_object('id', c.id, 'name', c.name) order by uc.id)
      from ${userCompanies} uc join ${companies} c on c.id = uc.company_id where uc.user_id = ${auth.userId}), '[]')`,
  }).from(users).where(eq(users.id, auth.userId))
  if (!user) throw new NotFoundError(UserAdminMsg.notFound)
  const memberships = user.memberships
  return {
    id: user.id,
    companyId: auth.companyId,
    companyName: memberships.find((c) => c.id === auth.companyId)?.name ?? '',
    isCreate: user.isCreate,
    nickName: auth.role.nickName,
    name: user.name,
    phone: user.phone,
    avatar: user.avatar,
    lastPasswordResetDate: user.lastPasswordResetDate?.toISOString() ?? null,
    companies: memberships,
    permissions: [...auth.role.permissions],
    menus: await menusCache.forRole(auth.role),
  }
}

/** Your own profile; someone else's only with the user permission, within your company (all for headquarters). */
export async function getProfile(db: Db, auth: Auth, id: number): Promise<Profile> {
  if (id !== auth.userId) {
    if (!auth.role.permissions.has('user')) throw new ForbiddenError()
  }
  const rows = await db.select({ id: users.id, phone: users.phone, name: users.name, createTime: users.createTime, companyId: userCompanies.companyId, companyName: companies.name })
    .from(users)
    .leftJoin(userCompanies, eq(userCompanies.userId, users.id))
    .leftJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(eq(users.id, id)).orderBy(asc(userCompanies.id))
  const visible = id === auth.userId || isHeadquarters(auth) ? rows : rows.filter((r) => r.companyId === auth.companyId)
  const row = (id === auth.userId ? visible.find((r) => r.companyId === auth.companyId) : undefined) ?? visible[0]
  if (!row) throw new NotFoundError(UserAdminMsg.notFound)
  return { id: row.id, phone: row.phone, name: row.name, companyName: row.companyName ?? '', createTime: row.createTime.toISOString() }
}

/**
 * Changing your own password asks for the current one, counted like a sign-in attempt from `ip`
 * (a stolen session cannot guess it). Ends your other sessions (they answer 50012).
 */
export async function updateOwnPassword(
  db: Db, cipher: PasswordCipher, auth: Auth, id: number, input: UpdatePasswordBody, ip: string,
) {
  if (id !== auth.userId) throw new ForbiddenError(Msg.ownPasswordOnly)
  const current = await cipher.decrypt(input.currentPassword)
  const plain = await cipher.decrypt(input.password)
  assertPasswordRules(plain)
  const [user] = await db.select({ phone: users.phone, passwordHash: users.passwordHash }).from(users).where(eq(users.id, id))
  if (!user) throw new NotFoundError(UserAdminMsg.notFound)
  const attempt = await countAttempt(db, user.phone, ip)
  if (!(await verifyPassword(user.passwordHash, current))) throw attempt.failed(Msg.currentPasswordWrong)
  const passwordHash = await hashPassword(plain)
  const now = new Date()
  await db.transaction(async (tx) => {
    await attempt.succeeded(tx)
    await tx.update(users).set({ passwordHash, lastPasswordResetDate: now, mustChangePassword: false, updateTime: now }).where(eq(users.id, id))
    await revokeUserSessions(tx, id, 'password', auth.sessionId)
  })
}

/** Switches the session to another company its user belongs to. */
async function switchCompany(db: Db, auth: Auth, companyId: number) {
  const [rel] = await db.select({ name: companies.name }).from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(and(eq(userCompanies.userId, auth.userId), eq(userCompanies.companyId, companyId)))
  if (!rel) throw new ForbiddenError(Msg.notMemberOfCompany)
  await setSessionCompany(db, auth.sessionId, companyId)
  return { companyId, companyName: rel.name }
}

/** Your own session switches base; headquarters may move someone else to a base (moveUser). */
export function changeCompany(deps: UserAdminDeps, auth: Auth, companyId: number, userId: number) {
  return userId === auth.userId ? switchCompany(deps.db, auth, companyId) : moveUser(deps, auth, companyId, userId)
}
