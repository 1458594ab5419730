/**
 * Routes of the signed-in shell that are not menu entries (spec 000 §2 route table, spec 001 §2).
 * Each names the permission it needs (a user without it gets the 404 screen) and its page; `null`
 * shows 页面暂不可用 until the issue that builds the screen sets `page`.
 */
import type { Permission } from '@app/contract'
import type { ComponentType } from 'react'
import { PROFILE_PATH, HOME_PATH } from './paths'

/** A screen's module, loaded when it is first opened (the registry's loaders, router/registry.ts). */
export type PageModule = { default: ComponentType }
export type PageLoader = () => Promise<PageModule>

export interface StaticRoute {
  path: string
  /** route name of the spec (router.push({ name })) */
  name: string
  title: string
  /** null: any signed-in user */
  permission: Permission | null
  page: PageLoader | null
  /** breadcrumb parent (a menu path), when the screen belongs to a menu section */
  parent?: string
}


export const SHELL_ROUTES: StaticRoute[] = [
  { path: PROFILE_PATH, name: 'Profile', title: '个人中心', permission: null, page: () => import('../pages/profile') },
  { path: '/traceDetail/index', name: 'TraceDetail', title: '运单详情', permission: 'transport', page: () => import('../pages/transportDetail'), parent: HOME_PATH },
  { path: '/traceDetail2/index', name: 'TraceDetail2', title: '原始数据', permission: 'transport', page: () => import('../pages/transportDetail/RawData'), parent: HOME_PATH },
  { path: '/editTraceDetail/index', name: 'EditTraceDetail', title: '编辑运单', permission: 'transport', page: () => import('../pages/transportDetail/EditTransportPage'), parent: HOME_PATH },
  // the spec's TraceDetail of the goods list (query id; active hides 关闭, 删除 and 保存): TraceDetail names the transport detail here
  { path: '/goodsDetail/index', name: 'GoodsDetail', title: '物品详情', permission: 'goods', page: () => import('../pages/goods/GoodsDetail'), parent: '/imagesearch/index' },
  { path: '/trace/workflow', name: 'begin_workflow', title: '录入记录', permission: 'trace', page: () => import('../pages/reports/Workflow'), parent: '/trace/index' },
  { path: '/trace/checking', name: 'checking', title: '检验进度', permission: 'trace', page: () => import('../pages/reports/Checking'), parent: '/trace/index' },
  { path: '/trace/overview', name: 'ReportOverview', title: '检验总览', permission: 'trace', page: () => import('../pages/reports/Overview'), parent: '/trace/index' },
  { path: '/trace/select', name: 'StationLookup', title: '工位终端', permission: 'trace', page: () => import('../pages/reports/StationLookup'), parent: '/trace/index' },
  { path: '/trace/tankers', name: 'TankerPicker', title: '罐车选择', permission: 'trace', page: () => import('../pages/reports/Tankers'), parent: '/trace/index' },
  { path: '/diagramDetail/index', name: 'DiagramDetail', title: '检验图纸', permission: 'trace', page: () => import('../pages/diagrams'), parent: '/trace/index' },
  { path: '/material/ledger', name: 'StockLedger', title: '出入库明细', permission: 'company_material', page: () => import('../pages/stock/LedgerPage'), parent: '/material/stock' },
  { path: '/material/stockTake', name: 'StockTake', title: '盘点', permission: 'company_material', page: () => import('../pages/stock/StockTakePage'), parent: '/material/stock' },
  { path: '/diagramDetail/sketch', name: 'DiagramSketch', title: '草图板', permission: 'trace', page: () => import('../pages/diagrams/Sketch'), parent: '/trace/index' },
]
