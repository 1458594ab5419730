/** OCR lines laid out by hand for the layout tests: a box of text at a place on a page. */
import type { OcrLine } from '../../src/ocr/ocrLine.js'

/** a text box at (x, y), 14 px per character, 20 px high unless told */
export function L(text: string, x: number, y: number, w = text.length * 14, h = 20): OcrLine {
  return { text, score: 0.98, box: [[x, y], [x + w, y], [x + w, y + h], [x, y + h]] }
}
export const size = { width: 1000, height: 800 }
