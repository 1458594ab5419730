import {
  TRANSPORT_COLUMNS, TRANSPORT_EXPORT_NAME, TRANSPORT_WEIGHT_COLUMNS, type Transport, type TransportColumn, type TransportFilters,
} from '@app/contract'
import type { Executor } from '../../db/client.js'
import { defineExport, type Column } from '../../platform/exports.js'
import { allRows } from '../../platform/list.js'
import type { SessionUser } from '../../platform/sessions.js'
import { transportList } from '../transports/query.js'

/** '0.00': tons as numbers, so the spreadsheet sums them. */
export const TONS_FORMAT = '0.00'

const WIDTHS: Partial<Record<TransportColumn, number>> = {
  createTime: 20, deliveryTimeStr: 20, signTimeStr: 20, signPlace: 30, deliveryAdditional: 30, signAdditional: 30,
  deliveryBags: 8, signBags: 10, deliveryPlateNumber: 12, deliveryNumber: 18, signNumber: 18,
}
const WEIGHTS = new Set(TRANSPORT_WEIGHT_COLUMNS)

type ExportedTransport = Pick<Transport, TransportColumn>

const column = (key: TransportColumn): Column<ExportedTransport> => ({
  header: TRANSPORT_COLUMNS[key],
  width: WIDTHS[key] ?? (WEIGHTS.has(key) ? 14 : 16),
  numFmt: WEIGHTS.has(key) ? TONS_FORMAT : undefined,
  value: (t) => t[key] as string | number | null,
})

/** `POST /logistics/export` (数据导出.xlsx): exactly the chosen columns, in the order sent (the user's grid layout). */
export const transportExport = (columns: readonly TransportColumn[]) =>
  defineExport<ExportedTransport>({ name: TRANSPORT_EXPORT_NAME, sheet: '运单', format: 'xlsx', columns: columns.map(column) })

/**
 * The transports of the grid's filters, whole, a batch at a time: without their destinations (the
 * carriers' SMS names none), so the list's per-batch destination query is left out.
 */
export const transportsWithoutDestinations = (db: Executor, auth: SessionUser, q: TransportFilters) =>
  allRows({ ...transportList(db, auth, q), complete: undefined })
