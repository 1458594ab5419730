/** From the recogniser's output to text: CTC best-path decoding, and the characters it doubted. */
import type { CharDoubt } from './ocrLine.js'

/** a character read with less probability than this is doubted */
const DOUBTED_CHAR = 0.9
/** another character is kept for a doubted one from this probability */
const OTHER_CHAR = 0.02

const round3 = (p: number) => Math.round(p * 1000) / 1000

export type Reading = { text: string; score: number; doubts: CharDoubt[] }

/**
 * The first reading's doubted characters with what the second look's readings of the same length
 * saw at each place: a character another cut read otherwise, at that reading's score, and that
 * reading's own doubts there.
 */
export function mergeDoubts(text: string, doubts: CharDoubt[], readings: Reading[]): CharDoubt[] {
  const at = new Map<number, Map<string, number>>()
  const see = (i: number, ch: string, p: number) => {
    if (ch === text[i]) return
    const m = at.get(i) ?? new Map<string, number>()
    m.set(ch, Math.max(m.get(ch) ?? 0, p))
    at.set(i, m)
  }
  for (const d of doubts) for (const [ch, p] of d.others) see(d.at, ch, p)
  for (const r of readings) {
    if (r.text.length !== text.length) continue
    for (let i = 0; i < text.length; i++) if (r.text[i] !== text[i]) see(i, r.text[i]!, r.score)
    for (const d of r.doubts) for (const [ch, p] of d.others) see(d.at, ch, p)
  }
  return [...at].sort((a, b) => a[0] - b[0]).map(([i, m]) => ({ at: i, others: [...m].sort((a, b) => b[1] - a[1]).slice(0, 3) }))
}

/**
 * Best path: each frame's likeliest class, repeats and blanks dropped. A character the recogniser
 * doubts keeps the characters it found next likeliest in its frames (`others`).
 */
export function ctcDecode(dict: readonly string[], data: Float32Array, off: number, T: number, C: number): Reading {
  let prev = -1
  let text = ''
  let sum = 0
  let count = 0
  const doubts: CharDoubt[] = []
  // the frames of the character last read: its least probability, and the other characters seen (made only when one is)
  let inRun = false
  let runBest = 0
  let run: Map<number, number> | null = null
  const endRun = () => {
    if (run && runBest < DOUBTED_CHAR) {
      const others = [...run].filter(([c]) => dict[c]).sort((a, b) => b[1] - a[1]).slice(0, 3)
      if (others.length) doubts.push({ at: text.length - 1, others: others.map(([c, p]) => [dict[c]!, round3(p)]) })
    }
    inRun = false
    run = null
  }
  for (let t = 0; t < T; t++) {
    let best = 0
    let bestP = -Infinity
    let second = 0
    let secondP = -Infinity
    const row = off + t * C
    for (let c = 0; c < C; c++) {
      const v = data[row + c]
      if (v > bestP) {
        second = best
        secondP = bestP
        bestP = v
        best = c
      } else if (v > secondP) {
        second = c
        secondP = v
      }
    }
    if (best !== prev) endRun()
    if (best !== 0 && best !== prev) {
      text += dict[best] ?? ''
      sum += bestP
      count++
      inRun = true
      runBest = bestP
    }
    if (inRun && best !== 0) {
      runBest = Math.min(runBest, bestP)
      // the likeliest other character of the frame (a blank second is no other reading)
      if (second !== 0 && secondP >= OTHER_CHAR && secondP > (run?.get(second) ?? 0)) (run ??= new Map()).set(second, secondP)
    }
    prev = best
  }
  endRun()
  return { text, score: count ? sum / count : 0, doubts }
}
