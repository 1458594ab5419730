// Goods photo search benchmark: `npx tsx bench/goods-photo-search.bench.ts` (PGLITE=0 or POSTGRES=0 skips one;
// RECALL=0 measures speed alone; KEEP_DB=1 leaves the 100,000-photo database behind and prints where).
// Recall alone, in memory and in a minute: bench/goods-photo/recall.ts.
// Needs the development set's photos (bench/goods-photo/devset.ts says which Debian packages) and
// fills its feature cache first if empty (faster beforehand in two shards: bench/goods-photo/featureCache.ts).
// Prints `name: value unit` lines:
// - goods_photo_recall_at_1/5_{tuning,held_out}: the re-photographed goods (3 photos each) among 10,000
//   registered photos (the goods and distractors), ranked by the module (index + geometric verification);
//   the same with the index's order alone (`_index_only`), and a global-descriptor baseline (sharp:
//   16x16 grey + colour histogram, nearest by cosine) among the same 10,000 (`_global`)
// - goods_photo_describe_p50/p95: describing a photo in the worker (decode, ORB, words)
// - goods_photo_register_p50/p95: registering a photo (describe + index) with 100,000 photos indexed
// - goods_photo_remove_p50/p95: taking those photos out of the index again
// - goods_photo_search_p50/p95_{pglite,postgres}: a search by photo (describe both views, index, verify) at 100,000
//   photos, the index vacuumed and analysed as autovacuum leaves it after the bulk registration;
//   90,000 of them are variations made from the 10,000 described photos' keypoints (a crop, rotation and
//   scale of their keypoints, a fifth dropped), so that the index holds 100,000 photos' postings without
//   generating and describing 90,000 more pictures
// - goods_photo_bench_peak_rss_*: peak resident memory of this process while searching and registering
//   (its own data, workers and PGlite included: not the server's)
// - goods_photo_server_*: the built server (npm run build first; SERVER=0 skips it) on the 100,000 photos:
//   a search through HTTP, and the server's memory when ready and at its peak while searching
// - goods_photo_search_{describe,index,shortlist,verify}_p50_*: where a search's time goes
import { HQ_COMPANY_ID, IDLE_TIMEOUT_MS } from '@app/contract'
import { sql } from 'drizzle-orm'
import { goodsPhotos } from '../server/src/db/schema/index.js'
import { descriptorOf, type PhotoDescriptor } from '../server/src/goods/photoMatch/descriptor.js'
import { describeQuery, registerGoodsPhoto, removeGoodsPhoto, searchDescribed, searchGoodsPhotos, SHORTLIST, startPhotoMatchJobs, verifyShortlist } from '../server/src/goods/photoMatch/index.js'
import { candidates, indexPhotos, photosInScope } from '../server/src/goods/photoMatch/store.js'
import { readVocabulary } from '../server/src/goods/photoMatch/vocabulary.js'
import { distractor, distractorIndices, goods, QUERIES_PER_ITEM, registeredPhoto, rePhotograph, rng } from './goods-photo/devset.js'
import { cached, entries, fillCache, readFeatures, readQuery, REGISTERED } from './goods-photo/featureCache.js'
import { cachedGlobal, nearestGlobal } from './goods-photo/globalBaseline.js'
import { createSession } from '../server/src/platform/sessions.js'
import { seed } from '../server/src/seed.js'
import { benchDatabase, percentile, report, rssOf, startBuiltServer } from './lib.js'

const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const LARGE = Number(process.env.GOODS_PHOTO_LARGE ?? 100_000)
const LATENCY_QUERIES = 40

try {
  goods()
} catch (err) {
  console.log(`goods_photo: skipped (${(err as Error).message})`)
  process.exit(0)
}

let peakRss = 0
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)

if (entries().some((e) => !cached(e.key))) await fillCache()
const vocabulary = readVocabulary(new URL('../server/src/goods/photoMatch/vocabulary.bin', import.meta.url))
const items = goods()
const described = (key: string) => descriptorOf(readFeatures(key), vocabulary)

// the 10,000 registered photos: goods first (goods-i is photo i + 1 of a fresh index), then distractors
const registered: { key: string; index?: number; descriptor: PhotoDescriptor }[] = [
  ...items.map((g) => ({ key: `goods-${g.id}`, descriptor: described(`goods-${g.id}`) })),
  ...distractorIndices(REGISTERED - items.length).map((i) => ({ key: `distractor-${i}`, index: i, descriptor: described(`distractor-${i}`) })),
]
const queries = items.flatMap((g) => Array.from({ length: QUERIES_PER_ITEM }, (_, k) => ({ item: g, k, descriptor: readQuery(g.id, k, vocabulary) })))

/** a variation of a described photo's keypoints: a crop, a rotation and scale, a fifth dropped */
function variation(d: PhotoDescriptor, seed: number): PhotoDescriptor {
  const r = rng(seed)
  const view = new DataView(d.keypoints.buffer, d.keypoints.byteOffset, d.keypoints.byteLength)
  const n = d.keypoints.byteLength / 8
  const cx = r() * 0.4 * d.width, cy = r() * 0.4 * d.height, keep = 0.6 + r() * 0.4
  const angle = (r() - 0.5) * 0.6, scale = 0.7 + r() * 0.6
  const words = new Set<number>()
  const kp = new Uint8Array(n * 8)
  const ov = new DataView(kp.buffer)
  let m = 0
  for (let i = 0; i < n; i++) {
    const x = view.getUint16(i * 8, true) / 64, y = view.getUint16(i * 8 + 2, true) / 64
    if (x < cx || y < cy || x > cx + keep * d.width || y > cy + keep * d.height || r() < 0.2) continue
    const u = ((x - cx) * Math.cos(angle) - (y - cy) * Math.sin(angle)) * scale + d.width / 4
    const v = ((x - cx) * Math.sin(angle) + (y - cy) * Math.cos(angle)) * scale + d.height / 4
    if (u < 0 || v < 0 || u > 1000 || v > 1000) continue
    const w = view.getUint32(i * 8 + 4, true)
    ov.setUint16(m * 8, Math.round(u * 64), true)
    ov.setUint16(m * 8 + 2, Math.round(v * 64), true)
    ov.setUint32(m * 8 + 4, w, true)
    words.add(w)
    m++
  }
  return { width: d.width, height: d.height, keypoints: kp.slice(0, m * 8), words: [...words].sort((a, b) => a - b) }
}

async function openBench(kind: 'pglite' | 'postgres') {
  const bench = await benchDatabase(kind, 'goods_photo_bench', PG_SERVER)
  await bench.database.migrate()
  const db = bench.database.db
  const companies = await db.execute<{ id: number }>(sql`insert into company (name) select '基地' || g from generate_series(1, 4) g returning id`)
  const companyIds = companies.rows.map((r) => Number(r.id))
  const add = async (list: PhotoDescriptor[], offset: number, batch: number) => {
    for (let i = 0; i < list.length; i += batch) {
      await indexPhotos(db, list.slice(i, i + batch).map((descriptor, j) => ({ companyId: companyIds[(offset + i + j) % companyIds.length]!, goodsId: offset + i + j + 1, descriptor })))
    }
  }
  return { ...bench, db, add }
}

const ranks = (found: number[], want: number) => found.indexOf(want)
function recallLines(name: string, rankOf: (q: (typeof queries)[number]) => number) {
  for (const [split, heldOut] of [['tuning', false], ['held_out', true]] as const) {
    const qs = queries.filter((q) => q.item.heldOut === heldOut)
    const r = qs.map(rankOf)
    report(`goods_photo_recall_at_1_${split}${name}`, (100 * r.filter((x) => x === 0).length) / qs.length, `% of ${qs.length}`, name ? undefined : '—')
    report(`goods_photo_recall_at_5_${split}${name}`, (100 * r.filter((x) => x >= 0 && x < 5).length) / qs.length, `% of ${qs.length}`, name ? undefined : '≥ 95 %')
  }
}

/**
 * The built server on the 100,000 photos: its memory when ready (OCR models loaded) and at its peak
 * while searching, and a search's time through HTTP (upload, picture check, search, the goods' records).
 */
async function throughServer(kind: string, env: Record<string, string>, dataDir: string, token: string, photos: Buffer[]) {
  const server = await startBuiltServer({ ...env, ADMIN_PASSWORD: 'Bench@123456' }, dataDir)
  try {
    const ready = rssOf(server.child.pid!)
    let peak = ready
    const poll = setInterval(() => { peak = Math.max(peak, rssOf(server.child.pid!)) }, 50)
    const search = async (photo: Buffer) => {
      const form = new FormData()
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg')
      const res = await fetch(`${server.base}/api/goods/searchByPhoto`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
      if (!res.ok) throw new Error(`searchByPhoto: ${res.status} ${await res.text()}`)
      await res.json()
    }
    const lat: number[] = []
    try {
      await search(photos[0]!)
      for (const photo of photos) {
        const t0 = performance.now()
        await search(photo)
        lat.push(performance.now() - t0)
      }
      // two at a time, as two users would
      for (let i = 0; i + 1 < photos.length; i += 2) await Promise.all([search(photos[i]!), search(photos[i + 1]!)])
    } finally {
      clearInterval(poll)
    }
    report(`goods_photo_server_search_p50_${kind}`, percentile(lat, 50), 'ms', 'through HTTP')
    report(`goods_photo_server_search_p95_${kind}`, percentile(lat, 95), 'ms')
    report(`goods_photo_server_rss_ready_${kind}`, ready / 1e6, 'MB')
    report(`goods_photo_server_rss_peak_${kind}`, peak / 1e6, 'MB', '≤ 1 GB, searching at 100,000 photos')
  } finally {
    await server.stop()
  }
}

const jobs = startPhotoMatchJobs(undefined, { size: 2 })
await jobs.start()
const kinds = (['pglite', 'postgres'] as const).filter((k) => process.env[k.toUpperCase()] !== '0')
let first = true
for (const kind of kinds) {
  const bench = await openBench(kind)
  try {
    const t0 = performance.now()
    await bench.add(registered.map((r) => r.descriptor), 0, 500)
    report(`goods_photo_index_10000_${kind}`, (performance.now() - t0) / 1000, 's')
    if (first && process.env.RECALL !== '0') { // RECALL=0: latency alone
      // recall among the 10,000 (goods-i is photo id i + 1)
      const moduleRanks = new Map<(typeof queries)[number], number>()
      for (const q of queries) moduleRanks.set(q, ranks((await searchDescribed(bench.db, jobs, q.descriptor, { limit: 10 })).map((m) => m.photoId), q.item.id + 1))
      recallLines('', (q) => moduleRanks.get(q)!)
      const indexRanks = new Map<(typeof queries)[number], number>()
      for (const q of queries) indexRanks.set(q, ranks((await candidates(bench.db, q.descriptor.words, 10)).map((c) => c.id), q.item.id + 1))
      recallLines('_index_only', (q) => indexRanks.get(q)!)
      if (process.env.GLOBAL !== '0') { // GLOBAL=0: without the global-descriptor baseline (its first run describes 10,000 photos)
        const globals: Float32Array[] = []
        for (const [i, r] of registered.entries()) {
          globals.push(await cachedGlobal(r.key, () => r.index === undefined ? registeredPhoto(items[i]!) : distractor(r.index)))
        }
        const globalRanks = new Map<(typeof queries)[number], number>()
        for (const q of queries) {
          const d = await cachedGlobal(`query-${q.item.id}-${q.k}`, () => rePhotograph(q.item, q.k))
          globalRanks.set(q, nearestGlobal(globals, d, 10).indexOf(q.item.id))
        }
        recallLines('_global', (q) => globalRanks.get(q)!)
      }
    }
    // up to LARGE photos: variations of the described ones
    const more: PhotoDescriptor[] = []  // released before the latency, whose memory is measured
    for (let i = registered.length; i < LARGE; i++) more.push(variation(registered[i % registered.length]!.descriptor, i))
    await bench.add(more, registered.length, 2000)
    // as autovacuum leaves the index a minute after a bulk registration: the 90,000 added in batches leave
    // its rows' old versions behind (15 for each live one), which a search would step over
    await bench.db.execute(sql`vacuum analyze goods_photo_posting`)
    await bench.db.execute(sql`vacuum analyze goods_photo`)
    const [{ n }] = (await bench.db.execute<{ n: number }>(sql`select count(*)::int as n from ${goodsPhotos}`)).rows
    report(`goods_photo_indexed_${kind}`, Number(n), 'photos')
    const photos = await Promise.all(queries.filter((_, i) => i % Math.ceil(queries.length / LATENCY_QUERIES) === 0).map((q) => rePhotograph(q.item, q.k)))
    more.length = 0
    peakRss = 0
    await searchGoodsPhotos(bench.db, jobs, photos[0]!) // warm
    const lat: number[] = []
    for (const photo of photos) {
      const t0 = performance.now()
      await searchGoodsPhotos(bench.db, jobs, photo)
      lat.push(performance.now() - t0)
    }
    // where a search's time goes: the same steps one by one
    const steps = { describe: [] as number[], index: [] as number[], shortlist: [] as number[], verify: [] as number[] }
    for (const photo of photos) {
      let t = performance.now()
      const lap = (list: number[]) => { const now = performance.now(); list.push(now - t); t = now }
      const q = await describeQuery(jobs, photo)
      lap(steps.describe)
      const ranked = await candidates(bench.db, q.words, 400)
      lap(steps.index)
      const shortlist = await photosInScope(bench.db, ranked.map((c) => c.id), undefined, SHORTLIST)
      lap(steps.shortlist)
      await verifyShortlist(jobs, q, shortlist.map((p) => p.keypoints))
      lap(steps.verify)
    }
    for (const [step, list] of Object.entries(steps)) report(`goods_photo_search_${step}_p50_${kind}`, percentile(list, 50), 'ms')
    report(`goods_photo_search_p50_${kind}`, percentile(lat, 50), 'ms', '≤ 300 ms at 100,000 goods')
    report(`goods_photo_search_p95_${kind}`, percentile(lat, 95), 'ms', '≤ 800 ms')
    const reg: number[] = []
    const toRegister = await Promise.all(items.slice(0, 20).map((g) => registeredPhoto(g)))
    for (const [i, photo] of toRegister.entries()) {
      const t0 = performance.now()
      await registerGoodsPhoto(bench.db, jobs, { companyId: 1 + (i % 2), goodsId: 900_000 + i, image: photo })
      reg.push(performance.now() - t0)
    }
    report(`goods_photo_register_p50_${kind}`, percentile(reg, 50), 'ms', '≤ 500 ms added to a save')
    report(`goods_photo_register_p95_${kind}`, percentile(reg, 95), 'ms')
    // taking them out again (an item deleted, a photo replaced): each of their words' rows holds the ids of its block's 34,000 photos
    const registeredIds = (await bench.db.execute<{ id: number }>(sql`select id from goods_photo where goods_id >= 900000 order by id`)).rows.map((r) => Number(r.id))
    const rem: number[] = []
    for (const id of registeredIds) {
      const t0 = performance.now()
      await removeGoodsPhoto(bench.db, id)
      rem.push(performance.now() - t0)
    }
    report(`goods_photo_remove_p50_${kind}`, percentile(rem, 50), 'ms')
    report(`goods_photo_remove_p95_${kind}`, percentile(rem, 95), 'ms')
    if (first) {
      const desc: number[] = []
      for (const photo of [...photos, ...toRegister]) {
        const t0 = performance.now()
        await jobs.run('describe', photo)
        desc.push(performance.now() - t0)
      }
      report('goods_photo_describe_p50', percentile(desc, 50), 'ms')
      report('goods_photo_describe_p95', percentile(desc, 95), 'ms')
    }
    report(`goods_photo_bench_peak_rss_${kind}`, peakRss / 1e6, 'MB') // this process: the benchmark's own data, its workers (and PGlite)
    first = false
    if (process.env.SERVER !== '0') {
      await seed(bench.db, { adminPassword: 'Bench@123456' })
      const [admin] = (await bench.db.execute<{ id: number }>(sql`select id from app_user where phone = 'admin'`)).rows
      const token = await createSession(bench.db, Number(admin!.id), HQ_COMPANY_ID, IDLE_TIMEOUT_MS)
      await bench.database.close()
      await throughServer(kind, bench.env, bench.dataDir, token, photos)
    }
  } finally {
    await bench.database.close().catch(() => undefined)
    if (process.env.KEEP_DB) console.log('kept', bench.env.DATABASE_URL || bench.dataDir)
    else await bench.drop()
  }
}
await jobs.close()
clearInterval(sampler)
