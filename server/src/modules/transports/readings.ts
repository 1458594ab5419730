import { DELIVERY_FIELDS, SIGN_FIELDS, type FieldValue, type TicketType } from '@app/contract'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { ticketReadings } from '../../db/schema/index.js'

/** What the server itself read from a transport's two pictures: the ud- originals and the raw texts. */
export interface TicketOriginals {
  originals: Record<string, FieldValue>
  deliveryOrigin: string | null
  signOrigin: string | null
}

const FIELDS_OF: Record<TicketType, readonly string[]> = { 1: Object.keys(DELIVERY_FIELDS), 2: Object.keys(SIGN_FIELDS) }

/** The latest successful reading of each picture, as the type it was read as. */
export async function ticketOriginals(db: Executor, pictures: { deliveryPicId: number | null; signPicId: number | null }): Promise<TicketOriginals> {
  const ids = [pictures.deliveryPicId, pictures.signPicId].filter((id): id is number => id != null)
  const rows = ids.length
    ? await db.select({ attachmentId: ticketReadings.attachmentId, fileType: ticketReadings.fileType, fields: ticketReadings.fields, origin: ticketReadings.origin })
      .from(ticketReadings).where(and(inArray(ticketReadings.attachmentId, ids), eq(ticketReadings.ok, true))).orderBy(desc(ticketReadings.id))
    : []
  const readingOf = (picId: number | null, type: TicketType) => (picId == null ? undefined : rows.find((r) => r.attachmentId === picId && r.fileType === type))
  const delivery = readingOf(pictures.deliveryPicId, 1)
  const sign = readingOf(pictures.signPicId, 2)
  const originals: Record<string, FieldValue> = {}
  for (const [reading, type] of [[delivery, 1], [sign, 2]] as const) {
    for (const f of FIELDS_OF[type]) if (reading?.fields[f] != null) originals[f] = reading.fields[f]!
  }
  return { originals, deliveryOrigin: delivery?.origin ?? null, signOrigin: sign?.origin ?? null }
}
