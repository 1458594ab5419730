/**
 * The goods photo index in the database: goods_photo keeps each photo's keypoints, goods_photo_posting
 * the inverted index (word → photo ids, in blocks). A search reads only the postings of the query's
 * words, scores the photos sharing them (tf-idf), and reads the keypoints of a shortlist alone.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { goodsPhotoPostings, goodsPhotos } from '../../db/schema/index.js'
import type { PhotoDescriptor } from './descriptor.js'

/** photo ids a posting row holds: id >> POSTING_BLOCK_BITS is its block */
const POSTING_BLOCK_BITS = 13
/** a word in more than this share of the photos says little and costs the most to read: left out */
const STOP_SHARE = 0.05
/** of the photos scored highest by the shared words, `depth` times this are scored again by their number of words */
const NORMALISED_SHARE = 5

export interface NewGoodsPhoto {
  companyId: number
  goodsId: number
  attachmentId?: number | null
  descriptor: PhotoDescriptor
}

/** A condition on goods_photo that every result meets: the tenant filter (e.g. `inCompanyScope(auth, t.companyId, q.companyId)`). */
export type PhotoScope = (photo: typeof goodsPhotos) => SQL | undefined

/** Adds photos to the index (one statement for the rows, one for their postings); answers their ids in order. */
export async function indexPhotos(db: Executor, photos: NewGoodsPhoto[]): Promise<number[]> {
  if (!photos.length) return []
  const rows = await db.insert(goodsPhotos).values(photos.map((p) => ({
    companyId: p.companyId,
    goodsId: p.goodsId,
    attachmentId: p.attachmentId ?? null,
    width: p.descriptor.width,
    height: p.descriptor.height,
    keypoints: Buffer.from(p.descriptor.keypoints.buffer, p.descriptor.keypoints.byteOffset, p.descriptor.keypoints.byteLength),
    wordCount: p.descriptor.words.length,
  }))).returning({ id: goodsPhotos.id })
  const ids = rows.map((r) => r.id)
  const postings = new Map<number, number[]>()
  photos.forEach((p, i) => {
    const id = ids[i]!
    const block = id >> POSTING_BLOCK_BITS
    for (const word of p.descriptor.words) {
      // (word, block) as one number: words < 2^20 (vocabulary.ts), blocks < 2^11 at 16 million photos
      const key = word * 2048 + block
      const list = postings.get(key)
      if (list) list.push(id)
      else postings.set(key, [id])
    }
  })
  // in (word, block) order, so that registrations running together lock the rows they share in one order
  const entries = [...postings].sort((a, b) => a[0] - b[0]).map(([key, list]) => [Math.floor(key / 2048), key % 2048, list])
  await db.execute(sql`
    insert into goods_photo_posting (word, block, photo_ids)
    select (e->>0)::int, (e->>1)::int, array(select jsonb_array_elements_text(e->2)::int)
    from jsonb_array_elements(${JSON.stringify(entries)}::jsonb) e
    on conflict (word, block) do update set photo_ids = goods_photo_posting.photo_ids || excluded.photo_ids`)
  return ids
}

/** Takes a photo out of the index; false when there was none. */
export async function unindexPhoto(db: Executor, photoId: number): Promise<boolean> {
  const [photo] = await db.select({ keypoints: goodsPhotos.keypoints }).from(goodsPhotos).where(eq(goodsPhotos.id, photoId))
  if (!photo) return false
  const words = new Set<number>()
  for (let i = 4; i + 4 <= photo.keypoints.length; i += 8) words.add(photo.keypoints.readUInt32LE(i))
  await db.update(goodsPhotoPostings)
    .set({ photoIds: sql`array_remove(${goodsPhotoPostings.photoIds}, ${photoId})` })
    .where(and(eq(goodsPhotoPostings.block, photoId >> POSTING_BLOCK_BITS), sql`${goodsPhotoPostings.word} = any(${sql.param([...words])}::int[])`))
  await db.delete(goodsPhotos).where(eq(goodsPhotos.id, photoId))
  return true
}

/** Read as one JSON text: the embedded database's client copies each value of a many-row answer before decoding it. */
async function jsonOf<T>(db: Executor, query: SQL): Promise<T> {
  const result = await db.execute(sql`select coalesce(json_agg(q), '[]')::text as json from (${query}) q`)
  return JSON.parse((result.rows[0] as { json: string }).json) as T
}

/**
 * The photos sharing most of the query's words, best first (tf-idf: each shared word counts
 * log(photos / photos with it), squared), at most `depth`.
 */
export async function candidates(db: Executor, words: number[], depth: number): Promise<{ id: number; score: number }[]> {
  if (!words.length) return []
  const [{ total, postings }] = await jsonOf<[{ total: number; postings: [number, number[]][] | null }]>(db, sql`
    select (select coalesce(max(id), 0) from goods_photo) as total,
      (select json_agg(json_build_array(word, photo_ids)) from goods_photo_posting where word = any(${sql.param(words)}::int[])) as postings`)
  const byWord = new Map<number, number[][]>()
  for (const [word, ids] of postings ?? []) {
    const lists = byWord.get(word)
    if (lists) lists.push(ids)
    else byWord.set(word, [ids])
  }
  // by photo id (ids run from 1 to about `total`): 100,000 photos' scores in 400 kB, no hashing
  let scores = new Float32Array(total + 1)
  const touched: number[] = []
  for (const lists of byWord.values()) {
    const df = lists.reduce((n, l) => n + l.length, 0)
    if (!df || (total > 200 && df > total * STOP_SHARE)) continue
    const idf = Math.log((total + 1) / df)
    const weight = idf * idf
    for (const list of lists) {
      for (const id of list) {
        if (id >= scores.length) {
          const grown = new Float32Array(id * 2)
          grown.set(scores)
          scores = grown
        }
        if (scores[id] === 0) touched.push(id)
        scores[id]! += weight
      }
    }
  }
  const leading = touched.sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, depth * NORMALISED_SHARE)
  if (!leading.length) return []
  const counts = await db.select({ id: goodsPhotos.id, wordCount: goodsPhotos.wordCount }).from(goodsPhotos).where(inArray(goodsPhotos.id, leading))
  return counts
    .map((c) => ({ id: c.id, score: scores[c.id]! / Math.sqrt(Math.max(c.wordCount, 50)) }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, depth)
}

export interface StoredPhoto {
  id: number
  companyId: number
  goodsId: number
  attachmentId: number | null
  keypoints: Buffer
}

/** The photos of `ids` that `scope` lets through, in the order of `ids`, at most `limit`. */
export async function photosInScope(db: Executor, ids: number[], scope: PhotoScope | undefined, limit: number): Promise<StoredPhoto[]> {
  const found: StoredPhoto[] = []
  // in slices: a narrow scope (one base's goods) may keep few of the best-scored photos
  for (let at = 0; at < ids.length && found.length < limit; at += limit * 4) {
    const slice = ids.slice(at, at + limit * 4)
    const rows = await db.select({
      id: goodsPhotos.id, companyId: goodsPhotos.companyId, goodsId: goodsPhotos.goodsId,
      attachmentId: goodsPhotos.attachmentId, keypoints: goodsPhotos.keypoints,
    }).from(goodsPhotos).where(and(inArray(goodsPhotos.id, slice), scope?.(goodsPhotos)))
    const byId = new Map(rows.map((r) => [r.id, r]))
    for (const id of slice) {
      const row = byId.get(id)
      if (row && found.length < limit) found.push(row)
    }
  }
  return found
}
