/**
 * Top-level routes. Public screens are static; everything else is the signed-in shell, which is
 * loaded lazily (ProLayout stays out of the login route) and builds the menu routes itself.
 */
import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router-dom'
import ErrorBoundary from '../components/ErrorBoundary'
import PageLoading from '../components/PageLoading'
import { GuestOnly, RequireAuth } from '../app/guard'
import { LOGIN_PATH, NOT_FOUND_PATH } from './static'

const LoginPage = lazy(() => import('../pages/login'))
const NotFoundPage = lazy(() => import('../pages/not-found'))
const ActivityPage = lazy(() => import('../pages/activity'))
const CheckingPage = lazy(() => import('../pages/checking'))
const Shell = lazy(() => import('../app/Shell'))

export default function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading fullscreen />}>
        <Routes>
          <Route path={LOGIN_PATH} element={<GuestOnly><LoginPage /></GuestOnly>} />
          <Route path="/activity" element={<ActivityPage />} />
          <Route path="/checking/index" element={<CheckingPage />} />
          <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
          <Route path="*" element={<RequireAuth><Shell /></RequireAuth>} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  )
}
