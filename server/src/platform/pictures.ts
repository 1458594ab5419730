import { AttachmentMsg, IMAGE_MAX_PIXELS, THUMBNAIL_MAX_SIDE } from '@app/contract'
import sharp from 'sharp'
import { TooLargeError, ValidationError } from './errors.js'
import { imageQueue } from './imageQueue.js'
import { keptLongest, STORED_JPEG, THUMBNAIL_JPEG, type PictureSize } from './pictureEncoding.js'

/** What sharp may decode when a caller names no formats: the photo formats attachments take. */
const PHOTO_FORMATS: readonly string[] = ['jpeg', 'png', 'webp', 'gif', 'tiff']

/** How a picture is accepted: its size, what it may be and become, and its refusals in the caller's words. */
export interface PictureRules extends PictureSize {
  /** sharp's names of the formats taken (default PHOTO_FORMATS; an SVG or a PDF is never rendered) */
  formats?: readonly string[]
  /** 'png' always (a drawing, kept lossless); by default PNG when it has transparency, else STORED_JPEG */
  as?: 'png'
  /** also a JPEG thumbnail THUMBNAIL_MAX_SIDE on its longest side */
  thumbnail?: boolean
  /** default AttachmentMsg.badImage and AttachmentMsg.tooManyPixels */
  messages?: { unreadable: string; tooManyPixels: string }
}

export interface AcceptedPicture {
  data: Buffer
  mime: 'image/png' | 'image/jpeg'
  ext: 'png' | 'jpg'
  width: number
  height: number
  thumb: Buffer | null
}

/**
 * Every picture a client sends (an upload, a drawing's PNG, …) passes here before anything keeps or
 * reads it: refused from its header when it has more than IMAGE_MAX_PIXELS (413; a decompression bomb
 * never takes a place in the queue), then decoded and re-encoded in the shared image queue (400 when it
 * does not decode). What comes out is sharp's encoding of the pixels alone, upright (EXIF orientation
 * applied), without metadata (GPS, comments and all) and at most the size `rules` allow: nothing later
 * decodes the sender's bytes.
 */
export async function acceptPicture(buffer: Buffer, rules: PictureRules): Promise<AcceptedPicture> {
  const { unreadable, tooManyPixels } = rules.messages ?? { unreadable: AttachmentMsg.badImage, tooManyPixels: AttachmentMsg.tooManyPixels }
  let meta: sharp.Metadata
  try {
    meta = await sharp(buffer, { limitInputPixels: false }).metadata()
  } catch {
    throw new ValidationError(unreadable)
  }
  if (!meta.width || !meta.height || !(rules.formats ?? PHOTO_FORMATS).includes(meta.format ?? '')) throw new ValidationError(unreadable)
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new TooLargeError(tooManyPixels)
  const png = rules.as === 'png' || Boolean(meta.hasAlpha)
  const side = Math.round(keptLongest(Math.max(meta.width, meta.height), rules))
  return imageQueue.run(async () => {
    try {
      // encoded from the bare pixels: libvips writes a PNG's text chunks into the PNG it makes of it
      const { data: pixels, info } = await sharp(buffer, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize(side, side, { fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true })
      const bare = sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } })
      const data = png ? await bare.png({ compressionLevel: 8 }).toBuffer() : await bare.jpeg(STORED_JPEG).toBuffer()
      const thumb = rules.thumbnail
        ? await sharp(data)
          .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg(THUMBNAIL_JPEG)
          .toBuffer()
        : null
      return { data, mime: png ? 'image/png' : 'image/jpeg', ext: png ? 'png' : 'jpg', thumb, width: info.width, height: info.height }
    } catch (err) {
      if (/pixel limit/i.test((err as Error).message ?? '')) throw new TooLargeError(tooManyPixels)
      throw new ValidationError(unreadable)
    }
  })
}
