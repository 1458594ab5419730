import {
  dangerLevel, parseDateTime, poundDiff, READ_WEIGHT_FIELDS, receivingTotal, round2, TICKET_FIELDS,
  type DangerLevel, type DestinationBody, type FieldValue, type TicketField, type Tolerance, type TransportBody,
} from '@app/contract'
import type { transportDestinations, transports } from '../../db/schema/index.js'

/** A transport's fields as a write takes them: every ticket field (null when not sent), weights to 2 decimals. */
export type TransportRecord = Record<TicketField, FieldValue> & { deliveryPicId: number | null; signPicId: number | null }

const FIELDS = Object.keys(TICKET_FIELDS) as TicketField[]
const TIME_FIELDS = new Set<string>(['deliveryTime', 'signTime'])
const isWeight = (field: string, v: unknown): v is number => typeof v === 'number' && !field.endsWith('Bags')

export function recordOf(body: TransportBody): TransportRecord {
  const record = { deliveryPicId: body.deliveryPicId ?? null, signPicId: body.signPicId ?? null } as TransportRecord
  for (const f of FIELDS) {
    const v = body[f]
    record[f] = isWeight(f, v) ? round2(v) : v ?? null
  }
  return record
}

export function destinationsOf(body: TransportBody): DestinationBody[] {
  return (body.destinations ?? []).map((d) => {
    const rounded: DestinationBody = { ...d }
    for (const [k, v] of Object.entries(d)) if (isWeight(k, v)) (rounded as Record<string, unknown>)[k] = round2(v)
    return rounded
  })
}

const asNumber = (v: FieldValue | undefined) => {
  const n = typeof v === 'string' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

/**
 * The server's own arithmetic (DESIGN §5), whatever the client sent: the total receiving net, the pound
 * difference and the danger level with the settlement unit's tolerance and the reading's weights.
 */
export function computedWeights(record: TransportRecord, destinations: DestinationBody[], tolerance: Tolerance, originals: Record<string, FieldValue>) {
  const first = record.signFirstNetWeight as number | null
  const signNetWeight = first == null && destinations.every((d) => d.weight == null) ? null : receivingTotal(first, destinations)
  const deliveryNet = record.deliveryNetWeight as number | null
  const diff = deliveryNet == null || signNetWeight == null ? null : poundDiff(deliveryNet, signNetWeight)
  const saved = { ...record, signNetWeight } as Record<string, FieldValue>
  const level: DangerLevel | null = dangerLevel({
    poundDiff: diff, deliveryNetWeight: deliveryNet, tolerance,
    saved: Object.fromEntries(READ_WEIGHT_FIELDS.map((f) => [f, asNumber(saved[f])])),
    read: Object.fromEntries(READ_WEIGHT_FIELDS.map((f) => [f, asNumber(originals[f])])),
  })
  return { signNetWeight, poundDiff: diff, dangerLevel: level }
}

const timeOf = (v: FieldValue | undefined) => (typeof v === 'string' ? parseDateTime(v) : null)

/** The ticket fields as table values (times parsed in China Standard Time). */
export function ticketValues(record: TransportRecord): Partial<typeof transports.$inferInsert> {
  const values: Record<string, unknown> = { deliveryPicId: record.deliveryPicId, signPicId: record.signPicId }
  for (const f of FIELDS) values[f] = TIME_FIELDS.has(f) ? timeOf(record[f]) : record[f]
  return values
}

/** The extra destinations as rows: ordinals 2 … 9 in the order sent. */
export function destinationRows(transportId: number, destinations: DestinationBody[]): (typeof transportDestinations.$inferInsert)[] {
  return destinations.map((d, i) => ({ ...d, transportId, ordinal: i + 2, signTime: timeOf(d.signTime) }))
}
