/**
 * Domain correction of what the recogniser gets wrong, never guessing: a correction is made only
 * when the domain leaves one reading (a legal form has one ending, a grade one standard spelling and
 * one cement name, a plate position one kind of character, one saved name lies that close, one town
 * of the district named is that near, most readings of a name printed thrice agree). The raw
 * reading stays in the field's meta and the confidence is lowered, so the form marks the field for
 * a look.
 */
import { FIELD_PREFIX, type FieldCorrection } from '@app/contract'
import { fieldSuffix, kindOf } from './fieldCatalogue.js'
import { WEIGHT_TOLERANCE_T } from './checks.js'
import { PROVINCES, round2 } from './normalize.js'
import { nameSupport } from './names.js'
import { fixTown } from './places.js'
import { lookalikeDistance, oneEditApart } from './distance.js'
import type { FieldMeta, FieldValue } from './types.js'

/** confidence of a corrected field: at most this (the form marks it, with what was read) */
export const CORRECTED_CONFIDENCE = 0.8

// ----------------------------------------------------------------------------------- legal form

/** 有限公司 misread though it ends in 公司 ('有眼公司', '货运育限公司') */
const MISREAD_LIMITED = /(?:有[眼跟]|[育宥]限)公司$/
/** 有限责任公司 misread though it ends in 公司 ('有限资任公司', '有限费任公司'): no other legal form reads 有限?任 */
const MISREAD_LIABILITY = /有限[^责]任公司$/
/** 股份有限公司 misread though it ends in 公司 ('设份有限公司'): 股份 is the only legal form word ending in 份 */
const MISREAD_SHARES = /[^股]份有限公司$/

/** endings the recogniser cuts or misreads, and the one legal form each can only be */
const LEGAL_ENDINGS: [RegExp, string][] = [
  [/股份有限公[可同司]?$/, '股份有限公司'],
  [/有限责任?公?[可同司]?$/, '有限责任公司'],
  [/有限[^责]任公[可同司]?$/, '有限责任公司'],
  [/[^股]份有限公[可同司]?$/, '股份有限公司'],
  // cut after 公, or 限 / 有 misread as a look-alike ('有眼公', '货运育限公')
  [/(?:有[限眼跟]|[育宥]限)公[可同]?$/, '有限公司'],
  [MISREAD_LIMITED, '有限公司'],
  [/集团公[可同]?$/, '集团公司'],
]

/** '…有限公' -> '…有限公司', '…有限公可' -> '…有限公司'; null when the name needs nothing */
export function completeLegalForm(name: string): string | null {
  if (/(?:公司|厂|集团|中心)$/.test(name) && ![MISREAD_LIMITED, MISREAD_LIABILITY, MISREAD_SHARES].some((re) => re.test(name))) return null
  for (const [re, full] of LEGAL_ENDINGS) {
    const m = name.match(re)
    if (!m) continue
    // '有限责' alone could be cut anywhere: only a reading that went past 有限 is completed
    const fixed = name.slice(0, m.index) + full
    if (fixed !== name && name.length - m[0].length >= 2) return fixed
  }
  return null
}

// ---------------------------------------------------------------------------------------- grade

/** GB 175 / GB/T 3183 grades: type -> strength classes */
const GRADE_TABLE: Record<string, string[]> = {
  'P.I': ['42.5', '42.5R', '52.5', '52.5R', '62.5', '62.5R'],
  'P.II': ['42.5', '42.5R', '52.5', '52.5R', '62.5', '62.5R'],
  'P.O': ['42.5', '42.5R', '52.5', '52.5R'],
  'P.S.A': ['32.5', '32.5R', '42.5', '42.5R', '52.5', '52.5R'],
  'P.S.B': ['32.5', '32.5R', '42.5', '42.5R', '52.5', '52.5R'],
  'P.P': ['32.5', '32.5R', '42.5', '42.5R', '52.5', '52.5R'],
  'P.F': ['32.5', '32.5R', '42.5', '42.5R', '52.5', '52.5R'],
  'P.C': ['32.5R', '42.5', '42.5R', '52.5', '52.5R'],
}

/** the type letters as read (dots, spaces, 0/O, 1/I/l, 5/S, 8/B, '(' for C confusions) -> the standard type */
function gradeType(letters: string): string | null {
  const t = letters.toUpperCase().replace(/\(/g, 'C').replace(/[^A-Z0-9|]/g, '').replace(/0/g, 'O').replace(/[1L|]/g, 'I').replace(/5/g, 'S').replace(/8/g, 'B').replace(/Ⅱ/g, 'II')
  const map: Record<string, string> = { I: 'P.I', II: 'P.II', O: 'P.O', SA: 'P.S.A', SB: 'P.S.B', P: 'P.P', F: 'P.F', C: 'P.C' }
  return map[t] ?? null
}

/**
 * The value with the cement grade at its start in its standard spelling: 'PO42.5R-2448E' ->
 * 'P.O42.5R-2448E', 'P·S A 32.5' -> 'P.S.A32.5', 'P.1I52.5' -> 'P.II52.5', 'P.C42.SR' -> 'P.C42.5R', 'P-042.5' -> 'P.O42.5'.
 * null when it starts with no standard grade: a strength that is not in the type's classes is no
 * grade (which one was meant is a guess).
 */
function standardGrade(value: string): string | null {
  const m = value.match(/^\s*P\s*[.·,。-]?\s*([A-Z0-9|Ⅱ(](?:\s*[.·,]?\s*[A-Z0-9|]){0,1}?)\s*[.·]?\s*(\d{2}\s*[.,]\s*[\dS]|\d{2}[5S](?=\s*R?(?:-|\s|$)))\s*(R?)(.*)$/i)
  if (!m) return null
  const type = gradeType(m[1]!)
  if (!type) return null
  const strength = m[2]!.replace(/\s+/g, '').replace(',', '.').replace(/S$/i, '5').replace(/^(\d{2})(5)$/, '$1.$2') + m[3]!.toUpperCase()
  if (!GRADE_TABLE[type]!.includes(strength)) return null
  return `${type}${strength}${m[4]!.replace(/^\s+/, '')}`
}

/** the value with its grade snapped to the standard spelling (`standardGrade`); null: nothing to change */
export function snapGrade(value: string): string | null {
  const fixed = standardGrade(value)
  return fixed === value ? null : fixed
}

/** the value starts with a standard grade, as it is or once snapped ('P.II52.5-2662F', not 'P.II152.5-2662F') */
export const holdsGrade = (value: string) => standardGrade(value) !== null

// ---------------------------------------------------------------------------------------- goods

/** GB 175's common cements by grade type, and the other cements a ticket names */
const CEMENT_OF_TYPE: Record<string, string> = {
  'P.I': '硅酸盐水泥', 'P.II': '硅酸盐水泥', 'P.O': '普通硅酸盐水泥', 'P.S.A': '矿渣硅酸盐水泥', 'P.S.B': '矿渣硅酸盐水泥',
  'P.P': '火山灰质硅酸盐水泥', 'P.F': '粉煤灰硅酸盐水泥', 'P.C': '复合硅酸盐水泥',
}
const CEMENTS = [...new Set(Object.values(CEMENT_OF_TYPE)), '砌筑水泥', '道路硅酸盐水泥', '中热硅酸盐水泥', '低热硅酸盐水泥',
  '低热矿渣硅酸盐水泥', '白色硅酸盐水泥', '快硬硅酸盐水泥', '抗硫酸盐硅酸盐水泥', '铝酸盐水泥', '硫铝酸盐水泥', '油井水泥']

const PACKAGING = ['袋装', '散装']

/**
 * A goods name snapped to the cement it names: the one standard name within two characters (the
 * one the ticket's grade stands for, when it has one: P.S.A is 矿渣硅酸盐水泥), and a misread
 * packaging word by the bags (袋装 when bags were counted, 散装 when none), or without bags by the
 * packaging word its first character looks like. null: nothing to change.
 */
export function snapGoods(value: string, grade: string | null, bags: number | null): string | null {
  const packed = value.length > 2 && value[1] === '装'
  let pack = packed ? value.slice(0, 2) : ''
  let name = packed ? value.slice(2) : value
  if (packed && pack !== '袋装' && pack !== '散装') {
    if (bags !== null) pack = bags > 0 ? '袋装' : '散装'
    else {
      // no bags printed: the one packaging word its first character looks like ('敬装' is 散装)
      const alike = PACKAGING.filter((p) => lookalikeDistance(pack, p, 1) === 1)
      if (alike.length === 1) pack = alike[0]!
    }
  }
  if (name.length >= 4 && !CEMENTS.includes(name)) {
    const type = grade?.match(/^P\.(?:S\.[AB]|II|I|O|P|F|C)/)?.[0]
    const near = (type ? [CEMENT_OF_TYPE[type]!] : CEMENTS).map((c) => ({ c, d: lookalikeDistance(name, c, 4) })).filter((x) => x.d < Infinity)
    near.sort((a, b) => a.d - b.d)
    if (near.length && (near.length === 1 || near[0]!.d < near[1]!.d)) name = near[0]!.c
  }
  const fixed = pack + name
  return fixed === value ? null : fixed
}

// ---------------------------------------------------------------------------------------- plate

const TO_DIGIT: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', B: '8', S: '5', Z: '2', G: '6' }
const TO_LETTER: Record<string, string> = { '0': 'D', '1': 'J', '8': 'B', '5': 'S', '2': 'Z', '6': 'G' }

/**
 * A plate's characters fixed where its pattern allows one kind only: the second is a letter; O and
 * I never occur (0, 1); a new-energy plate (8 characters) has D/F third and digits after, or digits
 * and D/F last. Elsewhere 8/B and 0/D are both possible and stay as read. null: nothing to change.
 */
export function fixPlate(value: string): string | null {
  const p = value.toUpperCase().replace(/[\s·•.\-]/g, '')
  if (!new RegExp(`^[${PROVINCES}]`).test(p) || p.length < 7 || p.length > 8) return null
  const ch = [...p]
  if (TO_LETTER[ch[1]!]) ch[1] = TO_LETTER[ch[1]!]!
  for (let i = 2; i < ch.length; i++) if (ch[i] === 'O') ch[i] = '0'; else if (ch[i] === 'I') ch[i] = '1'
  if (ch.length === 8) {
    const digits = (xs: string[]) => xs.map((c) => TO_DIGIT[c] ?? c)
    if (/^[DF0]$/.test(ch[2]!) && ch.slice(3).every((c) => /\d/.test(TO_DIGIT[c] ?? c))) {
      ch.splice(2, 6, ch[2] === '0' ? 'D' : ch[2]!, ...digits(ch.slice(3)))
    } else if (/^[DF]$/.test(ch[7]!) && ch.slice(2, 7).every((c) => /\d/.test(TO_DIGIT[c] ?? c))) {
      ch.splice(2, 5, ...digits(ch.slice(2, 7)))
    }
  }
  const fixed = ch.join('')
  return fixed === value ? null : fixed
}

// ----------------------------------------------------------------------------------- saved names

/**
 * The saved name a reading stands for: the one nearest within `max` (one or two look-alike
 * characters, or one other character), when no other saved name is as near. null: none, or the
 * reading is saved as it is.
 */
export function snapToSaved(read: string, saved: readonly string[], max = 2): string | null {
  if (read.length < 4) return null
  let best: string | null = null
  let bestD = Infinity
  let tie = false
  for (const s of saved) {
    if (s === read) return null
    const d = lookalikeDistance(read, s, max)
    if (d < bestD) { best = s; bestD = d; tie = false } else if (d === bestD && d < Infinity && s !== best) tie = true
  }
  return best && !tie ? best : null
}

// ------------------------------------------------------------------------------ repeated names

/** the roles one party often holds at once on a ticket (客户, 收货单位, 结算单位) */
const PARTY_FIELDS = ['Customer', 'Name', 'Settlement']

/**
 * Whether two readings of one length can be one name: they differ in at most two characters, not
 * side by side (two neighbours differing is another word: 运输 / 建材).
 */
function oneName(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let count = 0
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue
    if (++count > 2 || (i > 0 && a[i - 1] !== b[i - 1])) return false
  }
  return true
}

/**
 * A party's name printed more than once, read differently: a reading that is another's without its
 * first one or two characters is that one when region names explain it better; readings of one
 * length that differ in one or two characters apart are one name (two sister companies named so
 * alike would be taken for one: the corrected field is marked for a look like every correction).
 * Each differing character is the one most readings have; between two readings, the one that names
 * a real place there (遵义, not 道义), else it stays as read. Returns the agreed name per reading
 * (null: unchanged).
 */
export function agreeRepeatedNames(read: readonly string[]): (string | null)[] {
  // a reading that lost its first character or two ('阳嘉禾…' beside '襄阳嘉禾…'): the whole one, when the domain's words explain it better
  const readings = read.map((r) => (r.length < 6 ? r : read.find((o) => o.length > r.length && o.length <= r.length + 2 && o.endsWith(r) && nameSupport(o) > nameSupport(r)) ?? r))
  const agreed: (string | null)[] = readings.map((r, i) => (r !== read[i] ? r : null))
  const done = new Set<number>()
  readings.forEach((first, i) => {
    if (done.has(i) || first.length < 6) return
    const group = readings.flatMap((r, j) => (j !== i && !done.has(j) && oneName(first, r) ? [j] : []))
    if (!group.length) return
    group.unshift(i)
    for (const j of group) done.add(j)
    const chars = [...first].map((c, at) => {
      const votes = new Map<string, number>()
      for (const j of group) votes.set(readings[j]![at]!, (votes.get(readings[j]![at]!) ?? 0) + 1)
      if (votes.size === 1) return c
      const ranked = [...votes].sort((a, b) => b[1] - a[1])
      if (ranked[0]![1] > ranked[1]![1]) return ranked[0]![0]
      // a tie: the reading the region names explain better there, if one does
      const support = ranked.map(([ch]) => ({ ch, n: nameSupport(first.slice(0, at) + ch + first.slice(at + 1)) })).sort((a, b) => b.n - a.n)
      return support[0]!.n > support[1]!.n ? support[0]!.ch : null
    })
    for (const j of group) {
      const name = [...readings[j]!].map((c, at) => chars[at] ?? c).join('')
      if (name !== read[j]) agreed[j] = name
    }
  })
  return agreed
}

// -------------------------------------------------------------------------------------- weights

const WEIGHTS = ['GrossWeight', 'TareWeight', 'NetWeight'] as const

/**
 * Gross, tare and net weights that do not add up (gross − tare = net), one of them read with a digit
 * lost or one too many, or its decimal point lost or moved: that one is what the other two make it,
 * when it is the only one of the three so explained (gross 6.64 beside tare 14.87 and net 46.77 is
 * 61.64; tare 12.3 beside 58.33 and 45.5 is 12.83; net 3.5 beside 50 and 15 is 35). A digit read
 * otherwise is no reason: a ticket may print a net after a deduction (30 beside 50 − 15). None or
 * two so explained: null, and the check flags the weights as read.
 */
export function fixWeights(gross: number, tare: number, net: number): { field: (typeof WEIGHTS)[number]; value: number } | null {
  if (Math.abs(round2(gross - tare - net)) <= WEIGHT_TOLERANCE_T) return null
  const digits = (w: number) => String(w).replace('.', '')
  const explained = [
    { field: WEIGHTS[0], read: gross, value: round2(tare + net) },
    { field: WEIGHTS[1], read: tare, value: round2(gross - net) },
    { field: WEIGHTS[2], read: net, value: round2(gross - tare) },
  ].filter((w) => {
    const [read, made] = [digits(w.read), digits(w.value)]
    // the same digits with the point lost or moved (3.5 for 35), or one digit lost or added
    return w.value > 0 && (read === made || (read.length !== made.length && oneEditApart(read, made)))
  })
  return explained.length === 1 ? { field: explained[0]!.field, value: explained[0]!.value } : null
}

// ---------------------------------------------------------------------------------------- numbers

/** the letter each digit is read for, where that letter is the only one (0 may be O, D or Q; 1 and 2 are common in codes) */
const LETTER_OF_DIGIT: Record<string, string> = { 5: 'S', 8: 'B', 6: 'G' }

/**
 * A document number made of letters, the date and a sequence ('XS' + '20260412' + '8667') whose last
 * letter was read as the digit it looks like ('X5202604128667'): that digit is the letter when the
 * ticket's own year and month follow it. null: nothing to change.
 */
export function fixNumberLetter(number: string, time: string): string | null {
  const month = time.match(/^(\d{4})-(\d{2})-\d{2}/)
  const m = number.match(/^([A-Z]+)(\d)(\d+)$/)
  if (!month || !m || !m[3]!.startsWith(month[1]! + month[2]!)) return null
  const letter = LETTER_OF_DIGIT[m[2]!]
  return letter ? m[1]! + letter + m[3]! : null
}

// ---------------------------------------------------------------------------------------- apply

/** Names the base has saved before, per field suffix (Manufactory, Customer, Carrier, Settlement, Name). */
export type SavedNames = Partial<Record<string, readonly string[]>>

interface Corrected { value: string | number; correction: FieldCorrection }

function correctOne(suffix: string, value: string, saved: SavedNames): Corrected | null {
  const kind = kindOf(suffix)
  if (kind === 'org') {
    const names = saved[suffix] ?? []
    const snapped = names.length ? snapToSaved(value, names) : null
    if (snapped) return { value: snapped, correction: 'savedName' }
    const full = completeLegalForm(value)
    if (full) {
      // a completed name may now be one the base saved
      return { value: full, correction: 'legalSuffix' }
    }
    return null
  }
  if (kind === 'spec') {
    const g = snapGrade(value)
    return g ? { value: g, correction: 'grade' } : null
  }
  if (kind === 'plate') {
    const p = fixPlate(value)
    return p ? { value: p, correction: 'plate' } : null
  }
  if (suffix === 'Place') {
    const a = fixTown(value)
    return a ? { value: a, correction: 'place' } : null
  }
  return null
}

/**
 * Corrects the fields in place: the corrected value, and in the meta the raw reading, the kind of
 * correction and a confidence of at most CORRECTED_CONFIDENCE.
 */
export function correctFields(fields: Record<string, FieldValue>, meta: Record<string, FieldMeta>, saved: SavedNames = {}) {
  const correct = (field: string, c: Corrected) => {
    const m = meta[field]
    if (m) meta[field] = { ...m, raw: m.raw ?? String(fields[field]), correction: c.correction, confidence: Math.min(m.confidence, CORRECTED_CONFIDENCE) }
    fields[field] = c.value
  }
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || !value) continue
    const c = correctOne(fieldSuffix(field), value, saved)
    if (c) correct(field, c)
  }
  // after the legal forms are complete, so that '…有限公' and '…有限公司' compare
  const party = Object.keys(fields).filter((f) => PARTY_FIELDS.includes(fieldSuffix(f)) && typeof fields[f] === 'string')
  agreeRepeatedNames(party.map((f) => fields[f] as string)).forEach((name, k) => {
    if (name) correct(party[k]!, { value: name, correction: 'repeatedName' })
  })
  for (const prefix of Object.values(FIELD_PREFIX)) {
    const at = (suffix: string) => fields[prefix + suffix]
    // after the grade is snapped: the goods name follows the grade's type
    const [goods, grade, bags] = [at('GoodsName'), at('Specific'), at('Bags')]
    const cement = typeof goods === 'string' ? snapGoods(goods, typeof grade === 'string' ? grade : null, typeof bags === 'number' ? bags : null) : null
    if (cement) correct(prefix + 'GoodsName', { value: cement, correction: 'goods' })
    const [number, time] = [at('Number'), at('Time')]
    const lettered = typeof number === 'string' && typeof time === 'string' ? fixNumberLetter(number, time) : null
    if (lettered) correct(prefix + 'Number', { value: lettered, correction: 'numberLetter' })
    const [g, t, n] = WEIGHTS.map(at)
    const weighed = typeof g === 'number' && typeof t === 'number' && typeof n === 'number' ? fixWeights(g, t, n) : null
    if (weighed) correct(prefix + weighed.field, { value: weighed.value, correction: 'weights' })
  }
}
