import { goodsBody, goodsFilters, goodsQuery, goodsRevealBody, goodsUpdateBody, idParam, Msg } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { exportRoute } from '../../platform/exportRoute.js'
import { photoTextReader } from './photoText.js'
import * as service from './service.js'

/**
 * The spec's goods calls (001 §7 "Goods"), all POST, plus the logged reveal of a phone or ID number and
 * the export of the filtered list. Menu key imagesearch, permission goods.
 *
 * PHOTO SEARCH SEAM: 以图搜图 (search by an uploaded photo) is not here yet. It plugs in as
 * `POST /goods/searchByPhoto` (multipart, one picture through acceptPicture): the photo matcher
 * (server/src/goods/photoMatch) answers the ranked attachment ids of similar photos, and the route
 * answers the caller's goods holding them, in that order, through `findGoods`' tenancy. The matcher's
 * index is fed where `photoText.schedule` is called below (a save or a change of photos).
 */
export function goodsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { access: 'goods' as const }
  const tags = ['物品登记']
  const idParams = z.object({ id: idParam().describe('物品编号') })
  const photoText = photoTextReader({ db: ctx.db, files: ctx.files, reader: ctx.reader })

  r.post('/goods/find', { config, schema: { tags, summary: '物品列表（imagetext：按名称、当票号和照片上的文字模糊查找）', body: goodsQuery } },
    async (req) => service.findGoods(ctx.db, authOf(req), req.body))

  r.post('/goods/save', { config, schema: { tags, summary: '登记物品', body: goodsBody } }, async (req) => {
    const item = await service.saveGoods(ctx.db, authOf(req), req.body)
    photoText.schedule(item.id)
    return done(item, Msg.created)
  })

  r.post('/goods/update/:id', { config, schema: { tags, summary: '编辑物品（只改所传字段；标记可疑、作废也用它）', params: idParams, body: goodsUpdateBody } }, async (req) => {
    const { goods, photosChanged } = await service.updateGoods(ctx.db, authOf(req), req.params.id, req.body)
    if (photosChanged) photoText.schedule(goods.id)
    return done(goods, Msg.updated)
  })

  r.post('/goods/delete/:id', { config, schema: { tags, summary: '删除物品', params: idParams } }, async (req) => {
    await service.deleteGoods(ctx.db, authOf(req), req.params.id)
    return done(null, Msg.deleted)
  })

  r.post('/goods/getById/:id', { config, schema: { tags, summary: '物品详情（手机号、身份证号打码）', params: idParams } },
    async (req) => service.getGoods(ctx.db, authOf(req), req.params.id))

  r.post('/goods/reveal/:id', {
    config, schema: { tags, summary: '查看完整的身份证号或手机号（总部管理员、基地管理员；每次查看记入日志）', params: idParams, body: goodsRevealBody },
  }, async (req) => service.revealGoods(ctx.db, authOf(req), req.params.id, req.body.field))

  exportRoute(app, {
    url: '/goods/export', config, tags, summary: '导出物品列表（xlsx，手机号、身份证号打码）', query: goodsFilters,
    exporter: service.goodsExport,
    rows: (auth, q) => service.allGoods(ctx.db, auth, { ...q, shopId: q.companyId ?? q.shopId }),
  })
}

