import type { Permission } from '@app/contract'
import { HQ_COMPANY_ID, ROLES, UserAdminMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { rolePermissions, roles } from '../db/schema/index.js'
import { ForbiddenError } from './errors.js'

export interface RoleInfo {
  id: number
  nickName: string
  permissions: ReadonlySet<Permission>
}

/**
 * Roles and their permission keys come from contract/ and are written by the seed; every process
 * keeps them in memory after start-up, so checking a permission costs no query.
 */
export class RoleRegistry {
  private byId = new Map<number, RoleInfo>()
  private subAccount?: RoleInfo

  async load(db: Executor) {
    const rows = await db.select({ id: roles.id, nickName: roles.nickName, permission: rolePermissions.permission })
      .from(roles).leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    const map = new Map<number, { id: number; nickName: string; permissions: Set<Permission> }>()
    for (const r of rows) {
      const role = map.get(r.id) ?? { id: r.id, nickName: r.nickName, permissions: new Set<Permission>() }
      if (r.permission) role.permissions.add(r.permission as Permission)
      map.set(r.id, role)
    }
    this.byId = map
    this.subAccount = [...map.values()].find((r) => r.nickName === ROLES.subAccount.nickName)
  }

  /** A user without a role is a sub-account. */
  get(roleId: number | null): RoleInfo {
    const role = roleId == null ? this.subAccount : this.byId.get(roleId)
    return role ?? { id: 0, nickName: '', permissions: new Set() }
  }

  byNickName(nickName: string): RoleInfo | undefined {
    return [...this.byId.values()].find((r) => r.nickName === nickName)
  }

  all(): RoleInfo[] {
    return [...this.byId.values()]
  }
}

/** The admin role belongs to headquarters alone: its holder may be a member of no other base. */
export const mayHoldIn = (role: Pick<RoleInfo, 'nickName'>, companyIds: readonly number[]) =>
  role.nickName !== ROLES.admin.nickName || companyIds.every((c) => c === HQ_COMPANY_ID)

/**
 * Refuses the admin role outside headquarters: `giving` it to a member of `companyIds`, or `joining`
 * its holder to them (a base's main account, an assignment, a move).
 */
export function assertMayHoldIn(role: Pick<RoleInfo, 'nickName'>, companyIds: readonly number[], act: 'giving' | 'joining') {
  if (!mayHoldIn(role, companyIds)) throw new ForbiddenError(act === 'giving' ? UserAdminMsg.adminRoleHqOnly : UserAdminMsg.adminOutsideHq)
}
