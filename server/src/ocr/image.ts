/**
 * Ticket image intake: content type check, size / pixel limits, EXIF rotation, downscale.
 * Every refusal is a TicketImageError with a Chinese message the server answers as is.
 */
import { AttachmentMsg, IMAGE_MAX_PIXELS, THUMBNAIL_MAX_SIDE, TICKET_MAX_BYTES, TICKET_READ_SIDE, TicketMsg } from '@app/contract'
import sharp from 'sharp'
import { keptLongest, STORED_JPEG, THUMBNAIL_JPEG, type PictureSize } from '../platform/pictureEncoding.js'
import type { Box, RawImage } from './ocrLine.js'

/** longest side of the working image (OCR crops are taken from it) */
export const WORK_MAX_SIDE = TICKET_READ_SIDE
/** images smaller than this are upscaled (up to 2x) */
export const WORK_MIN_SIDE = 1000

export type TicketImageErrorCode = 'empty' | 'too_large' | 'not_image' | 'unreadable' | 'too_many_pixels'

export class TicketImageError extends Error {
  readonly status: 400 | 413
  readonly code: TicketImageErrorCode
  constructor(code: TicketImageErrorCode, message: string, status: 400 | 413 = 400) {
    super(message)
    this.name = 'TicketImageError'
    this.code = code
    this.status = status
  }
}

export type ImageKind = 'jpeg' | 'png' | 'webp'

/** detect the image type from magic bytes (never from the file name) */
export function sniffImageType(buf: Uint8Array): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg'
  if (
    buf.length >= 8 &&
    buf[0] === 0x89 && buf[1] === 0x50 && buf[2] === 0x4e && buf[3] === 0x47 &&
    buf[4] === 0x0d && buf[5] === 0x0a && buf[6] === 0x1a && buf[7] === 0x0a
  )
    return 'png'
  if (
    buf.length >= 12 &&
    buf[0] === 0x52 && buf[1] === 0x49 && buf[2] === 0x46 && buf[3] === 0x46 &&
    buf[8] === 0x57 && buf[9] === 0x45 && buf[10] === 0x42 && buf[11] === 0x50
  )
    return 'webp'
  return null
}

export interface PreparedImage extends RawImage {
  kind: ImageKind
  /** size after EXIF rotation, before downscaling: the space boxes are reported in */
  originalWidth: number
  originalHeight: number
  /** working pixels per original pixel */
  scale: number
  /**
   * the picture as it is stored (PrepareOptions.keep), still being encoded: the caller reads
   * the working image meanwhile
   */
  kept?: Promise<KeptPicture>
}

/** The upload as the server keeps it: a JPEG of the size PrepareOptions.keep allows, and its thumbnail. */
export interface KeptPicture {
  jpeg: Uint8Array
  thumb: Uint8Array
  width: number
  height: number
}

export interface PrepareOptions {
  maxSide?: number
  /** small images are upscaled so that their longest side reaches this (sharper crops for the recogniser) */
  minSide?: number
  maxBytes?: number
  maxPixels?: number
  /**
   * Also encode the picture to keep, from the same decode (the upload is decoded once): this big
   * (`keptLongest`), EXIF-rotated, transparency on white.
   */
  keep?: PictureSize
}

export const IMAGE_MESSAGES = {
  empty: TicketMsg.imageEmpty,
  tooLarge: TicketMsg.imageTooLarge,
  notImage: TicketMsg.notImage,
  unreadable: TicketMsg.imageUnreadable,
  tooManyPixels: AttachmentMsg.tooManyPixels,
} as const

/** validate the upload and return an EXIF-oriented, downscaled RGBA image */
export async function prepareImage(buf: Uint8Array, options: PrepareOptions = {}): Promise<PreparedImage> {
  const maxBytes = options.maxBytes ?? TICKET_MAX_BYTES
  const maxPixels = options.maxPixels ?? IMAGE_MAX_PIXELS
  const maxSide = options.maxSide ?? WORK_MAX_SIDE
  if (!buf || buf.length === 0) throw new TicketImageError('empty', IMAGE_MESSAGES.empty)
  if (buf.length > maxBytes) throw new TicketImageError('too_large', IMAGE_MESSAGES.tooLarge, 413)
  const kind = sniffImageType(buf)
  if (!kind) throw new TicketImageError('not_image', IMAGE_MESSAGES.notImage)

  let meta: sharp.Metadata
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata()
  } catch {
    throw new TicketImageError('unreadable', IMAGE_MESSAGES.unreadable)
  }
  if (!meta.width || !meta.height) throw new TicketImageError('unreadable', IMAGE_MESSAGES.unreadable)
  if (meta.width * meta.height > maxPixels) {
    throw new TicketImageError('too_many_pixels', IMAGE_MESSAGES.tooManyPixels, 413)
  }
  const swap = (meta.orientation ?? 1) >= 5
  const originalWidth = swap ? meta.height : meta.width
  const originalHeight = swap ? meta.width : meta.height
  const minSide = options.minSide ?? WORK_MIN_SIDE
  const longest = Math.max(originalWidth, originalHeight)
  const scale = longest < minSide ? Math.min(2, minSide / longest) : Math.min(1, maxSide / longest)
  const workSize = { width: Math.max(1, Math.round(originalWidth * scale)), height: Math.max(1, Math.round(originalHeight * scale)) }
  try {
    const decoded = sharp(buf, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true }).rotate()
    let work: sharp.Sharp
    let kept: Promise<KeptPicture> | undefined
    if (options.keep) {
      // decoded once, at the kept size: the kept JPEG, its thumbnail and the working image all come from these pixels
      const keepScale = keptLongest(longest, options.keep) / longest
      const { data, info } = await decoded
        .resize({ width: Math.max(1, Math.round(originalWidth * keepScale)), height: Math.max(1, Math.round(originalHeight * keepScale)), fit: 'fill' })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true })
      const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      // a photo the camera subsampled keeps its subsampling: 4:4:4 would spend time (a third of a phone shot's encode) and bytes on colour detail it never had
      const jpeg = meta.chromaSubsampling && meta.chromaSubsampling !== '4:4:4' ? { ...STORED_JPEG, chromaSubsampling: '4:2:0' } : STORED_JPEG
      kept = Promise.all([
        pixels().jpeg(jpeg).toBuffer(),
        pixels().resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg(THUMBNAIL_JPEG).toBuffer(),
      ]).then(([jpeg, thumb]) => ({ jpeg, thumb, width: info.width, height: info.height }), () => {
        throw new TicketImageError('unreadable', IMAGE_MESSAGES.unreadable)
      })
      // awaited by the caller; until then a failure must not count as unhandled
      kept.catch(() => undefined)
      work = pixels()
    } else {
      work = decoded.toColourspace('srgb')
    }
    const { data, info } = await work.resize({ ...workSize, fit: 'fill', kernel: 'lanczos3' }).ensureAlpha(1).raw().toBuffer({ resolveWithObject: true })
    if (info.channels !== 4) throw new Error('unexpected channels')
    return {
      kind,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
      originalWidth,
      originalHeight,
      scale: info.width / originalWidth,
      kept,
    }
  } catch (e) {
    if (e instanceof TicketImageError) throw e
    throw new TicketImageError('unreadable', IMAGE_MESSAGES.unreadable)
  }
}

// --------------------------------------------------------------------- skew

/**
 * Estimate the page rotation (degrees, positive = text runs downhill to the right) from the
 * top edges of long text boxes. Returns 0 when there is not enough evidence.
 */
export function estimateSkew(lines: { box: number[][] }[]): number {
  const samples: { a: number; w: number }[] = []
  for (const { box } of lines) {
    const dx = box[1][0] - box[0][0]
    const dy = box[1][1] - box[0][1]
    const len = Math.hypot(dx, dy)
    const h = Math.hypot(box[3][0] - box[0][0], box[3][1] - box[0][1])
    if (len < 3 * h || len < 40) continue
    const dx2 = box[2][0] - box[3][0]
    const dy2 = box[2][1] - box[3][1]
    const a = (Math.atan2(dy + dy2, dx + dx2) * 180) / Math.PI
    if (Math.abs(a) > 20) continue
    samples.push({ a, w: len })
  }
  if (samples.length < 2) return 0
  samples.sort((p, q) => p.a - q.a)
  const total = samples.reduce((s, p) => s + p.w, 0)
  let acc = 0
  for (const s of samples) {
    acc += s.w
    if (acc >= total / 2) return s.a
  }
  return 0
}

/** rotate points by -angle around (cx, cy): the coordinates the page would have if it were straight */
export function rotatePoints(box: number[][], angleDeg: number, cx: number, cy: number): Box {
  const t = (-angleDeg * Math.PI) / 180
  const c = Math.cos(t)
  const s = Math.sin(t)
  return box.map(([x, y]) => [cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c]) as Box
}

