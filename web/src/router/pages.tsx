/** Renders a menu leaf or a shell route through the registry, with loading and error screens. */
import { Suspense } from 'react'
import ErrorBoundary from '../components/ErrorBoundary'
import PageLoading from '../components/PageLoading'
import NotAvailablePage from '../pages/not-available'
import type { MenuEntry } from './menu'
import { lazyPage, resolveComponent } from './registry'
import type { StaticRoute } from './static'

const reported = new Set<string>()

export function MenuPage({ entry }: { entry: MenuEntry }) {
  const r = resolveComponent(entry.component)
  if (r.kind === 'unknown') {
    if (!reported.has(r.key)) {
      reported.add(r.key)
      console.error(`菜单「${entry.title}」(${entry.path}) 的组件标识 "${r.key}" 不在前端页面注册表中 (web/src/router/registry.ts)`)
    }
    return <NotAvailablePage componentKey={r.key} title={entry.title} unknown />
  }
  if (r.kind === 'missing') return <NotAvailablePage componentKey={r.key} title={entry.title} />
  const { Page } = r
  return (
    <ErrorBoundary resetKey={entry.path}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  )
}

export function ShellPage({ route }: { route: StaticRoute }) {
  if (!route.page) return <NotAvailablePage componentKey={route.name} title={route.title} keyLabel="路由名称" />
  const Page = lazyPage(route.page)
  return (
    <ErrorBoundary resetKey={route.path}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  )
}
