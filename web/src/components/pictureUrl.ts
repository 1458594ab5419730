/**
 * Pictures the server serves only with the session token (attachments, a report's drawing) as object
 * URLs, read through the query cache: a picture shown again (a grid row scrolled back into view, a
 * dialog reopened) is there at once, a read nobody waits for any more is aborted, and a URL is
 * revoked when the cache drops its picture (`revokeDroppedPictures`: unused for its gcTime, or the
 * session ended), so none outlives what shows it.
 */
import { useQueries, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { fetchAttachment } from '../api/attachments'

const PICTURES = 'pictures'

/** Revokes each picture's object URL as the cache drops it (the shell's QueryClient calls this once). */
export function revokeDroppedPictures(client: QueryClient) {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed' || event.query.queryKey[0] !== PICTURES) return
    const url = event.query.state.data
    if (typeof url === 'string') URL.revokeObjectURL(url)
  })
}

export interface PictureUrl {
  src?: string
  failed: boolean
}

/**
 * The picture `load` reads, as an object URL. `changes`: the picture may change under the same key
 * (a drawing saved again), so it is read afresh each time and dropped as soon as nothing shows it;
 * otherwise (attachments never change) it is read once and kept `keepMs` after the last use.
 */
export function usePictureUrl(key: QueryKey, load: (signal: AbortSignal) => Promise<Blob>, { enabled = true, changes = false, keepMs }: {
  enabled?: boolean
  changes?: boolean
  keepMs?: number
} = {}): PictureUrl {
  const { data, isError } = useQuery({
    queryKey: [PICTURES, ...key],
    queryFn: async ({ signal }) => URL.createObjectURL(await load(signal)),
    enabled,
    staleTime: changes ? 0 : Infinity,
    gcTime: changes ? 0 : keepMs,
  })
  return { src: data, failed: isError }
}

const attachmentPicture = (id: number | null, thumb: boolean) => ({
  queryKey: [PICTURES, 'attachment', id, thumb ? 'thumb' : 'full'],
  queryFn: async ({ signal }: { signal: AbortSignal }) => URL.createObjectURL((await fetchAttachment(id!, thumb, { silent: true, signal })).blob),
  staleTime: Infinity,
})

/** An attachment's picture (or its thumbnail) as an object URL; `id` null asks for nothing. */
export function useAttachmentPicture(id: number | null, { thumb = false, enabled = true, keepMs }: { thumb?: boolean; enabled?: boolean; keepMs?: number } = {}): PictureUrl {
  const { data, isError } = useQuery({ ...attachmentPicture(id, thumb), enabled: enabled && id != null, gcTime: keepMs })
  return { src: data, failed: isError }
}

/** Several attachments' pictures, in the order of `ids`. */
export function useAttachmentPictures(ids: readonly number[], { thumb = false } = {}): PictureUrl[] {
  return useQueries({
    queries: ids.map((id) => attachmentPicture(id, thumb)),
    combine: (results) => results.map((r) => ({ src: r.data, failed: r.isError })),
  })
}
