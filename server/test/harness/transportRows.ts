import sharp from 'sharp'
import { ticketReadings, transportDestinations, transports } from '../../src/db/schema/index.js'
import { attachmentDeps, storeAttachment } from '../../src/platform/attachments.js'
import type { TestEnv } from '../helpers.js'
import { MARKER, type OtherCompany } from './otherCompany.js'

const TICKET_PICTURE = 2

/** Company B's transports: a complete one with a destination, a temporarily saved one, their ticket photo and its reading. */
export async function transportRows(env: TestEnv, b: OtherCompany) {
  const photo = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#224488' } }).png().toBuffer()
  const picture = await storeAttachment(attachmentDeps(env.ctx), { buffer: photo, companyId: b.companyId, userId: b.id('admin'), fileType: TICKET_PICTURE, name: `${MARKER}票据.png` })
  await env.db.insert(ticketReadings).values({
    companyId: b.companyId, userId: b.id('admin'), fileType: 1, attachmentId: picture.id, ok: true,
    fields: { deliveryNumber: `${MARKER}001`, deliveryNetWeight: 31 }, formatName: MARKER, origin: MARKER, ms: 10,
  })
  const text = { deliveryManufactory: MARKER, deliveryCustomer: MARKER, deliveryCarrier: MARKER, deliveryNumber: `${MARKER}001`, signName: MARKER, signSettlement: MARKER, deliveryOrigin: MARKER }
  const [done, temp] = await env.db.insert(transports).values([
    { ...text, companyId: b.companyId, userId: b.id('admin'), status: 2, deliveryPicId: picture.id, signPicId: picture.id, deliveryNetWeight: 31, signFirstNetWeight: 29, signNetWeight: 30, poundDiff: 1, dangerLevel: 1, originals: { deliveryNumber: `${MARKER}001` } },
    { ...text, companyId: b.companyId, userId: b.id('admin'), status: 1, deliveryPicId: picture.id, deliveryNetWeight: 31 },
  ]).returning()
  await env.db.insert(transportDestinations).values({ transportId: done!.id, ordinal: 2, dest: MARKER, address: MARKER, weight: 1, signUser: MARKER })
  Object.assign(b.ids, { transport: done!.id, tempTransport: temp!.id, ticketPicture: picture.id })
}
