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
  // the health-check side (issue 35): activities, members (testees), devices and their measurements
  'activity', 'member', 'machine',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const BASE_USER: Permission[] = [
  'user', 'reservation', 'reservation_plan_month', 'reception', 'trace', 'company_material', 'sale',
  'kpi', 'kpi_detail', 'base_screen', 'transport', 'upload', 'goods', 'usage', 'activity', 'member', 'machine',
]

/**
 * Role names are the spec's nickName values, stored and sent as they are; `label` is what a screen, a
 * picker and a file show for them. A user with no role is a sub-account (子账号).
 */
export const ROLES = {
  inspector: { nickName: '检验员', label: '检验员', permissions: ['trace', 'reservation', 'reception', 'kpi', 'kpi_detail'] },
  admin: { nickName: 'admin', label: '系统管理员', permissions: [...PERMISSIONS] },
  baseAdmin: { nickName: 'base admin', label: '基地管理员', permissions: BASE_USER },
  operator: { nickName: 'operator', label: '操作员', permissions: ['reservation', 'reception', 'trace', 'kpi', 'kpi_detail'] },
  reception: { nickName: 'reception', label: '接待员', permissions: ['reservation', 'reception', 'kpi', 'kpi_detail', 'sale', 'company_material'] },
  subAccount: { nickName: '', label: '子账号', permissions: ['transport', 'upload'] },
} as const satisfies Record<string, { nickName: string; label: string; permissions: readonly Permission[] }>
export type RoleKey = keyof typeof ROLES

export const SUB_ACCOUNT_LABEL = ROLES.subAccount.label
/** nickName → what users see */
export const ROLE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(Object.values(ROLES).map((r) => [r.nickName, r.label]))
/** What a role is called on screen: its label (a role the spec does not name shows its nickName). */
export const roleLabel = (nickName: string | null | undefined) => (nickName ? (ROLE_LABELS[nickName] ?? nickName) : SUB_ACCOUNT_LABEL)
/** A picker's options for these nickNames: the label shown, the nickName saved. */
export const roleOptions = (nickNames: readonly string[]) => nickNames.map((n) => ({ label: roleLabel(n), value: n }))
/** The nickName a person typed or picked, by its label or the nickName itself (an import sheet's 角色 cell). */
export function roleNickName(text: string): string {
  const wanted = text.trim()
  return Object.values(ROLES).find((r) => r.nickName && r.label === wanted)?.nickName ?? wanted
}
