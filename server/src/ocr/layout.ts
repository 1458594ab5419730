/**
 * The layout of one ticket: OCR boxes (deskewed) with their text split into labels and values
 * (segments.ts), labels printed spaced or wrapped joined first (labelMerging.ts), and labels misread
 * by a character read as the ones they are near (nearLabels.ts); neighbours.ts pairs a label with its value.
 */
import { estimateSkew, rotatePoints } from './image.js'
import { mergeSpacedLabels, mergeWrappedLabels } from './labelMerging.js'
import { readNearLabels } from './nearLabels.js'
import { captionsUnder, type Item, type Layout } from './neighbours.js'
import { normalizeText } from './normalize.js'
import { otherReadings, type OcrLine } from './ocrLine.js'
import { buildLexicon, segment } from './segments.js'
import type { FileType } from './types.js'

/** `extraLabels`: labels this ticket prints that no list holds, by field (labelMeaning.ts), read as the field's own */
export function buildLayout(rawLines: OcrLine[], fileType: FileType, width: number, height: number, extraLabels?: Record<string, string[]>): Layout {
  const extra = Object.values(extraLabels ?? {}).flat()
  const lexicon = extra.length ? [...buildLexicon(fileType), ...extra].sort((a, b) => b.length - a.length) : buildLexicon(fileType)
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
  const layout: Layout = { items, fileType, skew, ...(extra.length ? { extraLabels } : {}) }
  readNearLabels(layout, lexicon)
  layout.captions = captionsUnder(layout)
  return layout
}
