/**
 * The boxes of a ticket's layout and where a label's value is: the same box after the label, the
 * next box on its row, or the box below it (a table column), with the lines of a wrapped cell.
 */
import type { Alternate, CharDoubt } from './ocrLine.js'
import { ENGLISH_ONLY, UNIT_LINE, type Seg } from './segments.js'
import type { FileType } from './types.js'

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
  /** the ticket prints its labels as captions under their values (captionsUnder) */
  captions?: boolean
  /** labels of this ticket that no list holds, by field (suffix), read by their meaning (labelMeaning.ts) */
  extraLabels?: Record<string, string[]>
}

/** `it` stands among labels waiting for their values (a header row): two others on its row */
export function inHeaderRow(layout: Layout, it: Item): boolean {
  return layout.items.filter((o) => o !== it && onRow(it, o) && awaitsValue(o)).length >= 2
}

/** a box that ends with a label whose value is not in the box: it is beside or under it */
function awaitsValue(it: Item): boolean {
  return it.segs.length > 0 && !it.segs.at(-1)!.value
}

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
export function rightOf(layout: Layout, it: Item): Candidate | null {
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
export function below(layout: Layout, it: Item): Candidate | null {
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

/** a box that is a label alone (its value elsewhere) */
const bareLabel = (it: Item) => it.segs.length === 1 && !it.prefix && !it.segs[0]!.value
/** a box that is a value alone */
const bareValue = (it: Item) => !it.segs.length && !!it.prefix

/** the nearest box above `it` in its column, at most `gap` × its height over it */
function prevInColumn(layout: Layout, it: Item, gap: number): Item | null {
  let best: Item | null = null
  for (const o of layout.items) {
    if (o === it || o.cy >= it.y0 || o.y1 > it.y0 + 0.35 * Math.min(it.h, o.h)) continue
    if (it.y0 - o.y1 > gap * it.h) continue
    const overlap = Math.min(o.x1, it.x1) - Math.max(o.x0, it.x0)
    if (overlap < 0.3 * Math.min(o.x1 - o.x0, it.x1 - it.x0)) continue
    if (!best || o.y1 > best.y1) best = o
  }
  return best
}

/**
 * Whether a ticket prints its labels under their values (captions under the rules a form is filled
 * in on), decided for the whole ticket from the ends of its columns (issue 38): a column of values and
 * labels by turns that starts with a value and ends with a label is captioned; one that starts with
 * a label and ends with a value has its labels above. Pairs by distance alone do not tell them apart
 * (the gaps are alike), the ends of the columns do.
 */
export function captionsUnder(layout: Layout): boolean {
  // a label with its value beside it (a table's row, a perspective's tilted columns) says nothing of captions
  const alone = new Set(layout.items.filter((it) => bareLabel(it) && !rightOf(layout, it)))
  if (alone.size < 3) return false
  let under = 0
  let above = 0
  for (const it of layout.items) {
    if (bareValue(it)) {
      const down = nextInColumn(layout, it, 1.2)
      const up = prevInColumn(layout, it, 2.5)
      const upLabel = !!up && bareLabel(up)
      if (down && alone.has(down) && !upLabel) under++
      const farDown = nextInColumn(layout, it, 2.5)
      if (up && bareLabel(up) && it.y0 - up.y1 <= 1.2 * it.h && !(farDown && bareLabel(farDown))) above++
    } else if (alone.has(it)) {
      const up = prevInColumn(layout, it, 1.2)
      const farDown = nextInColumn(layout, it, 2.5)
      if (up && bareValue(up) && !(farDown && bareValue(farDown))) under++
      const down = nextInColumn(layout, it, 1.2)
      const farUp = prevInColumn(layout, it, 2.5)
      if (down && bareValue(down) && !(farUp && bareValue(farUp))) above++
    }
  }
  return under >= 3 && under > 2 * above
}

/** how far sideways box `o` is from the centre of `it` (0 when it spans it) */
const sideways = (o: Item, it: Item) => Math.max(0, o.x0 - it.cx, it.cx - o.x1)

/** the bare values of the row just over caption `it` (its bottom within 1.2 lines of the caption) */
function rowOver(layout: Layout, it: Item): Item[] {
  const near = layout.items.filter((o) => bareValue(o) && o.cy < it.y0 && o.y1 <= it.y0 + 0.35 * Math.min(it.h, o.h) && it.y0 - o.y1 <= 1.2 * it.h)
  if (!near.length) return []
  const lowest = Math.max(...near.map((o) => o.cy))
  return near.filter((o) => lowest - o.cy <= 0.65 * o.h)
}

/**
 * The value printed over a caption `it` (captionsUnder): of the row over it, the value nearest its
 * centre sideways, which is nearer this caption than any other caption of its row (a value is left-
 * aligned in its cell, its caption centred under the cell). One line on its rule: the line above it
 * is the row before, or the title.
 */
function over(layout: Layout, it: Item): Candidate | null {
  const row = rowOver(layout, it)
  if (!row.length) return null
  const v = row.reduce((a, b) => (sideways(b, it) < sideways(a, it) ? b : a))
  if (sideways(v, it) > 12 * it.h) return null
  const captions = layout.items.filter((o) => o !== it && bareLabel(o) && onRow(it, o))
  if (captions.some((c) => sideways(v, c) < sideways(v, it))) return null
  return { text: v.prefix, item: v }
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
  if (layout.captions && !inline) {
    // a caption's value is over it; beside it stands another caption, under it the next row's value
    const o = over(layout, it)
    if (o) out.push(o)
    return out
  }
  const r = rightOf(layout, it)
  if (r) out.push(r)
  const b = below(layout, it)
  if (b) out.push(b)
  return out
}
