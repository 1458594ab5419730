/** The transport grid's pure rules: what a cell shows, a row's actions, where they lead (its row marks: pages/transports/dangerMarks.ts). */
import { TransportStatus, type Transport, type TransportFilters, type TransportSuggestions } from '@app/contract'

/** Tag colours of the statuses 暂存, 上传完成, 作废. */
export const STATUS_COLORS = { 1: 'orange', 2: 'green', 3: 'default' } as const satisfies Record<Transport['status'], string>

/** Shown for a weight or picture a transport does not have. */
export const NONE = '—'

/** Tons with two decimals; '—' when there is none. */
export const formatTons = (tons: number | null | undefined) => (tons == null || Number.isNaN(tons) ? NONE : tons.toFixed(2))

export type RowAction = 'continue' | 'edit' | 'view' | 'raw' | 'delete'

/**
 * The row's actions (spec 001 §2): a transport not 上传完成 is continued or deleted; one 上传完成 is
 * edited, viewed or deleted, and headquarters also sees its raw data.
 */
export function rowActions(status: Transport['status'], headquarters: boolean): RowAction[] {
  if (status !== TransportStatus.DONE) return ['continue', 'delete']
  return headquarters ? ['edit', 'view', 'raw', 'delete'] : ['edit', 'view', 'delete']
}

export const ACTION_LABELS: Record<RowAction, string> = {
  continue: '继续上传', edit: '编辑', view: '查看', raw: '原始数据', delete: '删除',
}

/** Where an action leads (spec 001 §2 routes). */
export const actionPath = (action: Exclude<RowAction, 'delete'>, id: number) => ({
  continue: `/upload/index?id=${id}`,
  edit: `/editTraceDetail/index?id=${id}`,
  view: `/traceDetail/index?id=${id}`,
  raw: `/traceDetail2/index?id=${id}`,
})[action]

export const DELETE_CONFIRM = '确定删除该运单吗？'

/** The text filters and the suggestion list (`findList`) that feeds each one. */
export const SUGGESTED_FILTERS = {
  phone: 'phones',
  deliveryManufactory: 'deliveryManufactory',
  deliveryCustomer: 'deliveryCustomers',
  deliveryCarrier: 'deliveryCarriers',
  deliveryGoodsName: 'deliveryGoodsNames',
  signName: 'signNames',
  signSettlement: 'signSettlements',
} as const satisfies Partial<Record<keyof TransportFilters, keyof TransportSuggestions>>

/** At most this many suggestions open under a filter (the list holds up to SUGGESTIONS_MAX). */
const SHOWN_SUGGESTIONS = 50

/** The suggestions that contain what was typed (case-insensitive), as AutoComplete options. */
export function suggestionOptions(all: readonly string[] | undefined, typed: string | undefined) {
  const needle = (typed ?? '').trim().toLowerCase()
  const hits = needle ? (all ?? []).filter((s) => s.toLowerCase().includes(needle)) : (all ?? [])
  return hits.slice(0, SHOWN_SUGGESTIONS).map((value) => ({ value }))
}
