/**
 * A picture to show: the photo just picked (from the browser), else the server's copy, which needs the
 * session token and so is loaded as a blob (an <img src> cannot send it).
 */
import { API_BASE, download } from '../../api/request'
import { usePictureUrl } from '../../components/pictureUrl'
import { useObjectUrl } from './PicturePicker'

/** `/api/attachments/actions/download?id=5` -> the path the request client takes (`/attachments/…`). */
export const apiPath = (url: string) => (url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url)

/** The server's copy of a picture by its address (a kept picture never changes under its address). */
export function useServerPicture(url: string | null | undefined) {
  return usePictureUrl(['address', url], async (signal) => (await download(apiPath(url!), { silent: true, cancelDuplicate: false, signal })).blob, { enabled: !!url })
}

export function usePictureSrc(file: File | null, url: string | null | undefined) {
  const local = useObjectUrl(file)
  // the server's copy only when there is no local photo
  const server = useServerPicture(file ? null : url)
  return { src: local ?? server.src, failed: !local && server.failed, loading: !local && !!url && !server.src && !server.failed }
}
