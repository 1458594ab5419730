import {
  DIAGRAM_PICTURE_MAX_SIDE, DIAGRAM_PNG_MAX_CHARS, diagramCanvasText, DiagramMsg, formatDateTime, REPORT_STATUS, REPORT_STATUS_LABELS, ReportMsg,
  type DiagramCanvas, type DiagramSaveBody, type DiagramSaved, type DiagramState, type ReportStatus,
} from '@app/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { reportDiagrams, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { AppError, ConflictError, TooLargeError, ValidationError } from '../../platform/errors.js'
import { acceptPicture, type PictureRules } from '../../platform/pictures.js'
import { DIAGRAM_PICTURE, pngBytes, reportRow } from '../reports/index.js'

/**
 * The tank diagram of a report (spec 000 §2 "Diagram drawing screen"): one fabric.js canvas JSON per
 * report, with a version. A save names the version it was edited from and lands only if that is still
 * the saved one (one conditional statement), so of two people editing at once the later is told who
 * saved in between, and nobody's drawing is silently overwritten.
 */

/** Who saved the diagram last and when, without the canvas itself. */
async function savedBy(db: Executor, reportId: number): Promise<DiagramSaved | null> {
  const [row] = await db.select({ version: reportDiagrams.version, updateTime: reportDiagrams.updateTime, userName: users.name })
    .from(reportDiagrams).leftJoin(users, eq(users.id, reportDiagrams.updateUserId)).where(eq(reportDiagrams.reportId, reportId))
  return row ? { version: row.version, updateUserName: row.userName ?? '', updateTimeStr: formatDateTime(row.updateTime) } : null
}

const statusName = (status: number) => REPORT_STATUS_LABELS[status as ReportStatus] ?? String(status)

/** A DiagramState whose canvas is the JSON text the report keeps, sent as it is (see the route). */
export type StoredDiagram = Omit<DiagramState, 'canvas'> & { canvasText: string | null }

/**
 * `POST /report/loadFabric/{id}`: the saved canvas, or a blank one (canvas null, version 0) for a report
 * never drawn. The canvas is sent as the text kept (once checked): writing 5 MB of it out again held the
 * event loop as long as parsing it.
 */
export async function loadDiagram(db: Db, auth: Auth, id: number): Promise<StoredDiagram> {
  const r = await reportRow(db, auth, id)
  const report = { reportNumber: r.reportNumber, licenseNumber: r.licenseNumber, status: r.status as ReportStatus, statusName: statusName(r.status) }
  const editable = r.status === REPORT_STATUS.inspecting
  const [row] = await db.select({ canvas: reportDiagrams.canvas, version: reportDiagrams.version, updateTime: reportDiagrams.updateTime, userName: users.name })
    .from(reportDiagrams).leftJoin(users, eq(users.id, reportDiagrams.updateUserId)).where(eq(reportDiagrams.reportId, id))
  if (!row) return { canvasText: null, version: 0, updateUserName: '', updateTimeStr: '', report, editable }
  // one kept before the canvas's limits may be too deep to send (its every load answered 500)
  const checked = diagramCanvasText(row.canvas)
  if ('error' in checked) throw new ConflictError(DiagramMsg.unreadable)
  return {
    canvasText: checked.text, version: row.version, updateUserName: row.userName ?? '', updateTimeStr: formatDateTime(row.updateTime),
    report, editable,
  }
}

/** The picture a save sent, as it is kept: re-encoded by acceptPicture, a data URL of DIAGRAM_PNG_MAX_CHARS at most. */
async function keptPicture(dataUrl: string): Promise<string> {
  const png = `data:image/png;base64,${(await acceptPicture(pngBytes(dataUrl), DIAGRAM_PICTURE)).data.toString('base64')}`
  // a small palette PNG of noise grows as a full-colour one
  if (png.length > DIAGRAM_PNG_MAX_CHARS) throw new TooLargeError(DiagramMsg.pictureTooLarge)
  return png
}

function assertEditable(report: { status: number }) {
  if (report.status !== REPORT_STATUS.inspecting) {
    throw new ConflictError(ReportMsg.onlyWhileInspecting(DiagramMsg.saveAction, statusName(report.status)))
  }
}

/** A picture placed in the drawing (an image's src, a pattern's source): a PNG or JPEG, kept as acceptPicture gives it. */
const PLACED_PICTURE: PictureRules = {
  maxSide: DIAGRAM_PICTURE_MAX_SIDE, formats: ['png', 'jpeg'],
  messages: { unreadable: DiagramMsg.placedInvalid, tooManyPixels: DiagramMsg.pictureTooManyPixels },
}
const PLACED_KEYS = new Set(['src', 'source'])
const PLACED_DATA_URL = /^data:image\/(png|jpeg);base64,/

/**
 * The canvas text with every picture placed in it re-encoded by acceptPicture, like any picture a client
 * sends: the browsers that load the drawing decode them. A picture that is not a PNG or JPEG data URL (an
 * SVG, an address elsewhere) is refused. Walked without recursion; the text is unchanged when it holds none.
 */
async function keptPlacedPictures(canvas: DiagramCanvas, text: string): Promise<string> {
  const placed: { holder: Record<string, unknown>; key: string; value: string }[] = []
  const stack: unknown[] = [canvas]
  while (stack.length) {
    const value = stack.pop()
    if (Array.isArray(value)) for (const v of value) stack.push(v)
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (PLACED_KEYS.has(key) && typeof v === 'string') placed.push({ holder: value as Record<string, unknown>, key, value: v })
        else if (v && typeof v === 'object') stack.push(v)
      }
    }
  }
  if (!placed.length) return text
  for (const p of placed) {
    const format = PLACED_DATA_URL.exec(p.value)
    if (!format) throw new ValidationError(DiagramMsg.placedInvalid)
    const picture = await acceptPicture(Buffer.from(p.value.slice(format[0].length), 'base64'), PLACED_PICTURE)
    p.holder[p.key] = `data:${picture.mime};base64,${picture.data.toString('base64')}`
  }
  const kept = diagramCanvasText(canvas)
  if ('error' in kept) throw kept.error === 'tooLarge' ? new TooLargeError(kept.message) : new ValidationError(kept.message)
  return kept.text
}

/**
 * `POST /report/saveFabric/{id}`: keeps the canvas while the report is 正在检验, if `version` is still
 * the saved one (0: nothing saved yet). The report's row is held for share, so its status cannot change
 * under the save; the version check is the UPDATE's (or the first INSERT's) own condition.
 */
export async function saveDiagram(db: Db, auth: Auth, id: number, body: DiagramSaveBody, now = new Date()): Promise<DiagramSaved> {
  const checked = diagramCanvasText(body.canvas)
  if ('error' in checked) throw checked.error === 'tooLarge' ? new TooLargeError(checked.message) : new ValidationError(checked.message)
  // nothing is decoded for a report the caller may not draw on
  assertEditable(await reportRow(db, auth, id))
  // before the transaction: a refused picture writes nothing, and no connection waits on the image queue
  const png = body.png ? await keptPicture(body.png) : null
  const canvas = await keptPlacedPictures(checked.canvas, checked.text)
  return db.transaction(async (tx) => {
    assertEditable(await reportRow(tx, auth, id, 'share'))
    // a save without a picture drops the old one rather than keep a picture of another drawing
    const values = { canvas, png, updateUserId: auth.userId, updateTime: now }
    const [saved] = body.version === 0
      ? await tx.insert(reportDiagrams).values({ reportId: id, ...values, version: 1 }).onConflictDoNothing()
        .returning({ version: reportDiagrams.version })
      : await tx.update(reportDiagrams).set({ ...values, version: sql`${reportDiagrams.version} + 1` })
        .where(and(eq(reportDiagrams.reportId, id), eq(reportDiagrams.version, body.version)))
        .returning({ version: reportDiagrams.version })
    const current = await savedBy(tx, id)
    if (!saved || !current) {
      // someone saved since this editor loaded (or the version it names was never saved)
      if (!current) throw new ConflictError(DiagramMsg.staleUnknown)
      throw new AppError(409, DiagramMsg.stale(current.updateUserName, current.updateTimeStr), 409, current)
    }
    return current
  })
}
