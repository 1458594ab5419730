/** Access guard (spec 000 §2): public paths, login redirect, logged-in users kept off /login. */
import { useSyncExternalStore, type ReactNode } from 'react'
import { Navigate, useLocation, useSearchParams } from 'react-router-dom'
import { loginPathFor, safeRedirect } from '../router/paths'
import { isLoggedIn, subscribeToken } from './storage'

/** Whether the user holds a token and the login flag (re-renders when either changes). */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribeToken, isLoggedIn, () => false)
}

/** Without token and login flag: to /login?redirect=<path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn()
  const location = useLocation()
  if (!loggedIn) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />
  return <>{children}</>
}

/** A logged-in user opening /login goes to the redirect target or '/'. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn()
  const [params] = useSearchParams()
  // a token login (?token=) always runs: it may sign in as someone else
  if (loggedIn && !params.get('token')) return <Navigate to={safeRedirect(params.get('redirect'))} replace />
  return <>{children}</>
}
