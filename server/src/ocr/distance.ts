/**
 * How far a reading is from a name it may stand for, counting the characters the recogniser confuses
 * as nearer than others. Used by the corrections (correct.ts), town names (places.ts) and labels (layout.ts).
 */

/** characters the recogniser confuses with each other (one group a line) */
const LOOKALIKES = [
  '司可同', '限眼跟', '泥泊', '材村', '建健', '设没', '工土', '厂广', '团困', '份伤', '贸货', '运达', '输榆', '流济',
  '己已巳', '未末', '日曰', '人入八', '大太犬', '天夭', '王玉主', '田由甲申', '士土', '千干于', '戊戌', '衡衢', '湖潮', '州洲',
  '阳阴', '江汪', '海诲', '宁亍', '冀翼', '鑫鍂', '晋普', '辽辺', '重量', '责资贵', '散敬敢敦', '袋贷岱',
]
const LOOK: Map<string, string> = new Map()
for (const g of LOOKALIKES) for (const c of g) LOOK.set(c, g)
const similar = (a: string, b: string) => a === b || (LOOK.get(a)?.includes(b) ?? false)

/** a and b differ by one character: one changed, one missing or one extra */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false
  const [s, l] = a.length <= b.length ? [a, b] : [b, a]
  let i = 0
  while (i < s.length && s[i] === l[i]) i++
  return s.length === l.length ? s.slice(i + 1) === l.slice(i + 1) : s.slice(i) === l.slice(i + 1)
}

/**
 * Distance between a reading and a saved name: each differing character counts 1 if the two look
 * alike, 2 otherwise; one missing or extra character counts 2. Above `max` -> Infinity.
 */
export function lookalikeDistance(read: string, saved: string, max = 2): number {
  const n = read.length
  const m = saved.length
  if (Math.abs(n - m) > 1) return Infinity
  let prev = Array.from({ length: m + 1 }, (_, j) => j * 2)
  for (let i = 1; i <= n; i++) {
    const cur = [i * 2]
    let rowMin = cur[0]!
    for (let j = 1; j <= m; j++) {
      const sub = prev[j - 1]! + (read[i - 1] === saved[j - 1] ? 0 : similar(read[i - 1]!, saved[j - 1]!) ? 1 : 2)
      cur[j] = Math.min(sub, prev[j]! + 2, cur[j - 1]! + 2)
      rowMin = Math.min(rowMin, cur[j]!)
    }
    if (rowMin > max) return Infinity
    prev = cur
  }
  return prev[m]! <= max ? prev[m]! : Infinity
}
