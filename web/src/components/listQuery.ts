/**
 * ProTable <-> list API, the one way a list request is built: the table's `request` params (current,
 * pageSize, search form values) become a `{ page, size, ...filters }` body, and a `{ data, totalCount }`
 * page becomes what ProTable expects. `listLoader` does both, remembers the filters of the last load
 * (what 导出 exports) and says how each load ended (the list shows why one failed).
 */
import { DEFAULT_PAGE_SIZE, type Page } from '@app/contract'

export interface TableParams {
  current?: number
  pageSize?: number
  keyword?: string
  [key: string]: unknown
}

export interface PageRequest {
  page: number
  size: number
}

export interface TableResult<T> {
  data: T[]
  total: number
  success: boolean
}

/** Where a list screen's rows come from. */
export interface ListSource<T, F> {
  /** the list call, e.g. `logsApi.findLogs` */
  list: (query: F & PageRequest) => Promise<Page<T>>
  /** the search form's values as the list's filters; by default `cleanFilters` */
  filters?: (values: Record<string, unknown>) => F
  /** rows a page until the user picks another size (DEFAULT_PAGE_SIZE) */
  pageSize?: number
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)

/** The non-blank search form values (text trimmed); ProTable's own `_timestamp` is left out. */
export function cleanFilters<F extends object = Record<string, unknown>>(values: Record<string, unknown>): F {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(values)) {
    if (k === '_timestamp' || isBlank(v)) continue
    out[k] = typeof v === 'string' ? v.trim() : v
  }
  return out as F
}

/** `{ page, size }` (from ProTable's current/pageSize, else page 1 of `defaultSize`) plus the `filters` of the search form's values. */
export function toListQuery<F extends object = Record<string, unknown>>(
  params: TableParams,
  defaultSize = DEFAULT_PAGE_SIZE,
  filters: (values: Record<string, unknown>) => F = cleanFilters<F>,
): F & PageRequest {
  const { current, pageSize, ...values } = params
  return { ...filters(values), page: current && current > 0 ? current : 1, size: pageSize && pageSize > 0 ? pageSize : defaultSize }
}

export const toTableResult = <T>(page: Page<T>): TableResult<T> => ({ data: page.data, total: page.totalCount, success: true })

export const emptyTableResult: TableResult<never> = { data: [], total: 0, success: false }

/** A ProTable `request` answer from a list call: the page, or an empty failed result (the request client showed the error). */
export const loadTable = <T>(p: Promise<Page<T>>): Promise<TableResult<T>> =>
  p.then(toTableResult, () => emptyTableResult)

/**
 * Loads a list for ProTable (`load(source, params, settled)`) and remembers the filters it was last loaded
 * with (`lastFilters()`, `{}` before the first load), so 导出 exports exactly what the list shows.
 * `settled` hears how the load ended: null, or the call's error. Only the latest load is heard: an
 * older one answering late says nothing.
 */
export function listLoader<F extends object>() {
  let last = {} as F
  let latest = 0
  return {
    load<T>({ list, filters, pageSize }: ListSource<T, F>, params: TableParams, settled?: (error: unknown) => void): Promise<TableResult<T>> {
      const query = toListQuery(params, pageSize, filters)
      const { page: _page, size: _size, ...rest } = query
      last = rest as F
      const id = ++latest
      const heard = (error: unknown) => { if (id === latest) settled?.(error) }
      return list(query).then(
        (page) => { heard(null); return toTableResult(page) },
        (error: unknown) => { heard(error); return emptyTableResult },
      )
    },
    lastFilters: (): F => last,
  }
}
