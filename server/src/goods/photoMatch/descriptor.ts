/**
 * A photo's descriptor record: its keypoints on the WORK_SIDE picture with their visual words,
 * packed 8 bytes a keypoint (x and y in 1/64 px as u16, word as u32, little-endian) for the
 * goods_photo row, and the set of its words for the inverted index.
 */
import { orbFeatures, type OrbFeatures } from './features.js'
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

/**
 * The descriptor record of a photo (any picture sharp reads), with MAX_KEYPOINTS to register or
 * QUERY_KEYPOINTS to search with; 400 for what is not a picture. Runs in a worker.
 */
export async function describePhoto(image: Buffer, keypointCount?: number): Promise<PhotoDescriptor> {
  return descriptorOf(await orbFeatures(image, keypointCount), loadVocabulary())
}
