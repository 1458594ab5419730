/**
 * A photo's descriptor record: its keypoints on the WORK_SIDE picture with their visual words,
 * packed 8 bytes a keypoint (x and y in 1/64 px as u16, word as u32, little-endian) for the
 * goods_photo row, and the set of its words for the inverted index.
 */
import { CENTRE_VIEW, orbFeatures, QUERY_KEYPOINTS, type OrbFeatures } from './features.js'
import type { Keypoints } from './verify.js'
import { quantize, readVocabulary, type Vocabulary } from './vocabulary.js'

export interface PhotoDescriptor {
  /** the WORK_SIDE picture's size */
  width: number
  height: number
  /** packKeypoints */
  keypoints: Uint8Array
  /** its distinct words, ascending */
  words: number[]
  /** a search photo's: keypoints before this one are its whole view's, the rest its centre view's (`withCentreView`) */
  split?: number
}

const SUBPIXEL = 64
const BYTES = 8

export function packKeypoints(k: Keypoints): Uint8Array {
  const out = new Uint8Array(k.words.length * BYTES)
  const view = new DataView(out.buffer)
  k.words.forEach((w, i) => {
    view.setUint16(i * BYTES, Math.round(k.xy[2 * i]! * SUBPIXEL), true)
    view.setUint16(i * BYTES + 2, Math.round(k.xy[2 * i + 1]! * SUBPIXEL), true)
    view.setUint32(i * BYTES + 4, w, true)
  })
  return out
}

export function unpackKeypoints(bytes: Uint8Array): Keypoints {
  const n = Math.floor(bytes.byteLength / BYTES)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const xy = new Float32Array(n * 2)
  const words = new Uint32Array(n)
  for (let i = 0; i < n; i++) {
    xy[2 * i] = view.getUint16(i * BYTES, true) / SUBPIXEL
    xy[2 * i + 1] = view.getUint16(i * BYTES + 2, true) / SUBPIXEL
    words[i] = view.getUint32(i * BYTES + 4, true)
  }
  return { xy, words }
}

export function descriptorOf(features: OrbFeatures, vocabulary: Vocabulary): PhotoDescriptor {
  const words = quantize(vocabulary, features.descriptors)
  return {
    width: features.width,
    height: features.height,
    keypoints: packKeypoints({ xy: features.xy, words }),
    words: [...new Set(words)].sort((a, b) => a - b),
  }
}

let vocabulary: Vocabulary | null = null
/** vocabulary.bin beside this source, or photo-match-vocabulary.bin beside the bundle (server/dist) */
function loadVocabulary(): Vocabulary {
  if (!vocabulary) {
    const bundled = new URL('./photo-match-vocabulary.bin', import.meta.url)
    try {
      vocabulary = readVocabulary(bundled)
    } catch {
      vocabulary = readVocabulary(new URL('./vocabulary.bin', import.meta.url))
    }
  }
  return vocabulary
}

/** The descriptor record of a photo to register (any picture sharp reads); 400 for what is not a picture. Runs in a worker. */
export async function describePhoto(image: Buffer): Promise<PhotoDescriptor> {
  return descriptorOf(await orbFeatures(image), loadVocabulary())
}

/** The descriptor record of one view of a photo to search with: the whole photo or its centre (CENTRE_VIEW). Runs in a worker. */
export async function describeView(image: Buffer, view: 'whole' | 'centre'): Promise<PhotoDescriptor> {
  return descriptorOf(await orbFeatures(image, QUERY_KEYPOINTS, view === 'centre' ? CENTRE_VIEW : 1), loadVocabulary())
}

/**
 * A search photo's descriptor record: its whole view's keypoints, then its centre view's carried onto
 * the whole view's picture (`split` says where they begin), and the words of both.
 */
export function withCentreView(whole: PhotoDescriptor, centre: PhotoDescriptor): PhotoDescriptor {
  const a = unpackKeypoints(whole.keypoints), b = unpackKeypoints(centre.keypoints)
  const n = a.words.length, m = b.words.length
  const xy = new Float32Array((n + m) * 2)
  xy.set(a.xy)
  const sx = (whole.width * CENTRE_VIEW) / centre.width, sy = (whole.height * CENTRE_VIEW) / centre.height
  const ox = (whole.width * (1 - CENTRE_VIEW)) / 2, oy = (whole.height * (1 - CENTRE_VIEW)) / 2
  for (let i = 0; i < m; i++) {
    xy[2 * (n + i)] = ox + b.xy[2 * i]! * sx
    xy[2 * (n + i) + 1] = oy + b.xy[2 * i + 1]! * sy
  }
  const words = new Uint32Array(n + m)
  words.set(a.words)
  words.set(b.words, n)
  return {
    width: whole.width,
    height: whole.height,
    keypoints: packKeypoints({ xy, words }),
    words: [...new Set(words)].sort((x, y) => x - y),
    split: n,
  }
}
