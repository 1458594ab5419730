/** Labels the recogniser read in pieces, joined: printed with wide letter spacing, or wrapped in a narrow cell. */
import { doubtedReadings } from './doubts.js'
import { normalizeText } from './normalize.js'
import type { OcrLine } from './ocrLine.js'

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
