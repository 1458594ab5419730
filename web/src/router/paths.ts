/** The paths the shell, its guard and the request client need, apart from the routes (static.ts) that load pages. */
export const PROFILE_PATH = '/profile/index'
export const HOME_PATH = '/by_agent/index'
export const LOGIN_PATH = '/login'
export const NOT_FOUND_PATH = '/404'
/** reachable without signing in (spec 000 §2); /404 is a static page anyone may see */
export const PUBLIC_PATHS = [LOGIN_PATH, '/activity', '/activity/result', '/checking/index', NOT_FOUND_PATH] as const

/** `redirect` query value if it is a path of this site, else '/'. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/'
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`)) return '/'
  return value
}

export const loginPathFor = (here: string) =>
  here === '/' || here.startsWith(LOGIN_PATH) ? LOGIN_PATH : `${LOGIN_PATH}?redirect=${encodeURIComponent(here)}`

/** A menu node's absolute path: `child` under `parent` (or `child` itself when absolute), without doubled or trailing slashes. */
export function joinPath(parent: string, child: string): string {
  return normalize(child.startsWith('/') ? child : `${parent}/${child}`)
}

function normalize(p: string): string {
  const s = `/${p}`.replace(/\/+/g, '/')
  return s.length > 1 ? s.replace(/\/$/, '') : s
}
