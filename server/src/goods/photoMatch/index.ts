/**
 * Goods photo search (物品登记的以图搜物): a shop registers a pawned item's photo; headquarters
 * photographs an item again (another angle, distance, light, background, phone camera) and gets the
 * registered photos ranked by likeness.
 *
 *   const jobs = startPhotoMatchJobs()                                   // worker threads, one pool per server
 *   const photoId = await registerGoodsPhoto(db, jobs, { companyId, goodsId, attachmentId, image })
 *   const matches = await searchGoodsPhotos(db, jobs, image, { scope: (t) => inCompanyScope(auth, t.companyId), limit: 10 })
 *   // [{ photoId, goodsId, companyId, attachmentId, score, inliers }], best first
 *   await removeGoodsPhoto(db, photoId)
 *
 * How: each photo is described once, in a worker (descriptor.ts): ORB keypoints on a 640 px grey
 * copy, each quantised to a visual word of a 65,536-word vocabulary trained on the development set
 * (vocabulary.bin). Its keypoints are kept in goods_photo and its words in the inverted index
 * goods_photo_posting (store.ts). A search photo is described twice, whole and its centre seen closer
 * (an item small on a busy ground), in two workers side by side; the search scores the photos sharing
 * either view's words (tf-idf), keeps the best SHORTLIST that `scope` lets through, and ranks them by
 * geometric verification in the workers (verify.ts: inliers of one homography, the better view's).
 * `score` is in [0, 1): 0 when no consistent geometry was
 * found (an unrelated photo), about 0.5 at 25 inliers. A buffer that is not a picture is refused
 * with 400 (GoodsPhotoMsg.notAPhoto), one over IMAGE_MAX_PIXELS with 413.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { goodsPhotos } from '../../db/schema/index.js'
import { withCentreView, type PhotoDescriptor } from './descriptor.js'
import type { PhotoMatchJobs } from './jobs.js'
import { candidates, indexPhotos, photosInScope, unindexPhoto, type PhotoScope } from './store.js'
import { scoreOf } from './verify.js'

export { QUERY_PHOTO_SIDE } from './features.js'
export { startPhotoMatchJobs, type PhotoMatchJobs } from './jobs.js'
export type { PhotoScope } from './store.js'

/** photos the index proposes, before the scope */
const CANDIDATES = 400
/** photos verified geometrically, within the scope */
export const SHORTLIST = 40
/** inliers the best-scored photo of the index is worth beside its own */
const INDEX_WEIGHT = 8

export interface GoodsPhotoMatch {
  photoId: number
  goodsId: number
  companyId: number
  attachmentId: number | null
  score: number
  inliers: number
}

/** Describes the photo (in a worker) and adds it to the index; answers its goods_photo id. */
export async function registerGoodsPhoto(
  db: Executor, jobs: PhotoMatchJobs, photo: { companyId: number; goodsId: number; attachmentId?: number | null; image: Buffer },
): Promise<number> {
  const descriptor = await jobs.run('describe', photo.image)
  // the row and its postings together (a row without postings would count as indexed and never be found),
  // once per item and stored photo: another server process may be indexing the same item
  return db.transaction(async (tx) => {
    if (photo.attachmentId != null) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`goods-photo:${photo.goodsId}`}))`)
      const [kept] = await tx.select({ id: goodsPhotos.id }).from(goodsPhotos)
        .where(and(eq(goodsPhotos.goodsId, photo.goodsId), eq(goodsPhotos.attachmentId, photo.attachmentId)))
      if (kept) return kept.id
    }
    const [id] = await indexPhotos(tx, [{ ...photo, descriptor }])
    return id!
  })
}

export async function searchGoodsPhotos(
  db: Executor, jobs: PhotoMatchJobs, image: Buffer, options: { scope?: PhotoScope; limit?: number } = {},
): Promise<GoodsPhotoMatch[]> {
  return searchDescribed(db, jobs, await describeQuery(jobs, image), options)
}

/** A search photo's descriptor record: its two views described side by side, in two workers when both are free (both admitted, or 429). */
export async function describeQuery(jobs: PhotoMatchJobs, image: Buffer): Promise<PhotoDescriptor> {
  const [whole, centre] = await jobs.runEach('describeView', [{ image, view: 'whole' }, { image, view: 'centre' }])
  return withCentreView(whole, centre)
}

/** Inliers of each candidate against the query, the shortlist verified in halves by two workers when both are free. */
export async function verifyShortlist(jobs: PhotoMatchJobs, query: PhotoDescriptor, candidates: Uint8Array[]): Promise<number[]> {
  const half = Math.ceil(candidates.length / 2)
  const parts = [candidates.slice(0, half), candidates.slice(half)].filter((part) => part.length)
  return (await jobs.runEach('verify', parts.map((part) => ({ query: query.keypoints, split: query.split, candidates: part })))).flat()
}

/** `searchGoodsPhotos` of a photo described already (the benchmark's cached query photos). */
export async function searchDescribed(
  db: Executor, jobs: PhotoMatchJobs, query: PhotoDescriptor, options: { scope?: PhotoScope; limit?: number } = {},
): Promise<GoodsPhotoMatch[]> {
  const ranked = await candidates(db, query.words, CANDIDATES)
  const shortlist = await photosInScope(db, ranked.map((c) => c.id), options.scope, SHORTLIST)
  if (!shortlist.length) return []
  const counts = await verifyShortlist(jobs, query, shortlist.map((p) => p.keypoints))
  const indexScore = new Map(ranked.map((c) => [c.id, c.score]))
  const best = indexScore.get(shortlist[0]!.id)!
  return shortlist
    .map((p, i) => ({
      match: { photoId: p.id, goodsId: p.goodsId, companyId: p.companyId, attachmentId: p.attachmentId, inliers: counts[i]!, score: scoreOf(counts[i]!) },
      // inliers first; the index's score settles near ties (a few chance inliers on a busy picture)
      rank: counts[i]! + INDEX_WEIGHT * (indexScore.get(p.id)! / best),
    }))
    .sort((a, b) => b.rank - a.rank)
    .slice(0, options.limit ?? 10)
    .map((m) => m.match)
}

/** Takes a photo out of the index (its goods deleted, the photo replaced); false when it was not there. */
export const removeGoodsPhoto = (db: Executor, photoId: number) => unindexPhoto(db, photoId)
