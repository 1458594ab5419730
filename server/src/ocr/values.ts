/** A candidate value read as a field of a given kind (weight, count, time, plate …), or null when it is none. */
import type { FieldKind } from './fieldCatalogue.js'
import { normalizeCode, normalizePlate, normalizeSpec, normalizeText, parseDateTime, parseInteger, parseWeight, PROVINCES, type WeightUnit } from './normalize.js'
import type { FieldValue } from './types.js'

/** parse a candidate value for a field kind; null when it does not look like one */
export function parseValue(kind: FieldKind, raw: string, unit: WeightUnit | null = null): FieldValue {
  const t = normalizeText(raw).replace(/^[\s:;,.、]+|[\s:;,、]+$/g, '')
  if (!t) return null
  switch (kind) {
    case 'weight': {
      if (!/\d/.test(t.replace(/[Oo]/g, '0'))) return null
      const v = parseWeight(t, unit)
      return v !== null && v >= 0 && v < 200 ? v : null
    }
    case 'int': {
      // a count cell read as a lone letter O: the recogniser's 0 (fixDigits only mends runs that hold a digit)
      if (/^[OoD]\s*[袋包件]?$/.test(t)) return 0
      const v = parseInteger(t)
      return v !== null && v >= 0 && v < 100000 ? v : null
    }
    case 'time':
      return parseDateTime(t)
    case 'plate': {
      const p = normalizePlate(t)
      return new RegExp(`^[${PROVINCES}][A-Z][A-Z0-9]{3,6}`).test(p) ? p : null
    }
    case 'code': {
      // a cement grade, also one whose type letter was read as a digit ('P.1152.5-2670C'), is no ticket number
      if (/^P\s*[.·]/i.test(t)) return null
      const c = normalizeCode(t)
      return (c.match(/\d/g) ?? []).length >= 4 ? c : null
    }
    case 'spec': {
      const s = normalizeSpec(t.split(' ')[0].length >= 3 ? t.replace(/\s+(?=[-\d])/g, '') : t)
      if (/^[A-Z]{0,4}\d{8,}$/.test(s)) return null
      // a grade or batch number has digits: a word ('Lot No.', a label's English name) is none
      return /\d/.test(s) ? s : null
    }
    case 'org': {
      const s = t.replace(/\s+/g, '')
      if (!/[\u4e00-\u9fff]/.test(s) || s.length < 2) return null
      if (/^\d/.test(s)) return null
      return s
    }
    case 'person': {
      const m = t.match(/[\u4e00-\u9fff·]{2,5}/)
      return m ? m[0] : null
    }
    case 'text': {
      const s = t.replace(/\s+(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])\s+/g, '')
      // one character is the rest of a misread label ('商品名' + '称'), not a goods name or an address;
      // both are written in Chinese (a Latin word is a label's English name: 'Material', 'Site')
      return /[\u4e00-\u9fff]/.test(s) && s.length >= 2 ? s : null
    }
    case 'remark':
      return t
  }
}
