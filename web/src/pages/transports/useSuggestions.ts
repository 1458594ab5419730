/** The transport filters' suggestions (of one base, or of every base the user sees), through the query cache. */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TransportSuggestions } from '@app/contract'
import * as transportsApi from '../../api/transports'

const NONE: Partial<TransportSuggestions> = {}

/** The last suggestions stay while those of another base load; none when they cannot be read. */
export function useSuggestions(companyId: number | undefined, { enabled = true } = {}): Partial<TransportSuggestions> {
  const { data } = useQuery({
    queryKey: ['transports', 'suggestions', companyId ?? null],
    queryFn: ({ signal }) => transportsApi.findSuggestions(companyId, { silent: true, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
  return data ?? NONE
}
