/**
 * Trains the visual vocabulary (server/src/goods/photoMatch/vocabulary.bin) from the tuning split of
 * the development set and some distractors, never from the held-out goods:
 *   npx tsx bench/goods-photo/featureCache.ts && npx tsx bench/goods-photo/train-vocabulary.ts
 * Hierarchical k-majority (k-means for binary descriptors under Hamming distance), BRANCHING children
 * a node, DEPTH levels.
 */
import fs from 'node:fs'
import path from 'node:path'
import { DESCRIPTOR_BYTES } from '../../server/src/goods/photoMatch/features.js'
import { asWords, encodeVocabulary, hamming, type Vocabulary } from '../../server/src/goods/photoMatch/vocabulary.js'
import { distractorIndices, goods, QUERIES_PER_ITEM, rng } from './devset.js'
import { cached, readFeatures } from './featureCache.js'

const BRANCHING = Number(process.env.VOCAB_BRANCHING ?? 16)
const DEPTH = Number(process.env.VOCAB_DEPTH ?? 4)
const TRAINING_DISTRACTORS = 2000
const ITERATIONS = 6
const W = DESCRIPTOR_BYTES / 4

const keys: string[] = []
for (const item of goods().filter((g) => !g.heldOut)) {
  keys.push(`goods-${item.id}`)
  for (let k = 0; k < QUERIES_PER_ITEM; k++) keys.push(`query-${item.id}-${k}`)
}
// the distractors' sources show no goods photo (copies.json), so no held-out goods reaches the vocabulary this way either
for (const i of distractorIndices(TRAINING_DISTRACTORS)) keys.push(`distractor-${i}`)
const parts = keys.filter(cached).map((k) => readFeatures(k).descriptors)
const all = asWords(new Uint8Array(Buffer.concat(parts)))
const n = all.length / W
console.log(`training on ${n} descriptors from ${keys.length} photos`)

const random = rng(7)

/** k centres of the descriptors `members` (indices into `all`) by k-majority, and each member's centre */
function kMajority(members: Int32Array, k: number, fallback: Uint32Array): { centres: Uint32Array; assign: Int32Array } {
  const centres = new Uint32Array(k * W)
  const m = members.length
  if (m === 0) {
    for (let c = 0; c < k; c++) centres.set(fallback, c * W)
    return { centres, assign: new Int32Array(0) }
  }
  for (let c = 0; c < k; c++) {
    const pick = c < m ? members[Math.floor((c + random()) * (m / Math.max(k, 1))) % m]! : members[0]!
    centres.set(all.subarray(pick * W, pick * W + W), c * W)
  }
  const assign = new Int32Array(m)
  if (m <= k) {
    for (let i = 0; i < m; i++) centres.set(all.subarray(members[i]! * W, members[i]! * W + W), i * W)
    for (let c = m; c < k; c++) centres.set(all.subarray(members[0]! * W, members[0]! * W + W), c * W)
    for (let i = 0; i < m; i++) assign[i] = i
    return { centres, assign }
  }
  for (let it = 0; it < ITERATIONS; it++) {
    for (let i = 0; i < m; i++) {
      let best = 0, bestD = Infinity
      for (let c = 0; c < k; c++) {
        const d = hamming(all, members[i]!, centres, c)
        if (d < bestD) { bestD = d; best = c }
      }
      assign[i] = best
    }
    if (it === ITERATIONS - 1) break
    const bits = new Int32Array(k * DESCRIPTOR_BYTES * 8)
    const count = new Int32Array(k)
    for (let i = 0; i < m; i++) {
      const c = assign[i]!
      count[c]!++
      const at = members[i]! * W
      for (let w = 0; w < W; w++) {
        const v = all[at + w]!
        for (let b = 0; b < 32; b++) if (v & (1 << b)) bits[c * 256 + w * 32 + b]!++
      }
    }
    for (let c = 0; c < k; c++) {
      if (!count[c]) continue
      for (let w = 0; w < W; w++) {
        let v = 0
        for (let b = 0; b < 32; b++) if (bits[c * 256 + w * 32 + b]! * 2 > count[c]!) v |= 1 << b
        centres[c * W + w] = v >>> 0
      }
    }
  }
  return { centres, assign }
}

const levels: Uint32Array[] = []
let groups: Int32Array[] = [Int32Array.from({ length: n }, (_, i) => i)]
let parents = new Uint32Array(W)
for (let l = 0; l < DEPTH; l++) {
  const level = new Uint32Array(groups.length * BRANCHING * W)
  const next: Int32Array[] = []
  groups.forEach((members, g) => {
    const { centres, assign } = kMajority(members, BRANCHING, parents.subarray(g * W, g * W + W))
    level.set(centres, g * BRANCHING * W)
    const buckets: number[][] = Array.from({ length: BRANCHING }, () => [])
    assign.forEach((c, i) => buckets[c]!.push(members[i]!))
    for (const b of buckets) next.push(Int32Array.from(b))
  })
  levels.push(level)
  parents = level
  groups = next
  console.log(`level ${l + 1}: ${groups.length} nodes`)
}
const vocabulary: Vocabulary = { branching: BRANCHING, depth: DEPTH, levels }
const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../server/src/goods/photoMatch/vocabulary.bin')
fs.writeFileSync(out, encodeVocabulary(vocabulary))
console.log(`wrote ${out}: ${fs.statSync(out).size} bytes`)
