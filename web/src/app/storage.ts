/**
 * Browser storage of the session (spec 000 §3 session keys). No imports on purpose: the request
 * client and the login page read it without pulling the shell.
 *
 * - The token and the login flag ('1'/'0') live in localStorage for a remembered login (the server
 *   keeps that session 7 days), otherwise in sessionStorage (gone with the tab).
 * - The remembered user name lives in localStorage. The password is never stored, in any form.
 * - The user info (menus, permissions, companies) is cached per tab in sessionStorage, so routes are
 *   built once per session; so are the tab bar's open pages.
 */
export const STORAGE_KEYS = {
  token: 'token',
  loginFlag: 'isLogin',
  rememberedUsername: 'rememberedUsername',
  userInfo: 'USER_INFO',
  sidebarCollapsed: 'sidebarCollapsed',
  /** the tab bar's open pages (pageTabs.ts), per browser tab */
  pageTabs: 'PAGE_TABS',
} as const

type Listener = () => void
const listeners = new Set<Listener>()

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn()
  } catch {
    return fallback
  }
}

/** The store holding the token: sessionStorage for a plain login, localStorage for a remembered one. */
function tokenStore(): Storage | null {
  return safe(() => (sessionStorage.getItem(STORAGE_KEYS.token) ? sessionStorage : localStorage.getItem(STORAGE_KEYS.token) ? localStorage : null), null)
}

export function getToken(): string | null {
  return safe(() => tokenStore()?.getItem(STORAGE_KEYS.token) ?? null, null)
}

/** Whether a token is held and its login flag is 1 (the access guard's test). */
export function isLoggedIn(): boolean {
  return safe(() => tokenStore()?.getItem(STORAGE_KEYS.loginFlag) === '1', false)
}

export function setToken(token: string, remember: boolean) {
  clearToken(false)
  const store = remember ? localStorage : sessionStorage
  store.setItem(STORAGE_KEYS.token, token)
  store.setItem(STORAGE_KEYS.loginFlag, '1')
  emit()
}

/** Removes the token and resets the login flag to 0 (in both stores), and the cached user info. */
export function clearToken(notify = true) {
  safe(() => {
    for (const store of [localStorage, sessionStorage]) {
      store.removeItem(STORAGE_KEYS.token)
      store.setItem(STORAGE_KEYS.loginFlag, '0')
    }
    sessionStorage.removeItem(STORAGE_KEYS.userInfo)
    sessionStorage.removeItem(STORAGE_KEYS.pageTabs)
  }, undefined)
  if (notify) emit()
}

export function getRememberedUsername(): string | null {
  return safe(() => localStorage.getItem(STORAGE_KEYS.rememberedUsername), null)
}

export function setRememberedUsername(username: string | null) {
  safe(() => {
    if (username) localStorage.setItem(STORAGE_KEYS.rememberedUsername, username)
    else localStorage.removeItem(STORAGE_KEYS.rememberedUsername)
  }, undefined)
}

export function readJson<T>(store: Storage, key: string): T | null {
  return safe(() => {
    const raw = store.getItem(key)
    return raw ? (JSON.parse(raw) as T) : null
  }, null)
}

export function writeJson(store: Storage, key: string, value: unknown) {
  safe(() => store.setItem(key, JSON.stringify(value)), undefined)
}

/** Subscribe to token changes (for useSyncExternalStore). */
export function subscribeToken(listener: Listener) {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.token || e.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

function emit() {
  for (const l of listeners) l()
}
