/**
 * The tabs of the pages opened this session (the tab bar under the header): each menu page visited is a
 * tab holding its last address (with its query, so a list comes back filtered as it was left); the home
 * page's tab is always first and stays. Kept in sessionStorage, so a reload keeps them and a new tab starts afresh.
 */
import { readJson, STORAGE_KEYS, writeJson } from './storage'

export interface PageTab {
  /** the page's path, the tab's key */
  path: string
  title: string
  /** where the tab goes back to: the path with the query it was last left with */
  url: string
}

/** The tabs after visiting `url` of the page `path` titled `title`: its tab added at the end, or brought up to date. */
export function visitTab(tabs: PageTab[], tab: PageTab): PageTab[] {
  const i = tabs.findIndex((t) => t.path === tab.path)
  if (i < 0) return [...tabs, tab]
  if (tabs[i]!.url === tab.url && tabs[i]!.title === tab.title) return tabs
  return tabs.map((t, j) => (j === i ? tab : t))
}

/** The tabs without `path`'s, and where to go when it was the open one: the tab after it, else the one before. */
export function closeTab(tabs: PageTab[], path: string): { tabs: PageTab[]; next: PageTab | undefined } {
  const i = tabs.findIndex((t) => t.path === path)
  if (i < 0) return { tabs, next: undefined }
  const rest = tabs.filter((t) => t.path !== path)
  return { tabs: rest, next: rest[i] ?? rest[i - 1] }
}

/** The home tab first, then the others the user may still open (`known`), without repeats. */
export function tidyTabs(tabs: PageTab[], home: PageTab | undefined, known: (path: string) => boolean): PageTab[] {
  const kept = tabs.filter((t, i) => known(t.path) && t.path !== home?.path && tabs.findIndex((x) => x.path === t.path) === i)
  const ownHome = home && (tabs.find((t) => t.path === home.path) ?? home)
  return ownHome ? [ownHome, ...kept] : kept
}

export const loadTabs = (): PageTab[] => {
  const saved = readJson<PageTab[]>(sessionStorage, STORAGE_KEYS.pageTabs)
  return Array.isArray(saved) ? saved.filter((t) => t && typeof t.path === 'string' && typeof t.url === 'string' && typeof t.title === 'string') : []
}

export const saveTabs = (tabs: PageTab[]) => writeJson(sessionStorage, STORAGE_KEYS.pageTabs, tabs)
