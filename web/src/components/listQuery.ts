/**
 * ProTable <-> list API: the table's `request` params (current, pageSize, search form values) become a
 * `{ page, size, ...filters }` body, and a `{ data, totalCount }` page becomes what ProTable expects.
 */
import type { Page } from '@app/contract'

export interface TableParams {
  current?: number
  pageSize?: number
  keyword?: string
  [key: string]: unknown
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)

/** `{ page, size }` plus the non-blank filters (text trimmed); ProTable's own keys are left out. */
export function toListQuery<Q extends object = Record<string, unknown>>(params: TableParams, defaultSize = 20): Q & { page: number; size: number } {
  const { current, pageSize, ...filters } = params
  const out: Record<string, unknown> = { page: current && current > 0 ? current : 1, size: pageSize && pageSize > 0 ? pageSize : defaultSize }
  for (const [k, v] of Object.entries(filters)) {
    if (k === '_timestamp' || isBlank(v)) continue
    out[k] = typeof v === 'string' ? v.trim() : v
  }
  return out as Q & { page: number; size: number }
}

export const toTableResult = <T>(page: Page<T>) => ({ data: page.data, total: page.totalCount, success: true })

export const emptyTableResult = { data: [], total: 0, success: false }

/** A ProTable `request` answer from a list call: the page, or an empty failed result (the request client showed the error). */
export const loadTable = <T>(p: Promise<Page<T>>): Promise<{ data: T[]; total: number; success: boolean }> =>
  p.then(toTableResult, () => emptyTableResult)
