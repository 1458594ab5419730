/**
 * Readings the recogniser's doubts allow: a character it read with little certainty changed to
 * what else it saw there ('钢陵' where it also saw 铜 in the first character). The extraction keeps
 * one of them only when the domain's words explain it better than the first reading.
 */
import type { CharDoubt } from './ocrLine.js'
import { normalizeText } from './normalize.js'

/** another character is considered from this probability: the domain's words decide whether it is kept */
const CONSIDERED = 0.03
/**
 * The readings of `value`, a stretch of the box read as `raw`, with one or two of its doubted
 * characters changed. None when the value cannot be placed in the box's reading.
 */
export function doubtedReadings(value: string, raw: string, doubts: CharDoubt[] | undefined): string[] {
  if (!doubts?.length || !value) return []
  const text = normalizeText(raw)
  // positions are the raw reading's: only a reading normalising character for character keeps them
  if (text.length !== raw.length) return []
  const start = text.indexOf(value)
  if (start < 0) return []
  const changes = doubts
    .filter((d) => d.at >= start && d.at < start + value.length)
    .flatMap((d) => d.others.filter(([, p]) => p >= CONSIDERED).map(([ch]) => ({ at: d.at - start, ch: normalizeText(ch) })))
    .filter((c) => c.ch.length === 1)
  const out: string[] = []
  const apply = (cs: typeof changes) => {
    const chars = value.split('')
    for (const c of cs) chars[c.at] = c.ch
    out.push(chars.join(''))
  }
  // one change before two: of readings as well explained, the fewer changes
  for (const c of changes) apply([c])
  for (let i = 0; i < changes.length; i++) {
    for (let j = i + 1; j < changes.length; j++) if (changes[j]!.at !== changes[i]!.at) apply([changes[i]!, changes[j]!])
  }
  return out
}
