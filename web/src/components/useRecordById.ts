/**
 * The record a page opens by its `?id=` (a transport, a report): read through the query cache (shown
 * again at once when the page is reopened, and read afresh meanwhile), with the message why it is
 * not there, and `reload` after a write that changed it. An id that is missing or not a positive
 * whole number is not asked for: `error` is the page's `missing` message.
 */
import { useQuery, type QueryKey } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { isHandled, type RequestOptions } from '../api/request'

export interface RecordById<T> {
  id: number
  params: URLSearchParams
  data: T | null
  /** what the page says instead of the record; null while it loads and when the request client already told the user (session end) */
  error: string | null
  /** a read (the first or a reload) is under way */
  loading: boolean
  reload: () => void
}

export const idOf = (params: URLSearchParams): number | null => {
  const id = Number(params.get('id'))
  return Number.isInteger(id) && id > 0 ? id : null
}

export function useRecordById<T>({ key, load, missing, failed = (m) => m, editing = false }: {
  /** the record's query key before its id, e.g. ['transports', 'detail']; a write invalidates it by a prefix */
  key: QueryKey
  load: (id: number, opts: RequestOptions) => Promise<T>
  /** the message when the URL names no record */
  missing: string
  /** the message of a failed read, from the server's message */
  failed?: (message: string) => string
  /**
   * an editing screen's record: read afresh at each opening (no cached copy shown first) and not again
   * by itself while it is open, so a read in the background never overwrites what the user is typing
   */
  editing?: boolean
}): RecordById<T> {
  const [params] = useSearchParams()
  const id = idOf(params)
  const query = useQuery({
    queryKey: [...key, id],
    queryFn: ({ signal }) => load(id!, { silent: true, signal, cancelDuplicate: false }),
    enabled: id !== null,
    ...(editing && { staleTime: Infinity, gcTime: 0, refetchOnReconnect: false }),
  })
  const error = id === null ? missing : query.error && !isHandled(query.error) ? failed(query.error.message) : null
  return {
    id: id ?? 0,
    params,
    data: query.data ?? null,
    error,
    loading: query.isFetching,
    reload: () => void query.refetch(),
  }
}
