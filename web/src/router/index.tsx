/**
 * Top-level routes. Public screens are static; everything else is the signed-in shell, which is
 * loaded lazily (ProLayout stays out of the login route) and builds the menu routes itself. The
 * login page is plain React; antd loads with any other screen.
 */
import { lazy, Suspense } from 'react'
import { ACTIVITY_PATH, ACTIVITY_RESULT_PATH, SCREEN_EMBED_PATH } from '@app/contract'
import { Route, Routes } from 'react-router-dom'
import ErrorBoundary from '../components/ErrorBoundary'
import PageLoading from '../components/PageLoading'
import { GuestOnly, RequireAuth } from '../app/guard'
import { loadShell, withAntd } from './signedIn'
import { LOGIN_PATH, NOT_FOUND_PATH } from './paths'

const LoginPage = lazy(() => import('../pages/login'))
const NotFoundPage = lazy(() => import('../pages/not-found'))
const ActivityPage = lazy(() => import('../pages/activities'))
const ActivityResultPage = lazy(() => import('../pages/activities/Result'))
const CheckingPage = lazy(() => import('../pages/reportVerification'))
const ScreenEmbedPage = lazy(() => import('../pages/screenEmbed'))
const Shell = lazy(loadShell)

export default function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading fullscreen />}>
        <Routes>
          <Route path={LOGIN_PATH} element={<GuestOnly><LoginPage /></GuestOnly>} />
          {/* plain React and CSS, like the login page: a phone on a slow link waits for no antd */}
          <Route path={ACTIVITY_PATH} element={<ActivityPage />} />
          <Route path={ACTIVITY_RESULT_PATH} element={<ActivityResultPage />} />
          {/* a big screen's signed link (wall screens, other sites' frames): plain React, CSS and ECharts */}
          <Route path={SCREEN_EMBED_PATH} element={<ScreenEmbedPage />} />
          <Route path="/checking/index" element={withAntd(<CheckingPage />)} />
          <Route path={NOT_FOUND_PATH} element={withAntd(<NotFoundPage />)} />
          <Route path="*" element={<RequireAuth>{withAntd(<Shell />)}</RequireAuth>} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  )
}
