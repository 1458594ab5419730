/**
 * The transport grid's rows: the filters searched with, the page and page size, and the page the
 * server answered for them (`/logistics/grid`). A newer load wins over one still under way.
 */
import { useCallback, useEffect, useState } from 'react'
import { TRANSPORT_DEFAULT_PAGE_SIZE, type Page, type TransportFilters, type TransportGridRow, type TransportQuery } from '@app/contract'
import * as transportsApi from '../../api/transports'

const EMPTY: Page<TransportGridRow> = { data: [], totalCount: 0 }

export function useTransportGrid() {
  const [query, setQuery] = useState<TransportQuery>({ page: 1, size: TRANSPORT_DEFAULT_PAGE_SIZE })
  const [reloads, setReloads] = useState(0)
  const [page, setPage] = useState(EMPTY)
  const [loading, setLoading] = useState(true)

  useEffect(() => {
    let latest = true
    setLoading(true)
    // a failed load was shown by the request client; the grid empties
    transportsApi.findTransportGrid(query)
      .then((answer) => { if (latest) setPage(answer) }, () => { if (latest) setPage(EMPTY) })
      .finally(() => { if (latest) setLoading(false) })
    return () => { latest = false }
  }, [query, reloads])

  const { page: current = 1, size = TRANSPORT_DEFAULT_PAGE_SIZE, ...filters } = query
  return {
    page, loading, current, size,
    /** the filters the grid shows (what the toolbar's exports and SMS work on) */
    filters: filters as TransportFilters,
    /** 查询: page 1 of these filters */
    search: useCallback((next: TransportFilters) => setQuery((q) => ({ ...next, page: 1, size: q.size })), []),
    /** the pager: another page, or another page size from page 1 */
    turn: useCallback((to: number, pageSize: number) => setQuery((q) => ({ ...q, page: pageSize === q.size ? to : 1, size: pageSize })), []),
    reload: useCallback(() => setReloads((n) => n + 1), []),
  }
}
