import { goods } from '../../src/db/schema/index.js'
import { registerGoodsPhoto } from '../../src/goods/photoMatch/index.js'
import { HARNESS_GOODS_PHOTO, item as goodsPhoto } from '../goodsPhotos/photoKit.js'
import type { TestEnv } from '../helpers.js'
import { MARKER, type OtherCompany } from './otherCompany.js'

/** Company B's registered item, photographed with B's picture, its photo in the photo search's index. */
export async function goodsRows(env: TestEnv, b: OtherCompany) {
  const [row] = await env.db.insert(goods).values({
    companyId: b.companyId, name: `${MARKER}金镯`, category: '黄金', ticketNumber: MARKER, ticketPicId: b.id('picture'),
    goodsPicIds: [b.id('picture')], pawnTime: new Date('2024-01-02T03:04:05Z'), pawnName: MARKER, phone: '13900000009',
    idNumber: '110105199003071239', photoText: MARKER,
  }).returning()
  b.ids.goods = row!.id
  await registerGoodsPhoto(env.db, env.ctx.photoMatch, { companyId: b.companyId, goodsId: row!.id, attachmentId: b.id('picture'), image: await goodsPhoto(HARNESS_GOODS_PHOTO) })
}
