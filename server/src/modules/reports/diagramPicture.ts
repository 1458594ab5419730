import { DIAGRAM_PICTURE_MAX_SIDE, DiagramMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { reportDiagrams } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { TooLargeError, ValidationError } from '../../platform/errors.js'
import { acceptPicture, type PictureRules } from '../../platform/pictures.js'
import { reportRow } from './list.js'

/**
 * A report's tank diagram as the report shows it (its PDF, the diagrams module's PNG route). The
 * drawing itself, its versions and saves, are the diagrams module's; it keeps its picture by these rules.
 */

/** The drawing's picture: a PNG, at most DIAGRAM_PICTURE_MAX_SIDE, refused in the diagram's words. */
export const DIAGRAM_PICTURE: PictureRules = {
  maxSide: DIAGRAM_PICTURE_MAX_SIDE, formats: ['png'], as: 'png',
  messages: { unreadable: DiagramMsg.pictureInvalid, tooManyPixels: DiagramMsg.pictureTooManyPixels },
}
export const pngBytes = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')

/**
 * The saved drawing's PNG for the PDF and the overview, through acceptPicture again as it is read: one
 * kept before pictures were checked at save may not decode (pdfkit's decoder then ended the process) or
 * may be 64 million pixels. 'unreadable' when it fails, null when none was saved.
 */
export async function diagramPicture(db: Executor, auth: Auth, id: number): Promise<Buffer | 'unreadable' | null> {
  await reportRow(db, auth, id)
  const [row] = await db.select({ png: reportDiagrams.png }).from(reportDiagrams).where(eq(reportDiagrams.reportId, id))
  if (!row?.png) return null
  try {
    return (await acceptPicture(pngBytes(row.png), DIAGRAM_PICTURE)).data
  } catch (err) {
    // a busy image queue is not the picture's fault
    if (err instanceof ValidationError || err instanceof TooLargeError) return 'unreadable'
    throw err
  }
}
