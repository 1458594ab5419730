import fs from 'node:fs'
import path from 'node:path'
import { TransportMsg } from '@app/contract'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ticketReadings } from '../../src/db/schema/index.js'
import { multipart } from '../helpers.js'
import { fullBody, ticketPicture, transportEnv, type TransportEnv } from './setup.js'

let t: TransportEnv
beforeAll(async () => { t = await transportEnv() })
afterAll(async () => t?.env.close())

const ticket = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/tickets/A1_000.jpg'))
const analyze = (data: Buffer, name = 'ticket.jpg') =>
  t.env.upload(t.tokens.uploader, '/api/logistics/analysis?fileType=1', multipart({ file: { name, type: 'image/jpeg', data } }))

test('each reading is recorded; a save takes its originals and raw text from it; the same photo again names the transport', async () => {
  const first = await analyze(ticket)
  expect(first.status, first.message).toBe(200)
  expect(first.data.duplicates).toEqual([])
  const [reading] = await t.env.db.select().from(ticketReadings).where(eq(ticketReadings.attachmentId, first.data.deliveryPicId))
  expect(reading).toMatchObject({ ok: true, companyId: t.a.id, userId: t.users.uploader.id, fileType: 1, origin: first.data.deliveryOrigin })
  expect(reading!.fields.deliveryNetWeight).toBe(first.data.deliveryNetWeight)

  const signPicId = await ticketPicture(t.env, t.a.id, t.users.uploader.id, 2)
  const read = first.data.deliveryNetWeight as number
  const saved = await t.env.call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody({ deliveryPicId: first.data.deliveryPicId, signPicId }, {
    deliveryNumber: first.data.deliveryNumber, deliveryManufactory: first.data.deliveryManufactory, signManufactory: first.data.deliveryManufactory,
    deliveryNetWeight: read + 2, signFirstNetWeight: read + 2, deliveryOrigin: '客户端的文字',
  } as never))
  expect(saved.status, saved.message).toBe(200)
  expect(saved.data).toMatchObject({ udDeliveryNetWeight: read, deliveryOrigin: first.data.deliveryOrigin, dangerLevel: 2 })

  const again = await analyze(ticket)
  expect(again.data.duplicates).toEqual(expect.arrayContaining([expect.objectContaining({ transportId: saved.data.id, reason: 'picture', ticketType: 1 })]))
  if (first.data.deliveryNumber) expect(again.data.duplicates).toContainEqual(expect.objectContaining({ transportId: saved.data.id, reason: 'number' }))
  const dup = await t.env.call(t.tokens.uploader, 'POST', '/api/logistics/saveTemp', { deliveryPicId: again.data.deliveryPicId })
  expect(dup.message).toBe(TransportMsg.duplicate(`运单 ${saved.data.id}`))
})

test('a failed reading is recorded too', async () => {
  const res = await analyze(Buffer.from('不是图片'.repeat(100)), 'x.jpg')
  expect(res.status).toBe(400)
  const failed = await t.env.db.select().from(ticketReadings).where(and(eq(ticketReadings.companyId, t.a.id), eq(ticketReadings.ok, false)))
  expect(failed).toHaveLength(1)
  expect(failed[0]).toMatchObject({ userId: t.users.uploader.id, attachmentId: null, fileType: 1 })
  expect(failed[0]!.error).toBe(res.message)
})
