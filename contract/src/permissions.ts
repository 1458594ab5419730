/**
 * Permission keys. The spec (000 §6) names them as flat menu-level keys; every server route declares
 * one of them and the web hides what the session lacks. Keys after the spec's are the logistics side.
 */
export const PERMISSIONS = [
  // normal base user (spec 000 §6)
  'user', 'reservation', 'reservation_plan_month', 'reception', 'trace', 'company_material', 'sale',
  'kpi', 'kpi_detail', 'base_screen',
  // headquarters admin adds (spec 000 §6)
  'agent', 'reservation_plan', 'groups', 'materialType', 'model', 'material', 'indicator',
  'indicator_out', 'screen',
  // logistics tickets (spec 001)
  'transport', 'upload', 'receipt_format', 'log', 'recharge', 'goods', 'usage',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const BASE_USER: Permission[] = [
  'user', 'reservation', 'reservation_plan_month', 'reception', 'trace', 'company_material', 'sale',
  'kpi', 'kpi_detail', 'base_screen', 'transport', 'upload', 'goods', 'usage',
]

/** Role names are the spec's nickName values; a user with no role is a sub-account (子账号). */
export const ROLES = {
  inspector: { nickName: '检验员', permissions: ['trace', 'reservation', 'reception', 'kpi', 'kpi_detail'] },
  admin: { nickName: 'admin', permissions: [...PERMISSIONS] },
  baseAdmin: { nickName: 'base admin', permissions: BASE_USER },
  operator: { nickName: 'operator', permissions: ['reservation', 'reception', 'trace', 'kpi', 'kpi_detail'] },
  reception: { nickName: 'reception', permissions: ['reservation', 'reception', 'kpi', 'kpi_detail', 'sale', 'company_material'] },
  subAccount: { nickName: '', permissions: ['transport', 'upload'] },
} as const satisfies Record<string, { nickName: string; permissions: readonly Permission[] }>
export type RoleKey = keyof typeof ROLES

export const SUB_ACCOUNT_LABEL = '子账号'
export const roleLabel = (nickName: string | null | undefined) => (nickName ? nickName : SUB_ACCOUNT_LABEL)
