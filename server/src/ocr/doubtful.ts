/**
 * Doubts the domain gives (issue 38): staff check the fields the form marks (confidence below 0.8, a
 * correction, a failed check) and trust the rest, so a value the recogniser read clearly but that the
 * ticket's domain does not explain gets its confidence lowered to DOUBTED: it was most likely taken
 * from the wrong box (a layout or a label the reader misjudged) or misread in a way no check catches.
 * The value is left as read.
 * - weights that do not add up: gross and tare too (the net is flagged by the checks);
 * - one box's value taken by two fields of different shapes (a value another label explains as well);
 * - a party that is no organisation's name, a signer who is no person, an address with no place word,
 *   goods that name no building material, a cement number that starts with no standard grade;
 * - a time of day of 00:00:00 (the minutes printed but not read, or a date read without its time).
 */
import { FIELD_PREFIX } from '@app/contract'
import { WEIGHT_TOLERANCE_T } from './checks.js'
import { holdsGrade } from './correct.js'
import { fieldSuffix, kindOf } from './fieldCatalogue.js'
import { personSupport } from './names.js'
import { round2 } from './normalize.js'
import type { FieldMeta, FieldValue, FileType } from './types.js'

/** the confidence of a doubted value: under the form's 0.8, so that it is marked */
export const DOUBTED = 0.6

/** what an organisation's name ends with (a company, a plant, a site, a team) */
const ORGANISATION = /(?:公司|厂|集团|中心|站|部|处|局|院|所|队|店|社|场|行|会|委|馆|校|段|区|园|矿|基地|工地|项目)$/
/** an address names a place: a region, a road, a number, a site */
const ADDRESS = /[省市区县镇乡村路街道号巷弄园站部地段期场港湾楼座栋幢工]/
/** goods the trade delivers: cement and the materials beside it */
const GOODS = /水泥|灰|粉|砂|石|料|剂|混凝土|熟料|矿|土|浆|渣|膏|砖|钢|沥青/

/** the shape a value of the field should have; false: it is doubtful */
function shapeHolds(suffix: string, value: FieldValue): boolean {
  if (typeof value !== 'string' || !value) return true
  const kind = kindOf(suffix)
  // and a name before its legal form ('有限公司' alone is the end of a wrapped name)
  if (kind === 'org') return ORGANISATION.test(value) && value.length >= 4 && value.replace(/(?:股份|有限|责任|集团)*(?:公司)?$/, '').length >= 2
  if (kind === 'person') return value.length <= 4 && personSupport(value) >= 1
  if (suffix === 'Place') return ADDRESS.test(value) && value.length >= 4
  if (suffix === 'GoodsName') return GOODS.test(value)
  if (kind === 'spec') return !/^P\s*[.·]/i.test(value) || holdsGrade(value)
  if (kind === 'time') return !value.endsWith(' 00:00:00')
  return true
}

/** lowers the confidence of the doubtful fields (in place) */
export function doubtFields(fields: Record<string, FieldValue>, meta: Record<string, FieldMeta>, fileType: FileType) {
  const p = FIELD_PREFIX[fileType]
  const doubt = (field: string) => {
    const m = meta[field]
    if (m && fields[field] !== null && fields[field] !== '') meta[field] = { ...m, confidence: Math.min(m.confidence, DOUBTED) }
  }
  for (const [field, value] of Object.entries(fields)) if (!shapeHolds(fieldSuffix(field), value)) doubt(field)

  const [gross, tare, net] = ['GrossWeight', 'TareWeight', 'NetWeight'].map((s) => fields[p + s])
  if (typeof gross === 'number' && typeof tare === 'number' && typeof net === 'number' && Math.abs(round2(gross - tare - net)) > WEIGHT_TOLERANCE_T) {
    doubt(p + 'GrossWeight')
    doubt(p + 'TareWeight')
  }

  // one box, one value: two fields of different shapes that took the same value from the same box
  const byBox = new Map<string, string[]>()
  for (const [field, m] of Object.entries(meta)) {
    if (!m.box || fields[field] === null || fields[field] === '') continue
    const key = `${JSON.stringify(m.box)}|${fields[field]}`
    byBox.set(key, [...(byBox.get(key) ?? []), field])
  }
  for (const same of byBox.values()) {
    if (same.length > 1 && new Set(same.map((f) => kindOf(fieldSuffix(f)))).size > 1) same.forEach(doubt)
  }
}
