import { ROLES, type RoleKey } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Executor } from '../src/db/client.js'
import { companies, roles, userCompanies, users } from '../src/db/schema/index.js'
import { hashPassword } from '../src/platform/passwords.js'

/** Rows made straight in the database, for tests of things other than the admin screens themselves. */
export async function makeCompany(db: Executor, name: string, extra: Partial<typeof companies.$inferInsert> = {}) {
  const [row] = await db.insert(companies).values({ name, contactor: '联系人', phone: '13800000000', ...extra }).returning()
  return row!
}

let passwordHashCache: Map<string, Promise<string>> = new Map()

export async function makeUser(db: Executor, opts: {
  phone: string; name?: string; password?: string; role?: RoleKey; companyIds: number[]; lastPasswordResetDate?: Date | null
}) {
  const password = opts.password ?? 'Passw0rd!'
  const hash = passwordHashCache.get(password) ?? hashPassword(password)
  passwordHashCache.set(password, hash)
  const nickName = ROLES[opts.role ?? 'baseAdmin'].nickName
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.nickName, nickName))
  const [user] = await db.insert(users).values({
    phone: opts.phone, name: opts.name ?? '测试用户', passwordHash: await hash,
    roleId: opts.role === 'subAccount' ? null : role!.id,
    lastPasswordResetDate: opts.lastPasswordResetDate === undefined ? new Date() : opts.lastPasswordResetDate,
  }).returning()
  for (const companyId of opts.companyIds) await db.insert(userCompanies).values({ userId: user!.id, companyId })
  return { ...user!, password }
}
