/**
 * A downloaded xlsx as a table to look at before saving it: the first sheet's first rows with their
 * merged cells, bold, alignment and colours, and numbers as their format shows them ('0.00').
 * Pure over an exceljs worksheet, so the page loads exceljs only when a preview opens.
 */
import type { Cell, CellValue, Worksheet } from 'exceljs'

/** Rows shown at most; the rest is in the file. */
export const PREVIEW_MAX_ROWS = 200
/** A larger file is not read in the browser (it would take seconds and much memory): download it. */
export const PREVIEW_MAX_BYTES = 8 * 1024 * 1024

export interface PreviewCell {
  text: string
  colSpan: number
  rowSpan: number
  bold?: boolean
  align?: 'left' | 'center' | 'right'
  color?: string
  background?: string
}

export interface SheetPreview {
  name: string
  /** `null` where a merged cell covers the place */
  rows: (PreviewCell | null)[][]
  /** column widths in pixels */
  widths: number[]
  totalRows: number
}

/** 'B12' → [row 12, column 2] */
function address(ref: string): [number, number] {
  const m = /^([A-Z]+)(\d+)$/.exec(ref)
  if (!m) return [0, 0]
  const col = [...m[1]!].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0)
  return [Number(m[2]), col]
}

const rgb = (argb: string | undefined) => (argb && /^[0-9A-F]{8}$/i.test(argb) ? `#${argb.slice(2)}` : undefined)

function decimalsOf(numFmt: string | undefined) {
  const m = /^0(?:\.(0+))?$/.exec(numFmt ?? '')
  return m ? (m[1]?.length ?? 0) : null
}

/** What the cell shows: a formula's result, a number in its format, a date as a day and time. */
export function cellText(cell: Pick<Cell, 'value' | 'numFmt' | 'text'>): string {
  let v: CellValue = cell.value
  if (v && typeof v === 'object' && 'formula' in v) v = (v as { result?: CellValue }).result ?? ''
  if (v == null) return ''
  if (typeof v === 'number') {
    const decimals = decimalsOf(cell.numFmt)
    return decimals == null ? String(v) : v.toFixed(decimals)
  }
  if (v instanceof Date) return v.toISOString().slice(0, 19).replace('T', ' ')
  if (typeof v === 'object' && 'richText' in v) return (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('')
  return typeof v === 'object' ? String(cell.text ?? '') : String(v)
}

export function sheetPreview(ws: Worksheet, maxRows = PREVIEW_MAX_ROWS): SheetPreview {
  const columns = Math.max(1, ws.columnCount)
  const shown = Math.min(ws.rowCount, maxRows)
  const spans = new Map<string, { rowSpan: number; colSpan: number }>()
  const covered = new Set<string>()
  for (const range of ws.model.merges ?? []) {
    const [from, to = from] = range.split(':')
    const [top, left] = address(from!)
    const [bottom, right] = address(to!)
    spans.set(`${top}:${left}`, { rowSpan: Math.min(bottom, shown) - top + 1, colSpan: right - left + 1 })
    for (let r = top; r <= bottom; r++) for (let c = left; c <= right; c++) if (r !== top || c !== left) covered.add(`${r}:${c}`)
  }
  const rows: (PreviewCell | null)[][] = []
  for (let r = 1; r <= shown; r++) {
    const row = ws.getRow(r)
    const cells: (PreviewCell | null)[] = []
    for (let c = 1; c <= columns; c++) {
      if (covered.has(`${r}:${c}`)) { cells.push(null); continue }
      const cell = row.getCell(c)
      const horizontal = cell.alignment?.horizontal
      cells.push({
        text: cellText(cell),
        ...(spans.get(`${r}:${c}`) ?? { rowSpan: 1, colSpan: 1 }),
        bold: cell.font?.bold || undefined,
        align: horizontal === 'left' || horizontal === 'center' || horizontal === 'right' ? horizontal : typeof cell.value === 'number' ? 'right' : undefined,
        color: rgb(cell.font?.color?.argb),
        background: cell.fill?.type === 'pattern' ? rgb(cell.fill.fgColor?.argb) : undefined,
      })
    }
    rows.push(cells)
  }
  const widths = Array.from({ length: columns }, (_, i) => Math.round((ws.getColumn(i + 1).width ?? 10) * 7 + 10))
  return { name: ws.name, rows, widths, totalRows: ws.rowCount }
}
