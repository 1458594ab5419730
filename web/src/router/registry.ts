/**
 * Typed registry: component key of a server menu node -> lazily loaded page (one chunk per page).
 *
 * The server's menu tree names a component key per node (contract COMPONENT_KEYS). Every key must
 * appear here; TypeScript fails the build when contract adds a key the web does not list. `null`
 * means "no page yet": the route shows the 页面暂不可用 screen naming the key. An issue adding a
 * screen replaces its `null` with `() => import('../pages/<feature>')` (a default-exported component).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { COMPONENT_KEYS, type ComponentKey } from '@app/contract'

import type { PageLoader, PageModule } from './static'

export type { PageLoader, PageModule }

export const PAGE_REGISTRY: Record<ComponentKey, PageLoader | null> = {
  /** a menu section (container of pages), never a page itself */
  Layout: null,
  by_agent: () => import('../pages/transports'),
  agent: () => import('../pages/companies'),
  trace: () => import('../pages/reports'),
  bill: () => import('../pages/receiptFormats'),
  rule: () => import('../pages/extractionRules'),
  log: () => import('../pages/logs'),
  record: () => import('../pages/rechargeRecords'),
  upload: () => import('../pages/upload'),
  user: () => import('../pages/users'),
  use: () => import('../pages/usage'),
  imagesearch: () => import('../pages/goods'),
  reservation: () => import('../pages/reservations'),
  lcompany: () => import('../pages/logisticsCompanies'),
  reservation_plan: () => import('../pages/reservations/PlanPage'),
  reservation_plan_month: () => import('../pages/reservations/PlanMonthPage'),
  reception: () => import('../pages/reservations/ReceptionPage'),
  model: () => import('../pages/processTemplates'),
  indicator_out: () => import('../pages/processTemplates/OutsideProcessPage'),
  indicator: () => import('../pages/indicators'),
  groups: () => import('../pages/stationGroups'),
  kpi: () => import('../pages/kpi'),
  // the drill-down of 检验统计 is part of its page (permission kpi_detail), never a menu node of its own
  kpi_detail: () => import('../pages/kpi'),
  materialType: () => import('../pages/materialTypes'),
  material: () => import('../pages/materials'),
  company_material: () => import('../pages/stock'),
  // issue 37: supply orders between paired bases, sales and their summaries
  supply_order: () => import('../pages/supplyOrders'),
  sale: () => import('../pages/sales'),
  sale_summary: () => import('../pages/sales/SummaryPage'),
  // issue 35: the health-check side (the public /activity page is pages/activities)
  activity: () => import('../pages/activityList'),
  member: () => import('../pages/members'),
  machine: () => import('../pages/machines'),
  measurement: () => import('../pages/measurements'),
  // issue 36: the measurement charts
  statistics: () => import('../pages/statistics'),
  // issue 36: big screens (the public embed page is pages/screenEmbed)
  screen: () => import('../pages/screens'),
  base_screen: () => import('../pages/screens/BaseScreenPage'),
}

export const isComponentKey = (key: string): key is ComponentKey => (COMPONENT_KEYS as readonly string[]).includes(key)

const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType>>()

/** The same lazy component for the same loader (React must not see a new component per render). */
export function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(loader)
  if (!page) {
    page = lazy(loader)
    lazyPages.set(loader, page)
  }
  return page
}

export type Resolution =
  | { kind: 'page'; Page: LazyExoticComponent<ComponentType> }
  | { kind: 'missing'; key: ComponentKey }
  | { kind: 'unknown'; key: string }

export function resolveComponent(key: string): Resolution {
  if (!isComponentKey(key)) return { kind: 'unknown', key }
  const loader = PAGE_REGISTRY[key]
  return loader ? { kind: 'page', Page: lazyPage(loader) } : { kind: 'missing', key }
}
