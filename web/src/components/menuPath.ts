/** Where the signed-in user's menu puts a screen (by component key), for links between screens. */
import { useMemo } from 'react'
import type { ComponentKey, MenuNode } from '@app/contract'
import { useUserInfo } from '../app/session'
import { joinPath } from '../router/paths'

export function findMenuPath(menus: readonly MenuNode[] | undefined, component: ComponentKey, parent = '/'): string | null {
  for (const n of menus ?? []) {
    const path = joinPath(parent, n.path)
    if (n.component === component && !n.children?.length) return path
    const inner = findMenuPath(n.children, component, path)
    if (inner) return inner
  }
  return null
}

/** The menu path of `component`, or `fallback` when this user's menu does not have it. */
export function useMenuPath(component: ComponentKey, fallback: string): string {
  const info = useUserInfo()
  return useMemo(() => findMenuPath(info?.menus, component) ?? fallback, [info, component, fallback])
}
