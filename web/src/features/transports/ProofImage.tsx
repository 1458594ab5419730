/**
 * A ticket picture (delivery or receipt proof) as a thumbnail that opens a zoomable preview. Pictures
 * are attachments served only with the session token, so they are fetched as blobs (an <img src>
 * cannot send it). Thumbnails stay cached while the grid scrolls (rows mount and unmount all the time)
 * and are fetched only for rows that stay in view a moment, so a fast scroll does not fire hundreds of
 * calls; a row scrolled away before its picture arrived aborts the read.
 */
import { useEffect, useState } from 'react'
import { Image, Typography } from 'antd'
import { useAttachmentPicture } from '../../components/pictureUrl'
import styles from './ProofImage.module.css'
import { NONE } from './transportValues'

/** how long a thumbnail nobody shows stays (rows scrolled back into view show it at once) */
const KEEP_MS = 60_000
const SETTLE_MS = 150

/** The attachment id of `/api/attachments/actions/download?id=5` (what the server answers as picture URLs). */
export const attachmentIdOf = (url: string | null | undefined): number | null => {
  const m = url ? /[?&]id=(\d+)/.exec(url) : null
  return m ? Number(m[1]) : null
}

/** `id` once it has stayed `delay` ms (at once without a delay). */
function useSettled(id: number | null, delay: number): number | null {
  const [settled, setSettled] = useState<number | null>(null)
  useEffect(() => {
    if (!delay) return
    const t = setTimeout(() => setSettled(id), delay)
    return () => clearTimeout(t)
  }, [id, delay])
  return delay ? settled : id
}

/** A picture already read shows at once; one not yet read is asked for once its row stays `delay` ms. */
function usePicture(id: number | null, thumb: boolean, delay: number) {
  const settled = useSettled(id, delay)
  return useAttachmentPicture(id, { thumb, enabled: settled === id, keepMs: KEEP_MS })
}

export default function ProofImage({ url, alt, width = 40, height = 28, large = false }: {
  /** the picture's URL as the server answers it; none shows '—' */
  url: string | null | undefined
  alt: string
  width?: number | string
  height?: number | string
  /** the whole picture in the page (运单详情) instead of a thumbnail */
  large?: boolean
}) {
  const id = attachmentIdOf(url)
  const shown = usePicture(id, !large, large ? 0 : SETTLE_MS)
  const [previewing, setPreviewing] = useState(false)
  const full = useAttachmentPicture(id, { enabled: previewing || large, keepMs: KEEP_MS })

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
