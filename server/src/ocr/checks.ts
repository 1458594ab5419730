/** Consistency checks: a failed check flags the field with a Chinese message, never changes it. */
import { FIELD_PREFIX, TicketCheckMsg } from '@app/contract'
import { PLATE_RE, normalizePlate, round2 } from './normalize.js'
import type { FieldValue, FileType } from './types.js'

export const WEIGHT_TOLERANCE_T = 0.02

export function checkFields(fields: Record<string, FieldValue>, fileType: FileType): Record<string, string> {
  const p = FIELD_PREFIX[fileType]
  const flags: Record<string, string> = {}
  const gross = fields[`${p}GrossWeight`]
  const tare = fields[`${p}TareWeight`]
  const net = fields[`${p}NetWeight`]
  if (typeof gross === 'number' && typeof tare === 'number' && typeof net === 'number') {
    const diff = round2(gross - tare - net)
    if (Math.abs(diff) > WEIGHT_TOLERANCE_T) {
      flags[`${p}NetWeight`] = TicketCheckMsg.netMismatch(gross, tare, net)
    }
  }
  if (typeof gross === 'number' && typeof tare === 'number' && tare > gross) {
    flags[`${p}TareWeight`] = TicketCheckMsg.tareOverGross
  }
  const plate = fields[`${p}PlateNumber`]
  if (typeof plate === 'string' && plate && !PLATE_RE.test(normalizePlate(plate))) {
    flags[`${p}PlateNumber`] = TicketCheckMsg.plateInvalid(plate)
  }
  const time = fields[`${p}Time`]
  if (typeof time === 'string' && time) {
    const m = time.match(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/)
    const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null
    if (!m || !d || Number.isNaN(d.getTime()) || d.getUTCDate() !== +m[3] || +m[4] > 23) {
      flags[`${p}Time`] = TicketCheckMsg.timeInvalid(time)
    } else if (+m[1] < 2000 || d.getTime() > Date.now() + 2 * 365 * 86400_000) {
      flags[`${p}Time`] = TicketCheckMsg.timeOutOfRange(time)
    }
  }
  if (typeof net === 'number' && (net <= 0 || net > 100)) {
    flags[`${p}NetWeight`] ??= TicketCheckMsg.netOutOfRange(net)
  }
  return flags
}
