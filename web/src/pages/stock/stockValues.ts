/** Pure logic of the stock screens (unit-tested in web/test/stock.test.ts). */
import {
  MOVEMENT_KINDS, StockMsg, type LedgerEntry, type LedgerQuery, type Material, type MovementKind, type StockBalance, type StockQuery,
} from '@app/contract'
import type { StockTakeLineSend } from '../../api/stock'
import { toDateRange } from '../../components/dateRange'
import { cleanFilters } from '../../components/listQuery'
import { countDifference, countedProblem, reasonProblem } from '../../features/stock/quantities'

export const LEDGER_PATH = '/material/ledger'
export const STOCK_TAKE_PATH = '/material/stockTake'

export const KIND_OPTIONS = (Object.keys(MOVEMENT_KINDS) as MovementKind[]).map((k) => ({ value: k, label: MOVEMENT_KINDS[k] }))
export const LOW_OPTIONS = [{ value: '是', label: '是' }, { value: '否', label: '否' }]

const num = (v: unknown) => (v == null ? undefined : Number(v))

export function balanceFilters(values: Record<string, unknown>): Omit<StockQuery, 'page' | 'size'> {
  const { companyId, materialName, typeId, low } = cleanFilters(values)
  return { companyId: num(companyId), materialName: materialName as string | undefined, typeId: num(typeId), low: low as StockQuery['low'] }
}

export function ledgerFilters(values: Record<string, unknown>): Omit<LedgerQuery, 'page' | 'size'> {
  const { companyId, materialId, kind, createTime } = cleanFilters(values)
  return { companyId: num(companyId), materialId: num(materialId), kind: kind as MovementKind | undefined, createTimeQuery: toDateRange(createTime) }
}

/** The ledger of one base's material (headquarters names the base). */
export const ledgerUrl = (materialId: number, companyId?: number) =>
  `${LEDGER_PATH}?${new URLSearchParams({ ...(companyId != null && { companyId: String(companyId) }), materialId: String(materialId) })}`

/** The count sheet, of the base headquarters has picked on the stock page (a base counts its own). */
export const stockTakeUrl = (companyId?: number) => (companyId != null ? `${STOCK_TAKE_PATH}?companyId=${companyId}` : STOCK_TAKE_PATH)

/** The document a movement came from: 供货单 12, 销售单 7, 盘点单 3, or null (recorded by hand). */
export function movementSource(e: Pick<LedgerEntry, 'supplyOrderId' | 'saleId' | 'stockTakeId'>): string | null {
  if (e.supplyOrderId != null) return `供货单 ${e.supplyOrderId}`
  if (e.saleId != null) return `销售单 ${e.saleId}`
  if (e.stockTakeId != null) return `盘点单 ${e.stockTakeId}`
  return null
}

// ---- the count sheet (盘点)

export interface SheetRow {
  materialId: number
  materialName: string
  typeName: string
  specification: string | null
  unit: string
  /** the balance now, decimal text */
  book: string
}

/** One row a material: those the base holds (retired ones too) and every material in use, at a book of 0 when never stocked; by name. */
export function sheetRows(materials: readonly Material[], balances: readonly StockBalance[]): SheetRow[] {
  const rows = new Map<number, SheetRow>()
  for (const m of materials) {
    rows.set(m.id, { materialId: m.id, materialName: m.name, typeName: m.typeName, specification: m.specification, unit: m.unit, book: '0.000' })
  }
  for (const b of balances) {
    rows.set(b.materialId, { materialId: b.materialId, materialName: b.materialName, typeName: b.typeName, specification: b.specification, unit: b.unit, book: b.quantity })
  }
  return [...rows.values()].sort((a, b) => a.materialName.localeCompare(b.materialName, 'zh-CN') || a.materialId - b.materialId)
}

/** What was typed on a row: the counted quantity and the reason for a difference. */
export interface Counted { counted: string; reason: string }

export interface CountCheck {
  /** the lines to send: the rows with a counted quantity */
  lines: StockTakeLineSend[]
  /** what is wrong with a row, by material */
  problems: Map<number, string>
}

/** The lines of a count and what is wrong with them (the server's messages): a bad quantity, a difference without a reason. */
export function checkCount(rows: readonly SheetRow[], typed: Readonly<Record<number, Counted>>): CountCheck {
  const lines: StockTakeLineSend[] = []
  const problems = new Map<number, string>()
  for (const row of rows) {
    const t = typed[row.materialId]
    const counted = t?.counted.trim() ?? ''
    if (!counted) continue
    const reason = t!.reason.trim()
    const diff = countDifference(row.book, counted)
    const problem = countedProblem(counted) ?? reasonProblem(reason) ?? (diff !== '0' && !reason ? StockMsg.reasonNeeded(row.materialName) : null)
    if (problem) problems.set(row.materialId, problem)
    else lines.push({ materialId: row.materialId, counted, ...(reason && { reason }) })
  }
  return { lines, problems }
}
