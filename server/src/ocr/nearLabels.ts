import { COMPOSED_LABELS, kindOf, SYNONYMS } from './fieldCatalogue.js'
import { lookalikeDistance, oneEditApart } from './distance.js'
import { below, inHeaderRow, rightOf, type Layout } from './neighbours.js'
import { normalizeText } from './normalize.js'
import { segment, UNITS } from './segments.js'
import { parseValue } from './values.js'

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
export function readNearLabels(layout: Layout, segmentLexicon: string[]) {
  const known = new Set(segmentLexicon)
  // a misread label is read as one of the usual labels only: one character from the many composed ones (issue 38) is
  // most words, and 雷方 would be 需方 as much as 供方 or 购方
  const lexicon = segmentLexicon.filter((l) => !COMPOSED_LABELS.has(l))
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
    Object.assign(it, segment(it.text, segmentLexicon))
  }
}
