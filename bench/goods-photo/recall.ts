/**
 * Recall of the goods photo search on the development set, in memory (no database): the index's
 * scoring as store.ts's `candidates` does it (without its cut to the best 2,000 before dividing by
 * each photo's word count, which changes nothing at 10,000 photos) and the worker's verification, on
 * the cached features, so that a change to matching is scored in a minute rather than through the
 * whole benchmark, which scores the module itself.
 *   npx tsx bench/goods-photo/recall.ts [--held-out]      (MISSES=1 names the queries not in the first five)
 * Prints tuning figures; held-out ones only with --held-out (read them once, at the end). Needs the
 * feature cache (featureCache.ts); SHORTLIST= tries another shortlist.
 */
import { descriptorOf, unpackKeypoints } from '../../server/src/goods/photoMatch/descriptor.js'
import { inliers, viewsOf } from '../../server/src/goods/photoMatch/verify.js'
import { readVocabulary } from '../../server/src/goods/photoMatch/vocabulary.js'
import { distractorIndices, goods, QUERIES_PER_ITEM } from './devset.js'
import { readFeatures, readQuery, REGISTERED } from './featureCache.js'

const heldOutToo = process.argv.includes('--held-out')
const STOP_SHARE = 0.05
const CANDIDATES = 400
const SHORTLIST = Number(process.env.SHORTLIST ?? 40)
const INDEX_WEIGHT = 8

const vocabulary = readVocabulary(new URL('../../server/src/goods/photoMatch/vocabulary.bin', import.meta.url))
const items = goods()
const keys = [...items.map((g) => `goods-${g.id}`), ...distractorIndices(REGISTERED - items.length).map((i) => `distractor-${i}`)]
const photos = keys.map((k) => descriptorOf(readFeatures(k), vocabulary))

const postings = new Map<number, number[]>()
photos.forEach((p, id) => {
  for (const w of p.words) {
    const list = postings.get(w)
    if (list) list.push(id)
    else postings.set(w, [id])
  }
})
const total = photos.length

function candidates(words: number[]) {
  const scores = new Float32Array(total)
  for (const w of words) {
    const list = postings.get(w)
    if (!list || list.length > total * STOP_SHARE) continue
    const idf = Math.log((total + 1) / list.length)
    for (const id of list) scores[id]! += idf * idf
  }
  return [...scores.keys()].filter((id) => scores[id]! > 0)
    .map((id) => ({ id, score: scores[id]! / Math.sqrt(Math.max(photos[id]!.words.length, 50)) }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, CANDIDATES)
}

const rows: { heldOut: boolean; rank: number; indexRank: number }[] = []
const t0 = performance.now()
for (const item of items) {
  if (item.heldOut && !heldOutToo) continue
  for (let k = 0; k < QUERIES_PER_ITEM; k++) {
    const query = readQuery(item.id, k, vocabulary)
    const ranked = candidates(query.words)
    const indexRank = ranked.findIndex((c) => c.id === item.id)
    const shortlist = ranked.slice(0, SHORTLIST)
    const views = viewsOf(unpackKeypoints(query.keypoints), query.split)
    const best = shortlist[0]?.score ?? 1
    const order = shortlist
      .map((c) => ({ id: c.id, rank: Math.max(...views.map((q) => inliers(q, unpackKeypoints(photos[c.id]!.keypoints)))) + INDEX_WEIGHT * (c.score / best) }))
      .sort((a, b) => b.rank - a.rank)
    rows.push({ heldOut: item.heldOut, rank: order.findIndex((o) => o.id === item.id), indexRank })
    if (process.env.MISSES && !(rows.at(-1)!.rank >= 0 && rows.at(-1)!.rank < 5)) console.log(`missed ${item.id}-${k}: index rank ${indexRank}`)
  }
}
const ms = (performance.now() - t0) / rows.length
for (const [name, heldOut] of [['tuning', false], ['held_out', true]] as const) {
  const r = rows.filter((x) => x.heldOut === heldOut)
  if (!r.length) continue
  const share = (f: (x: (typeof r)[number]) => boolean) => ((100 * r.filter(f).length) / r.length).toFixed(1)
  console.log(`${name}: ${r.length} queries, recall@1 ${share((x) => x.rank === 0)} %, recall@5 ${share((x) => x.rank >= 0 && x.rank < 5)} %,`
    + ` in shortlist ${share((x) => x.indexRank >= 0 && x.indexRank < SHORTLIST)} %, in ${CANDIDATES} ${share((x) => x.indexRank >= 0)} %`)
}
console.log(`${ms.toFixed(1)} ms a query (index in memory and verification, one thread)`)
