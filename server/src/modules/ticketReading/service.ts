import { TICKET_TYPES, type TicketType } from '@app/contract'
import type { Db } from '../../db/client.js'
import { discardAttachment, storeImage, type AttachmentDeps } from '../../platform/attachments.js'
import { AppError } from '../../platform/errors.js'
import type { SessionUser } from '../../platform/sessions.js'
import { analyzeLines } from '../../ocr/analyze.js'
import { MAX_FILE_BYTES, TicketImageError } from '../../ocr/image.js'
import { fieldPrefix } from '../../ocr/extract.js'
import { OcrBusyError, OcrClosedError, OcrPool, OcrTimeoutError } from '../../ocr/pool.js'
import type { ExtractionRule, TicketAnalysis } from '../../ocr/types.js'
import { consumeUploadTime, refundUploadTime } from '../companies/service.js'
import { writeLog } from '../logs/service.js'
import { loadReadingConfig, type ReadingConfig } from '../receiptFormats/service.js'

/** Workers load the OCR models on first use, so a server that never reads a ticket never pays for them. */
export class TicketReader {
  private pool?: OcrPool
  constructor(private readonly workers: number) {}

  analyze(input: Parameters<OcrPool['analyze']>[0]): Promise<TicketAnalysis> {
    this.pool ??= new OcrPool({ size: this.workers })
    return this.pool.analyze(input).catch((err) => {
      throw asAppError(err)
    })
  }

  async close() {
    await this.pool?.close()
  }
}

/** The OCR library's errors carry a status and a Chinese message; give them the server's error type. */
function asAppError(err: unknown): unknown {
  if (err instanceof TicketImageError) return new AppError(err.status, err.message)
  // a failed worker stays an internal error (500 with a log id); busy, time-out and closed are the user's to retry
  if (err instanceof OcrBusyError || err instanceof OcrTimeoutError || err instanceof OcrClosedError) return new AppError(err.status, err.message)
  return err
}

export interface ReadingDeps extends AttachmentDeps {
  reader: TicketReader
}

/** The delivery* / sign* record the upload form fills, plus where each value came from. */
export interface AnalysisAnswer extends Record<string, unknown> {
  format: TicketAnalysis['format']
  meta: TicketAnalysis['meta']
  flags: TicketAnalysis['flags']
  width: number
  height: number
  remainingTimes: number | null
}

const TICKET_PICTURE_MAX_SIDE = 2400

/**
 * One photographed ticket: takes an upload time, reads the picture in the OCR pool while keeping
 * it as an attachment, and logs the reading. An unreadable picture gives the upload time back and
 * keeps nothing.
 */
export async function analyzeTicketUpload(deps: ReadingDeps, auth: SessionUser & { phone?: string }, input: { buffer: Buffer; fileType: TicketType; filename?: string }): Promise<AnalysisAnswer> {
  const quota = await consumeUploadTime(deps.db, auth.companyId)
  const started = Date.now()
  const kind = TICKET_TYPES[input.fileType]
  // re-encoded in the image queue attachments share, while the OCR pool reads it
  const stored = storeImage(deps, {
    buffer: input.buffer, companyId: auth.companyId, userId: auth.userId, name: `${kind}.jpg`, filename: input.filename ?? `${kind}.jpg`,
    maxSide: TICKET_PICTURE_MAX_SIDE, maxBytes: MAX_FILE_BYTES,
  })
  let result: TicketAnalysis
  let picture: Awaited<typeof stored>
  try {
    const config = await loadReadingConfig(deps.db)
    result = await deps.reader.analyze({ buffer: input.buffer, fileType: input.fileType, formats: config.formats, rules: config.rules })
    picture = await stored
  } catch (err) {
    const kept = await stored.catch(() => null)
    if (kept) await discardAttachment(deps, kept.id)
    await refundUploadTime(deps.db, auth.companyId)
    await writeLog(deps.db, { companyId: auth.companyId, level: 1, phone: auth.phone ?? null, errorMes: `${kind}识别失败：${(err as Error).message}` })
    throw err
  }
  const prefix = fieldPrefix(input.fileType)
  const filled = Object.values(result.fields).filter((v) => v !== null && v !== '').length
  const numberField = result.fields[`${prefix}Number`]
  await writeLog(deps.db, {
    companyId: auth.companyId, level: Object.keys(result.flags).length ? 1 : 0, phone: auth.phone ?? null,
    serialNumber: typeof numberField === 'string' ? numberField.slice(0, 64) : null,
    errorMes: `${kind}识别完成：格式“${result.format?.name ?? '未匹配'}”，识别出 ${filled}/${Object.keys(result.fields).length} 个字段，用时 ${Date.now() - started} ms`
      + (Object.keys(result.flags).length ? `；需核对：${Object.values(result.flags).join('；')}` : ''),
  })
  return {
    ...result.fields,
    [`${prefix}Origin`]: result.origin,
    [`${prefix}PicUrl`]: picture.url,
    [`${prefix}PicId`]: picture.id,
    format: result.format,
    meta: result.meta,
    flags: result.flags,
    width: result.width,
    height: result.height,
    remainingTimes: quota.remainingTimes,
  }
}

/** A rule being edited, tried before it is saved: replaces the stored rule of the same id, or is added. */
export async function readingConfigWith(db: Db, candidate?: Omit<ExtractionRule, 'id'> & { id?: number }): Promise<ReadingConfig> {
  const config = await loadReadingConfig(db)
  if (!candidate) return config
  const rule = { ...candidate, id: candidate.id ?? -1 }
  return { formats: config.formats, rules: [...config.rules.filter((r) => r.id !== rule.id), rule] }
}

/** The rule tester on pasted OCR text: one line a text box, stacked top to bottom. */
export function analyzeText(config: ReadingConfig, fileType: TicketType, text: string) {
  const lines = text.split(/\r?\n/).map((t) => t.trim()).filter(Boolean).slice(0, 500)
  const width = 1000
  const ocrLines = lines.map((t, i) => ({
    text: t, score: 1,
    box: [[0, i * 40], [width, i * 40], [width, i * 40 + 30], [0, i * 40 + 30]] as [[number, number], [number, number], [number, number], [number, number]],
  }))
  // a bad or slow user pattern comes back as a flag (rankFormats and applyRules catch it), never thrown
  return { ...analyzeLines({ lines: ocrLines, fileType, formats: config.formats, rules: config.rules, width, height: lines.length * 40 }), width, height: lines.length * 40 }
}
