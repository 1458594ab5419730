import type { Permission } from './permissions.js'

/**
 * Component keys the server's menu tree may name (spec 000 §2). The web maps each to a lazily loaded
 * page through a typed registry; a key the web does not know shows a "page not available" screen.
 */
export const COMPONENT_KEYS = [
  'Layout', 'by_agent', 'agent', 'trace', 'bill', 'rule', 'log', 'record', 'upload', 'user', 'use',
  'imagesearch', 'reservation', 'lcompany',
  // reservations and reception (issue 12): keys as the spec's permission keys
  'reservation_plan', 'reservation_plan_month', 'reception',
  // inspection reference data (headquarters, issue 12): keys as the spec's permission keys
  'model', 'indicator_out', 'indicator', 'groups',
  // 检验统计 (issue 12 KPI): the page; kpi_detail (drill-down, step times, export) lives in it
  'kpi', 'kpi_detail',
  // materials (headquarters) and each base's stock (issue 37): keys as the spec's permission keys
  'materialType', 'material', 'company_material',
  // supply orders and sales (issue 37): 供货单 (permission company_material), 销售 and 销售汇总 (permission sale)
  'supply_order', 'sale', 'sale_summary',
  // the health-check side (issue 35): activities, members, devices (permission activity, member, machine) and the readings (machine)
  'activity', 'member', 'machine', 'measurement',
  // 数据统计 (issue 36): the measurement charts (permission machine)
  'statistics',
  // big screens (issue 36): keys as the spec's permission keys
  'screen', 'base_screen',
] as const
export type ComponentKey = (typeof COMPONENT_KEYS)[number]

export interface MenuNode {
  path: string
  name: string
  component: string
  redirect?: string
  meta: { title: string; icon?: string }
  children?: MenuNode[]
}

/** Seed definition: a node is visible to a role holding `permission` (a parent when any child is). */
export interface MenuSeed {
  path: string
  name: string
  component: ComponentKey
  redirect?: string
  title: string
  icon?: string
  permission?: Permission
  children?: MenuSeed[]
}

/** A page of a section: path, name, component, title, icon, permission. */
type PageRow = [path: string, name: string, component: ComponentKey, title: string, icon: string, permission: Permission]

const section = (path: string, name: string, title: string, icon: string, pages: PageRow[]): MenuSeed => {
  const children = pages.map(([path, name, component, title, icon, permission]) => ({ path, name, component, title, icon, permission }))
  return { path, name, component: 'Layout', redirect: `${path}/${children[0]?.path ?? 'index'}`, title, icon, children }
}

export const MENU_SEED: MenuSeed[] = [
  section('/by_agent', 'Transport', '运单管理', 'car', [
    ['index', 'ByAgent', 'by_agent', '运单列表', 'unordered-list', 'transport'],
    ['lcompany', 'LCompany', 'lcompany', '物流公司', 'car', 'transport'],
  ]),
  section('/upload', 'UploadTicket', '票据上传', 'cloud-upload', [
    ['index', 'Upload', 'upload', '上传票据', 'camera', 'upload'],
  ]),
  section('/trace', 'Inspection', '检验管理', 'safety', [
    ['index', 'Trace', 'trace', '检验登记', 'file-search', 'trace'],
    ['kpi', 'Kpi', 'kpi', '检验统计', 'bar-chart', 'kpi'],
  ]),
  section('/reservation', 'Reservations', '预约接待', 'schedule', [
    ['index', 'Reservation', 'reservation', '预约列表', 'unordered-list', 'reservation'],
    ['reception', 'Reception', 'reception', '今日接待', 'form', 'reception'],
    ['month', 'ReservationPlanMonth', 'reservation_plan_month', '预约日历', 'calendar', 'reservation_plan_month'],
    ['plan', 'ReservationPlan', 'reservation_plan', '预约设置', 'setting', 'reservation_plan'],
  ]),
  section('/model', 'InspectionRefs', '检验配置', 'setting', [
    ['index', 'Model', 'model', '车辆类型', 'car', 'model'],
    ['indicatorOut', 'IndicatorOut', 'indicator_out', '非流程模板', 'profile', 'indicator_out'],
    ['indicator', 'Indicator', 'indicator', '检验指标', 'audit', 'indicator'],
    ['groups', 'Groups', 'groups', '工位分组', 'apartment', 'groups'],
  ]),
  section('/material', 'Materials', '物料库存', 'database', [
    ['type', 'MaterialType', 'materialType', '物料类型', 'appstore', 'materialType'],
    ['index', 'Material', 'material', '物料列表', 'unordered-list', 'material'],
    ['stock', 'CompanyMaterial', 'company_material', '库存管理', 'database', 'company_material'],
  ]),
  section('/agent', 'Bases', '基地管理', 'bank', [
    ['index', 'Agent', 'agent', '基地列表', 'apartment', 'agent'],
    ['record', 'Record', 'record', '充值记录', 'account-book', 'recharge'],
  ]),
  section('/user', 'Users', '用户管理', 'team', [
    ['index', 'User', 'user', '用户列表', 'user', 'user'],
    ['use', 'Use', 'use', '使用统计', 'bar-chart', 'usage'],
  ]),
  section('/bill', 'Tickets', '票据配置', 'profile', [
    ['index', 'Bill', 'bill', '票据格式', 'file-text', 'receipt_format'],
    ['rule', 'Rule', 'rule', '取值规则', 'function', 'receipt_format'],
  ]),
  section('/log', 'Logs', '系统日志', 'alert', [
    ['index', 'Log', 'log', '日志列表', 'bell', 'log'],
  ]),
  section('/supply', 'SupplySales', '物料供销', 'shop', [
    ['index', 'Sale', 'sale', '物料销售', 'shopping-cart', 'sale'],
    ['summary', 'SaleSummary', 'sale_summary', '销售汇总', 'bar-chart', 'sale'],
    ['order', 'SupplyOrder', 'supply_order', '供货单', 'car', 'company_material'],
  ]),
  section('/health', 'Health', '健康体检', 'heart', [
    ['activity', 'Activity', 'activity', '活动管理', 'calendar', 'activity'],
    ['member', 'Member', 'member', '成员列表', 'team', 'member'],
    ['machine', 'Machine', 'machine', '设备管理', 'desktop', 'machine'],
    ['measurement', 'Measurement', 'measurement', '测量记录', 'line-chart', 'machine'],
    ['statistics', 'Statistics', 'statistics', '数据统计', 'bar-chart', 'machine'],
  ]),
  section('/imagesearch', 'Goods', '物品登记', 'picture', [
    ['index', 'ImageSearch', 'imagesearch', '物品列表', 'search', 'goods'],
  ]),
  section('/screen', 'Screens', '数据大屏', 'dashboard', [
    ['index', 'Screen', 'screen', '总部大屏', 'dashboard', 'screen'],
    ['base', 'BaseScreen', 'base_screen', '基地大屏', 'desktop', 'base_screen'],
  ]),
]

/** Drops nodes the web must not route (spec 000 §2: empty redirect or empty name). */
export function pruneMenu(nodes: MenuNode[]): MenuNode[] {
  return nodes
    .filter((n) => n.name && n.redirect !== '')
    .map((n) => (n.children ? { ...n, children: pruneMenu(n.children) } : n))
}
