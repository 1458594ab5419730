import { FIELD_PREFIX, TICKET_PICTURE_SIZE, TICKET_TYPES, TicketMsg, type DuplicateTicket, type TicketType } from '@app/contract'
import { ticketReadings } from '../../db/schema/index.js'
import type { TicketReader } from '../../ocr/reader.js'
import type { TicketAnalysis, TicketReading } from '../../ocr/types.js'
import { storeEncodedPicture, type AttachmentDeps } from '../../platform/attachments.js'
import { ValidationError } from '../../platform/errors.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertCompanyInScope } from '../../platform/tenancy.js'
import { chargedUpload } from '../quota/index.js'
import { readTicket } from '../ticketReading/index.js'
import { findDuplicates } from './duplicates.js'
import { transportSuggestions } from './suggestions.js'

/** What the upload needs: the attachment store and the OCR pool. */
export interface AnalysisDeps extends AttachmentDeps {
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
  /** the base's other transports already holding this ticket */
  duplicates: DuplicateTicket[]
}

/** How big a ticket photo is kept, read or not (the browser sends it no bigger). */
export { TICKET_PICTURE_SIZE }

/**
 * The names the base has saved on its transports (the findList suggestions), per field: a reading
 * one or two look-alike characters from one of them is corrected to it.
 */
async function savedNamesOf(deps: AnalysisDeps, auth: SessionUser) {
  const s = await transportSuggestions(deps.db, auth, auth.companyId)
  return { Manufactory: s.deliveryManufactory, Customer: s.deliveryCustomers, Carrier: s.deliveryCarriers, Settlement: s.signSettlements, Name: s.signNames }
}

/** The log entry of a reading: which format, how many fields, what needs checking. */
function readingLog(kind: string, fileType: TicketType, result: TicketAnalysis, ms: number) {
  const filled = Object.values(result.fields).filter((v) => v !== null && v !== '').length
  const flags = Object.values(result.flags)
  const numberField = result.fields[`${FIELD_PREFIX[fileType]}Number`]
  return {
    level: flags.length ? 1 as const : 0 as const,
    serialNumber: typeof numberField === 'string' ? numberField.slice(0, 64) : null,
    errorMes: TicketMsg.readLog(kind, result.format?.name ?? null, filled, Object.keys(result.fields).length, ms, flags),
  }
}

/**
 * One photographed ticket: takes an upload time, reads the picture in the OCR pool while keeping
 * it as an attachment, logs the reading and records it (`ticket_reading`, failures too), and names
 * the base's transports already holding the ticket. An unreadable picture gives the upload time back
 * and keeps nothing.
 */
export async function analyzeTicketUpload(deps: AnalysisDeps, auth: SessionUser & { phone?: string }, input: { buffer: Buffer; fileType: TicketType; filename?: string }): Promise<AnalysisAnswer> {
  const kind = TICKET_TYPES[input.fileType]
  const started = Date.now()
  const reading = { companyId: auth.companyId, userId: auth.userId, fileType: input.fileType }
  let upload: Awaited<ReturnType<typeof chargedUpload<TicketReading>>>
  // a base without upload times left never reads: that is no failed reading
  let readingStarted = false
  try {
    upload = await chargedUpload(deps, {
      auth,
      // the worker that reads the picture also encodes the copy kept (one decode, off this thread)
      work: async () => {
        readingStarted = true
        return readTicket(deps, { buffer: input.buffer, fileType: input.fileType, savedNames: savedNamesOf(deps, auth), keep: TICKET_PICTURE_SIZE })
      },
      store: (read) => storeEncodedPicture(deps, {
        companyId: auth.companyId, userId: auth.userId, name: `${kind}.jpg`, filename: input.filename ?? `${kind}.jpg`, picture: read.kept!,
      }),
      logDone: (read, ms) => readingLog(kind, input.fileType, read, ms),
      logFailed: (err) => TicketMsg.readFailed(kind, err.message),
    })
  } catch (err) {
    // usage statistics count failed readings too
    if (readingStarted) await deps.db.insert(ticketReadings).values({ ...reading, ok: false, error: String((err as Error).message ?? err).slice(0, 500), ms: Date.now() - started })
    throw err
  }
  const { result, picture, remainingTimes } = upload
  const prefix = FIELD_PREFIX[input.fileType]
  // the server's own record of what the picture says: a save takes the ud- originals from here
  await deps.db.insert(ticketReadings).values({
    ...reading, ok: true, attachmentId: picture.id, fields: result.fields, formatName: result.format?.name.slice(0, 100) ?? null,
    origin: result.origin, ms: Date.now() - started,
  })
  const numberOf = (field: string) => (typeof result.fields[field] === 'string' ? result.fields[field] as string : null)
  const duplicates = await findDuplicates(deps.db, auth.companyId, [{
    ticketType: input.fileType, picId: picture.id, number: numberOf(`${prefix}Number`), manufactory: numberOf(`${prefix}Manufactory`),
  }])
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
    remainingTimes,
    duplicates,
  }
}

const named = (v?: string) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null)

/** The old clients' companyId and userId, when numbers, must be the session's own (another base out of scope: its 404). */
export function assertSessionNamed(auth: SessionUser, query: { companyId?: string; userId?: string }) {
  const companyId = named(query.companyId)
  assertCompanyInScope(auth, companyId)
  if (companyId !== null && companyId !== auth.companyId) throw new ValidationError(TicketMsg.notCurrentCompany)
  const userId = named(query.userId)
  if (userId !== null && userId !== auth.userId) throw new ValidationError(TicketMsg.notCurrentUser)
}
