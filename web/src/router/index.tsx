/**
 * Top-level routes. Public screens are static; everything else is the signed-in shell, which is
 * loaded lazily (ProLayout stays out of the login route) and builds the menu routes itself. The
 * login page is plain React; antd loads with any other screen.
 */
import { lazy, Suspense, type ReactNode } from 'react'
import { Route, Routes } from 'react-router-dom'
import ErrorBoundary from '../components/ErrorBoundary'
import PageLoading from '../components/PageLoading'
import { GuestOnly, RequireAuth } from '../app/guard'
import { PAGE_REGISTRY } from './registry'
import { fetchSignedInAssets } from './signedInAssets'
import { LOGIN_PATH, NOT_FOUND_PATH } from './static'

const LoginPage = lazy(() => import('../pages/login'))
const NotFoundPage = lazy(() => import('../pages/not-found'))
const ActivityPage = lazy(() => import('../pages/activity'))
const CheckingPage = lazy(() => import('../pages/checking'))
const loadShell = () => import('../app/Shell')
const Shell = lazy(loadShell)
const loadAntd = () => import('../app/AntdRoot')
const AntdRoot = lazy(loadAntd)

/** Every screen but the login page is built with antd: its providers load with the screen (or dialog). */
export const withAntd = (screen: ReactNode) => <AntdRoot>{screen}</AntdRoot>

/**
 * Starts fetching the signed-in shell and the home grid (运单列表) as the user types, at low priority
 * (signedInAssets.ts), instead of a round trip or two after 登录: on a slow link that is most of the
 * wait. The lazy routes then find the modules loaded; a failure here is left to them to show.
 */
export function preloadSignedIn() {
  fetchSignedInAssets()
  const swallow = () => undefined
  loadAntd().catch(swallow)
  loadShell().catch(swallow)
  PAGE_REGISTRY.by_agent?.().catch(swallow)
}

export default function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading fullscreen />}>
        <Routes>
          <Route path={LOGIN_PATH} element={<GuestOnly><LoginPage /></GuestOnly>} />
          <Route path="/activity" element={withAntd(<ActivityPage />)} />
          <Route path="/checking/index" element={withAntd(<CheckingPage />)} />
          <Route path={NOT_FOUND_PATH} element={withAntd(<NotFoundPage />)} />
          <Route path="*" element={<RequireAuth>{withAntd(<Shell />)}</RequireAuth>} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  )
}
