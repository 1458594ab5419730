import { TRANSPORT_COLUMNS, TRANSPORT_EXPORT_NAME, TRANSPORT_WEIGHT_COLUMNS, type Transport, type TransportColumn } from '@app/contract'
import { TONS_FORMAT } from '../../files/statementWorkbook.js'
import { defineExport, type Column } from '../../platform/exports.js'

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
