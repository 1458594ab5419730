/** Renders a menu leaf or a shell route through the registry, with loading and error screens. */
import { Suspense, type ComponentType } from 'react'
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
  return <GuardedPage page={r.Page} resetKey={entry.path} />
}

export function ShellPage({ route }: { route: StaticRoute }) {
  if (!route.page) return <NotAvailablePage componentKey={route.name} title={route.title} keyLabel="路由名称" />
  return <GuardedPage page={lazyPage(route.page)} resetKey={route.path} />
}

/** A lazily loaded page with the loading screen, behind the error screen (reset when `resetKey`, the path, changes). */
function GuardedPage({ page: Page, resetKey }: { page: ComponentType; resetKey: string }) {
  return (
    <ErrorBoundary resetKey={resetKey}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  )
}
