/**
 * The grid's query in the address: `?deliveryCarrier=万里&deliveryTimeQuery=2026-09-01,2026-09-30&page=2&size=100`.
 * Read field by field with the contract's schema of it: a value that does not parse (an edited or an
 * old address) is left out, not the whole query. The default page and size are not written.
 */
import { TRANSPORT_PAGE_SIZE_OPTIONS, transportQuery, type TransportQuery } from '@app/contract'
import { FIRST_GRID_QUERY } from '../../api/transports'

const shape = transportQuery.shape
const FIELDS = (Object.keys(shape) as (keyof TransportQuery)[]).filter((k) => k !== 'pageNo' && k !== 'pageSize')
const SIZES = new Set<number>(TRANSPORT_PAGE_SIZE_OPTIONS)

export function queryOf(params: URLSearchParams): TransportQuery {
  const query: Record<string, unknown> = { ...FIRST_GRID_QUERY }
  for (const key of FIELDS) {
    const raw = params.get(key)
    if (raw == null || raw === '') continue
    const parsed = shape[key].safeParse(raw)
    if (parsed.success && parsed.data !== undefined) query[key] = parsed.data
  }
  // the pager offers these sizes only
  if (!SIZES.has(query.size as number)) query.size = FIRST_GRID_QUERY.size
  return query as TransportQuery
}

export function searchOf(query: TransportQuery): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of FIELDS) {
    const value = query[key]
    if (value == null || value === '' || (Array.isArray(value) && !value.length)) continue
    if ((key === 'page' || key === 'size') && value === FIRST_GRID_QUERY[key]) continue
    params.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  return params
}

/** The query the page asked for right after 登录 (the default one): the grid may take that answer. */
export const isFirstQuery = (query: TransportQuery) => searchOf(query).toString() === ''
