/**
 * The rule tester on pasted text: one line a text box, stacked top to bottom, read like an OCR
 * result. Runs in an OCR worker (OcrPool.analyzeText), every user pattern under one deadline.
 */
import { analyzeLines } from './analyze.js'
import type { OcrLine } from './ocrLine.js'
import { withRegexDeadline } from './safeRegex.js'
import type { ExtractionRule, FileType, ReceiptFormat, TicketAnalysis } from './types.js'

export interface TextAnalyzeInput {
  text: string
  fileType: FileType
  formats?: ReceiptFormat[]
  rules?: ExtractionRule[]
}

const MAX_LINES = 500
const LINE_HEIGHT = 40
const WIDTH = 1000

export function pastedLines(text: string): OcrLine[] {
  const lines = text.split(/\r?\n/).map((t) => t.trim()).filter(Boolean).slice(0, MAX_LINES)
  return lines.map((t, i) => ({
    text: t, score: 1,
    box: [[0, i * LINE_HEIGHT], [WIDTH, i * LINE_HEIGHT], [WIDTH, i * LINE_HEIGHT + 30], [0, i * LINE_HEIGHT + 30]],
  }))
}

/**
 * Throws UserRegexError('timeout') when the user patterns together run past `deadlineMs`; a
 * pattern that cannot run for another reason is reported as a flag, as in a ticket analysis.
 */
export function analyzePastedText(input: TextAnalyzeInput, deadlineMs: number): TicketAnalysis {
  const lines = pastedLines(input.text)
  const height = lines.length * LINE_HEIGHT
  const result = withRegexDeadline(deadlineMs, () =>
    analyzeLines({ lines, fileType: input.fileType, formats: input.formats, rules: input.rules, width: WIDTH, height }))
  return { ...result, width: WIDTH, height }
}
