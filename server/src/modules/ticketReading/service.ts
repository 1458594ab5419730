import { TICKET_TYPES, type TicketType } from '@app/contract'
import { discardAttachment, storeImage, type AttachmentDeps } from '../../platform/attachments.js'
import { AppError } from '../../platform/errors.js'
import type { SessionUser } from '../../platform/sessions.js'
import { MAX_FILE_BYTES, TicketImageError } from '../../ocr/image.js'
import { fieldPrefix } from '../../ocr/extract.js'
import { OcrBusyError, OcrClosedError, OcrPool, OcrTimeoutError } from '../../ocr/pool.js'
import { UserRegexError } from '../../ocr/safeRegex.js'
import type { TicketAnalysis } from '../../ocr/types.js'
import { consumeUploadTime, refundUploadTime } from '../companies/service.js'
import { writeLog } from '../logs/service.js'
import { loadReadingConfig } from '../receiptFormats/service.js'

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

  /** the rule tester on pasted text: in the pool too, so no user pattern runs on this thread */
  analyzeText(input: Parameters<OcrPool['analyzeText']>[0]): Promise<TicketAnalysis> {
    this.pool ??= new OcrPool({ size: this.workers })
    return this.pool.analyzeText(input).catch((err) => {
      throw asAppError(err)
    })
  }

  async close() {
    await this.pool?.close()
  }
}

/** The OCR library's errors carry a status and a Chinese message; give them the server's error type. */
function asAppError(err: unknown): unknown {
  if (err instanceof TicketImageError || err instanceof UserRegexError) return new AppError(err.status, err.message)
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
  // its failure is answered below, after the reading: until then it must not count as unhandled
  stored.catch(() => undefined)
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
