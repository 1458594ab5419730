/**
 * A picture to show: the photo just picked (from the browser), else the server's copy, which needs the
 * session token and so is loaded as a blob (an <img src> cannot send it).
 */
import { useEffect, useState } from 'react'
import { API_BASE, download } from '../../api/request'
import { useObjectUrl } from '../../features/ticketPictures/PicturePicker'

/** `/api/attachments/actions/download?id=5` -> the path the request client takes (`/attachments/…`). */
export const apiPath = (url: string) => (url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url)

export function useServerPicture(url: string | null | undefined): { src?: string; failed: boolean } {
  const [picture, setPicture] = useState<{ url: string; src?: string; failed: boolean } | null>(null)
  useEffect(() => {
    if (!url) return
    let objectUrl: string | undefined
    let cancelled = false
    download(apiPath(url), { silent: true, cancelDuplicate: false })
      .then(({ blob }) => {
        objectUrl = URL.createObjectURL(blob)
        if (cancelled) URL.revokeObjectURL(objectUrl)
        else setPicture({ url, src: objectUrl, failed: false })
      })
      .catch(() => {
        if (!cancelled) setPicture({ url, failed: true })
      })
    return () => {
      cancelled = true
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [url])
  return picture && url && picture.url === url ? { src: picture.src, failed: picture.failed } : { failed: false }
}

export function usePictureSrc(file: File | null, url: string | null | undefined) {
  const local = useObjectUrl(file)
  // the server's copy only when there is no local photo
  const server = useServerPicture(file ? null : url)
  return { src: local ?? server.src, failed: !local && server.failed, loading: !local && !!url && !server.src && !server.failed }
}
