import { GoodsPhotoMsg } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companies } from '../../src/db/schema/index.js'
import {
  registerGoodsPhoto, removeGoodsPhoto, searchGoodsPhotos, startPhotoMatchJobs, type PhotoMatchJobs,
} from '../../src/goods/photoMatch/index.js'
import { packKeypoints } from '../../src/goods/photoMatch/descriptor.js'
import { candidates, indexPhotos } from '../../src/goods/photoMatch/store.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { item, rePhotographed } from './photoKit.js'

let env: TestEnv
let jobs: PhotoMatchJobs
let shopA: number
let shopB: number
const target = 100
const photoIds = new Map<number, number>()

beforeAll(async () => {
  env = await createTestApp()
  jobs = startPhotoMatchJobs(undefined, { size: 1 })
  const rows = await env.db.insert(companies).values([{ name: '甲典当行' }, { name: '乙典当行' }]).returning({ id: companies.id })
  shopA = rows[0]!.id
  shopB = rows[1]!.id
  // the target and nine other goods at shop A; a copy of the target at shop B
  for (const seed of [target, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
    photoIds.set(seed, await registerGoodsPhoto(env.db, jobs, { companyId: shopA, goodsId: seed, image: await item(seed) }))
  }
  photoIds.set(-target, await registerGoodsPhoto(env.db, jobs, { companyId: shopB, goodsId: 1000 + target, image: await item(target) }))
})
afterAll(async () => {
  await jobs?.close()
  await env?.close()
})

describe('search by photo', () => {
  test('the same goods photographed again (turned, nearer, other light and ground) ranks first, with a high score', async () => {
    const matches = await searchGoodsPhotos(env.db, jobs, await rePhotographed(await item(target), 500), { scope: (t) => eq(t.companyId, shopA) })
    expect(matches[0]).toMatchObject({ photoId: photoIds.get(target), goodsId: target, companyId: shopA })
    expect(matches[0]!.score).toBeGreaterThan(0.3)
    // the other goods, if listed at all, score far below
    for (const other of matches.slice(1)) expect(other.score).toBeLessThan(matches[0]!.score / 2)
  })

  test('a photo of something never registered scores low against everything', async () => {
    const matches = await searchGoodsPhotos(env.db, jobs, await rePhotographed(await item(777), 501))
    expect(matches.every((m) => m.score < 0.15)).toBe(true)
  })

  test("the scope keeps other companies' goods out, even the same item registered there", async () => {
    const photo = await rePhotographed(await item(target), 502)
    const atB = await searchGoodsPhotos(env.db, jobs, photo, { scope: (t) => eq(t.companyId, shopB) })
    expect(atB.map((m) => m.companyId)).toEqual([shopB])
    expect(atB[0]!.goodsId).toBe(1000 + target)
    const atA = await searchGoodsPhotos(env.db, jobs, photo, { scope: (t) => eq(t.companyId, shopA) })
    expect(atA.some((m) => m.companyId !== shopA)).toBe(false)
    // no scope (headquarters): both copies lead
    const all = await searchGoodsPhotos(env.db, jobs, photo)
    expect(new Set(all.slice(0, 2).map((m) => m.photoId))).toEqual(new Set([photoIds.get(target), photoIds.get(-target)]))
  })

  test('a removed photo is no longer found', async () => {
    const id = await registerGoodsPhoto(env.db, jobs, { companyId: shopA, goodsId: 55, image: await item(55) })
    const photo = await rePhotographed(await item(55), 503)
    expect((await searchGoodsPhotos(env.db, jobs, photo))[0]!.photoId).toBe(id)
    expect(await removeGoodsPhoto(env.db, id)).toBe(true)
    expect((await searchGoodsPhotos(env.db, jobs, photo)).some((m) => m.photoId === id)).toBe(false)
  })
})

describe('the index', () => {
  test("a removed photo takes its own two bytes out of a posting row, not two bytes straddling its neighbours'", async () => {
    // 1,300 photos sharing a word no real photo has: each id is two bytes in the row, so the bytes of ids
    // a and a + 1 side by side also spell, at an odd offset, a third id, which is removed here
    const descriptor = { width: 640, height: 480, keypoints: packKeypoints({ xy: Float32Array.of(10, 10), words: Uint32Array.of(70_000) }), words: [70_000] }
    const ids = await indexPhotos(env.db, Array.from({ length: 1300 }, (_, i) => ({ companyId: shopA, goodsId: 5000 + i, descriptor })))
    const present = new Set(ids)
    const a = ids.find((id) => present.has(id + 1) && present.has(((id & 255) << 8) | ((id + 1) >> 8)) && ((id & 255) << 8 | ((id + 1) >> 8)) !== id)!
    expect(a).toBeDefined()
    const straddling = ((a & 255) << 8) | ((a + 1) >> 8)
    expect(await removeGoodsPhoto(env.db, straddling)).toBe(true)
    const rows = await env.db.execute<{ photos: Buffer | Uint8Array }>(sql`select photos from goods_photo_posting where word = 70000`)
    const kept: number[] = []
    for (const row of rows.rows) {
      const bytes = Buffer.from(row.photos)
      for (let k = 0; k < bytes.length; k += 2) kept.push(bytes.readUInt16BE(k))
    }
    expect(kept.sort((x, y) => x - y)).toEqual(ids.filter((id) => id !== straddling).map((id) => id & 0xffff).sort((x, y) => x - y))
  })

  test('photos on both sides of a block of 65,536 ids are found and removed in their own block', async () => {
    await env.db.execute(sql`select setval(pg_get_serial_sequence('goods_photo', 'id'), 65533)`)
    const descriptor = { width: 640, height: 480, keypoints: packKeypoints({ xy: Float32Array.of(10, 10), words: Uint32Array.of(70_001) }), words: [70_001] }
    const ids = await indexPhotos(env.db, Array.from({ length: 6 }, (_, i) => ({ companyId: shopA, goodsId: 7000 + i, descriptor })))
    expect(ids).toEqual([65534, 65535, 65536, 65537, 65538, 65539])
    const found = async () => (await candidates(env.db, [70_001], 10)).map((c) => c.id).sort((a, b) => a - b)
    expect(await found()).toEqual(ids)
    expect(await removeGoodsPhoto(env.db, 65536)).toBe(true)
    expect(await removeGoodsPhoto(env.db, 65535)).toBe(true)
    expect(await found()).toEqual([65534, 65537, 65538, 65539])
  })
})

describe('what is not a photo', () => {
  test('is refused with a clear 400, when registered and when searched with', async () => {
    const text = Buffer.from('这不是图片，只是一段文字')
    const refusal = { status: 400, message: GoodsPhotoMsg.notAPhoto }
    await expect(registerGoodsPhoto(env.db, jobs, { companyId: shopA, goodsId: 1, image: text })).rejects.toMatchObject(refusal)
    await expect(searchGoodsPhotos(env.db, jobs, text)).rejects.toMatchObject(refusal)
    // a truncated JPEG: its header reads, its pixels do not
    const cut = (await item(3)).subarray(0, 2000)
    await expect(searchGoodsPhotos(env.db, jobs, cut)).rejects.toMatchObject(refusal)
  })
})
