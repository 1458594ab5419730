import type { Permission } from './permissions.js'

/**
 * Component keys the server's menu tree may name (spec 000 §2). The web maps each to a lazily loaded
 * page through a typed registry; a key the web does not know shows a "page not available" screen.
 */
export const COMPONENT_KEYS = [
  'Layout', 'by_agent', 'agent', 'trace', 'bill', 'rule', 'log', 'record', 'upload', 'user', 'use',
  'imagesearch', 'reservation',
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

const section = (path: string, name: string, title: string, icon: string, children: MenuSeed[]): MenuSeed => ({
  path, name, component: 'Layout', redirect: `${path}/${children[0]?.path ?? 'index'}`, title, icon, children,
})

export const MENU_SEED: MenuSeed[] = [
  section('/by_agent', 'Transport', '运单管理', 'car', [
    { path: 'index', name: 'ByAgent', component: 'by_agent', title: '运单列表', icon: 'unordered-list', permission: 'transport' },
  ]),
  section('/upload', 'UploadTicket', '票据上传', 'cloud-upload', [
    { path: 'index', name: 'Upload', component: 'upload', title: '上传票据', icon: 'camera', permission: 'upload' },
  ]),
  section('/trace', 'Inspection', '检验管理', 'safety', [
    { path: 'index', name: 'Trace', component: 'trace', title: '检验登记', icon: 'file-search', permission: 'trace' },
    { path: 'reservation', name: 'Reservation', component: 'reservation', title: '预约管理', icon: 'calendar', permission: 'reservation' },
  ]),
  section('/agent', 'Bases', '基地管理', 'bank', [
    { path: 'index', name: 'Agent', component: 'agent', title: '基地列表', icon: 'apartment', permission: 'agent' },
    { path: 'record', name: 'Record', component: 'record', title: '充值记录', icon: 'account-book', permission: 'recharge' },
  ]),
  section('/user', 'Users', '用户管理', 'team', [
    { path: 'index', name: 'User', component: 'user', title: '用户列表', icon: 'user', permission: 'user' },
    { path: 'use', name: 'Use', component: 'use', title: '使用统计', icon: 'bar-chart', permission: 'usage' },
  ]),
  section('/bill', 'Tickets', '票据配置', 'profile', [
    { path: 'index', name: 'Bill', component: 'bill', title: '票据格式', icon: 'file-text', permission: 'receipt_format' },
    { path: 'rule', name: 'Rule', component: 'rule', title: '取值规则', icon: 'function', permission: 'receipt_format' },
  ]),
  section('/log', 'Logs', '系统日志', 'alert', [
    { path: 'index', name: 'Log', component: 'log', title: '日志列表', icon: 'bell', permission: 'log' },
  ]),
  section('/imagesearch', 'Goods', '物品登记', 'picture', [
    { path: 'index', name: 'ImageSearch', component: 'imagesearch', title: '物品列表', icon: 'search', permission: 'goods' },
  ]),
]

/** Drops nodes the web must not route (spec 000 §2: empty redirect or empty name). */
export function pruneMenu(nodes: MenuNode[]): MenuNode[] {
  return nodes
    .filter((n) => n.name && n.redirect !== '')
    .map((n) => (n.children ? { ...n, children: pruneMenu(n.children) } : n))
}
