/**
 * The goods photo index in the database: goods_photo keeps each photo's keypoints, goods_photo_posting
 * the inverted index (word → photo ids, in blocks of 65,536, two bytes an id). A search reads only the
 * postings of the query's words, as one binary value, scores the photos sharing them (tf-idf), and
 * reads the keypoints of a shortlist alone.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { isEmbedded, type Executor } from '../../db/client.js'
import { goodsPhotos } from '../../db/schema/index.js'
import type { PhotoDescriptor } from './descriptor.js'

/** photo ids a posting row holds: id >> POSTING_BLOCK_BITS is its block, the low 16 bits are what it keeps (two bytes) */
const POSTING_BLOCK_BITS = 16
const IN_BLOCK = (1 << POSTING_BLOCK_BITS) - 1
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
      // (word, block) as one number: words < 2^20 (vocabulary.ts), blocks < 2^11 at 134 million photos
      const key = word * 2048 + block
      const list = postings.get(key)
      if (list) list.push(id)
      else postings.set(key, [id])
    }
  })
  // in (word, block) order, so that registrations running together lock the rows they share in one order
  const entries = [...postings].sort((a, b) => a[0] - b[0]).map(([key, list]) => {
    const bytes = Buffer.alloc(list.length * 2)
    list.forEach((id, k) => bytes.writeUInt16BE(id & IN_BLOCK, k * 2))
    return [Math.floor(key / 2048), key % 2048, bytes.toString('base64')]
  })
  await db.execute(sql`
    insert into goods_photo_posting (word, block, photos)
    select (e->>0)::int, (e->>1)::int, decode(e->>2, 'base64')
    from jsonb_array_elements(${JSON.stringify(entries)}::jsonb) e
    on conflict (word, block) do update set photos = goods_photo_posting.photos || excluded.photos`)
  return ids
}

/**
 * Takes a photo out of the index, its row and its two bytes in each of its words' rows together;
 * false when there was none. The rows are locked in word order, as registrations lock them, and
 * rewritten here rather than in SQL, which would fetch a long row once for each id it keeps.
 */
export async function unindexPhoto(db: Executor, photoId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [photo] = await tx.select({ keypoints: goodsPhotos.keypoints }).from(goodsPhotos).where(eq(goodsPhotos.id, photoId)).for('update')
    if (!photo) return false
    const words = new Set<number>()
    for (let i = 4; i + 4 <= photo.keypoints.length; i += 8) words.add(photo.keypoints.readUInt32LE(i))
    const block = photoId >> POSTING_BLOCK_BITS
    const own = photoId & IN_BLOCK
    const rows = await tx.execute<{ word: number; photos: string }>(sql`
      select word, encode(photos, 'base64') as photos from goods_photo_posting
      where block = ${block} and word = any(${sql.param([...words])}::int[]) order by word for update`)
    const kept = rows.rows.map((row) => {
      const bytes = Buffer.from(row.photos, 'base64')
      const out = Buffer.alloc(bytes.length)
      let n = 0
      for (let k = 0; k + 1 < bytes.length; k += 2) {
        if (((bytes[k]! << 8) | bytes[k + 1]!) === own) continue
        out[n++] = bytes[k]!
        out[n++] = bytes[k + 1]!
      }
      return [Number(row.word), out.subarray(0, n).toString('base64')]
    })
    if (kept.length) {
      await tx.execute(sql`
        update goods_photo_posting p set photos = decode(e->>1, 'base64')
        from jsonb_array_elements(${JSON.stringify(kept)}::jsonb) e
        where p.block = ${block} and p.word = (e->>0)::int`)
    }
    await tx.delete(goodsPhotos).where(eq(goodsPhotos.id, photoId))
    return true
  })
}

/**
 * The photos sharing most of the query's words, best first (tf-idf: each shared word counts
 * log(photos / photos with it), squared, and the sum is divided by the root of the photo's word
 * count), at most `depth`.
 */
export async function candidates(db: Executor, words: number[], depth: number): Promise<{ id: number; score: number }[]> {
  if (!words.length) return []
  // the postings as one value: a many-row answer is decoded value by value, and arrays as text, which took
  // most of a search's time; base64, because node-postgres reads a bytea from hex text at twice the length
  // word by word (lateral): `word = any(…)` over a thousand words is planned as a scan of the whole table
  // while its statistics still count it small, as after many goods are registered at once; and, on
  // PostgreSQL, without JIT, which such a plan's cost calls for and which took longer to compile than the read takes
  const read = sql`
    select (select coalesce(max(id), 0) from goods_photo) as total,
      (select encode(string_agg(int4send(p.word) || int4send(p.block) || int4send(length(p.photos)) || p.photos, ''::bytea), 'base64')
        from unnest(${sql.param(words)}::int[]) w(word),
        lateral (select * from goods_photo_posting where word = w.word) p) as postings`
  const result = isEmbedded(db) ? await db.execute(read) : await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`)
    return tx.execute(read)
  })
  const row = result.rows[0] as { total: number | string; postings: string | null }
  const total = Number(row.total)
  const bytes = Buffer.from(row.postings ?? '', 'base64')
  const rows: { word: number; block: number; at: number; length: number }[] = []
  const df = new Map<number, number>()
  for (let at = 0; at + 12 <= bytes.length;) {
    const word = bytes.readInt32BE(at), block = bytes.readInt32BE(at + 4), length = bytes.readInt32BE(at + 8)
    rows.push({ word, block, at: at + 12, length })
    df.set(word, (df.get(word) ?? 0) + length / 2)
    at += 12 + length
  }
  // by photo id (ids run from 1 to about `total`): 100,000 photos' scores in 400 kB, no hashing
  const scores = new Float32Array(total + 1)
  for (const { word, block, at, length } of rows) {
    const n = df.get(word)!
    if (!n || (total > 200 && n > total * STOP_SHARE)) continue
    const idf = Math.log((total + 1) / n)
    const weight = idf * idf
    const base = block << POSTING_BLOCK_BITS
    for (let k = at; k < at + length; k += 2) {
      const id = base | (bytes[k]! << 8) | bytes[k + 1]!
      scores[id]! += weight
    }
  }
  const leading = best(scores, depth * NORMALISED_SHARE)
  if (!leading.length) return []
  const counts = await db.select({ id: goodsPhotos.id, wordCount: goodsPhotos.wordCount }).from(goodsPhotos)
    .where(sql`${goodsPhotos.id} = any(${sql.param(leading)}::int[])`)
  return counts
    .map((c) => ({ id: c.id, score: scores[c.id]! / Math.sqrt(Math.max(c.wordCount, 50)) }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, depth)
}

/** The ids of the `count` highest scores above 0 (ties by the lower id): a typed sort finds the bar, only those above it are ordered. */
function best(scores: Float32Array, count: number): number[] {
  let scored = 0
  for (let id = 0; id < scores.length; id++) if (scores[id]! > 0) scored++
  let bar = Number.MIN_VALUE
  if (scored > count) {
    const values = new Float32Array(scored)
    for (let id = 0, k = 0; id < scores.length; id++) if (scores[id]! > 0) values[k++] = scores[id]!
    bar = values.sort()[scored - count]!
  }
  const ids: number[] = []
  for (let id = 0; id < scores.length; id++) if (scores[id]! >= bar) ids.push(id)
  return ids.sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, count)
}

/** Read as one JSON text: the embedded database's client copies each value of a many-row answer before decoding it. */
async function jsonOf<T>(db: Executor, query: SQL): Promise<T> {
  const result = await db.execute(sql`select coalesce(json_agg(q), '[]')::text as json from (${query}) q`)
  return JSON.parse((result.rows[0] as { json: string }).json) as T
}

export interface StoredPhoto {
  id: number
  companyId: number
  goodsId: number
  attachmentId: number | null
  keypoints: Buffer
}

/**
 * The photos of `ids` that `scope` lets through, in the order of `ids`, at most `limit`: which ones
 * first, then the keypoints of those alone, as one value (decoding many binary values one by one is
 * slow in the embedded database).
 */
export async function photosInScope(db: Executor, ids: number[], scope: PhotoScope | undefined, limit: number): Promise<StoredPhoto[]> {
  const found: Omit<StoredPhoto, 'keypoints'>[] = []
  // in slices: a narrow scope (one base's goods) may keep few of the best-scored photos
  for (let at = 0; at < ids.length && found.length < limit; at += limit * 4) {
    const slice = ids.slice(at, at + limit * 4)
    const rows = await db.select({
      id: goodsPhotos.id, companyId: goodsPhotos.companyId, goodsId: goodsPhotos.goodsId, attachmentId: goodsPhotos.attachmentId,
    }).from(goodsPhotos).where(and(sql`${goodsPhotos.id} = any(${sql.param(slice)}::int[])`, scope?.(goodsPhotos)))
    const byId = new Map(rows.map((r) => [r.id, r]))
    for (const id of slice) {
      const row = byId.get(id)
      if (row && found.length < limit) found.push(row)
    }
  }
  if (!found.length) return []
  const [{ packed }] = await jsonOf<[{ packed: [number, string][] }]>(db, sql`
    select json_agg(json_build_array(id, encode(keypoints, 'base64'))) as packed from goods_photo where id = any(${sql.param(found.map((p) => p.id))}::int[])`)
  const keypoints = new Map((packed ?? []).map(([id, b64]) => [id, Buffer.from(b64, 'base64')]))
  // a photo removed in between is left out
  return found.filter((p) => keypoints.has(p.id)).map((p) => ({ ...p, keypoints: keypoints.get(p.id)! }))
}
