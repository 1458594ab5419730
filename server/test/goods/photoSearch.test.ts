/**
 * 以图搜物 through the API: the photos of a saved item are indexed after the save, a new photo of it
 * finds it first with its matching photo, within the caller's bases; a move to another base and a
 * delete follow; what is not a photo, too large or missing is refused in Chinese.
 */
import { GoodsPhotoMsg, GoodsPhotoSearchMsg } from '@app/contract'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { backgroundSettled } from '../../src/modules/goods/background.js'
import { backfillGoodsPhotos } from '../../src/modules/goods/index.js'
import { registerGoodsPhoto } from '../../src/goods/photoMatch/index.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { item as photoOf, rePhotographed } from '../goodsPhotos/photoKit.js'
import { item, uploadPicture } from './goodsKit.js'

let env: TestEnv
let hq: string
let baseA: string
let baseB: string
let operator: string
let b: number
/** goods ids by name */
const ids: Record<string, number> = {}
/** the attachment of each item's photo */
const photos: Record<string, number> = {}

const TARGET = 100

beforeAll(async () => {
  env = await createTestApp()
  env.ctx.reader.analyze = async () => ({ origin: '' }) as never
  hq = await env.token()
  const a = (await makeCompany(env.db, '以图甲基地')).id
  b = (await makeCompany(env.db, '以图乙基地')).id
  const adminA = await makeUser(env.db, { phone: '13633330001', role: 'baseAdmin', companyIds: [a] })
  const adminB = await makeUser(env.db, { phone: '13633330002', role: 'baseAdmin', companyIds: [b] })
  const op = await makeUser(env.db, { phone: '13633330003', role: 'operator', companyIds: [a] })
  baseA = await env.token(adminA.phone, adminA.password)
  baseB = await env.token(adminB.phone, adminB.password)
  operator = await env.token(op.phone, op.password)
  const register = async (token: string, name: string, seed: number) => {
    photos[name] = await uploadPicture(env, token, await photoOf(seed), `${name}.jpg`)
    const saved = await env.call(token, 'POST', '/api/goods/save', item(photos[name]!, [photos[name]!], { name, ticketNumber: `PS-${name}` }))
    if (saved.status !== 200) throw new Error(saved.message)
    ids[name] = saved.data.id
  }
  await register(baseA, '甲的手表', TARGET)
  for (const seed of [1, 2, 3]) await register(baseA, `甲的其他${seed}`, seed)
  await register(baseB, '乙的同款手表', TARGET)
  await backgroundSettled()
})
afterAll(async () => env?.close())

const search = async (token: string, photo: Buffer | null, name = 'query.jpg') =>
  env.upload(token, '/api/goods/searchByPhoto', multipart({ file: photo ? { name, data: photo } : undefined }))
const names = (res: { data: { goods: { name: string } }[] }) => res.data.map((m) => m.goods.name)

describe('search by photo', () => {
  test('a new photo of a registered item finds it first, with its score and the photo that matched, in the caller\'s base only', async () => {
    const res = await search(baseA, await rePhotographed(await photoOf(TARGET), 500))
    expect(res.status).toBe(200)
    expect(res.data[0]).toMatchObject({ goods: { id: ids['甲的手表'], name: '甲的手表', phone: '138****5678' }, photoId: photos['甲的手表'] })
    expect(res.data[0].score).toBeGreaterThan(0.3)
    expect(res.message).toBe(GoodsPhotoSearchMsg.found(res.data.length))
    expect(names(res)).not.toContain('乙的同款手表')
    for (const other of res.data.slice(1)) expect(other.score).toBeLessThan(res.data[0].score / 2)
  })

  test('headquarters finds the item at every base', async () => {
    const res = await search(hq, await rePhotographed(await photoOf(TARGET), 501))
    expect(new Set(names(res).slice(0, 2))).toEqual(new Set(['甲的手表', '乙的同款手表']))
  })

  test('an item moved to another base is found there, no longer at the old one; a deleted item is not found', async () => {
    expect(await env.call(hq, 'POST', `/api/goods/update/${ids['甲的手表']}`, { shopId: b })).toMatchObject({ status: 200 })
    await backgroundSettled()
    const photo = await rePhotographed(await photoOf(TARGET), 502)
    expect(names(await search(baseA, photo))).not.toContain('甲的手表')
    expect(new Set(names(await search(baseB, photo)).slice(0, 2))).toEqual(new Set(['甲的手表', '乙的同款手表']))

    expect(await env.call(baseB, 'POST', `/api/goods/delete/${ids['乙的同款手表']}`)).toMatchObject({ status: 200 })
    await backgroundSettled()
    expect(names(await search(hq, photo))).not.toContain('乙的同款手表')
    const left = await env.db.execute<{ n: string }>(sql`select count(*) n from goods_photo where goods_id = ${ids['乙的同款手表']!}`)
    expect(Number(left.rows[0]!.n)).toBe(0)
  })

  test('a photo of nothing registered finds nothing alike', async () => {
    const res = await search(baseA, await rePhotographed(await photoOf(777), 503))
    expect(res.status).toBe(200)
    expect(res.data.every((m: { score: number }) => m.score < 0.15)).toBe(true)
  })
})

describe('the index catches up', () => {
  test('photos saved while no index was kept (the demo data, a stop before it caught up) are indexed at start-up, once', async () => {
    await env.db.execute(sql`delete from goods_photo`)
    expect(await backfillGoodsPhotos(env.ctx)).toBe(4)
    const rows = await env.db.execute<{ n: string }>(sql`select count(*) n from goods_photo`)
    expect(Number(rows.rows[0]!.n)).toBe(4)
    expect(await backfillGoodsPhotos(env.ctx)).toBe(0)
    // two processes indexing the same item at once keep one row a photo
    const item = ids['甲的其他1']!
    await env.db.execute(sql`delete from goods_photo where goods_id = ${item}`)
    const image = await photoOf(1)
    await Promise.all([1, 2, 3].map(() => registerGoodsPhoto(env.db, env.ctx.photoMatch, { companyId: b, goodsId: item, attachmentId: photos['甲的其他1']!, image })))
    const kept = await env.db.execute<{ n: string }>(sql`select count(*) n from goods_photo where goods_id = ${item}`)
    expect(Number(kept.rows[0]!.n)).toBe(1)
    expect((await search(baseB, await rePhotographed(await photoOf(TARGET), 504))).data[0]).toMatchObject({ goods: { name: '甲的手表' } })
  })
})

describe('what the search refuses', () => {
  test('no photo, a text file, a truncated JPEG, too many pixels, too many bytes: a clear 4xx each, and the server goes on', async () => {
    expect(await search(baseA, null)).toMatchObject({ status: 400, message: GoodsPhotoSearchMsg.missing })
    expect(await env.call(baseA, 'POST', '/api/goods/searchByPhoto', {})).toMatchObject({ status: 400 })
    expect(await search(baseA, Buffer.from('这不是图片'), 'note.jpg')).toMatchObject({ status: 400, message: GoodsPhotoMsg.notAPhoto })
    expect(await search(baseA, (await photoOf(5)).subarray(0, 2000))).toMatchObject({ status: 400, message: GoodsPhotoMsg.notAPhoto })
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer()
    expect(await search(baseA, huge, 'huge.png')).toMatchObject({ status: 413, message: GoodsPhotoMsg.tooManyPixels })
    expect(await search(baseA, Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'big.jpg')).toMatchObject({ status: 413, message: GoodsPhotoSearchMsg.tooLarge })
    expect((await env.call(null, 'GET', '/api/health')).status).toBe(200)
  })

  test('needs the goods permission and a session', async () => {
    const photo = await photoOf(TARGET)
    expect(await search(operator, photo)).toMatchObject({ status: 403 })
    const anonymous = await env.app.inject({ method: 'POST', url: '/api/goods/searchByPhoto', ...multipart({ file: { name: 'q.jpg', data: photo } }) })
    expect(anonymous.statusCode).toBe(401)
  })
})
