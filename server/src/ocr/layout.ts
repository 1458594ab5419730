/**
 * The layout of one ticket: OCR boxes (deskewed) with their text split into labels and values, and
 * the geometry that pairs a label with its value: the same box after the label, the next box on the
 * same row, or the box below (table column).
 */
import { otherReadings, type Alternate, type CharDoubt, type OcrLine } from './engine.js'
import { kindOf, STOP_LABELS, SYNONYMS } from './fieldCatalogue.js'
import { estimateSkew, rotatePoints } from './image.js'
import { lookalikeDistance, oneEditApart } from './distance.js'
import { doubtedReadings } from './doubts.js'
import { normalizeText, parseUnit, type WeightUnit } from './normalize.js'
import type { FileType } from './types.js'
import { parseValue } from './values.js'

interface Seg {
  label: string | null
  start: number
  /** where the value starts (after the label, its unit and colon) */
  end: number
  unit: WeightUnit | null
  value: string
  /** the value as a second look read it, in readings of the box that hold the same labels */
  alternates?: Alternate[]
}

export interface Item {
  idx: number
  raw: string
  text: string
  /** the mean character probability of the reading taken */
  score: number
  box: number[][]
  x0: number
  x1: number
  y0: number
  y1: number
  cx: number
  cy: number
  h: number
  /** text before the first label (a bare value) */
  prefix: string
  segs: Seg[]
  /** a second look's readings of a box that holds a bare value (a value the field's checks may accept when the first reading is none) */
  valueAlternates: Alternate[]
  /** characters of `raw` the recogniser doubted */
  doubts?: CharDoubt[]
}

export interface Layout {
  items: Item[]
  fileType: FileType
  skew: number
}

/** every label the ticket type knows, longest first: its fields' synonyms, then labels that only stop a value */
function buildLexicon(fileType: FileType): string[] {
  const labels = new Set<string>()
  for (const l of Object.values(SYNONYMS[fileType]).flat()) labels.add(l.toUpperCase())
  for (const l of STOP_LABELS) labels.add(l)
  // the other note's labels also stop values
  for (const l of Object.values(SYNONYMS[fileType === 1 ? 2 : 1]).flat()) labels.add(l.toUpperCase())
  return [...labels].sort((a, b) => b.length - a.length)
}

const UNITS = 't|T|吨|kg|KG|Kg|公斤|千克'
export const UNIT_RE = new RegExp(`^\\s*\\(\\s*(${UNITS})\\s*\\)`)
/** a header cell's unit on a line of its own under its label: '(kg)', or the two halves of a wrapped '(公斤)' */
const UNIT_LINE = new RegExp(`^\\((?:${UNITS}|公)\\)?[:：]?$|^\\(?(?:${UNITS}|斤)\\)[:：]?$`)
/**
 * Words of a label's English name: letters (with '.', '/', '&', '-') and no digit, at most four
 * words, not a cement grade ('P.O') or a unit. After a label it runs to a colon, the box's end, a
 * Chinese character (the space is often lost), or a space before a value that holds a digit.
 */
const EN_WORDS = String.raw`(?!P\s*[.·]|P[A-Z]{0,3}\s*\d|(?:kg|KG|Kg|t|T)\b)[A-Za-z][A-Za-z.\/&-]*(?:\s+[A-Za-z][A-Za-z.\/&-]*){0,3}`
const ENGLISH_NAME = new RegExp(String.raw`^\s*(?:[(（]\s*${EN_WORDS}\s*[)）]|${EN_WORDS})(?=\s*[:：]|\s*$|\s*[\u4e00-\u9fff]|\s+\S*\d)`)
const ENGLISH_ONLY = new RegExp(String.raw`^${EN_WORDS}$`)
const GENERIC_LABEL_RE = /[\u4e00-\u9fff]{2,8}(?=\s*(?:\([^)]{0,6}\))?\s*:)/g

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
    let p = f.start + f.label.length
    let unit: WeightUnit | null = null
    const um = text.slice(p).match(UNIT_RE)
    if (um) {
      unit = parseUnit(um[1])
      p += um[0].length
    }
    // a bilingual ticket's English name after the label ('毛重 Gross Weight：', '品名(Product)')
    const en = text.slice(p).match(ENGLISH_NAME)
    if (en) p += en[0].length
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

const SHORT_CJK = /^[\u4e00-\u9fff]{1,3}[:：]?$/

/**
 * Labels printed with wide letter spacing ("毛    重") come out as one box per character:
 * join short Chinese boxes that sit next to each other on a row, unless the first is a label of its
 * own and the join is none (a header row "总重 | 车重" stays two labels).
 */
export function mergeSpacedLabels(lines: OcrLine[], labels: ReadonlySet<string> = new Set()): OcrLine[] {
  const labelStarts = labels.size ? new Set([...labels].flatMap((l) => Array.from({ length: l.length - 1 }, (_, k) => l.slice(0, k + 2)))) : null
  const out = lines.map((l) => ({ ...l, box: l.box.map((p) => [...p]) as OcrLine['box'] }))
  const geo = (l: OcrLine) => {
    const ys = l.box.map((p) => p[1])
    const xs = l.box.map((p) => p[0])
    return { x0: Math.min(...xs), x1: Math.max(...xs), cy: (Math.min(...ys) + Math.max(...ys)) / 2, h: Math.max(...ys) - Math.min(...ys) }
  }
  let changed = true
  while (changed) {
    changed = false
    for (let i = 0; i < out.length && !changed; i++) {
      const a = out[i]
      const ta = a.text.replace(/\s+/g, '')
      if (!SHORT_CJK.test(ta) || ta.length > 2 || /[:：]$/.test(ta)) continue
      const ga = geo(a)
      let best = -1
      let bestGap = Infinity
      for (let j = 0; j < out.length; j++) {
        if (j === i) continue
        const b = out[j]
        const tb = b.text.replace(/\s+/g, '')
        if (!SHORT_CJK.test(tb)) continue
        const joined = (ta + tb).replace(/[:：]$/, '')
        if (labels.has(ta) && !labels.has(joined)) continue
        // only the start of a label the reader knows: two short values in neighbouring cells ('水泥' | '京') stay apart
        if (labelStarts && !labelStarts.has(joined)) continue
        const gb = geo(b)
        const h = Math.max(ga.h, gb.h)
        if (Math.abs(gb.cy - ga.cy) > 0.4 * h) continue
        const gap = gb.x0 - ga.x1
        // loose boxes of neighbouring characters overlap a little
        if (gap < -0.6 * h || gap > 3 * h) continue
        if (gap < bestGap) {
          bestGap = gap
          best = j
        }
      }
      if (best >= 0) {
        const b = out[best]
        out[i] = {
          text: ta + b.text.replace(/\s+/g, ''),
          score: Math.min(a.score, b.score),
          box: [a.box[0], b.box[1], b.box[2], a.box[3]],
        }
        out.splice(best, 1)
        changed = true
      }
    }
  }
  return out
}

/**
 * A label wrapped in a narrow cell ("交货地" over "点：", "收货" over "单" over "位：", or one character a
 * line, '运' '输' '单' '位') comes out as boxes one under the other: join them when together they make a
 * label the reader knows (also when the first is a label of its own: '商品' over '名称' is 商品名称). A
 * piece may be read with a character the recogniser doubted changed ('r' with 厂 doubted, in 生产厂家).
 */
export function mergeWrappedLabels(lines: OcrLine[], labels: ReadonlySet<string>): OcrLine[] {
  const geo = (l: OcrLine) => {
    const xs = l.box.map((p) => p[0])
    const ys = l.box.map((p) => p[1])
    return { x0: Math.min(...xs), y0: Math.min(...ys), y1: Math.max(...ys), h: Math.max(...ys) - Math.min(...ys) }
  }
  const bare = (l: OcrLine) => normalizeText(l.text).replace(/\s+/g, '')
  /** the piece as read, and with doubted characters changed */
  const readingsOf = (l: OcrLine) => [bare(l), ...doubtedReadings(bare(l), l.text, l.doubts)]
  const starts = new Set([...labels].flatMap((l) => Array.from({ length: l.length - 1 }, (_, k) => l.slice(0, k + 1))))
  const out = [...lines]
  /** the line right under `a` in its cell that continues `sofar` into a label or towards one, with what it adds */
  const under = (a: OcrLine, sofar: string): { at: number; text: string } | null => {
    const ga = geo(a)
    for (let at = 0; at < out.length; at++) {
      const b = out[at]!
      if (b === a) continue
      const gb = geo(b)
      if (Math.abs(gb.x0 - ga.x0) > 1.2 * ga.h || gb.y0 < ga.y1 - 0.4 * ga.h || gb.y0 - ga.y1 > 0.8 * ga.h) continue
      const text = readingsOf(b).find((tb) => {
        if (!/^[\u4e00-\u9fff]{1,3}[:：]?$/.test(tb)) return false
        const joined = (sofar + tb).replace(/[:：]$/, '')
        return labels.has(joined) || (starts.has(joined) && !/[:：]$/.test(tb))
      })
      if (text) return { at, text }
    }
    return null
  }
  for (let i = 0; i < out.length; i++) {
    const a = out[i]!
    const ta = bare(a)
    if (!/^[\u4e00-\u9fff]{1,6}$/.test(ta)) continue
    // down the cell piece by piece while the pieces make a label or its start; the longest label they make is taken
    // ('签' '收' '时' '间' is 签收时间, though 签收 is a label too)
    const pieces: { at: number; text: string }[] = []
    let sofar = ta
    let taken = 0
    for (let last = a, next; (next = under(last, sofar)); last = out[next.at]!) {
      pieces.push(next)
      sofar += next.text.replace(/[:：]$/, '')
      if (labels.has(sofar)) taken = pieces.length
      if (/[:：]$/.test(next.text)) break
    }
    if (!taken) continue
    const joined = pieces.slice(0, taken)
    const lines = joined.map((p) => out[p.at]!)
    const bottom = lines.at(-1)!
    out[i] = {
      text: ta + joined.map((p) => p.text).join(''),
      score: Math.min(a.score, ...lines.map((p) => p.score)),
      box: [a.box[0], a.box[1], bottom.box[2], bottom.box[3]],
    }
    for (const j of joined.map((p) => p.at).sort((x, y) => y - x)) {
      out.splice(j, 1)
      if (j < i) i--
    }
  }
  return out
}

export function buildLayout(rawLines: OcrLine[], fileType: FileType, width: number, height: number): Layout {
  const lexicon = buildLexicon(fileType)
  const known = new Set(lexicon)
  const lines = mergeWrappedLabels(mergeSpacedLabels(rawLines, known), known)
  const skew = estimateSkew(lines)
  const items: Item[] = lines.map((l, idx) => {
    const b = Math.abs(skew) > 0.3 ? rotatePoints(l.box, skew, width / 2, height / 2) : l.box
    const xs = b.map((p) => p[0])
    const ys = b.map((p) => p[1])
    const y0 = Math.min(...ys)
    const y1 = Math.max(...ys)
    // of the recogniser's readings, the one whose labels the reader knows cover the most characters ('商品名称' over
    // '商品名种'), the first on a tie; another reading's label of letters ('NO' of 'NO2026…' beside 'N02026…') is no
    // reason to take it: numbers start with letters too
    const readings = [{ text: l.text, score: l.score }, ...(l.alternates ?? [])].map((r) => {
      const text = normalizeText(r.text)
      return { text, score: r.score, ...segment(text, lexicon) }
    })
    const covered = readings.map((r, k) => r.segs.reduce((n, s) => n + (s.label && known.has(s.label) && (k === 0 || /[\u4e00-\u9fff]/.test(s.label)) ? s.label.length : 0), 0))
    const chosen = readings[covered.indexOf(Math.max(...covered))]!
    const { text, prefix, segs, score } = chosen
    const sameLabels = readings.filter((r) => r !== chosen && r.segs.length === segs.length && r.segs.every((g, k) => g.label === segs[k]!.label))
    // a reading of a "label：value" box that misread the label ('方：' for 需方：) still read the value after its colon
    const lostLabel = segs.length === 1 && !prefix
      ? readings.filter((r) => !r.segs.length).flatMap((r) => {
        const value = r.prefix.match(/^[^:：]{1,8}[:：]\s*(.+)$/)?.[1]
        return value ? [{ text: value, score: r.score }] : []
      })
      : []
    segs.forEach((g, k) => {
      const alternates = otherReadings([...sameLabels.map((r) => ({ text: r.segs[k]!.value, score: r.score })), ...lostLabel], g.value)
      if (alternates.length) g.alternates = alternates
    })
    const valueAlternates = segs.length ? [] : readings.filter((r) => r !== chosen && !r.segs.length && r.prefix).map((r) => ({ text: r.prefix, score: r.score }))
    return {
      idx, raw: l.text, text, score, box: l.box,
      x0: Math.min(...xs), x1: Math.max(...xs), y0, y1,
      cx: (Math.min(...xs) + Math.max(...xs)) / 2, cy: (y0 + y1) / 2, h: Math.max(1, y1 - y0),
      prefix, segs, valueAlternates, doubts: l.doubts,
    }
  })
  const layout = { items, fileType, skew }
  readNearLabels(layout, lexicon)
  return layout
}

/** a weight with its unit */
const WEIGHED = new RegExp(`\\d\\s*(?:${UNITS})\\s*$`)

/** below this the recogniser doubts its reading of a box */
const DOUBTFUL = 0.9

/**
 * A label the recogniser misread by one character: read as the label(s) it is one character from,
 * when every such label names the same thing (one field, or only labels that stop a value).
 * - a character it is known to confuse ('毛量' for 毛重: 量 and 重 look alike): in any box;
 * - a last character dropped ('结算客' for 结算客户, '工地地' for 工地地址): in a box of three
 *   characters or more that is nothing but the label, with a value beside it;
 * - a character the recogniser doubted ('物澳公司' for 物流公司, 澳 doubted): in any box;
 * - any other character ('雷方' for 需方, '可机' for 司机): only in a box the recogniser doubts, also
 *   where the label's misread start was left outside a shorter label it holds ('结牌客户', not 客户).
 * A clear reading of a label the reader does not know ('毛利') is a label of its own, and a box
 * alone on its row (a title) is no label; in a header row of labels its value is the one under it.
 */
function readNearLabels(layout: Layout, lexicon: string[]) {
  const known = new Set(lexicon)
  const fieldOf = new Map<string, string>()
  for (const [suffix, labels] of Object.entries(SYNONYMS[layout.fileType])) for (const l of labels) fieldOf.set(l.toUpperCase(), suffix)
  const field = (l: string) => fieldOf.get(l) ?? 'stop'
  // labels of several fields: those whose field takes the value printed with it ('车卖：14460公斤' is 车重, not 车号 or
  // 车型); a label that only stops a value may stand beside anything but a weight with its unit ('总价：56.08': 总重 or 单价)
  // the value is looked for only when the labels' fields differ
  const only = (hits: string[], valueOf: () => string) => {
    const fields = new Set(hits.map(field))
    if (fields.size === 1) return hits[0]!
    const value = valueOf()
    const taking = value ? hits.filter((l) => { const k = kindOf(field(l)); return k ? parseValue(k, value) !== null : !WEIGHED.test(value) }) : []
    return taking.length && new Set(taking.map(field)).size === 1 ? taking[0]! : null
  }
  const near = (label: string, doubtful: boolean, alone: boolean, value: () => string, doubtedAt: (i: number) => boolean = () => false): string | null => {
    if (label.length < 2 || !/^[\u4e00-\u9fff]+$/.test(label)) return null
    const candidates = lexicon.filter((l) => l.length >= 2 && oneEditApart(label, l))
    const lookalike = candidates.filter((l) => l.length === label.length && lookalikeDistance(label, l, 1) === 1)
    if (lookalike.length) return only(lookalike, value)
    // the character that differs is one the recogniser doubted
    const doubted = candidates.filter((l) => l.length === label.length && doubtedAt([...l].findIndex((ch, i) => ch !== label[i])))
    if (doubted.length) return only(doubted, value)
    const cut = alone && label.length >= 3 ? candidates.filter((l) => l.length === label.length + 1 && l.startsWith(label)) : []
    if (cut.length) return only(cut, value)
    return doubtful && candidates.length ? only(candidates, value) : null
  }
  for (const it of layout.items) {
    const doubtful = it.score < DOUBTFUL
    // the box's doubted characters, where its text is its first reading place for place
    const doubts = it.doubts && it.text === normalizeText(it.raw) && it.text.length === it.raw.length ? new Set(it.doubts.map((d) => d.at)) : null
    const doubtedIn = (start: number) => (i: number) => doubts?.has(start + i) ?? false
    // a label misread in its first characters, the rest read as a shorter label ('结牌客户' as 结牌 + 客户)
    const first = it.segs[0]
    const short = first?.label
    if (doubtful && first && short && /^[\u4e00-\u9fff]{1,2}$/.test(it.prefix)) {
      const whole = it.prefix + short
      const hits = lexicon.filter((l) => l.length === whole.length && l.endsWith(short) && oneEditApart(whole, l))
      const label = hits.length ? only(hits, () => first.value || (it.segs.length === 1 ? rightOf(layout, it)?.text ?? '' : '')) : null
      if (label) {
        first.label = label
        first.start = 0
        it.prefix = ''
      }
    }
    it.segs.forEach((seg, si) => {
      if (!seg.label || known.has(seg.label)) return
      // its value: what follows it in its box, or for the box's last label the box beside
      const label = near(seg.label, doubtful, false, () => seg.value || (si === it.segs.length - 1 ? rightOf(layout, it)?.text ?? '' : ''), doubtedIn(seg.start))
      if (label) seg.label = label
    })
    // a label printed without a colon, alone in its box, with a value beside it (or under it, in a header row of labels)
    const bare = it.text.replace(/[:：\s]+$/, '')
    const beside = it.segs.length || !/^[\u4e00-\u9fff]{2,7}$/.test(bare) ? null : rightOf(layout, it) ?? (inHeaderRow(layout, it) ? below(layout, it) : null)
    if (!beside) continue
    const label = near(bare, doubtful, true, () => beside.text, doubtedIn(it.text.indexOf(bare)))
    if (!label) continue
    it.text = label
    Object.assign(it, segment(it.text, lexicon))
  }
}

/** `it` stands among labels waiting for their values (a header row): two others on its row */
function inHeaderRow(layout: Layout, it: Item): boolean {
  return layout.items.filter((o) => o !== it && onRow(it, o) && awaitsValue(o)).length >= 2
}

/** a box that ends with a label whose value is not in the box: it is beside or under it */
function awaitsValue(it: Item): boolean {
  return it.segs.length > 0 && !it.segs.at(-1)!.value
}

// -------------------------------------------------------------- candidates

export interface Candidate {
  text: string
  item: Item
  /** lines above and below the value in the same cell (a wrapped table cell), top to bottom */
  above?: Item[]
  next?: Item[]
}

/** boxes on the same row as `it`: their centres within 0.65 of a line, or `it`'s centre inside them */
function onRow(it: Item, o: Item) {
  const h = Math.max(it.h, o.h)
  return Math.abs(o.cy - it.cy) <= 0.65 * h
}

/** the nearest box to the left of `o` on its row */
function leftNeighbour(layout: Layout, o: Item): Item | null {
  let best: Item | null = null
  for (const p of layout.items) {
    if (p === o || !onRow(o, p) || p.x1 > o.x0 + 0.3 * o.h) continue
    if (!best || p.x1 > best.x1) best = p
  }
  return best
}

/**
 * The line under value `v` (of label `label`) that continues it: left-aligned with it, close
 * below, no label of its own, and no other label waiting for its value on its left (that would
 * make it the next row's value). A label centred on a two-line cell is this label, so it does not stop the join.
 */
export function continuationOf(layout: Layout, label: Item, v: Item, up = false): Item | null {
  let best: Item | null = null
  for (const w of layout.items) {
    if (w === v || w === label || w.segs.length || !w.prefix) continue
    const h = Math.max(v.h, w.h)
    const [top, bottom] = up ? [w, v] : [v, w]
    if (bottom.y0 < top.y1 - 0.35 * h || bottom.y0 - top.y1 > 0.8 * h) continue
    // the cell's lines start at its left edge, or are centred in it
    if ((Math.abs(w.x0 - v.x0) > 1.2 * h && Math.abs(w.cx - v.cx) > 0.6 * h) || (!up && w.x1 > v.x1 + 1.5 * h)) continue
    // a label on its left whose value is still to come; one with its value beside it in its box does not claim this line
    const left = leftNeighbour(layout, w)
    if (left && left !== label && awaitsValue(left)) continue
    if (!best || (up ? w.y0 > best.y0 : w.y0 < best.y0)) best = w
  }
  return best
}

/** a value box with the lines of its cell above and below it (at most 3 lines a cell) */
function cell(layout: Layout, label: Item, v: Item): Candidate {
  const next: Item[] = []
  const above: Item[] = []
  for (let k = 0, w: Item | null = v; k < 2 && (w = continuationOf(layout, label, w)); k++) next.push(w)
  // lines above only for a label centred on its cell: the cell's lines are then centred on the label
  for (let k = 0, w: Item | null = v; k < 2 - next.length && (w = continuationOf(layout, label, w, true)); k++) above.unshift(w)
  const bottom = (next.at(-1) ?? v).y1
  while (above.length && Math.abs((above[0]!.y0 + bottom) / 2 - label.cy) > 0.35 * v.h) above.shift()
  return { text: v.prefix, item: v, ...(above.length ? { above } : {}), ...(next.length ? { next } : {}) }
}

/**
 * Nearest box right of `it` on the same row, if it does not start with a label (a value is never
 * another label). Two lines at the same left edge (a wrapped cell beside a centred label): the top one.
 */
function rightOf(layout: Layout, it: Item): Candidate | null {
  // a label with its unit on a second line of its cell: the value beside it is centred on both lines
  const unit = unitUnder(layout, it)
  const row = unit ? { ...it, cy: (it.y0 + unit.y1) / 2, h: unit.y1 - it.y0 } : it
  let best: Item | null = null
  for (const o of layout.items) {
    if (o === it || o === unit) continue
    const h = Math.max(it.h, o.h)
    if (!onRow(row, o)) continue
    // a box may overlap the label's end a little (OCR boxes are loose), its middle may not
    if (o.x0 < it.x1 - 0.3 * h && o.cx <= it.x1 + h) continue
    if (o.x0 - it.x1 > 18 * h) continue
    if (!best || o.x0 < best.x0 - 0.8 * h || (Math.abs(o.x0 - best.x0) <= 0.8 * h && o.y0 < best.y0)) best = o
  }
  if (!best || !best.prefix) return null
  return cell(layout, it, best)
}

/**
 * the nearest box below `it` in its column (overlapping it horizontally, at most `gap` × its height under it); a box
 * beside it is none, though it sits a little lower and its loose box reaches into the column (a header row's next label)
 */
function nextInColumn(layout: Layout, it: Item, gap: number): Item | null {
  let best: Item | null = null
  for (const o of layout.items) {
    if (o === it || o.cy <= it.y1 || o.y0 < it.y1 - 0.35 * Math.min(it.h, o.h)) continue
    if (o.y0 - it.y1 > gap * it.h) continue
    const overlap = Math.min(o.x1, it.x1) - Math.max(o.x0, it.x0)
    if (overlap < 0.3 * Math.min(o.x1 - o.x0, it.x1 - it.x0)) continue
    if (!best || o.y0 < best.y0) best = o
  }
  return best
}

/** the unit or the English name printed on the line under a label, in its cell ('(kg)', 'Gross Weight') */
function unitUnder(layout: Layout, it: Item): Item | null {
  const u = nextInColumn(layout, it, 0.8)
  if (!u || u.segs.length) return null
  return UNIT_LINE.test(u.text.replace(/\s+/g, '')) || (it.segs.length > 0 && ENGLISH_ONLY.test(u.text.trim())) ? u : null
}

/**
 * Nearest box below `it` in its column (a table), if it is not a label; a unit printed under a
 * header label is passed over (the value is under it).
 */
function below(layout: Layout, it: Item): Candidate | null {
  let ref = it
  let unit = unitUnder(layout, it)
  while (unit) {
    ref = unit
    unit = unitUnder(layout, ref)
  }
  // under a header row of labels a one-line value sits in the middle of a row its wrapped neighbours make taller
  const best = nextInColumn(layout, ref, inHeaderRow(layout, it) ? 3 : 1.8)
  if (!best || !best.prefix || best.segs.length) return null
  return cell(layout, it, best)
}

/**
 * Values after a label found in `it`, best first: in the same box, the box to the right, the box
 * below in the same column (when the right neighbour is itself a label, the value is there).
 */
export function valueCandidates(layout: Layout, it: Item, inline: string): Candidate[] {
  const out: Candidate[] = []
  if (inline) {
    // "label：value" wrapped in its column: the rest of the value starts under the label
    const next: Item[] = []
    for (let k = 0, w: Item | null = it; k < 2 && (w = continuationOf(layout, it, w)); k++) next.push(w)
    out.push({ text: inline, item: it, ...(next.length ? { next } : {}) })
  }
  const r = rightOf(layout, it)
  if (r) out.push(r)
  const b = below(layout, it)
  if (b) out.push(b)
  return out
}
