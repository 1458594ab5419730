/**
 * A grid's layout (column order, hidden columns, widths) as the user left it, and how it meets the
 * grid's columns: a saved layout is restored onto the columns the grid has now (columns it no longer
 * has are dropped, new ones come in at their default place), and the changes the grid makes to it.
 * Pure, so the merge rules are tested on their own.
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

/** The layout with a column shown or hidden (the column settings' checkboxes); hidden columns are kept in the layout's order. */
export function showColumn(layout: GridLayout, key: string, shown: boolean): GridLayout {
  const hidden = new Set(layout.hidden)
  return { ...layout, hidden: layout.order.filter((k) => (k === key ? !shown : hidden.has(k))) }
}

/** The column settings' 重置: the default order and visibility; the widths the user set stay. */
export const resetColumns = (layout: GridLayout, specs: readonly GridColumnSpec[]): GridLayout =>
  ({ ...defaultLayout(specs), widths: layout.widths })

/** The columns the layout shows, in its order. */
export function visibleColumns<S extends GridColumnSpec>(layout: GridLayout, specs: readonly S[]): S[] {
  const byKey = new Map(specs.map((s) => [s.key, s]))
  const hidden = new Set(layout.hidden)
  return layout.order.filter((k) => !hidden.has(k)).map((k) => byKey.get(k)).filter((s): s is S => s !== undefined)
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
