/**
 * The signed-in screens' cache of server data (TanStack Query, DESIGN §2), provided once by the shell.
 * Back-office defaults: a screen reads its data again each time it opens (showing what the cache holds
 * meanwhile), so a write made elsewhere (another screen, another administrator: a base added by
 * another headquarters user must be in the next screen's picker) is never missed; what a screen
 * shares with its dialogs is read once, and a write refetches what it changed. No refetch when the
 * window regains focus (a user switching to Excel and back would refetch every screen), and no retry
 * of a refused request (the request client already showed its Chinese message): only a server that
 * could not be reached is asked once more. The cache is emptied whenever the session's user or
 * company changes (session.ts), so nobody sees data loaded for someone else.
 */
import { QueryClient } from '@tanstack/react-query'
import { isUnreachable, RequestError } from '../api/request'
import { revokeDroppedPictures } from '../components/pictureUrl'
import { whenScopeChanges } from './session'


/** One more try for a network error or a 5xx; never for a refusal (4xx), a session end or a cancel. */
export function shouldRetry(failures: number, error: unknown): boolean {
  return failures < 1 && error instanceof RequestError && isUnreachable(error)
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  })
}

export const queryClient = createQueryClient()
revokeDroppedPictures(queryClient)
whenScopeChanges(() => queryClient.clear())
