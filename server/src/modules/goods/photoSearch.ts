/**
 * 以图搜物 on the goods module's side: keeping the photo index (goods/photoMatch) in line with the items'
 * photos, and answering a search with the caller's goods.
 *
 * The index follows each save, change of base and delete in the background (a save does not wait for
 * its photos to be described), one item at a time; `backfill` catches up at start-up with photos saved
 * while no index was kept (demo data, a process that stopped before it was done).
 */
import { GOODS_PHOTO_RESULTS, type GoodsPhotoMatch } from '@app/contract'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, goods, goodsPhotos } from '../../db/schema/index.js'
import { registerGoodsPhoto, removeGoodsPhoto, searchGoodsPhotos, type PhotoMatchJobs } from '../../goods/photoMatch/index.js'
import { AppError } from '../../platform/errors.js'
import type { FileStore } from '../../platform/files.js'
import type { SessionUser } from '../../platform/sessions.js'
import { inCompanyScope } from '../../platform/tenancy.js'
import { inBackground } from './background.js'
import { photoFilesOf, toGoods } from './service.js'

export interface PhotoIndexDeps {
  db: Executor
  files: FileStore
  jobs: PhotoMatchJobs
  failed?: (err: Error) => void
}

/** items whose photos are not all in the index, a batch at a time */
const BACKFILL_BATCH = 200

/** Runs `job`, again after a pause while the workers' queue is full (429), a few times. */
async function whenNotBusy<T>(job: () => Promise<T>, tries = 6): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await job()
    } catch (err) {
      if (!(err instanceof AppError && err.status === 429) || i >= tries) throw err
      await new Promise((resolve) => setTimeout(resolve, 500 * i))
    }
  }
}

export function goodsPhotoIndex(deps: PhotoIndexDeps) {
  const { db, files, jobs } = deps
  // an item's changes in the order they were made: two saves in a row must not index a photo twice
  const queues = new Map<number, Promise<void>>()

  async function sync(goodsId: number) {
    const item = await photoFilesOf(db, goodsId)
    const indexed = await db.select({ id: goodsPhotos.id, attachmentId: goodsPhotos.attachmentId, companyId: goodsPhotos.companyId })
      .from(goodsPhotos).where(eq(goodsPhotos.goodsId, goodsId))
    const kept = new Set(item?.photos.map((p) => p.attachmentId))
    for (const photo of indexed) if (photo.attachmentId == null || !kept.has(photo.attachmentId)) await removeGoodsPhoto(db, photo.id)
    if (!item) return
    // headquarters moved the item to another base: its photos are searched as that base's
    if (indexed.some((p) => p.companyId !== item.companyId)) {
      await db.update(goodsPhotos).set({ companyId: item.companyId }).where(eq(goodsPhotos.goodsId, goodsId))
    }
    const present = new Set(indexed.map((p) => p.attachmentId))
    for (const photo of item.photos) {
      if (present.has(photo.attachmentId)) continue
      const image = await files.get(photo.sha256)
      if (!image) continue
      // one photo that cannot be described does not keep the others out
      await whenNotBusy(() => registerGoodsPhoto(db, jobs, { companyId: item.companyId, goodsId, attachmentId: photo.attachmentId, image }))
        .catch((err: Error) => deps.failed?.(err))
    }
  }

  const queued = (goodsId: number) => {
    const next = (queues.get(goodsId) ?? Promise.resolve()).then(() => sync(goodsId))
    const settled = next.catch(() => undefined)
    queues.set(goodsId, settled)
    void settled.then(() => { if (queues.get(goodsId) === settled) queues.delete(goodsId) })
    return next
  }

  return {
    /** brings the index in line with the item (saved, changed, moved or deleted), after the answer */
    schedule(goodsId: number) {
      inBackground(() => queued(goodsId), deps.failed)
    },
    /** indexes every photo the index lacks; answers how many items it looked at */
    async backfill(): Promise<number> {
      let done = 0
      let after = 0
      for (;;) {
        const rows = await db.execute(sql`
          select g.id from goods g
          where g.id > ${after} and exists (
            select 1 from unnest(g.goods_pic_ids) as pic(id)
            where not exists (select 1 from goods_photo p where p.goods_id = g.id and p.attachment_id = pic.id))
          order by g.id limit ${BACKFILL_BATCH}`)
        const ids = (rows.rows as { id: number }[]).map((r) => Number(r.id))
        if (!ids.length) return done
        for (const id of ids) await queued(id).catch((err: Error) => deps.failed?.(err))
        done += ids.length
        after = ids[ids.length - 1]!
      }
    },
  }
}

/**
 * The caller's goods whose photos look like `image` (a picture accepted already), best first, one entry
 * an item (its best-matching photo), at most GOODS_PHOTO_RESULTS.
 */
export async function searchGoodsByPhoto(db: Executor, jobs: PhotoMatchJobs, auth: SessionUser, image: Buffer): Promise<GoodsPhotoMatch[]> {
  const matches = await searchGoodsPhotos(db, jobs, image, {
    scope: (t) => inCompanyScope(auth, t.companyId),
    limit: GOODS_PHOTO_RESULTS * 3,
  })
  const best = new Map<number, (typeof matches)[number]>()
  for (const m of matches) if (!best.has(m.goodsId)) best.set(m.goodsId, m)
  const ids = [...best.keys()].slice(0, GOODS_PHOTO_RESULTS)
  if (!ids.length) return []
  // the item's own base decides, not the photo row's: an item moved meanwhile is shown only where it now is
  const rows = await db.select({ g: goods, shopName: companies.name }).from(goods)
    .leftJoin(companies, eq(companies.id, goods.companyId))
    .where(and(inArray(goods.id, ids), inCompanyScope(auth, goods.companyId)))
  const byId = new Map(rows.map((r) => [r.g.id, r]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    const m = best.get(id)!
    return row ? [{ goods: toGoods(row), score: m.score, inliers: m.inliers, photoId: m.attachmentId }] : []
  })
}
