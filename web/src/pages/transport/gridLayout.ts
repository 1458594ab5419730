/**
 * A grid's layout (column order, hidden columns, widths) as the user left it, and how it meets the
 * grid's columns: a saved layout is restored onto the columns the grid has now (columns it no longer
 * has are dropped, new ones come in at their default place), and turned into ProTable's columnsState
 * and back. Pure, so the merge rules are tested on their own.
 */
import { GRID_COLUMN_WIDTH, type GridLayout } from '@app/contract'

/** What the layout needs to know of a column. */
export interface GridColumnSpec {
  key: string
  /** default width in pixels */
  width: number
  /** shown only when the user turns it on */
  defaultHidden?: boolean
}

/** ProTable's columnsState entry (`order` from 1: ProTable reads 0 as "no order"). */
export interface ColumnState {
  show?: boolean
  order?: number
  fixed?: 'left' | 'right'
  disable?: boolean | { checkbox: boolean }
}

const clampWidth = (w: number) => Math.round(Math.min(GRID_COLUMN_WIDTH.max, Math.max(GRID_COLUMN_WIDTH.min, w)))

export const defaultLayout = (specs: readonly GridColumnSpec[]): GridLayout => ({
  order: specs.map((s) => s.key),
  hidden: specs.filter((s) => s.defaultHidden).map((s) => s.key),
  widths: {},
})

/** The saved layout on today's columns; null (nothing saved) is the default layout. */
export function restoreLayout(specs: readonly GridColumnSpec[], saved: GridLayout | null | undefined): GridLayout {
  if (!saved) return defaultLayout(specs)
  const known = new Set(specs.map((s) => s.key))
  const order = [...new Set(saved.order)].filter((k) => known.has(k))
  const placed = new Set(order)
  const added: GridColumnSpec[] = []
  // a column the layout did not know goes right after the column that precedes it by default
  specs.forEach((spec, i) => {
    if (placed.has(spec.key)) return
    const before = specs.slice(0, i).reverse().find((s) => placed.has(s.key))
    order.splice(before ? order.indexOf(before.key) + 1 : 0, 0, spec.key)
    placed.add(spec.key)
    added.push(spec)
  })
  const hidden = [...new Set([...saved.hidden.filter((k) => known.has(k)), ...added.filter((s) => s.defaultHidden).map((s) => s.key)])]
  const widths: Record<string, number> = {}
  for (const [k, w] of Object.entries(saved.widths)) if (known.has(k) && Number.isFinite(w)) widths[k] = clampWidth(w)
  return { order, hidden, widths }
}

/** ProTable's controlled columnsState of a layout. */
export function columnsStateOf(layout: GridLayout): Record<string, ColumnState> {
  const hidden = new Set(layout.hidden)
  return Object.fromEntries(layout.order.map((k, i) => [k, { show: !hidden.has(k), order: i + 1 }]))
}

/**
 * The layout after ProTable's column settings changed (a checkbox, a drag in the list, 重置): order
 * and visibility from the new state, widths kept. Keys the layout does not hold (the 操作 column) are ignored.
 */
export function layoutFromColumnsState(layout: GridLayout, state: Record<string, ColumnState>): GridLayout {
  const position = (k: string, i: number) => state[k]?.order ?? i + 1
  const order = layout.order.map((k, i) => ({ k, at: position(k, i), i })).sort((a, b) => a.at - b.at || a.i - b.i).map((x) => x.k)
  const hidden = order.filter((k) => state[k]?.show === false)
  return { order, hidden, widths: layout.widths }
}

/** The layout with column `active` dropped onto column `over` (a header dragged onto another). */
export function moveColumn(layout: GridLayout, active: string, over: string): GridLayout {
  const from = layout.order.indexOf(active)
  const to = layout.order.indexOf(over)
  if (from < 0 || to < 0 || from === to) return layout
  const order = [...layout.order]
  order.splice(to, 0, ...order.splice(from, 1))
  return { ...layout, order }
}

export function resizeColumn(layout: GridLayout, key: string, width: number): GridLayout {
  const w = clampWidth(width)
  if (layout.widths[key] === w) return layout
  return { ...layout, widths: { ...layout.widths, [key]: w } }
}

export const columnWidth = (layout: GridLayout, spec: GridColumnSpec) => layout.widths[spec.key] ?? spec.width

/** The visible columns' total width (the table's scroll.x), plus the columns outside the layout. */
export const visibleWidth = (layout: GridLayout, specs: readonly GridColumnSpec[], extra = 0) => {
  const hidden = new Set(layout.hidden)
  return specs.reduce((sum, s) => sum + (hidden.has(s.key) ? 0 : columnWidth(layout, s)), extra)
}

export const sameLayout = (a: GridLayout, b: GridLayout) => JSON.stringify(a) === JSON.stringify(b)
