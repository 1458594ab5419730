/**
 * The transport grid's rows: the filters searched with, the page and page size, and the page the
 * server answered for them (`/logistics/grid`). A large page shows its first rows while the rest is
 * still arriving (`arriving`). A newer load cancels one still under way.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { TRANSPORT_DEFAULT_PAGE_SIZE, type Page, type TransportFilters, type TransportGridRow, type TransportQuery } from '@app/contract'
import * as transportsApi from '../../api/transports'

const EMPTY: Page<TransportGridRow> = { data: [], totalCount: 0 }

export function useTransportGrid() {
  const [query, setQuery] = useState<TransportQuery>({ page: 1, size: TRANSPORT_DEFAULT_PAGE_SIZE })
  const [reloads, setReloads] = useState(0)
  const [page, setPage] = useState(EMPTY)
  const [loading, setLoading] = useState(true)
  const [arriving, setArriving] = useState(false)
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
    }
    // a failed load was shown by the request client; the grid empties
    transportsApi.findTransportGrid(load.query, { signal: controller.signal, onFirstRows })
      .then((answer) => { if (latest) setPage(answer) }, () => { if (latest) setPage(EMPTY) })
      .finally(() => {
        if (!latest) return
        setLoading(false)
        setArriving(false)
      })
    return () => {
      latest = false
      controller.abort()
    }
  }, [load])

  const { page: current = 1, size = TRANSPORT_DEFAULT_PAGE_SIZE, ...filters } = query
  return {
    page, loading, arriving, load, current, size,
    /** the filters the grid shows (what the toolbar's exports and SMS work on) */
    filters: filters as TransportFilters,
    /** 查询: page 1 of these filters */
    search: useCallback((next: TransportFilters) => setQuery((q) => ({ ...next, page: 1, size: q.size })), []),
    /** the pager: another page, or another page size from page 1 */
    turn: useCallback((to: number, pageSize: number) => setQuery((q) => ({ ...q, page: pageSize === q.size ? to : 1, size: pageSize })), []),
    reload: useCallback(() => setReloads((n) => n + 1), []),
  }
}
