/**
 * The server's menu tree (UserInfo.menus) -> what the shell routes and shows: one entry per
 * reachable path, the sidebar tree, and breadcrumb trails.
 */
import { pruneMenu, type MenuNode, type Permission } from '@app/contract'
import { SHELL_ROUTES, type StaticRoute } from './static'
import { HOME_PATH } from './paths'

export interface MenuEntry {
  /** absolute path */
  path: string
  name: string
  title: string
  icon?: string
  /** component key as the server sent it (may be one the web does not know) */
  component: string
  /** where a section goes when its own path is opened */
  redirect?: string
  children: MenuEntry[]
  /** titles from the top section down to this entry */
  trail: { path: string; title: string }[]
}

export interface RouteTable {
  menu: MenuEntry[]
  /** leaves: path -> entry */
  pages: Map<string, MenuEntry>
  /** sections (and leaves with a redirect): path -> target */
  redirects: Map<string, string>
  /** shell routes this user may open */
  shellRoutes: StaticRoute[]
  /** where '/' goes */
  home: string
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return normalize(child)
  return normalize(`${parent}/${child}`)
}

function normalize(p: string): string {
  const s = `/${p}`.replace(/\/+/g, '/')
  return s.length > 1 ? s.replace(/\/$/, '') : s
}

function toEntries(nodes: MenuNode[], parent: string, trail: MenuEntry['trail']): MenuEntry[] {
  return nodes.map((n) => {
    const path = joinPath(parent, n.path)
    const title = n.meta?.title || n.name
    const own = [...trail, { path, title }]
    const children = toEntries(n.children ?? [], path, own)
    const redirect = n.redirect ? joinPath(path, n.redirect) : children[0]?.path
    return { path, name: n.name, title, icon: n.meta?.icon, component: n.component, redirect, children, trail: own }
  })
}

/** Builds the route table once per session from the menu tree (pruned as the contract says). */
export function buildRouteTable(menus: MenuNode[], permissions: readonly Permission[]): RouteTable {
  const menu = toEntries(pruneMenu(menus ?? []), '/', [])
  const pages = new Map<string, MenuEntry>()
  const redirects = new Map<string, string>()
  const walk = (list: MenuEntry[]) => {
    for (const e of list) {
      if (e.children.length) {
        if (e.redirect && e.redirect !== e.path) redirects.set(e.path, e.redirect)
        walk(e.children)
      } else {
        pages.set(e.path, e)
      }
    }
  }
  walk(menu)
  const shellRoutes = SHELL_ROUTES.filter((r) => r.permission === null || permissions.includes(r.permission))
  const firstPage = pages.keys().next().value as string | undefined
  const home = pages.has(HOME_PATH) ? HOME_PATH : firstPage ?? SHELL_ROUTES[0]!.path
  return { menu, pages, redirects, shellRoutes, home }
}

/** Breadcrumb for a path: the menu trail, or a shell route under its parent section. */
export function breadcrumbFor(table: RouteTable, pathname: string): { path: string; title: string }[] {
  const page = table.pages.get(pathname)
  if (page) return page.trail
  const shell = table.shellRoutes.find((r) => r.path === pathname)
  if (shell) {
    const parent = shell.parent ? table.pages.get(shell.parent)?.trail ?? [] : []
    return [...parent, { path: shell.path, title: shell.title }]
  }
  return []
}
