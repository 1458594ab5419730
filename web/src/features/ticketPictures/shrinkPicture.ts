/**
 * A ticket photo shrunk in the browser to what the server keeps (TICKET_PICTURE_SIZE) before it goes
 * up: a phone shot of 3-5 MB took 25-40 s on a 1 Mbit/s uplink, and the server threw most of its
 * pixels away. EXIF orientation is applied to the pixels (the JPEG sent carries none). Whatever goes
 * wrong (no createImageBitmap, a picture the browser cannot decode), the photo is sent as it was and
 * the server answers for it.
 */
import { keptLongest, TICKET_PICTURE_SIZE } from '@app/contract'

/** A file this small goes up as it is, undecoded: a few seconds on a slow link, and nothing to gain worth a re-encode. */
export const SEND_AS_IS_BYTES = 300 * 1024
/** A picture already within the size but heavier than this (a PNG, a camera's top quality) is re-encoded at its size. */
export const REENCODE_FROM_BYTES = 1536 * 1024
/** The JPEG quality of a shrunk photo (the server keeps its copy at 88). */
export const SHRUNK_JPEG_QUALITY = 0.9

export interface PictureDimensions {
  width: number
  height: number
}

/**
 * The size to send a picture of `width` × `height` (after EXIF rotation) and `bytes` at, or null to
 * send it as it is: the size the server would keep it at, rounded as the server rounds.
 */
export function shrunkSize({ width, height }: PictureDimensions, bytes: number): PictureDimensions | null {
  if (!(width > 0 && height > 0)) return null
  const longest = Math.max(width, height)
  const kept = keptLongest(longest, TICKET_PICTURE_SIZE)
  if (kept < longest) {
    const scale = kept / longest
    return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
  }
  return bytes > REENCODE_FROM_BYTES ? { width, height } : null
}

/** `磅单.png` -> `磅单.jpg`: the same name, saying what it now is. */
export function jpegName(name: string) {
  const base = name.replace(/\.[^./\\]*$/, '')
  return `${base || 'ticket'}.jpg`
}

function encodeJpeg(canvas: HTMLCanvasElement) {
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', SHRUNK_JPEG_QUALITY))
}

/** The photo to send: shrunk and re-encoded as JPEG when that makes it smaller, else `file` itself. */
export async function shrinkPicture(file: File): Promise<File> {
  if (file.size <= SEND_AS_IS_BYTES || typeof createImageBitmap !== 'function') return file
  let bitmap: ImageBitmap | null = null
  let canvas: HTMLCanvasElement | null = null
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
    const size = shrunkSize(bitmap, file.size)
    if (!size) return file
    canvas = document.createElement('canvas')
    canvas.width = size.width
    canvas.height = size.height
    const ctx = canvas.getContext('2d')
    if (!ctx) return file
    // transparency on white, as the server flattens it
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, size.width, size.height)
    ctx.imageSmoothingEnabled = true
    ctx.imageSmoothingQuality = 'high'
    ctx.drawImage(bitmap, 0, 0, size.width, size.height)
    const blob = await encodeJpeg(canvas)
    if (!blob || blob.size === 0 || blob.size >= file.size) return file
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified })
  } catch {
    return file
  } finally {
    bitmap?.close()
    // frees the canvas's pixels now (mobile Safari counts live canvas memory)
    if (canvas) canvas.width = canvas.height = 0
  }
}
