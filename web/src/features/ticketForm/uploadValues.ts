/**
 * Pure logic of the upload page (spec 001 §4, §5; unit-tested in web/test/upload.test.ts): what a
 * reading puts into a form, the receiving totals through the extra destinations, the marks on the
 * fields to check, the step gates and the body of the save calls.
 */
import {
  DELIVERY_FIELDS, MAX_EXTRA_DESTINATIONS, SIGN_FIELDS, TransportMsg, UploadMsg, netWeightAfterReading, poundDiff, poundDiffOver,
  receivingTotal, round2,
  type DestinationBody, type DuplicateTicket, type FieldMeta, type FieldValue, type TicketField, type TicketReadingAnswer,
  type TicketType, type Transport, type TransportBody,
} from '@app/contract'

export type DeliveryField = keyof typeof DELIVERY_FIELDS
export type SignField = keyof typeof SIGN_FIELDS
export type TicketValues = Partial<Record<TicketField, FieldValue>>

/** Confidence under this marks a field for checking. */
export const LOW_CONFIDENCE = 0.8
/** The validation pass after a reading fills the form (spec 001 §4). */
export const VALIDATE_AFTER_READING_MS = 300

const WEIGHT_FIELDS = new Set<TicketField>([
  'deliveryNetWeight', 'deliveryGrossWeight', 'deliveryTareWeight',
  'signNetWeight', 'signFirstNetWeight', 'signGrossWeight', 'signTareWeight',
])
const BAGS_FIELDS = new Set<TicketField>(['deliveryBags', 'signBags'])
const TIME_FIELDS = new Set<TicketField>(['deliveryTime', 'signTime'])

export type FieldKind = 'text' | 'weight' | 'bags' | 'time' | 'remark'
export function fieldKind(field: TicketField): FieldKind {
  if (WEIGHT_FIELDS.has(field)) return 'weight'
  if (BAGS_FIELDS.has(field)) return 'bags'
  if (TIME_FIELDS.has(field)) return 'time'
  return field.endsWith('Additional') ? 'remark' : 'text'
}

/** The form fields of a ticket type, in the ticket reader's order. */
export const fieldsOf = (type: TicketType) => Object.keys(type === 1 ? DELIVERY_FIELDS : SIGN_FIELDS) as TicketField[]

/** The fields in the form's order: the first receiving place's net before the total it adds up to. */
export function formOrder(type: TicketType): TicketField[] {
  const fields: TicketField[] = fieldsOf(type).filter((f) => f !== 'signFirstNetWeight')
  const total = fields.indexOf('signNetWeight')
  if (total >= 0) fields.splice(total, 0, 'signFirstNetWeight')
  return fields
}

/** A number from a reading or a form ('38.57', 38.57); null when there is none. */
export function toNumber(v: unknown): number | null {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null
  const n = typeof v === 'number' ? v : Number(String(v).trim())
  return Number.isFinite(n) ? n : null
}

/** A form value as the form holds it: weights and bags as numbers, the rest as text. */
function formValue(field: TicketField, v: unknown): FieldValue {
  const kind = fieldKind(field)
  if (kind === 'weight') {
    const n = toNumber(v)
    return n === null ? null : round2(n)
  }
  if (kind === 'bags') {
    const n = toNumber(v)
    return n === null ? null : Math.round(n)
  }
  if (v === null || v === undefined) return null
  const s = String(v).trim()
  return s === '' ? null : s
}

/** What a step keeps of its ticket: the picture, the raw text and where each value was read. */
export interface Reading {
  picId: number | null
  /** the picture's address on the server (`/api/attachments/actions/download?id=`) */
  picUrl: string | null
  origin: string | null
  meta: Record<string, FieldMeta>
  flags: Record<string, string>
  /** pixel size the boxes are measured in (0: no boxes) */
  width: number
  height: number
  duplicates: DuplicateTicket[]
}

export function readingOf(type: TicketType, answer: TicketReadingAnswer): Reading {
  const pic = type === 1
    ? { picId: answer.deliveryPicId, picUrl: answer.deliveryPicUrl, origin: answer.deliveryOrigin }
    : { picId: answer.signPicId, picUrl: answer.signPicUrl, origin: answer.signOrigin }
  return {
    picId: pic.picId ?? null,
    picUrl: pic.picUrl ?? null,
    origin: pic.origin ?? null,
    meta: answer.meta ?? {},
    flags: answer.flags ?? {},
    width: answer.width ?? 0,
    height: answer.height ?? 0,
    duplicates: answer.duplicates ?? [],
  }
}

/** The picture and raw text of a saved transport (no boxes: those belong to the reading). */
export function readingOfTransport(type: TicketType, t: Transport): Reading | null {
  const picId = type === 1 ? t.deliveryPicId : t.signPicId
  if (!picId) return null
  return {
    picId,
    picUrl: (type === 1 ? t.deliveryPicUrl : t.signPicUrl) ?? null,
    origin: (type === 1 ? t.deliveryOrigin : t.signOrigin) ?? null,
    meta: {}, flags: {}, width: 0, height: 0, duplicates: [],
  }
}

export interface ReadingFill {
  /** every field of the ticket type (unread ones null, so an earlier ticket's values go) */
  values: TicketValues
  /** net weights set by the fallback: shown red */
  flagged: TicketField[]
}

/**
 * The form values of a reading (spec 001 §4): a net weight empty, zero or outside 15-80 t becomes
 * 0.05 t a bag (0 without bags) and is flagged; on a receiving ticket that weight is the first
 * receiving place's, and the total adds the extra destinations.
 */
export function fillFromReading(type: TicketType, answer: TicketReadingAnswer, destinations: readonly DestinationBody[] = []): ReadingFill {
  const values: TicketValues = {}
  for (const f of fieldsOf(type)) values[f] = formValue(f, answer[f])
  const flagged: TicketField[] = []
  if (type === 1) {
    const net = netWeightAfterReading(toNumber(values.deliveryNetWeight), toNumber(values.deliveryBags))
    values.deliveryNetWeight = net.value
    if (net.flagged) flagged.push('deliveryNetWeight')
  } else {
    const read = toNumber(values.signFirstNetWeight) ?? toNumber(values.signNetWeight)
    const first = netWeightAfterReading(read, toNumber(values.signBags))
    values.signFirstNetWeight = first.value
    values.signNetWeight = receivingTotal(first.value, destinations)
    if (first.flagged) flagged.push('signFirstNetWeight', 'signNetWeight')
  }
  return { values, flagged }
}

/** The form values of a saved transport (continue a temporary save). */
export function valuesOfTransport(type: TicketType, t: Transport): TicketValues {
  const values: TicketValues = {}
  for (const f of fieldsOf(type)) {
    const timeText = f === 'deliveryTime' ? t.deliveryTimeStr : f === 'signTime' ? t.signTimeStr : null
    values[f] = formValue(f, timeText || t[f])
  }
  return values
}

/** Why a field needs a look: low confidence, a correction of the reading (with what was read), and the reader's consistency check. */
export function fieldMarks(reading: Pick<Reading, 'meta' | 'flags'> | null, fields: readonly TicketField[]): Partial<Record<TicketField, string[]>> {
  const marks: Partial<Record<TicketField, string[]>> = {}
  if (!reading) return marks
  for (const f of fields) {
    const reasons: string[] = []
    const meta = reading.meta[f]
    if (typeof meta?.confidence === 'number' && meta.confidence < LOW_CONFIDENCE) reasons.push(UploadMsg.lowConfidence(Math.round(Math.max(0, meta.confidence) * 100)))
    if (meta?.correction && meta.raw) reasons.push(UploadMsg.corrected(meta.correction, meta.raw))
    const flag = reading.flags[f]
    if (flag) reasons.push(flag)
    if (reasons.length) marks[f] = reasons
  }
  return marks
}

// ---- extra destinations -------------------------------------------------------------------------

/** An extra destination in the page: the body the save sends, with a key the page tells it by. */
export interface DestinationRow extends DestinationBody {
  key: string
}

let destinationSeq = 0
export const newDestinationKey = () => `d${++destinationSeq}`

/** What the destination dialog had when it was opened (a restored transport's rows). */
export function destinationRowsOf(t: Pick<Transport, 'destinations'>): DestinationRow[] {
  return [...(t.destinations ?? [])].sort((a, b) => a.ordinal - b.ordinal).map((d) => ({
    key: newDestinationKey(),
    dest: d.dest, address: d.address, signTime: d.signTimeStr || d.signTime, weight: d.weight, bags: d.bags ?? undefined,
    signGrossWeight: d.signGrossWeight, signTareWeight: d.signTareWeight, signUser: d.signUser,
    signSettlement: d.signSettlement, signAdditional: d.signAdditional, picUrl: d.picUrl,
  }))
}

/** The list with one more destination, or the message why not. */
export function addDestination(list: readonly DestinationRow[], row: DestinationRow): DestinationRow[] | string {
  if (list.length >= MAX_EXTRA_DESTINATIONS) return UploadMsg.destinationsFull
  return [...list, row]
}

/** The list with the destination of this key replaced in its place, or the message when it is gone. */
export function replaceDestination(list: readonly DestinationRow[], row: DestinationRow): DestinationRow[] | string {
  const at = list.findIndex((d) => d.key === row.key)
  if (at < 0) return UploadMsg.destinationNotFound
  return list.map((d, i) => (i === at ? row : d))
}

export const removeDestination = (list: readonly DestinationRow[], key: string) => list.filter((d) => d.key !== key)

/** 2 for the first extra destination: the main receipt is the first receiving place. */
export const ordinalAt = (index: number) => index + 2

export interface ReceivingFigures {
  /** signNetWeight: the first receiving place plus every extra destination */
  total: number
  poundDiff: number | null
  /** |poundDiff| ≥ 1 t: shown red */
  over: boolean
}

/** The receiving total and pound difference, in hundredths (spec 001 §4). No delivery net: no difference. */
export function receivingFigures(deliveryNet: unknown, firstNet: unknown, destinations: readonly { weight?: number | null }[]): ReceivingFigures {
  const total = receivingTotal(toNumber(firstNet), destinations)
  const delivery = toNumber(deliveryNet)
  const diff = delivery === null ? null : poundDiff(delivery, total)
  return { total, poundDiff: diff, over: poundDiffOver(diff) }
}

// ---- step gates and saving ----------------------------------------------------------------------

export type StepIndex = 0 | 1

/** The message that stops 下一步 / 暂存 / 保存, or null: a picture first, then a valid form. */
export function stepProblem(hasPicture: boolean, formValid: boolean, type: TicketType): string | null {
  if (!hasPicture) return type === 1 ? TransportMsg.deliveryPictureMissing : TransportMsg.signPictureMissing
  if (!formValid) return TransportMsg.incomplete
  return null
}

const bodyValues = (type: TicketType, values: TicketValues) => {
  const out: TicketValues = {}
  for (const f of fieldsOf(type)) out[f] = formValue(f, values[f])
  return out
}

export interface SaveInput {
  delivery: TicketValues
  deliveryPicId: number | null
  /** absent: step 1's temporary save (the delivery note alone) */
  sign?: TicketValues
  signPicId?: number | null
  destinations?: readonly DestinationRow[]
  /** the transport being continued */
  transport?: { id: number; version: number } | null
  confirmDuplicate?: boolean
}

/**
 * The body of saveTemp / saveTempFin / save. The receiving total is the first place's net plus the
 * destinations (the server recomputes it and poundDiff anyway).
 */
export function transportBody(input: SaveInput): TransportBody {
  const body: TransportBody = { ...bodyValues(1, input.delivery) } as TransportBody
  body.deliveryPicId = input.deliveryPicId ?? undefined
  if (input.sign) {
    Object.assign(body, bodyValues(2, input.sign))
    const destinations = (input.destinations ?? []).map(({ key: _key, ...d }) => d)
    body.signNetWeight = receivingTotal(toNumber(input.sign.signFirstNetWeight), destinations)
    body.signPicId = input.signPicId ?? undefined
    body.destinations = destinations
  }
  if (input.transport) {
    body.id = input.transport.id
    body.version = input.transport.version
  }
  if (input.confirmDuplicate) body.confirmDuplicate = true
  return body
}

export const DUPLICATE_REASONS: Record<DuplicateTicket['reason'], string> = { picture: '同一张照片', number: '同一单号' }

/** '运单 12：同一单号 XS2026…（2026-09-12 13:03:42 上传）' */
export function duplicateLabel(d: DuplicateTicket): string {
  const number = d.reason === 'number' && d.number ? ` ${d.number}` : ''
  return `运单 ${d.transportId}：${DUPLICATE_REASONS[d.reason]}${number}（${d.createTime} 上传）`
}

export const transportDetailPath = (transportId: number) => `/traceDetail/index?id=${transportId}`

/** The duplicates of a refused save (the `data` of a 40901), if the answer is a list of them. */
export function duplicatesOf(data: unknown): DuplicateTicket[] {
  return Array.isArray(data) ? data.filter((d): d is DuplicateTicket => !!d && typeof d === 'object' && typeof (d as DuplicateTicket).transportId === 'number') : []
}
