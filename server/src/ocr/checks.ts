import { fieldPrefix } from './extract.js'
/** Consistency checks: a failed check flags the field with a Chinese message, never changes it. */
import { PLATE_RE, normalizePlate, round2 } from './normalize.js'
import type { FieldValue, FileType } from './types.js'

export const WEIGHT_TOLERANCE_T = 0.02

export function checkFields(fields: Record<string, FieldValue>, fileType: FileType): Record<string, string> {
  const p = fieldPrefix(fileType)
  const flags: Record<string, string> = {}
  const gross = fields[`${p}GrossWeight`]
  const tare = fields[`${p}TareWeight`]
  const net = fields[`${p}NetWeight`]
  if (typeof gross === 'number' && typeof tare === 'number' && typeof net === 'number') {
    const diff = round2(gross - tare - net)
    if (Math.abs(diff) > WEIGHT_TOLERANCE_T) {
      flags[`${p}NetWeight`] = `毛重 ${gross.toFixed(2)} 减皮重 ${tare.toFixed(2)} 为 ${(gross - tare).toFixed(2)} 吨，与净重 ${net.toFixed(2)} 吨不符，请核对`
    }
  }
  if (typeof gross === 'number' && typeof tare === 'number' && tare > gross) {
    flags[`${p}TareWeight`] = '皮重大于毛重，请核对'
  }
  const plate = fields[`${p}PlateNumber`]
  if (typeof plate === 'string' && plate && !PLATE_RE.test(normalizePlate(plate))) {
    flags[`${p}PlateNumber`] = `车牌号“${plate}”格式不正确（应为省份简称 + 字母 + 5~6 位字母或数字），请核对`
  }
  const time = fields[`${p}Time`]
  if (typeof time === 'string' && time) {
    const m = time.match(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/)
    const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null
    if (!m || !d || Number.isNaN(d.getTime()) || d.getUTCDate() !== +m[3] || +m[4] > 23) {
      flags[`${p}Time`] = `时间“${time}”无法识别为有效日期，请核对`
    } else if (+m[1] < 2000 || d.getTime() > Date.now() + 2 * 365 * 86400_000) {
      flags[`${p}Time`] = `时间“${time}”不在合理范围内，请核对`
    }
  }
  if (typeof net === 'number' && (net <= 0 || net > 100)) {
    flags[`${p}NetWeight`] ??= `净重 ${net} 吨不在合理范围内，请核对`
  }
  return flags
}
