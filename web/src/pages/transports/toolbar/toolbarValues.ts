/** The grid toolbar's pure rules: which columns the export offers, the bodies it sends, what its answers say. */
import {
  exportSumProblem, SmsSendMsg, TRANSPORT_COLUMN_KEYS, TRANSPORT_COLUMNS,
  type ExportSumBody, type SmsSendBody, type SmsSendResult, type TransportColumn, type TransportFilters,
} from '@app/contract'
import { toDateRange } from '../../../components/dateRange'

/**
 * The export's columns in the order the user arranged the grid (its layout's keys), then those the
 * grid does not show at all; keys that are no column of the export (pictures, status) are left out.
 */
export function exportColumnOrder(gridOrder: readonly string[]): TransportColumn[] {
  const ordered = gridOrder.filter((k): k is TransportColumn => k in TRANSPORT_COLUMNS)
  return [...new Set([...ordered, ...TRANSPORT_COLUMN_KEYS])]
}

/** The 全选 checkbox over the column list: checked when all are, indeterminate when some are. */
export const checkAllState = (checked: number, all: number) => ({ checked: all > 0 && checked === all, indeterminate: checked > 0 && checked < all })

/** The chosen columns in the list's order (a Checkbox.Group answers them in click order). */
export const inOrder = (order: readonly TransportColumn[], chosen: readonly string[]) => order.filter((k) => chosen.includes(k))

export interface StatementForm {
  /** dayjs values or 'YYYY-MM-DD' */
  start?: unknown
  end?: unknown
  deliveryCustomer?: string
  deliveryCarrier?: string
}

const day = (v: unknown) => toDateRange([v, v])?.[0] ?? null

/** The statement's body from the dialog (dates as days; headquarters' picked base). */
export const statementBody = (form: StatementForm, companyId?: number): ExportSumBody => ({
  companyId,
  deliveryTimeQuery: [day(form.start), day(form.end)],
  deliveryCustomer: form.deliveryCustomer?.trim() || undefined,
  deliveryCarrier: form.deliveryCarrier?.trim() || undefined,
})

/** The first thing the statement still needs, in the spec's order (the server checks the same), or null. */
export const statementProblem = (body: ExportSumBody) => exportSumProblem(body)

/** The selected transports when there are any, else every one of the filters the grid was loaded with. */
export const smsBody = (selectedIds: readonly number[], filters: TransportFilters): SmsSendBody =>
  selectedIds.length ? { ids: [...selectedIds] } : { ...filters }

export const smsConfirmText = (selected: number) => selected
  ? `确定向所选 ${selected} 条运单中磅差超标运单的承运单位发送短信吗？`
  : '确定向当前筛选条件下磅差超标运单的承运单位发送短信吗？'

/** How the send's answer is shown: success when everything reachable was sent, a warning otherwise. */
export const smsOutcome = (r: SmsSendResult) => ({
  level: r.sent > 0 && !r.failed.length && !r.heldBack.length ? 'success' as const : 'warning' as const, text: SmsSendMsg.done(r),
})
