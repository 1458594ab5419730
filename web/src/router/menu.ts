/**
 * The server's menu tree (UserInfo.menus) -> what the shell routes and shows: one entry per
 * reachable path, the sidebar tree, and breadcrumb trails. A section of one page is that page at the
 * top level; a page the web has not built is routed (its URL shows 页面暂不可用) but not in the sidebar.
 */
import { pruneMenu, type MenuNode, type Permission } from '@app/contract'
import { resolveComponent } from './registry'
import { SHELL_ROUTES, type StaticRoute } from './static'
import { HOME_PATH, joinPath } from './paths'

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
  /** the sidebar: built pages only, one-page sections flattened */
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

/** A section holding a single page becomes that page, with the section's icon when it has none of its own. */
function flattenSingles(entries: MenuEntry[]): MenuEntry[] {
  return entries.map((e) => {
    const only = e.children.length === 1 ? e.children[0]! : null
    if (only && !only.children.length) return { ...only, icon: e.icon ?? only.icon, trail: [{ path: only.path, title: only.title }] }
    return { ...e, children: flattenSingles(e.children) }
  })
}

const isBuilt = (e: MenuEntry) => resolveComponent(e.component).kind === 'page'

/** The sidebar: pages the web has, and the sections that still hold one. */
function builtOnly(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => {
    if (!e.children.length) return isBuilt(e) ? [e] : []
    const children = builtOnly(e.children)
    return children.length ? [{ ...e, children }] : []
  })
}

/** Builds the route table once per session from the menu tree (pruned as the contract says). */
export function buildRouteTable(menus: MenuNode[], permissions: readonly Permission[]): RouteTable {
  const tree = toEntries(pruneMenu(menus ?? []), '/', [])
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
  walk(tree)
  // the flattened pages' own trails replace the section's
  const flat = flattenSingles(tree)
  walk(flat)
  const menu = builtOnly(flat)
  const shellRoutes = SHELL_ROUTES.filter((r) => r.permission === null || permissions.includes(r.permission))
  const firstPage = [...pages.values()].find(isBuilt)?.path
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
