/**
 * How stored pictures are encoded, wherever they are decoded (attachments here, ticket photos in the
 * OCR workers). Huffman optimisation is off: it took 64 of 79 ms to encode a 2400 px photo, for 7 %
 * fewer bytes.
 */
export const STORED_JPEG = { quality: 88, chromaSubsampling: '4:4:4', optimiseCoding: false } as const
export const THUMBNAIL_JPEG = { quality: 75, optimiseCoding: false } as const

/** How big a stored picture may be (`keptLongest`). */
export interface PictureSize {
  /** its longest side at most this */
  maxSide: number
  /** a picture more than twice this is kept at half its size while that is under maxSide */
  halfSizeFrom?: number
}

/**
 * A stored picture's longest side: its own up to `maxSide`; at half its size when that is at least
 * `halfSizeFrom` and under `maxSide`, which a JPEG decodes at half size straight away (libjpeg's
 * shrink-on-load, a quarter of the pixels): a 3520 px phone shot of a ticket is kept at 1760 px (more
 * than the OCR's 1600 px working image) rather than decoded whole for 2400 px.
 */
export function keptLongest(longest: number, { maxSide, halfSizeFrom }: PictureSize) {
  if (longest <= maxSide) return longest
  const half = longest / 2
  return halfSizeFrom !== undefined && half >= halfSizeFrom && half < maxSide ? half : maxSide
}
