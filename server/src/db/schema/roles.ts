import { integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core'

/** A role by the spec's nickName; what it may do is in role_permission. */
export const roles = pgTable('role', {
  id: serial('id').primaryKey(),
  /** the spec's nickName: 检验员, admin, base admin, operator, reception, '' (sub-account) */
  nickName: varchar('nick_name', { length: 30 }).notNull().unique(),
})

export const rolePermissions = pgTable(
  'role_permission',
  {
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 40 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
)
