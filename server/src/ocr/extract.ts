/**
 * Field extraction from a ticket's layout: the chosen format's extraction rules first, then built-in
 * label synonyms, then value-shape fallbacks (plate, date, cement grade anywhere on the page), then
 * the title line for the manufacturer.
 */
import { FIELD_PREFIX, TicketMsg } from '@app/contract'
import { fieldSuffix, fieldSuffixes, kindOf, synonymsOf, type FieldKind } from './fieldCatalogue.js'
import { valueCandidates, type Candidate, type Item, type Layout } from './neighbours.js'
import { labelTail } from './segments.js'
import { CORRECTED_CONFIDENCE, holdsGrade } from './correct.js'
import { oneEditApart } from './distance.js'
import { doubtedReadings } from './doubts.js'
import { nameSupport, personSupport } from './names.js'
import { fixDigits, normalizeSpec, normalizeText, parseDateTime, PROVINCES, readDateTime, type WeightUnit } from './normalize.js'
import { DOUBTED } from './doubtful.js'
import { parseValue } from './values.js'
import { safeExec, safeExecAll, UserRegexError, type SafeMatch } from './safeRegex.js'
import type { ExtractionRule, FieldMeta, FieldValue } from './types.js'

/** a number and its unit, nothing else */
const WHOLE_NUMBER = /^\s*\d+(?:\.\d+)?\s*(?:kg|公斤|千克|吨|t|袋|包|件)?\s*$/i

type Reading = { v: FieldValue; text: string }
const byNames = (r: Reading) => nameSupport(String(r.v))
const wholeNumber = (r: Reading) => (WHOLE_NUMBER.test(fixDigits(normalizeText(r.text))) ? 1 : 0)
/**
 * How well a reading of a value is supported, for the kinds where its readings are weighed (the best
 * is kept, the first on a tie): names and addresses by the domain's words, a person by the name, a
 * number by being nothing but the number ('61.64', not '61.6...'), a cement number by a standard grade.
 */
const SUPPORT: Partial<Record<FieldKind | 'place', (r: Reading) => number>> = {
  org: byNames, place: byNames, person: (r) => personSupport(String(r.v)), weight: wholeNumber, int: wholeNumber,
  spec: (r) => (holdsGrade(String(r.v)) ? 1 : 0),
}
/** the kinds whose doubted characters are tried: those the domain's words name */
const NAMED: ReadonlySet<FieldKind | 'place'> = new Set(['org', 'place', 'person'])

/**
 * The kinds where a reading holding a character more inside wins a tie: names, whose words the domain's
 * words check, and cement numbers, whose grade is checked. Not numbers, plates or codes, where an
 * extra digit is the commoner misreading (a stroke read twice, a plate's dot read as 1).
 */
const MAY_LOSE: ReadonlySet<FieldKind | 'place'> = new Set([...NAMED, 'spec'])

/** a reading of a name is surer than another when its mean character probability is higher by this; less is noise */
const SURER = 0.015

const WHOLE_NAME = /(?:公司|厂|集团|中心|站|部|处|局|院|所)$/

/**
 * A date and time whose cell wrapped, wherever it broke: '2026-02-12' over '09:34', '2026年02月12'
 * over '日 09:34', '…05日1' over '8:32', '…16日21:' over '42'. Joined only when that makes a time.
 */
function joinWrappedTime(text: string, next: string | undefined): string {
  if (!next || /\d{1,2}\s*[:：]\s*\d{2}/.test(text) || !/^[日\d:：\s]/.test(next)) return text
  for (const joined of [text + next, `${text} ${next}`]) {
    // the reading the time parser makes of it has a time of day
    if (/ (?!00:00:00)\d{2}:\d{2}:\d{2}$/.test(parseDateTime(joined) ?? '')) return joined
  }
  return text
}

/**
 * `other` is `first` (the reading taken first) with characters added inside it: a character the
 * recogniser lost in one cut and another cut saw ('株洲市源…' for 株洲市鑫源…, 'P.I52.5' for P.II52.5).
 * Not one added at an end, which a wider cut takes from a neighbour.
 */
function holdsLost(first: string, other: string): boolean {
  if (other.length <= first.length || first.length < 2 || other[0] !== first[0] || other.at(-1) !== first.at(-1)) return false
  let i = 0
  for (const ch of other) if (ch === first[i]) i++
  return i === first.length
}

type WeighedReading = Reading & { score: number; doubted: boolean }

/**
 * Of a value's readings (the first as read, a second look's, the doubted characters' last), the first,
 * or the best supported; of readings as well supported, one that holds a character the first lost,
 * then for a name the one the recogniser was surest of (not one shorter than the first: a lost
 * character raises a reading's mean), the first on a tie.
 */
function bestReading(readings: WeighedReading[], weighed: FieldKind | 'place'): WeighedReading {
  if (readings.length === 1) return readings[0]!
  const first = String(readings[0]!.v)
  const support = SUPPORT[weighed]
  const n = readings.map((r) => (support?.(r) ?? 0) + (MAY_LOSE.has(weighed) && !r.doubted && holdsLost(first, String(r.v)) ? 0.5 : 0))
  const top = Math.max(...n)
  const sure = NAMED.has(weighed) ? readings.filter((r, i) => n[i] === top && String(r.v).length >= first.length) : []
  return sure.length ? sure.reduce((a, b) => (b.score > a.score + SURER ? b : a)) : readings[n.indexOf(top)]!
}

const BARE_NUMBER = /^[\d.,\s]+$/

/** a plate's province (and letter) on a line of its own */
const PROVINCE_ALONE = new RegExp(`^[${PROVINCES}][A-Z]?$`)

/** a candidate's text joined with the lines of its cell (a wrapped cell), when the field's values wrap */
export function joinWrapped(kind: FieldKind, c: Candidate): string {
  if (!c.next && !c.above) return c.text
  const above = (c.above ?? []).map((i) => i.prefix)
  const below = (c.next ?? []).map((i) => i.prefix)
  switch (kind) {
    case 'org': {
      // a company name ends with its legal form: lines after it belong to something else
      let text = [...above, c.text].join('')
      if (WHOLE_NAME.test(above.join(''))) text = c.text
      for (const b of below) {
        // '…集团' is a whole name unless the next line goes on with a legal form ('有限公司')
        if (WHOLE_NAME.test(text.replace(/\s+/g, '')) && !/^(?:有限|股份|责任|公司)/.test(b)) break
        text += b
      }
      return text
    }
    // a name or an address goes on in words: a bare number under it is another field's value, and a cement's name
    // ends with 水泥 (a line after it is the next cell's, unless it makes a 水泥厂)
    case 'text': {
      let text = [...above, c.text].join('')
      for (const b of below) {
        if (BARE_NUMBER.test(b) || (/水泥$/.test(text) && !/^厂/.test(b))) break
        text += b
      }
      return text
    }
    // a number cut at its dash goes on; otherwise only a short tail is the rest of it
    case 'spec': case 'code': return below.length && (/-$/.test(c.text) ? /^[A-Za-z0-9]{1,8}$/ : /^[A-Za-z0-9.-]{1,4}$/).test(below[0]!) ? c.text + below[0] : c.text
    // the date may be the line above, beside a label centred on the cell ('2026-09-05 06:' over '23')
    case 'time': {
      const up = above.at(-1)
      const fromAbove = up === undefined ? null : joinWrappedTime(up, c.text)
      return fromAbove !== null && fromAbove !== up ? fromAbove : joinWrappedTime(c.text, below[0])
    }
    // a narrow cell puts the province on a line of its own ('京' over 'G26Z42')
    case 'plate': return below.length && PROVINCE_ALONE.test(c.text.trim()) ? c.text.trim() + below[0] : c.text
    default: return c.text
  }
}

export interface FieldResult {
  value: FieldValue
  meta: FieldMeta
}

/** the field's value read from candidate `c`, with the recogniser's certainty of that reading (the box's unless told) */
function result(value: FieldValue, c: Candidate, source: FieldMeta['source'], score = c.item.score): FieldResult {
  // a date whose order the text leaves open (05/09/2026) is read as the likelier day, and marked
  if (typeof value === 'string' && TIME_VALUE.test(value) && readDateTime(c.text)?.ambiguous) score = Math.min(score, DOUBTED)
  return { value, meta: { confidence: Math.round(score * 1000) / 1000, box: c.item.box.map((p) => [Math.round(p[0]), Math.round(p[1])]), source } }
}

const TIME_VALUE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/

// --------------------------------------------------------------- synonyms

export function extractBySynonyms(layout: Layout, suffix: string): FieldResult | null {
  const known = synonymsOf(layout.fileType, suffix)
  const kind = kindOf(suffix)
  if (!known || !kind) return null
  const labels = [...known, ...(layout.extraLabels?.[suffix] ?? [])]
  const weighed = kind === 'text' && suffix === 'Place' ? 'place' : kind
  /** the value of the label `si` of box `it` */
  const readAt = (it: Item, si: number): FieldResult | null => {
    const seg = it.segs[si]!
    // a label followed by another label in its box has no value; the last one may find it beside or below
    const isLast = si === it.segs.length - 1
    // what follows the last label in its box may be debris of a value printed beside it ('NO.:2' + '20260519660')
    const cands = isLast ? valueCandidates(layout, it, seg.value) : seg.value ? [{ text: seg.value, item: it }] : []
    for (const c of cands) {
      // what a second look read there too: of the box's value, or of a box of its own
      const joined = joinWrapped(kind, c)
      const texts = [{ text: joined, score: c.item.score }, ...(c.above || c.next ? [] : c.item === it ? seg.alternates ?? [] : c.item.valueAlternates)]
      // the characters the recogniser doubted, changed to what else it saw there: last, so that a tie keeps what it read
      const doubted = NAMED.has(weighed) ? doubtedReadings(c.text, c.item.raw, c.item.doubts).map((v) => ({ text: joined.replace(c.text, v), score: 0 })) : []
      const readings = [...texts, ...doubted].flatMap(({ text, score }, i) => {
        const v = parseValue(kind, text, seg.unit)
        return v !== null && v !== '' ? [{ v, text, score, doubted: i >= texts.length }] : []
      })
      if (!readings.length) continue
      const best = bestReading(readings, weighed)
      const found = result(best.v, { ...c, text: best.text }, 'synonym', best.doubted ? c.item.score : best.score)
      if (!best.doubted) return found
      return { ...found, meta: { ...found.meta, raw: String(readings[0]!.v), correction: 'otherReading', confidence: Math.min(found.meta.confidence, CORRECTED_CONFIDENCE) } }
    }
    return null
  }
  for (const label of labels) {
    const L = label.toUpperCase()
    const found = layout.items.flatMap((it) => it.segs.flatMap((seg, si) => (seg.label === L ? [readAt(it, si)] : []))).filter((r) => r !== null)
    if (found.length) return bestCopy(found)
  }
  return null
}

/**
 * Of a value printed more than once under one label (the 联 of a multi-part form side by side, a
 * stub), the reading the recogniser was surest of. Copies are readings of one value: at most two
 * characters apart. Another value under the same label is no copy; on a tie the first is kept.
 */
function bestCopy(found: FieldResult[]): FieldResult {
  const first = String(found[0]!.value)
  let best = found[0]!
  for (const r of found.slice(1)) if (r.meta.confidence > best.meta.confidence && copiesOf(first, String(r.value))) best = r
  return best
}

function copiesOf(a: string, b: string): boolean {
  if (a.length !== b.length) return oneEditApart(a, b)
  let differ = 0
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differ++
  return differ <= 2
}

/** values recognisable by their shape anywhere on the page */
export function extractByShape(layout: Layout, suffix: string): FieldResult | null {
  const kind = kindOf(suffix)
  if (kind === 'plate') {
    const re = new RegExp(`[${PROVINCES}][·\\s]?[A-Z][·\\s]?[A-Z0-9]{4,6}`)
    for (const it of layout.items) {
      const m = it.text.toUpperCase().match(re)
      if (m) {
        const v = parseValue('plate', m[0])
        if (v) return result(v, { text: m[0], item: it }, 'synonym')
      }
    }
  }
  if (kind === 'time') {
    for (const it of layout.items) {
      if (/(19|20)\d{2}\s*[-/.年]\s*\d{1,2}/.test(it.text)) {
        const v = parseDateTime(it.text)
        if (v) return result(v, { text: it.text, item: it }, 'synonym')
      }
    }
  }
  if (kind === 'spec') {
    for (const it of layout.items) {
      const m = it.text.match(/P\s*[.·]\s*[A-Z0-9](?:\.?[A-Z])?\s*\d{2}\.\d[A-Z]?(?:-[A-Z0-9]+)?/i)
      if (m) return result(normalizeSpec(m[0]), { text: m[0], item: it }, 'synonym')
    }
  }
  return null
}

const TITLE_SUFFIX =
  /(?:产品|水泥|商品|货物)?(?:发货|收货|出库|出厂|提货|过磅|称重|销售|送货|计量|签收|验收|到货|入库)+(?:确认|通知|计量|称重)?(?:单|票|凭证|磅单)$|(?:过磅|称重|计量)?磅单$/

/** manufacturer named by the title line ('XX水泥有限公司产品发货单' -> 'XX水泥有限公司') */
export function extractTitleManufacturer(layout: Layout): FieldResult | null {
  const top = [...layout.items].sort((a, b) => a.y0 - b.y0).slice(0, 4)
  const firstLabelY = Math.min(...layout.items.filter((i) => i.segs.length).map((i) => i.y0))
  for (const it of top) {
    if (it.segs.length) continue
    // join boxes of the same row (title split in two boxes); a box without Chinese beside it is no part of it (a punched hole read as 'o')
    const row = layout.items
      .filter((o) => Math.abs(o.cy - it.cy) < 0.5 * Math.max(o.h, it.h) && !o.segs.length && /[\u4e00-\u9fff]/.test(o.text))
      .sort((a, b) => a.x0 - b.x0)
    const text = row.map((o) => o.text).join('').replace(/\s+/g, '')
    // a title naming the document after the company, or a heading that is the company alone
    // (a weighbridge slip's first line) above every label of the ticket
    const heading = !TITLE_SUFFIX.test(text) && ORG_NAME.test(text) && it.y1 <= firstLabelY
    if (!TITLE_SUFFIX.test(text) && !heading) continue
    const name = text.replace(TITLE_SUFFIX, '')
    const m = name.match(/^(.*(?:有限责任公司|股份有限公司|有限公司|公司|集团|厂))/)
    if (m && m[1].length >= 4) return result(m[1], { text, item: it }, 'title')
  }
  return null
}

const ORG_NAME = /^[\u4e00-\u9fff()]{4,30}(?:有限责任公司|股份有限公司|有限公司|集团公司|公司|厂)$/

// ------------------------------------------------------------------- rules

export interface RuleOutcome {
  results: Record<string, FieldResult>
  errors: Record<string, string>
}

/** the value a `valueRegular` match stands for: its first group that took part, else the whole match */
const matched = (m: SafeMatch) => (m.groups.length > 1 ? m.groups.slice(1).find((g) => g != null) : null) ?? m.groups[0] ?? ''

/** apply user extraction rules; a failing rule (bad or slow regex) is reported, never thrown */
export function applyRules(layout: Layout, rules: ExtractionRule[]): RuleOutcome {
  const prefix = FIELD_PREFIX[layout.fileType]
  const results: Record<string, FieldResult> = {}
  const errors: Record<string, string> = {}
  const texts = layout.items.map((i) => i.text)
  for (const rule of rules) {
    const suffix = fieldSuffix(rule.property ?? '')
    const field = prefix + suffix
    const kind = kindOf(suffix)
    if (!kind || results[field]) continue
    if (rule.property.startsWith('delivery') && layout.fileType !== 1) continue
    if (rule.property.startsWith('sign') && layout.fileType !== 2) continue
    try {
      const parsed = (text: string, c: Candidate, unit: WeightUnit | null): FieldResult | null => {
        const v = parseValue(kind, text, unit)
        return v === null || v === '' ? null : result(v, c, 'rule')
      }
      const pick = (c: Candidate, unit: WeightUnit | null): FieldResult | null => {
        let text = joinWrapped(kind, c)
        // a number's look-alike letters and decimal comma mended first ('16,93'): the rule's \d+(?:\.\d+)? takes it whole
        if (kind === 'weight' || kind === 'int') text = fixDigits(normalizeText(text))
        const whole = text
        if (rule.valueRegular) {
          const m = safeExec(rule.valueRegular, text)
          if (!m) return null
          text = matched(m)
        }
        const r = parsed(text, c, unit)
        // a rule's date without the time of day the cell prints before it or as 时分 ('13:55 2026-01-07', '…日13时55分')
        if (r && kind === 'time' && String(r.value).endsWith(' 00:00:00')) {
          const all = parseDateTime(whole)
          if (all && all.slice(0, 10) === String(r.value).slice(0, 10)) r.value = all
        }
        return r
      }
      let found: FieldResult | null = null
      if (rule.valueNameRegular) {
        const matches = safeExecAll(rule.valueNameRegular, texts)
        // every box the label is in: a value printed twice (the 联 of a form, a stub) is read where the recogniser was surest
        const copies: FieldResult[] = []
        for (let k = 0; k < matches.length; k++) {
          const m = matches[k]
          if (!m) continue
          const it = layout.items[k]
          let end = m.index + (m.groups[0]?.length ?? 0)
          // the label's unit and English name ('毛重量(公斤) Gross:') are not its value
          const tail = labelTail(it.text.slice(end))
          const unit = tail.unit
          end += tail.length
          let rest = it.text.slice(end).replace(/^\s*:?\s*/, '')
          // stop at the next label in the same box
          const next = it.segs.find((s) => s.start >= end)
          if (next) rest = it.text.slice(end, next.start).replace(/^\s*:?\s*/, '').trim()
          for (const c of valueCandidates(layout, it, rest)) {
            const r = pick(c, unit)
            if (r) {
              copies.push(r)
              break
            }
          }
        }
        if (copies.length) found = bestCopy(copies)
      } else if (rule.valueRegular && texts.length) {
        // one bounded run of the pattern over every line (the time limit holds for the rule, not per line)
        const matches = safeExecAll(rule.valueRegular, texts)
        for (let k = 0; k < matches.length && !found; k++) {
          const m = matches[k]
          if (m) found = parsed(matched(m), { text: texts[k], item: layout.items[k] }, null)
        }
      }
      if (found) results[field] = found
    } catch (e) {
      errors[field] = e instanceof UserRegexError ? TicketMsg.ruleUnusable(rule.id, e.message) : TicketMsg.ruleFailed(rule.id)
    }
  }
  return { results, errors }
}

/**
 * The built-in fallbacks (synonyms, then value shapes, then the title for the manufacturer) of one
 * ticket. They depend on the layout only, so one set serves every candidate format; each field is
 * worked out the first time a format's rules leave it empty.
 */
export function fallbackExtractor(layout: Layout): (suffix: string) => FieldResult | null {
  const memo = new Map<string, FieldResult | null>()
  return (suffix) => {
    let r = memo.get(suffix)
    if (r === undefined) {
      r = extractBySynonyms(layout, suffix) ?? extractByShape(layout, suffix) ??
        (suffix === 'Manufactory' ? extractTitleManufacturer(layout) : null)
      memo.set(suffix, r)
    }
    return r
  }
}

/**
 * Full extraction for one format's rules (may be empty): the rules' values first, then the built-in
 * fallbacks for the fields they left empty. Pass the ticket's `fallbackExtractor` when trying
 * several formats on one layout.
 */
export function extractFields(layout: Layout, rules: ExtractionRule[], fallback = fallbackExtractor(layout)) {
  const prefix = FIELD_PREFIX[layout.fileType]
  const { results, errors } = applyRules(layout, rules)
  for (const suffix of fieldSuffixes(layout.fileType)) {
    const field = prefix + suffix
    if (results[field]) continue
    const r = fallback(suffix)
    if (r) results[field] = r
  }
  return { results, errors }
}
