import { ATTACHMENT_TYPES, attachmentUrl, TICKET_MAX_BYTES, TransportMsg, type DestinationBody } from '@app/contract'
import { inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { attachments } from '../../db/schema/index.js'
import { claimAttachments, storeImage, type AttachmentDeps } from '../../platform/attachments.js'
import { ValidationError } from '../../platform/errors.js'
import type { SessionUser } from '../../platform/sessions.js'
import { TICKET_PICTURE_SIZE } from './analysis.js'
import { IMAGE_MESSAGES, sniffImageType } from '../../ocr/image.js'

/** The attachment id of a URL made by `attachmentUrl`, or null for anything else. */
function attachmentIdOf(url: string): number | null {
  const id = Number(/^\/api\/attachments\/actions\/download\?id=(\d{1,10})$/.exec(url)?.[1])
  return Number.isSafeInteger(id) && id > 0 && attachmentUrl(id) === url ? id : null
}

/**
 * A transport's pictures must be ticket photos of its base (or uploads of the caller, i.e. headquarters
 * editing a base's transport, which then move to the base); destination pictures likewise, by URL.
 */
export async function checkPictures(tx: Executor, auth: SessionUser, companyId: number, tickets: (number | null)[], destinations: DestinationBody[]) {
  const destinationIds = destinations.map((d) => (d.picUrl ? attachmentIdOf(d.picUrl) ?? -1 : null))
  const wanted = [...new Set([...tickets, ...destinationIds].filter((id): id is number => id != null && id > 0))]
  const rows = wanted.length
    ? await tx.select({ id: attachments.id, companyId: attachments.companyId, fileType: attachments.fileType }).from(attachments).where(inArray(attachments.id, wanted))
    : []
  const usable = (id: number | null) => {
    const row = rows.find((r) => r.id === id)
    return Boolean(row && row.fileType === ATTACHMENT_TYPES.ticketPicture && (row.companyId === companyId || row.companyId === auth.companyId))
  }
  for (const id of tickets) if (id != null && !usable(id)) throw new ValidationError(TransportMsg.pictureNotTicket)
  for (const id of destinationIds) if (id != null && !usable(id)) throw new ValidationError(TransportMsg.destinationPictureInvalid)
  await claimAttachments(tx, auth, wanted, companyId)
}

/** An extra destination's picture (`/logistics/upload`): a ticket photo of the uploader's base; no upload time taken. */
export async function storeDestinationPicture(deps: AttachmentDeps, auth: SessionUser, file: { buffer: Buffer; filename?: string }) {
  // the ticket photos' formats and message, as the read ones (the attachment store takes GIF, BMP and TIFF too)
  if (file.buffer.length && !sniffImageType(file.buffer)) throw new ValidationError(IMAGE_MESSAGES.notImage)
  const picture = await storeImage(deps, {
    buffer: file.buffer, filename: file.filename, companyId: auth.companyId, userId: auth.userId,
    fileType: ATTACHMENT_TYPES.ticketPicture, maxBytes: TICKET_MAX_BYTES, ...TICKET_PICTURE_SIZE,
  })
  return picture.url
}
