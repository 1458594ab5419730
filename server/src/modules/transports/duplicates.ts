import { formatDateTime, TransportMsg, TransportStatus, type DuplicateTicket, type TicketType } from '@app/contract'
import { and, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { attachments, transports } from '../../db/schema/index.js'

/** One ticket of a transport as duplicates are found: its photo and its number at its manufacturer. */
export interface TicketIdentity {
  ticketType: TicketType
  picId?: number | null
  number?: string | null
  manufactory?: string | null
}

const DUPLICATES_MAX = 20

const side = {
  1: { number: transports.deliveryNumber, manufactory: transports.deliveryManufactory },
  2: { number: transports.signNumber, manufactory: transports.signManufactory },
} as const

/** Attachment ids of the company with the same bytes as each picture, by picture. */
async function samePictures(db: Executor, companyId: number, picIds: number[]): Promise<Map<number, number[]>> {
  const same = new Map<number, number[]>()
  if (!picIds.length) return same
  const mine = await db.select({ id: attachments.id, sha: attachments.sha256 }).from(attachments).where(inArray(attachments.id, picIds))
  if (!mine.length) return same
  const copies = await db.select({ id: attachments.id, sha: attachments.sha256 }).from(attachments)
    .where(and(eq(attachments.companyId, companyId), inArray(attachments.sha256, mine.map((m) => m.sha))))
  for (const m of mine) same.set(m.id, copies.filter((c) => c.sha === m.sha).map((c) => c.id))
  return same
}

/**
 * The company's other transports (not 作废) that already hold one of these tickets: the same photo
 * (same bytes, in either picture slot) or the same number of the same manufacturer.
 */
export async function findDuplicates(db: Executor, companyId: number, tickets: TicketIdentity[], excludeId?: number | null): Promise<DuplicateTicket[]> {
  const same = await samePictures(db, companyId, tickets.map((t) => t.picId).filter((id): id is number => id != null))
  const found = new Map<string, DuplicateTicket>()
  const others = and(eq(transports.companyId, companyId), ne(transports.status, TransportStatus.INVALID), excludeId != null ? ne(transports.id, excludeId) : undefined)
  for (const ticket of tickets) {
    const { number, manufactory } = side[ticket.ticketType]
    const pictureIds = ticket.picId != null ? same.get(ticket.picId) ?? [] : []
    const searches: [DuplicateTicket['reason'], SQL | undefined][] = [
      ['picture', pictureIds.length ? or(inArray(transports.deliveryPicId, pictureIds), inArray(transports.signPicId, pictureIds)) : undefined],
      ['number', ticket.number ? and(eq(number, ticket.number), ticket.manufactory ? eq(manufactory, ticket.manufactory) : undefined) : undefined],
    ]
    for (const [reason, match] of searches) {
      if (!match) continue
      const rows = await db.select({ id: transports.id, number, createTime: transports.createTime }).from(transports)
        .where(and(others, match)).orderBy(desc(transports.id)).limit(DUPLICATES_MAX)
      for (const r of rows) {
        found.set(`${r.id}:${reason}:${ticket.ticketType}`, {
          transportId: r.id, reason, ticketType: ticket.ticketType, number: r.number, createTime: formatDateTime(r.createTime),
        })
      }
    }
  }
  return [...found.values()].sort((a, b) => b.transportId - a.transportId)
}

/** "运单 12、运单 15" for the messages. */
export const duplicateList = (duplicates: DuplicateTicket[]) => [...new Set(duplicates.map((d) => TransportMsg.duplicateItem(d.transportId)))].join('、')
