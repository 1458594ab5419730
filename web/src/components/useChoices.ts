/**
 * The choices of a picker read from the server (roles, inspectors, templates, stations): through the
 * query cache, so dialogs opened again show them at once; `[]` until they arrive or when they cannot
 * be read (silently: the picker stays empty, the dialog still works).
 */
import { useQuery, type QueryKey } from '@tanstack/react-query'
import type { RequestOptions } from '../api/request'

const NONE: never[] = []

export function useChoices<T>(queryKey: QueryKey, load: (opts: RequestOptions) => Promise<T[]>, { enabled = true } = {}): T[] {
  const { data } = useQuery({ queryKey, queryFn: ({ signal }) => load({ silent: true, signal }), enabled })
  return data ?? NONE
}
