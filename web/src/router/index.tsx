/**
 * Top-level routes. Public screens are static; everything else is the signed-in shell, which is
 * loaded lazily (ProLayout stays out of the login route) and builds the menu routes itself. The
 * login page is plain React; antd loads with any other screen.
 */
import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router-dom'
import ErrorBoundary from '../components/ErrorBoundary'
import PageLoading from '../components/PageLoading'
import { GuestOnly, RequireAuth } from '../app/guard'
import { loadShell, withAntd } from './signedIn'
import { LOGIN_PATH, NOT_FOUND_PATH } from './paths'

const LoginPage = lazy(() => import('../pages/login'))
const NotFoundPage = lazy(() => import('../pages/not-found'))
const ActivityPage = lazy(() => import('../pages/activities'))
const CheckingPage = lazy(() => import('../pages/reportVerification'))
const Shell = lazy(loadShell)

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
