import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { backgroundSettled } from '../../src/modules/goods/background.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { item, uploadPicture } from './goodsKit.js'

let env: TestEnv
let hq: string
beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
})
afterAll(async () => env?.close())

test('after a save the OCR pool reads the photos, and the item is found by a word printed on them', { timeout: 180_000 }, async () => {
  // a photographed ticket stands in for a photo with print on it
  const photo = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/tickets/A1_000.jpg'))
  const pic = await uploadPicture(env, hq, photo, 'photo.jpg')
  const saved = await env.call(hq, 'POST', '/api/goods/save', item(pic, [pic], { name: '纸质单据', ticketNumber: 'OCR-1' }))
  expect(saved.data.photoText).toBe('')
  await backgroundSettled()
  const read = (await env.call(hq, 'POST', `/api/goods/getById/${saved.data.id}`)).data.photoText as string
  expect(read.length).toBeGreaterThan(10)
  const word = read.split(' ').find((w) => w.length >= 4 && !/^OCR-1$/.test(w))!
  const found = await env.call(hq, 'POST', '/api/goods/find/', { imagetext: word })
  expect(found.data.data.map((g: { id: number }) => g.id)).toContain(saved.data.id)
})
