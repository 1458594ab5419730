/**
 * The transport grid's rows: the filters searched with, the page and page size, and the page the
 * server answered for them (`/logistics/grid`). A large page shows its first rows while the rest is
 * still arriving (`arriving`). A newer load cancels one still under way.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { type Page, type TransportFilters, type TransportGridRow, type TransportQuery } from '@app/contract'
import * as transportsApi from '../../api/transports'

const EMPTY: Page<TransportGridRow> = { data: [], totalCount: 0 }

export function useTransportGrid() {
  const [query, setQuery] = useState<TransportQuery>(transportsApi.FIRST_GRID_QUERY)
  /** the first load may take the page asked for after 登录 (prefetchTransportGrid) */
  const first = useRef(true)
  const [reloads, setReloads] = useState(0)
  const [page, setPage] = useState(EMPTY)
  const [loading, setLoading] = useState(true)
  const [arriving, setArriving] = useState(false)
  /** the first load has shown its rows (what the page may need later can load then) */
  const [shown, setShown] = useState(false)
  /** a new object for each load (what the rows of the grid belong to) */
  const load = useMemo(() => ({ query, reloads }), [query, reloads])

  useEffect(() => {
    const controller = new AbortController()
    let latest = true
    setLoading(true)
    const onFirstRows = (first: Page<TransportGridRow>) => {
      if (!latest) return
      setPage(first)
      setLoading(false)
      setArriving(true)
      setShown(true)
    }
    const ask = () => transportsApi.findTransportGrid(load.query, { signal: controller.signal, onFirstRows })
    const early = first.current ? transportsApi.takePrefetchedGrid() : null
    first.current = false
    // a failed load was shown by the request client (an early one that failed is asked again); the grid empties
    ;(early ? early.catch(ask) : ask())
      .then((answer) => { if (latest) setPage(answer) }, () => { if (latest) setPage(EMPTY) })
      .finally(() => {
        if (!latest) return
        setLoading(false)
        setArriving(false)
        setShown(true)
      })
    return () => {
      latest = false
      controller.abort()
    }
  }, [load])

  const { page: current = 1, size = transportsApi.FIRST_GRID_QUERY.size!, ...filters } = query
  return {
    page, loading, arriving, shown, load, current, size,
    /** the filters the grid shows (what the toolbar's exports and SMS work on) */
    filters: filters as TransportFilters,
    /** 查询: page 1 of these filters */
    search: useCallback((next: TransportFilters) => setQuery((q) => ({ ...next, page: 1, size: q.size })), []),
    /** the pager: another page, or another page size from page 1 */
    turn: useCallback((to: number, pageSize: number) => setQuery((q) => ({ ...q, page: pageSize === q.size ? to : 1, size: pageSize })), []),
    reload: useCallback(() => setReloads((n) => n + 1), []),
  }
}
