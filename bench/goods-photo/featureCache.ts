/**
 * ORB features of the development set, computed once and kept on disk (GOODS_PHOTO_CACHE, default
 * /tmp/goods-photo-dev): generating and describing 10,000 photos takes a core about 20 minutes, so the
 * benchmark and the vocabulary training read them from here. Run alone it fills the cache:
 *   npx tsx bench/goods-photo/featureCache.ts [shard] [shards]    (e.g. 0 2 and 1 2 side by side)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { descriptorOf, withCentreView, type PhotoDescriptor } from '../../server/src/goods/photoMatch/descriptor.js'
import { CENTRE_VIEW, orbFeatures, QUERY_KEYPOINTS, type OrbFeatures } from '../../server/src/goods/photoMatch/features.js'
import type { Vocabulary } from '../../server/src/goods/photoMatch/vocabulary.js'
import { distractor, distractorIndices, goods, QUERIES_PER_ITEM, registeredPhoto, rePhotograph } from './devset.js'

export const CACHE = process.env.GOODS_PHOTO_CACHE ?? path.join(os.tmpdir(), 'goods-photo-dev')
/** registered goods and distractors together: the 10,000 registered photos of the recall figures */
export const REGISTERED = 10_000

/** a search photo's views are kept apart: `query-<item>-<k>` the whole photo, `…-centre` its centre view (descriptor.ts `describeView`) */
export type Entry = { key: string; photo: () => Promise<Buffer> }

export function entries(): Entry[] {
  const items = goods()
  const list: Entry[] = []
  for (const item of items) {
    list.push({ key: `goods-${item.id}`, photo: () => registeredPhoto(item) })
    for (let k = 0; k < QUERIES_PER_ITEM; k++) {
      list.push({ key: `query-${item.id}-${k}`, photo: () => rePhotograph(item, k) })
      list.push({ key: `query-${item.id}-${k}-centre`, photo: () => rePhotograph(item, k) })
    }
  }
  for (const i of distractorIndices(REGISTERED - items.length)) list.push({ key: `distractor-${i}`, photo: () => distractor(i) })
  return list
}

function encode(f: OrbFeatures): Buffer {
  const head = Buffer.alloc(12)
  head.writeUInt32LE(f.width, 0)
  head.writeUInt32LE(f.height, 4)
  head.writeUInt32LE(f.xy.length / 2, 8)
  return Buffer.concat([head, Buffer.from(f.xy.buffer, f.xy.byteOffset, f.xy.byteLength), f.descriptors])
}

export function readFeatures(key: string): OrbFeatures {
  const b = fs.readFileSync(path.join(CACHE, `${key}.orb`))
  const n = b.readUInt32LE(8)
  return {
    width: b.readUInt32LE(0),
    height: b.readUInt32LE(4),
    xy: new Float32Array(new Uint8Array(b.subarray(12, 12 + n * 8)).buffer),
    descriptors: new Uint8Array(b.subarray(12 + n * 8)),
  }
}

/** a search photo's descriptor record as the module makes it: both views (index.ts `describeQuery`) */
export const readQuery = (item: number, k: number, vocabulary: Vocabulary): PhotoDescriptor =>
  withCentreView(descriptorOf(readFeatures(`query-${item}-${k}`), vocabulary), descriptorOf(readFeatures(`query-${item}-${k}-centre`), vocabulary))

export const cached = (key: string) => fs.existsSync(path.join(CACHE, `${key}.orb`))

/** Fills the cache for entries `shard` mod `shards`; answers the milliseconds each description took. */
export async function fillCache(shard = 0, shards = 1): Promise<number[]> {
  fs.mkdirSync(CACHE, { recursive: true })
  const times: number[] = []
  const list = entries()
  for (let i = shard; i < list.length; i += shards) {
    const e = list[i]!
    if (cached(e.key)) continue
    const photo = await e.photo()
    const t0 = performance.now()
    const f = await (e.key.endsWith('-centre') ? orbFeatures(photo, QUERY_KEYPOINTS, CENTRE_VIEW) : e.key.startsWith('query') ? orbFeatures(photo, QUERY_KEYPOINTS) : orbFeatures(photo))
    times.push(performance.now() - t0)
    fs.writeFileSync(path.join(CACHE, `${e.key}.orb`), encode(f))
  }
  return times
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const times = await fillCache(Number(process.argv[2] ?? 0), Number(process.argv[3] ?? 1))
  console.log(`described ${times.length} photos`)
}
