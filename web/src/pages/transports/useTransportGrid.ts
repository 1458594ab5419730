/**
 * The transport grid's rows: the filters searched with, the page and page size, and the page the
 * server answered for them (`/logistics/grid`). A large page shows its first rows while the rest is
 * still arriving (`arriving`). A newer load cancels one still under way; a failed one is `failed`.
 *
 * The filters and the page live in the address (gridQuery.ts): 查看 a row and come back, or reload,
 * and the grid shows the same page of the same filters.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { type Page, type TransportFilters, type TransportGridRow, type TransportQuery } from '@app/contract'
import * as transportsApi from '../../api/transports'
import { isFirstQuery, queryOf, searchOf } from './gridQuery'

const EMPTY: Page<TransportGridRow> = { data: [], totalCount: 0 }

export function useTransportGrid() {
  const [params, setParams] = useSearchParams()
  const search = params.toString()
  const query = useMemo(() => queryOf(new URLSearchParams(search)), [search])
  const queryRef = useRef(query)
  queryRef.current = query
  /** the first load may take the page asked for after 登录 (prefetchTransportGrid) */
  const first = useRef(true)
  const [reloads, setReloads] = useState(0)
  const [page, setPage] = useState(EMPTY)
  const [loading, setLoading] = useState(true)
  const [arriving, setArriving] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  /** the first load has shown its rows (what the page may need later can load then) */
  const [shown, setShown] = useState(false)
  /** a new object for each load (what the rows of the grid belong to) */
  const load = useMemo(() => ({ query, reloads }), [query, reloads])

  useEffect(() => {
    const controller = new AbortController()
    let latest = true
    setLoading(true)
    setFailed(null)
    const onFirstRows = (first: Page<TransportGridRow>) => {
      if (!latest) return
      setPage(first)
      setLoading(false)
      setArriving(true)
      setShown(true)
    }
    const ask = () => transportsApi.findTransportGrid(load.query, { signal: controller.signal, onFirstRows })
    const early = first.current && isFirstQuery(load.query) ? transportsApi.takePrefetchedGrid() : null
    first.current = false
    // a failed load was shown by the request client (an early one that failed is asked again); the
    // grid empties and says so where its rows were
    ;(early ? early.catch(ask) : ask())
      .then((answer) => { if (latest) setPage(answer) }, (e: unknown) => {
        if (!latest) return
        setPage(EMPTY)
        setFailed(e instanceof Error && e.message ? e.message : '请稍后重试')
      })
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

  /** the address holds the query from now on; replaced, so that the browser's back leaves the grid */
  const go = useCallback((next: (q: TransportQuery) => TransportQuery) => {
    setParams(searchOf(next(queryRef.current)), { replace: true })
  }, [setParams])

  const { page: current = 1, size = transportsApi.FIRST_GRID_QUERY.size!, ...filters } = query
  return {
    page, loading, arriving, shown, load, current, size, failed,
    /** the filters the grid shows (what the toolbar's exports and SMS work on, what the filter bar shows) */
    filters: filters as TransportFilters,
    /** 查询: page 1 of these filters */
    search: useCallback((next: TransportFilters) => {
      go((q) => ({ ...next, page: 1, size: q.size }))
      // the same filters again (the address does not change) still ask again
      setReloads((n) => n + 1)
    }, [go]),
    /** the pager: another page, or another page size from page 1 */
    turn: useCallback((to: number, pageSize: number) => go((q) => ({ ...q, page: pageSize === q.size ? to : 1, size: pageSize })), [go]),
    reload: useCallback(() => setReloads((n) => n + 1), []),
  }
}
