/**
 * Column widths that fit the table's room, so no cell sits under the fixed 操作 column: where the
 * columns are wider than the table, the ones that are not fixed narrow alike, to no less than
 * MIN_SHARE of their width (plain text cut with …, its whole in the cell's title); where even that is
 * too wide, the table scrolls sideways with them at that width.
 */
import { useEffect, useState, type RefObject } from 'react'
import type { ProColumns } from '@ant-design/pro-components'

export const MIN_SHARE = 0.7
/** what a column without a width needs */
export const FLEX_WIDTH = 160

/** Columns a list hides until 列设置 shows them (its columnsState.defaultValue, keyed by dataIndex). */
export type HiddenByDefault = Record<string, { show?: boolean }> | undefined

/**
 * The table's width before scrolling sideways: that of the columns shown by default, so they fill the
 * screen; columns shown from 列设置 widen it and it scrolls.
 */
export const shownWidth = (columns: { dataIndex?: unknown; width?: unknown; hideInTable?: boolean }[], hidden: HiddenByDefault) =>
  columns.filter((c) => !c.hideInTable && hidden?.[String(c.dataIndex)]?.show !== false).reduce((sum, c) => sum + (Number(c.width) || 0), 0)

export function fitColumns<T>(columns: ProColumns<T>[], room: number | undefined, pageX?: number | string | true, hiddenByDefault?: HiddenByDefault): {
  columns: ProColumns<T>[]
  x: number | string | true | undefined
} {
  const hidden = (c: ProColumns<T>) => c.hideInTable || hiddenByDefault?.[String(c.key ?? c.dataIndex)]?.show === false
  const shown = columns.filter((c) => !hidden(c))
  const width = (c: ProColumns<T>) => (typeof c.width === 'number' ? c.width : FLEX_WIDTH)
  // a value the user copies (a ticket number) is read whole, and a cell saying `ellipsis: false` holds a
  // control beside its value (a masked phone's eye) that cutting would hide: they keep their width
  const narrows = (c: ProColumns<T>) => !c.fixed && !c.copyable && c.ellipsis !== false && typeof c.width === 'number'
  const kept = shown.filter((c) => !narrows(c)).reduce((s, c) => s + width(c), 0)
  const narrowing = shown.filter(narrows).reduce((s, c) => s + width(c), 0)
  if (room === undefined || kept + narrowing <= room || narrowing === 0) return { columns, x: pageX }
  const share = Math.max(MIN_SHARE, Math.min(1, (room - kept) / narrowing))
  const fitted = columns.map((c) => (hidden(c) || !narrows(c) ? c : {
    ...c,
    width: Math.floor((c.width as number) * share),
    ellipsis: c.ellipsis ?? (c.render || c.renderText ? undefined : true),
  }))
  const x = kept + fitted.filter((c) => !hidden(c) && narrows(c)).reduce((s, c) => s + (c.width as number), 0)
  return { columns: fitted, x }
}

/** The width of the table inside `holder` (undefined until measured, and where nothing measures). */
export function useTableRoom(holder: RefObject<HTMLElement | null>): number | undefined {
  const [room, setRoom] = useState<number>()
  useEffect(() => {
    const el = holder.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const measure = () => {
      const table = el.querySelector<HTMLElement>('.ant-table-wrapper')
      const w = table?.clientWidth
      if (w) setRoom(w)
    }
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    measure()
    return () => observer.disconnect()
  }, [holder])
  return room
}
