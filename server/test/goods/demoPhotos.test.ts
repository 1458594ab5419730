/**
 * The demo's goods photos are found by the photo search: each label's photo, photographed again (turned,
 * smaller, on another ground, darker, a phone's JPEG), finds its own photo first among all the demo's.
 */
import { GOODS_CATEGORIES } from '@app/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { companies } from '../../src/db/schema/index.js'
import { itemPhoto, KINDS } from '../../src/demo/goods.js'
import { registerGoodsPhoto, searchGoodsPhotos } from '../../src/goods/photoMatch/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
const labels = GOODS_CATEGORIES.flatMap((category) => KINDS[category].labels.map((label) => ({ category, label })))
const ids = new Map<string, number>()

beforeAll(async () => {
  env = await createTestApp()
  const [shop] = await env.db.insert(companies).values({ name: '演示典当行' }).returning({ id: companies.id })
  let goodsId = 0
  for (const { category, label } of labels) ids.set(label, await registerGoodsPhoto(env.db, env.ctx.photoMatch, { companyId: shop!.id, goodsId: ++goodsId, image: await itemPhoto(category, label) }))
})
afterAll(async () => env?.close())

async function againOf(photo: Buffer) {
  const turned = await sharp(photo).rotate(12, { background: '#00000000' }).resize(340).png().toBuffer()
  const meta = await sharp(turned).metadata()
  return sharp({ create: { width: meta.width! + 200, height: meta.height! + 160, channels: 3, background: '#8a7f70' } })
    .composite([{ input: turned, left: 110, top: 70 }]).modulate({ brightness: 0.85 }).jpeg({ quality: 70 }).toBuffer()
}

test('every demo item photographed again finds its own photo first', async () => {
  const missed: string[] = []
  for (const { category, label } of labels) {
    const [best] = await searchGoodsPhotos(env.db, env.ctx.photoMatch, await againOf(await itemPhoto(category, label)))
    if (best?.photoId !== ids.get(label)) missed.push(label)
  }
  expect(missed).toEqual([])
})
