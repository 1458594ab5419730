/**
 * Which rows of a virtual grid are in view. Every row has the same height; a row opened into its
 * extra destinations adds the height of what opened below it. Pure, so the arithmetic is tested on
 * its own. Opened rows are few (one at a time is usual), so they are walked, not indexed.
 */

/** A row opened below itself: the row's index and the height of what it opened. */
export interface OpenedRow {
  index: number
  height: number
}

export interface RowWindow {
  /** the first row rendered */
  start: number
  /** one past the last row rendered */
  end: number
  /** the top of the first row rendered */
  top: number
  /** the height of all the rows */
  total: number
}

export interface RowWindowInput {
  count: number
  rowHeight: number
  /** sorted by index */
  opened: readonly OpenedRow[]
  scrollTop: number
  viewHeight: number
  /** rows rendered beyond each edge of the view */
  overscan: number
}

/** The top of row `index`. */
export function rowTop(index: number, rowHeight: number, opened: readonly OpenedRow[]): number {
  let top = index * rowHeight
  for (const o of opened) {
    if (o.index >= index) break
    top += o.height
  }
  return top
}

/** The row at height `y` (what it opened counts as that row). */
export function rowAt(y: number, count: number, rowHeight: number, opened: readonly OpenedRow[]): number {
  let before = 0
  for (const o of opened) {
    const top = o.index * rowHeight + before
    if (y < top) break
    if (y < top + rowHeight + o.height) return o.index
    before += o.height
  }
  return Math.min(count - 1, Math.max(0, Math.floor((y - before) / rowHeight)))
}

export function rowWindow({ count, rowHeight, opened, scrollTop, viewHeight, overscan }: RowWindowInput): RowWindow {
  const total = count * rowHeight + opened.reduce((sum, o) => sum + o.height, 0)
  if (count === 0) return { start: 0, end: 0, top: 0, total }
  const start = Math.max(0, rowAt(scrollTop, count, rowHeight, opened) - overscan)
  const end = Math.min(count, rowAt(scrollTop + viewHeight, count, rowHeight, opened) + 1 + overscan)
  return { start, end, top: rowTop(start, rowHeight, opened), total }
}
