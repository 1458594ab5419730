import {
  ATTACHMENT_MAX_BYTES, GoodsPhotoMsg, GoodsPhotoSearchMsg, goodsBody, goodsFilters, goodsQuery, goodsRevealBody, goodsUpdateBody, idParam, Msg,
} from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { exportRoute } from '../../platform/exportRoute.js'
import { QUERY_PHOTO_SIDE } from '../../goods/photoMatch/index.js'
import { acceptPicture } from '../../platform/pictures.js'
import { readUploadedFile } from '../../platform/upload.js'
import { goodsPhotoIndex, searchGoodsByPhoto } from './photoSearch.js'
import { photoTextReader } from './photoText.js'
import * as service from './service.js'

/**
 * The spec's goods calls (001 §7 "Goods"), all POST, plus the logged reveal of a phone or ID number and
 * the export of the filtered list. Menu key imagesearch, permission goods.
 *
 * 以图搜物 is `/goods/searchByPhoto`: the photo is accepted like any picture, then matched against the
 * photo index (goods/photoMatch), which each save, change and delete brings in line in the background.
 */
export function goodsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { access: 'goods' as const }
  const tags = ['物品登记']
  const idParams = z.object({ id: idParam().describe('物品编号') })
  const photoText = photoTextReader({ db: ctx.db, files: ctx.files, reader: ctx.reader })
  const photoIndex = goodsPhotoIndexOf(ctx, app)

  r.post('/goods/find', { config, schema: { tags, summary: '物品列表（imagetext：按名称、当票号和照片上的文字模糊查找）', body: goodsQuery } },
    async (req) => service.findGoods(ctx.db, authOf(req), req.body))

  r.post('/goods/save', { config, schema: { tags, summary: '登记物品', body: goodsBody } }, async (req) => {
    const item = await service.saveGoods(ctx.db, authOf(req), req.body)
    photoText.schedule(item.id)
    photoIndex.schedule(item.id)
    return done(item, Msg.created)
  })

  r.post('/goods/update/:id', { config, schema: { tags, summary: '编辑物品（只改所传字段；标记可疑、作废也用它）', params: idParams, body: goodsUpdateBody } }, async (req) => {
    const { goods, photosChanged, moved } = await service.updateGoods(ctx.db, authOf(req), req.params.id, req.body)
    if (photosChanged) photoText.schedule(goods.id)
    // a moved item's photos are searched as the new base's; a mark (可疑, 作废) changes nothing of the index
    if (photosChanged || moved) photoIndex.schedule(goods.id)
    return done(goods, Msg.updated)
  })

  r.post('/goods/delete/:id', { config, schema: { tags, summary: '删除物品', params: idParams } }, async (req) => {
    await service.deleteGoods(ctx.db, authOf(req), req.params.id)
    photoIndex.schedule(req.params.id)
    return done(null, Msg.deleted)
  })

  r.post('/goods/getById/:id', { config, schema: { tags, summary: '物品详情（手机号、身份证号打码）', params: idParams } },
    async (req) => service.getGoods(ctx.db, authOf(req), req.params.id))

  r.post('/goods/reveal/:id', {
    config, schema: { tags, summary: '查看完整的身份证号或手机号（总部管理员、基地管理员；每次查看记入日志）', params: idParams, body: goodsRevealBody },
  }, async (req) => service.revealGoods(ctx.db, authOf(req), req.params.id, req.body.field))

  r.post('/goods/searchByPhoto', {
    config,
    schema: { tags, consumes: ['multipart/form-data'], summary: '以图搜物：上传物品照片（JPG/PNG/WebP，≤10MB），按相似度返回本人可见范围内的物品及匹配的照片' },
  }, async (req) => {
    const file = await readUploadedFile(req, ATTACHMENT_MAX_BYTES, { empty: GoodsPhotoSearchMsg.missing, tooLarge: GoodsPhotoSearchMsg.tooLarge })
    const photo = await acceptPicture(file.buffer, {
      maxSide: QUERY_PHOTO_SIDE, messages: { unreadable: GoodsPhotoMsg.notAPhoto, tooManyPixels: GoodsPhotoMsg.tooManyPixels },
    })
    const found = await searchGoodsByPhoto(ctx.db, ctx.photoMatch, authOf(req), photo.data)
    return done(found, GoodsPhotoSearchMsg.found(found.length))
  })

  exportRoute(app, {
    url: '/goods/export', config, tags, summary: '导出物品列表（xlsx，手机号、身份证号打码）', query: goodsFilters,
    exporter: service.goodsExport,
    rows: (auth, q) => service.allGoods(ctx.db, auth, { ...q, shopId: q.companyId ?? q.shopId }),
  })
}



const indexes = new WeakMap<AppContext, ReturnType<typeof goodsPhotoIndex>>()
/** One photo index keeper per app: the routes and the start-up backfill share its per-item queue. */
function goodsPhotoIndexOf(ctx: AppContext, app?: FastifyInstance) {
  let index = indexes.get(ctx)
  if (!index) {
    index = goodsPhotoIndex({ db: ctx.db, files: ctx.files, jobs: ctx.photoMatch, failed: (err) => app?.log.warn({ err }, 'goods photo index') })
    indexes.set(ctx, index)
  }
  return index
}

/** Indexes the goods photos the index lacks (run once the server listens); answers how many items it looked at. */
export const backfillGoodsPhotos = (ctx: AppContext, app?: FastifyInstance) => goodsPhotoIndexOf(ctx, app).backfill()
