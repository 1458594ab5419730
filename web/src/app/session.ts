/**
 * Session store: token (storage.ts), the signed-in user's info (menus, permissions, companies) and
 * the actions on them. Routes are built once per session from the cached info (sessionStorage) or
 * from GET /users/info.
 */
import { useSyncExternalStore } from 'react'
import type { LoginResult, UserInfo } from '@app/contract'
import { whenSessionEnds } from '../api/request'
import * as usersApi from '../api/users'
import { loginPathFor } from '../router/paths'
import {
  clearToken, readJson, setRememberedUsername, setToken, STORAGE_KEYS, writeJson,
} from './storage'

let userInfo: UserInfo | null = null
const infoListeners = new Set<() => void>()
const emitInfo = () => infoListeners.forEach((l) => l())

/**
 * Whose data the server answers with: the user and their current company. Whatever keeps server data
 * in memory (the query cache) forgets it when this changes, so the next user, or the same user in
 * another company, never sees what was loaded before.
 */
const scopeListeners = new Set<() => void>()
let scope: string | null = null
export function whenScopeChanges(listener: () => void): () => void {
  scopeListeners.add(listener)
  return () => scopeListeners.delete(listener)
}
/** `next` null: no session (it started or ended), which always forgets what was loaded */
function setScope(next: string | null) {
  if (next !== null && next === scope) return
  scope = next
  scopeListeners.forEach((l) => l())
}
const scopeOf = (info: UserInfo) => `${info.id}:${info.companyId}`

export function useUserInfo(): UserInfo | null {
  return useSyncExternalStore(
    (l) => {
      infoListeners.add(l)
      return () => infoListeners.delete(l)
    },
    () => userInfo,
    () => null,
  )
}

function looksLikeUserInfo(v: unknown): v is UserInfo {
  const u = v as UserInfo | null
  return !!u && typeof u.id === 'number' && typeof u.companyId === 'number' && Array.isArray(u.menus) && Array.isArray(u.permissions)
}

function setUserInfo(info: UserInfo | null) {
  userInfo = info
  if (info) setScope(scopeOf(info))
  if (info) writeJson(sessionStorage, STORAGE_KEYS.userInfo, info)
  else sessionStorage.removeItem(STORAGE_KEYS.userInfo)
  emitInfo()
}

/**
 * The user info, from memory, the tab's cache or the server. Rejects with the server's error
 * (no toast, no logout confirm: the shell decides what to do).
 */
export async function loadUserInfo(opts: { force?: boolean } = {}): Promise<UserInfo> {
  if (!opts.force) {
    if (userInfo) return userInfo
    const cached = readJson<unknown>(sessionStorage, STORAGE_KEYS.userInfo)
    if (looksLikeUserInfo(cached)) {
      setUserInfo(cached)
      return cached
    }
  }
  const info = await usersApi.getUserInfo({ silent: true, sessionDialog: false, cancelDuplicate: false })
  if (!looksLikeUserInfo(info)) throw new Error('Verification failed, please Login again.')
  setUserInfo(info)
  return info
}

/** After a successful login: keep the token (and only the user name when remembered). */
export function startSession(result: LoginResult, opts: { remember: boolean; username?: string }) {
  userInfo = null
  setScope(null)
  sessionStorage.removeItem(STORAGE_KEYS.userInfo)
  setToken(result.token, opts.remember)
  if (opts.username !== undefined) setRememberedUsername(opts.remember ? opts.username : null)
}

/**
 * The one way out of a session (退出登录, the idle time-out, a session the server ended, user info
 * that cannot be loaded): forgets token, login flag and user info.
 * - `server`: ends it on the server too (the call takes the token now, before it is forgotten);
 * - `reloadOn`: then loads the app afresh on that path, once the server call is done (a reload would
 *   abort it). Without it the guard goes to /login?redirect=<path> in place, and a notice shown stays up.
 */
export async function endSession({ server = false, reloadOn }: { server?: boolean; reloadOn?: string } = {}) {
  const serverDone = server ? usersApi.logout().catch(() => undefined) : undefined
  if (reloadOn) await serverDone
  userInfo = null
  setScope(null)
  clearToken()
  emitInfo()
  if (reloadOn) location.replace(reloadOn)
}

// confirming the request client's 确定登出: clear the session, then the login page, back here after signing in
whenSessionEnds(() => void endSession({ reloadOn: loginPathFor(location.pathname + location.search) }))
