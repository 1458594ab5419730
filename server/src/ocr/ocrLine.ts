/** What the recogniser reads off a picture: its lines, their boxes and the readings it doubts. */
import type { Point } from './raster.js'

export type { Point }
export type Box = [Point, Point, Point, Point]

export interface OcrLine {
  text: string
  /** mean character probability 0..1 */
  score: number
  /** top-left, top-right, bottom-right, bottom-left in the coordinate space of the image given */
  box: Box
  /** what a second look read otherwise (the layout takes the reading the ticket's labels and the field's checks support) */
  alternates?: Alternate[]
  /** characters of `text` the recogniser doubted, with what else it saw there */
  doubts?: CharDoubt[]
}

/** another cut's reading of a line, and its mean character probability */
export interface Alternate {
  text: string
  score: number
}

/** the readings other than `than`, once each, with the best score each was read with */
export function otherReadings(readings: readonly Alternate[], than: string): Alternate[] {
  const best = new Map<string, number>()
  for (const r of readings) if (r.text && r.text !== than) best.set(r.text, Math.max(best.get(r.text) ?? 0, r.score))
  return [...best].map(([text, score]) => ({ text, score }))
}

/** text[at] was read with less than DOUBTED_CHAR probability in a frame; `others` are the next likeliest characters there */
export interface CharDoubt {
  at: number
  others: [string, number][]
}

export interface RawImage {
  /** RGBA, 8 bit */
  data: Uint8Array
  width: number
  height: number
}
