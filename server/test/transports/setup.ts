import { ATTACHMENT_TYPES, type FieldValue, type TicketType, type TransportBody } from '@app/contract'
import sharp from 'sharp'
import { ticketReadings } from '../../src/db/schema/index.js'
import { attachmentDeps, storeImage } from '../../src/platform/attachments.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

/** A base with an uploader and a base admin, and another base with its admin. */
export async function transportEnv() {
  const env = await createTestApp()
  const a = await makeCompany(env.db, '甲基地', { remainingTimes: 1000 })
  const b = await makeCompany(env.db, '乙基地', { remainingTimes: 1000 })
  const uploader = await makeUser(env.db, { phone: '13300000001', name: '张三', role: 'subAccount', companyIds: [a.id] })
  const admin = await makeUser(env.db, { phone: '13300000002', name: '李四', role: 'baseAdmin', companyIds: [a.id] })
  const other = await makeUser(env.db, { phone: '13300000003', name: '王五', role: 'baseAdmin', companyIds: [b.id] })
  const inspector = await makeUser(env.db, { phone: '13300000004', name: '赵六', role: 'inspector', companyIds: [a.id] })
  const tokens = {
    uploader: await env.token(uploader.phone, uploader.password),
    admin: await env.token(admin.phone, admin.password),
    other: await env.token(other.phone, other.password),
    inspector: await env.token(inspector.phone, inspector.password),
    hq: await env.token(),
  }
  return { env, a, b, users: { uploader, admin, other, inspector }, tokens }
}
export type TransportEnv = Awaited<ReturnType<typeof transportEnv>>

let shade = 0
/** A small noisy picture unlike any other (the same for the same `seed`), as PNG bytes. */
export async function pictureBytes(seed = 1_000_000 + ++shade) {
  const pixels = Buffer.alloc(32 * 24 * 3)
  let x = seed
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    pixels[i] = x >>> 24
  }
  return sharp(pixels, { raw: { width: 32, height: 24, channels: 3 } }).png().toBuffer()
}

/**
 * A ticket photo of a base as `/logistics/analysis` leaves it: the attachment and its reading (no OCR,
 * the fields are given). Answers the attachment id.
 */
export async function ticketPicture(env: TestEnv, companyId: number, userId: number, fileType: TicketType, fields: Record<string, FieldValue> = {}, opts: { seed?: number; origin?: string } = {}) {
  const picture = await storeImage(attachmentDeps(env.ctx), { buffer: await pictureBytes(opts.seed), companyId, userId, fileType: ATTACHMENT_TYPES.ticketPicture, filename: 'ticket.png' })
  await env.db.insert(ticketReadings).values({ companyId, userId, fileType, attachmentId: picture.id, ok: true, fields, origin: opts.origin ?? `原文${fileType}`, ms: 5 })
  return picture.id
}

let ticketNo = 1000
/** A complete transport as the upload page saves it: every required field, consistent, 32.5 t both ways. */
export function fullBody(pics: { deliveryPicId: number; signPicId: number }, extra: Partial<TransportBody> = {}): TransportBody {
  const n = String(++ticketNo)
  return {
    ...pics,
    deliveryManufactory: '海螺水泥', deliveryCustomer: '建工集团', deliveryGoodsName: '散装水泥', deliverySpecific: 'P.O42.5',
    deliveryCarrier: '顺达物流', deliveryPlateNumber: '皖A12345', deliveryNumber: `FH${n}`, deliveryTime: '2024-05-01 08:00:00',
    deliveryNetWeight: 32.5, deliveryGrossWeight: 47.5, deliveryTareWeight: 15,
    signManufactory: '海螺水泥', signCustomer: '建工集团', signGoodsName: '散装水泥', signSpecific: 'P.O42.5',
    signCarrier: '顺达物流', signPlateNumber: '皖A12345', signName: '一号工地', signPlace: '合肥市政务区',
    signNumber: `SH${n}`, signTime: '2024-05-01 14:00:00', signFirstNetWeight: 32.5, signNetWeight: 32.5,
    signUser: '王工', signSettlement: '建工集团结算部',
    ...extra,
  } as TransportBody
}

/** Both pictures of a new transport of a base, with readings matching `fullBody`'s weights unless given. */
export async function ticketPair(env: TestEnv, companyId: number, userId: number, read: { delivery?: Record<string, FieldValue>; sign?: Record<string, FieldValue> } = {}) {
  return {
    deliveryPicId: await ticketPicture(env, companyId, userId, 1, read.delivery ?? { deliveryNetWeight: 32.5 }),
    signPicId: await ticketPicture(env, companyId, userId, 2, read.sign ?? { signFirstNetWeight: 32.5 }),
  }
}
