/**
 * A ticket picture (delivery or receipt proof) as a thumbnail that opens a zoomable preview. Pictures
 * are attachments served only with the session token, so they are fetched as blobs (an <img src>
 * cannot send it). Thumbnails stay cached while the grid scrolls (rows mount and unmount all the time)
 * and are fetched only for rows that stay in view a moment, so a fast scroll does not fire hundreds of calls.
 */
import { useEffect, useState } from 'react'
import { Image, Typography } from 'antd'
import { fetchAttachment } from '../../api/attachments'
import styles from '../../pages/transports/transport.module.css'
import { NONE } from './transportValues'

const CACHE_SIZE = 300
const SETTLE_MS = 150
const cache = new Map<string, Promise<string>>()

/** The attachment id of `/api/attachments/actions/download?id=5` (what the server answers as picture URLs). */
export const attachmentIdOf = (url: string | null | undefined): number | null => {
  const m = url ? /[?&]id=(\d+)/.exec(url) : null
  return m ? Number(m[1]) : null
}

function objectUrl(id: number, thumb: boolean): Promise<string> {
  const key = `${id}:${thumb ? 't' : 'f'}`
  let hit = cache.get(key)
  if (hit) {
    cache.delete(key)
    cache.set(key, hit)
    return hit
  }
  hit = fetchAttachment(id, thumb, { silent: true }).then(({ blob }) => URL.createObjectURL(blob))
  hit.catch(() => cache.delete(key))
  cache.set(key, hit)
  if (cache.size > CACHE_SIZE) {
    const [oldest, value] = cache.entries().next().value!
    cache.delete(oldest)
    void value.then(URL.revokeObjectURL, () => undefined)
  }
  return hit
}

function usePicture(id: number | null, thumb: boolean, delay: number) {
  const [state, setState] = useState<{ id: number; src?: string; failed?: boolean } | null>(null)
  useEffect(() => {
    if (id == null) return
    let cancelled = false
    const t = setTimeout(() => {
      objectUrl(id, thumb).then(
        (src) => { if (!cancelled) setState({ id, src }) },
        () => { if (!cancelled) setState({ id, failed: true }) },
      )
    }, delay)
    return () => {
      cancelled = true
      clearTimeout(t)
    }
  }, [id, thumb, delay])
  return state?.id === id ? state : null
}

export default function ProofImage({ url, alt, width = 40, height = 28, large = false }: {
  /** the picture's URL as the server answers it; none shows '/' */
  url: string | null | undefined
  alt: string
  width?: number | string
  height?: number | string
  /** the whole picture in the page (trace detail) instead of a thumbnail */
  large?: boolean
}) {
  const id = attachmentIdOf(url)
  const shown = usePicture(id, !large, large ? 0 : SETTLE_MS)
  const [previewing, setPreviewing] = useState(false)
  const full = usePicture(previewing || large ? id : null, false, 0)

  if (id == null) return large ? <Typography.Text type="secondary">暂无图片</Typography.Text> : <>{NONE}</>
  if (shown?.failed) return <Typography.Text type="danger">图片加载失败</Typography.Text>
  // a plain box while it loads: rows scrolled past in a big page never get further than this
  if (!shown?.src) return <span className={styles.picturePending} style={{ width, height: large ? 120 : height }} aria-busy="true" />
  return (
    <Image
      src={shown.src}
      alt={alt}
      width={width}
      height={large ? undefined : height}
      style={{ objectFit: large ? 'contain' : 'cover', maxHeight: large ? 480 : undefined }}
      preview={{ src: full?.src ?? shown.src, visible: previewing, onVisibleChange: setPreviewing, mask: large ? '点击放大' : '预览' }}
    />
  )
}
