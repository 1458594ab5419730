/**
 * The transport grid's body (antd Table `components.body`): a scroll box that renders only the rows in
 * view, each of one fixed height, so nothing is measured as it scrolls; a row that has not changed is
 * not rendered again (a wheel step renders only the few rows it brings in). antd's own virtual body
 * measured every row in view after each frame and rendered them all again: a 100,000-row page
 * scrolled at some 20 frames a second.
 *
 * Rows are placed one by one (not a <table>: a table's rows move together, so every row in view was
 * laid out and painted again on every frame), coloured with antd's table colours; the 操作 column
 * stays at the right edge as antd's fixed column does. A row opened into its extra destinations shows
 * them below it, measured once they are there.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode, type Ref } from 'react'
import { flushSync } from 'react-dom'
import { Button, Empty, Result, theme } from 'antd'
import type { TransportGridRow } from '@app/contract'
import { rowWindow, type OpenedRow } from './rowWindow'
import styles from './transport.module.css'
import { dangerMark, ROW_TEXT_COLORS } from './dangerMarks'

/** A row's height in pixels (transport.module.css .gridBody keeps every row at it). */
export const ROW_HEIGHT = 40
const OVERSCAN = 4

/** What a cell knows of its row beyond the row itself. */
export interface LineState {
  selected: boolean
  opened: boolean
  toggleSelected: (checked: boolean) => void
  toggleOpened: () => void
}

/**
 * A column of the body. Cells carry no class: each class attribute makes the browser try antd's
 * attribute-matched rules (`[class^="ant-…"] [class^="ant-…"]`, some hundred of them) on the element,
 * and a scroll frame makes hundreds of new cells. GridBody's CSS reaches them as a row's children.
 */
export interface BodyColumn {
  key: string
  width: number
  /** at least its width */
  style: CSSProperties
  /** kept at the right edge as the grid scrolls sideways */
  pinned?: boolean
  cell: (row: TransportGridRow, line: LineState) => ReactNode
}

/** What rc-table hands a body render function. */
export interface BodyInfo {
  ref: Ref<{ scrollLeft: number }>
  onScroll: (info: { currentTarget?: HTMLElement; scrollLeft?: number }) => void
}

export interface GridBodyProps {
  rows: readonly TransportGridRow[]
  columns: readonly BodyColumn[]
  /** the table's width (antd's scroll.x) and the body's height (scroll.y) */
  width: number
  height: number
  selected: ReadonlySet<number>
  onSelect: (row: TransportGridRow, checked: boolean) => void
  opened: readonly number[]
  onOpen: (id: number) => void
  /** what an opened row shows below it */
  detail: (row: TransportGridRow) => ReactNode
  emptyText: string
  /** the load failed: said in the body, with 重试, instead of the empty text */
  failed?: { message: string; onRetry: () => void }
  /** a new value (a new search, page or reload) scrolls back to the first row */
  scrollKey: unknown
  /** the width the rows are seen in (without the scroll bar), as the body last reported it */
  viewWidth: number
  onViewWidth: (width: number) => void
  info: BodyInfo
}

/** Before it is measured: a header line, a line per destination, the padding round it. */
const detailEstimate = (row: TransportGridRow) => ROW_HEIGHT * (row.destinations.length + 1) + 24

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value)
  else if (ref) (ref as { current: T | null }).current = value
}

export default function GridBody({
  rows, columns, width, height, selected, onSelect, opened, onOpen, detail, emptyText, failed, scrollKey, viewWidth, onViewWidth, info,
}: GridBodyProps) {
  const holder = useRef<HTMLDivElement | null>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [detailHeights, setDetailHeights] = useState<ReadonlyMap<number, number>>(new Map())
  const { token } = theme.useToken()
  // antd's table colours, for the rows' CSS
  const tokens = useMemo(() => ({
    '--grid-border': token.colorBorderSecondary, '--grid-hover': token.colorFillAlter,
    '--grid-selected': token.controlItemBgActive, '--grid-selected-hover': token.controlItemBgActiveHover,
    '--grid-bg': token.colorBgContainer, '--grid-primary': token.colorPrimary, ...ROW_TEXT_COLORS,
  }) as CSSProperties, [token])

  const setHolder = useCallback((el: HTMLDivElement | null) => {
    holder.current = el
    // rc-table sets scrollLeft on it when the header is scrolled, and reads the scroll bar's width from it
    assignRef(info.ref as Ref<HTMLDivElement>, el)
  }, [info.ref])

  useLayoutEffect(() => {
    if (holder.current) holder.current.scrollTop = 0
    setScrollTop(0)
  }, [scrollKey])

  const onScroll = info.onScroll
  useEffect(() => {
    const el = holder.current
    if (!el) return
    let left = el.scrollLeft
    const scrolled = () => {
      // both read before rendering: read after it, they would make the browser lay out the page at once
      const { scrollTop: y, scrollLeft: x } = el
      // rendered in the same frame as the scroll, so a row is never painted blank
      flushSync(() => setScrollTop(y))
      if (x !== left) {
        left = x
        onScroll({ currentTarget: el, scrollLeft: x })
      }
    }
    const resized = new ResizeObserver(() => onViewWidth(el.clientWidth))
    resized.observe(el)
    el.addEventListener('scroll', scrolled, { passive: true })
    return () => {
      el.removeEventListener('scroll', scrolled)
      resized.disconnect()
    }
  }, [onScroll, onViewWidth, rows.length === 0])

  const openedRows = useMemo((): OpenedRow[] => {
    if (!opened.length) return []
    const at = new Map(opened.map((id) => [id, -1]))
    rows.forEach((r, i) => { if (at.has(r.id)) at.set(r.id, i) })
    return [...at].filter(([, i]) => i >= 0)
      .map(([id, index]) => ({ index, height: detailHeights.get(id) ?? detailEstimate(rows[index]!) }))
      .sort((a, b) => a.index - b.index)
  }, [rows, opened, detailHeights])

  const onDetailHeight = useCallback((id: number, h: number) => {
    setDetailHeights((m) => (m.get(id) === h ? m : new Map(m).set(id, h)))
  }, [])

  if (!rows.length) {
    return (
      <div ref={setHolder} className={styles.gridBody} style={{ ...tokens, height: Math.min(height, 240), overflowX: 'auto' }} data-testid="grid-body">
        {/* as wide as the view, not the columns: what it says stays in sight */}
        <div style={{ width: failed ? viewWidth || undefined : width }} className={styles.gridEmpty}>
          {failed ? <LoadFailed {...failed} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
        </div>
      </div>
    )
  }

  const view = rowWindow({ count: rows.length, rowHeight: ROW_HEIGHT, opened: openedRows, scrollTop, viewHeight: height, overscan: OVERSCAN })
  const openedSet = new Set(opened)
  const lines: ReactNode[] = []
  let top = view.top
  for (let i = view.start; i < view.end; i++) {
    const row = rows[i]!
    const isOpen = openedSet.has(row.id)
    lines.push(
      <Line key={row.id} top={top} row={row} columns={columns} selected={selected.has(row.id)} opened={isOpen} onSelect={onSelect} onOpen={onOpen} />,
    )
    top += ROW_HEIGHT
    if (isOpen) {
      lines.push(<Detail key={`${row.id}-detail`} id={row.id} top={top} width={viewWidth} onHeight={onDetailHeight}>{detail(row)}</Detail>)
      top += openedRows.find((o) => o.index === i)!.height
    }
  }
  return (
    <div ref={setHolder} className={styles.gridBody} style={{ ...tokens, height, overflow: 'auto' }} data-testid="grid-body" role="rowgroup">
      <div className={styles.gridCanvas} style={{ width, height: view.total }}>{lines}</div>
    </div>
  )
}

interface LineProps {
  top: number
  row: TransportGridRow
  columns: readonly BodyColumn[]
  selected: boolean
  opened: boolean
  onSelect: (row: TransportGridRow, checked: boolean) => void
  onOpen: (id: number) => void
}

/**
 * A row, placed where it belongs: a row that stays in view keeps its place and is neither laid out
 * nor painted again as the others come and go.
 */
const Line = memo(function Line({ top, row, columns, selected, opened, onSelect, onOpen }: LineProps) {
  const state: LineState = {
    selected, opened, toggleSelected: (checked) => onSelect(row, checked), toggleOpened: () => onOpen(row.id),
  }
  const mark = dangerMark(row.dangerLevel)
  const className = `${styles.gridRow}${selected ? ` ${styles.gridRowSelected}` : ''}${mark ? ` ${styles.gridRowDanger}` : ''}`
  return (
    <div
      role="row" data-row-key={row.id} data-danger={row.dangerLevel ?? undefined} className={className} aria-selected={selected}
      style={mark ? ({ top, '--danger-bg': mark.tint, '--danger-edge': mark.edge } as CSSProperties) : { top }}
    >
      {columns.map((c) => {
        const content = c.cell(row, state)
        // text is cut to the cell's width: the whole of it is the cell's tooltip
        const title = typeof content === 'string' && content ? content : undefined
        return <div key={c.key} role="cell" style={c.style} title={title} data-pinned={c.pinned}>{content}</div>
      })}
    </div>
  )
})

/** An opened row's destinations, as wide as the view whatever the grid's horizontal scroll. */
function Detail({ id, top, width, onHeight, children }: {
  id: number; top: number; width: number; onHeight: (id: number, h: number) => void; children: ReactNode
}) {
  const box = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const measured = new ResizeObserver(() => onHeight(id, el.offsetHeight))
    measured.observe(el)
    return () => measured.disconnect()
  }, [id, onHeight])
  return (
    <div ref={box} className={styles.gridDetail} style={{ top }} data-testid="grid-row-detail">
      <div className={styles.gridDetailView} style={{ width: width || undefined }}>{children}</div>
    </div>
  )
}

/** A failed load, where the rows would be: what went wrong and 重试 (a toast alone fades, leaving what looks like an empty list). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" data-testid="grid-load-failed">
      <Result status="warning" title="运单加载失败" subTitle={message} extra={<Button type="primary" onClick={onRetry}>重试</Button>} />
    </div>
  )
}
