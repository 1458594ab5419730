/**
 * A box's text split into labels and values: the labels a ticket type knows (its lexicon), a value's
 * unit and the English names bilingual tickets print beside their labels.
 */
import { STOP_LABELS, SYNONYMS } from './fieldCatalogue.js'
import { parseUnit, type WeightUnit } from './normalize.js'
import type { Alternate } from './ocrLine.js'
import type { FileType } from './types.js'

export interface Seg {
  label: string | null
  start: number
  /** where the value starts (after the label, its unit and colon) */
  end: number
  unit: WeightUnit | null
  value: string
  /** the value as a second look read it, in readings of the box that hold the same labels */
  alternates?: Alternate[]
}

const lexicons = new Map<FileType, { list: string[]; set: ReadonlySet<string> }>()

/** every label the ticket type knows, longest first (built once a type; not to be changed) */
export function buildLexicon(fileType: FileType): string[] {
  return lexiconOf(fileType).list
}

/** the same labels as a set */
export const knownLabels = (fileType: FileType): ReadonlySet<string> => lexiconOf(fileType).set

function lexiconOf(fileType: FileType) {
  let l = lexicons.get(fileType)
  if (!l) {
    const list = makeLexicon(fileType)
    lexicons.set(fileType, (l = { list, set: new Set(list) }))
  }
  return l
}

/** its fields' synonyms, then labels that only stop a value */
function makeLexicon(fileType: FileType): string[] {
  const labels = new Set<string>()
  for (const l of Object.values(SYNONYMS[fileType]).flat()) labels.add(l.toUpperCase())
  for (const l of STOP_LABELS) labels.add(l)
  // the other note's labels also stop values
  for (const l of Object.values(SYNONYMS[fileType === 1 ? 2 : 1]).flat()) labels.add(l.toUpperCase())
  return [...labels].sort((a, b) => b.length - a.length)
}

export const UNITS = 't|T|吨|kg|KG|Kg|公斤|千克'
/** a unit in brackets after a label; its closing bracket may be read as the D or J it looks like ('总重(吨D') */
export const UNIT_RE = new RegExp(`^\\s*\\(\\s*(${UNITS})\\s*(?:\\)|[DJ](?![A-Za-z]))`)
/** a header cell's unit on a line of its own under its label: '(kg)', or the two halves of a wrapped '(公斤)' */
export const UNIT_LINE = new RegExp(`^\\((?:${UNITS}|公)\\)?[:：]?$|^\\(?(?:${UNITS}|斤)\\)[:：]?$`)
/**
 * Words of a label's English name: letters (with '.', '/', '&', '-', and an O read as 0 between letters: 'Gr0SS') and no other digit, at most four
 * words, not a cement grade ('P.O') or a unit. After a label it runs to a colon, the box's end, a
 * Chinese character (the space is often lost), or a space before a value that holds a digit.
 */
const EN_WORDS = String.raw`(?!P\s*[.·]|P[A-Z]{0,3}\s*\d|(?:kg|KG|Kg|t|T)\b)[A-Za-z](?:[A-Za-z.\/&-]|0(?=[A-Za-z]))*(?:\s+[A-Za-z](?:[A-Za-z.\/&-]|0(?=[A-Za-z]))*){0,3}`
const ENGLISH_NAME = new RegExp(String.raw`^\s*(?:[(（]\s*${EN_WORDS}\s*[)）]|${EN_WORDS})(?=\s*[:：]|\s*$|\s*[\u4e00-\u9fff]|\s+\S*\d|\s*\(\s*(?:${UNITS})\s*\))`)
export const ENGLISH_ONLY = new RegExp(String.raw`^${EN_WORDS}$`)
const GENERIC_LABEL_RE = /[\u4e00-\u9fff]{2,8}(?=\s*(?:\([^)]{0,6}\))?\s*:)/g

/**
 * What follows a label before its colon or value: its unit ('(吨)'), its English name ('Gross Weight',
 * '(Product)', 'Gr0SS') and the unit after that ('毛重量 Gross(kg)'); their length and the unit, the last
 * one printed where there are two.
 */
export function labelTail(after: string): { length: number; unit: WeightUnit | null } {
  let length = 0
  let unit: WeightUnit | null = null
  const um = after.match(UNIT_RE)
  if (um) {
    unit = parseUnit(um[1])
    length += um[0].length
  }
  const en = after.slice(length).match(ENGLISH_NAME)
  if (en) {
    length += en[0].length
    // the unit nearest the value says what it is in ('毛重(t) Gross(kg)' over 62730)
    const eu = after.slice(length).match(UNIT_RE)
    if (eu) {
      unit = parseUnit(eu[1])
      length += eu[0].length
    }
  }
  return { length, unit }
}

/** split one normalised text into [prefix] + label/value segments */
export function segment(text: string, lexicon: string[]): { prefix: string; segs: Seg[] } {
  const upper = text.toUpperCase()
  const found: { start: number; label: string }[] = []
  let i = 0
  while (i < upper.length) {
    let hit: string | null = null
    for (const l of lexicon) {
      if (upper.startsWith(l, i)) {
        hit = l
        break
      }
    }
    if (hit) {
      const after = text.slice(i + hit.length)
      const before = text.slice(0, i)
      const isAscii = /^[A-Z.]+$/.test(hit)
      const followedByColon = /^\s*(?:\([^)]{0,6}\))?\s*:/.test(after) || (isAscii && /^[.:]+\s*[A-Z\d]/i.test(after))
      const ok =
        (i === 0 && (!isAscii || followedByColon || /^\s*[\d(]/.test(after) || /^[\s.:]*$/.test(after))) ||
        // after the label's English name, the space between them often lost ('Supplier生产企业'; 'Ticket No.NO.' at the
        // box's end, where the English name ends with the label's word: 'Plate No.' is a plate's English name, no label NO.)
        ((!isAscii || (/^[\s.:]*$/.test(after) && before.trim().toUpperCase().endsWith(hit))) && ENGLISH_ONLY.test(before.trim())) ||
        followedByColon ||
        (!isAscii && (/\s$/.test(before) || /[\d吨tT)]\s*$/.test(before)) && /^\s*[\u4e00-\u9fff\d(A-Z]/.test(after) === true && hit.length >= 2)
      // a label glued inside a Chinese phrase (e.g. 单位 in a company name) is not a label; one of three characters or
      // more that ends the box is the next cell's, its box run into the value before it ('…伍元集分收货方')
      const gluedAtEnd = i > 0 && hit.length >= 3 && !isAscii && /^\s*$/.test(after)
      if (gluedAtEnd || (ok && !(i > 0 && !followedByColon && /[\u4e00-\u9fff]$/.test(before)))) {
        found.push({ start: i, label: hit })
        i += hit.length
        // the label's English name is part of it ('车牌号码 Truck No.：' holds no label NO.)
        if (!isAscii) i += text.slice(i).match(ENGLISH_NAME)?.[0].length ?? 0
        continue
      }
    }
    i++
  }
  // generic "xxxx:" labels we do not know
  for (const m of text.matchAll(GENERIC_LABEL_RE)) {
    const s = m.index!
    const e = s + m[0].length
    if (found.some((f) => s < f.start + f.label.length && e > f.start)) continue
    // only take the last up-to-6 chars before the colon as a label when at start or after space
    if (s === 0 || /[\s\d)]$/.test(text.slice(0, s))) found.push({ start: s, label: m[0] })
  }
  found.sort((a, b) => a.start - b.start)
  const segs: Seg[] = []
  for (let k = 0; k < found.length; k++) {
    const f = found[k]
    const tail = labelTail(text.slice(f.start + f.label.length))
    const unit = tail.unit
    let p = f.start + f.label.length + tail.length
    const cm = text.slice(p).match(/^\s*[:.]*\s*/)
    p += cm ? cm[0].length : 0
    const end = k + 1 < found.length ? found[k + 1].start : text.length
    segs.push({ label: f.label, start: f.start, end: p, unit, value: text.slice(p, Math.max(p, end)).trim() })
  }
  const before = (found.length ? text.slice(0, found[0].start) : text).trim()
  // the English name printed before a label ('Gross Weight 毛重：') is no value
  const prefix = found.length && ENGLISH_ONLY.test(before) ? '' : before
  return { prefix, segs }
}
