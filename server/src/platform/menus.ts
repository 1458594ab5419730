import { pruneMenu, type MenuNode, type Permission } from '@app/contract'
import { asc } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { menus } from '../db/schema/index.js'
import type { RoleInfo } from './roles.js'

/**
 * Menu rows change only when a server starts (the seed writes them), so each role's tree is built
 * once, and again after a newer server's seed announces new roles and menus (`clear`).
 */
export class MenuCache {
  private rows?: Promise<(typeof menus.$inferSelect)[]>
  private trees = new Map<number, MenuNode[]>()
  constructor(private db: Db) {}

  clear() {
    this.rows = undefined
    this.trees = new Map()
  }

  async forRole(role: RoleInfo): Promise<MenuNode[]> {
    const cached = this.trees.get(role.id)
    if (cached) return cached
    const rows = await (this.rows ??= this.db.select().from(menus).orderBy(asc(menus.sort)))
    const build = (parentId: number | null): MenuNode[] =>
      rows.filter((r) => r.parentId === parentId).flatMap((r): MenuNode[] => {
        const children = build(r.id)
        const isLeaf = !rows.some((c) => c.parentId === r.id)
        if (isLeaf ? !(r.permission && role.permissions.has(r.permission as Permission)) : children.length === 0) return []
        const node: MenuNode = { path: r.path, name: r.name, component: r.component, meta: { title: r.title, icon: r.icon ?? undefined } }
        if (r.redirect != null) node.redirect = r.redirect
        if (!isLeaf) {
          node.children = children
          node.redirect = `${r.path}/${children[0]!.path}`
        }
        return [node]
      })
    const tree = pruneMenu(build(null))
    this.trees.set(role.id, tree)
    return tree
  }
}
