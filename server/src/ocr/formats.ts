/** Receipt format matching: which format (and so which extraction rules) a ticket uses. */
import { normalizeText } from './normalize.js'
import { safeTest, UserRegexError } from './safeRegex.js'
import type { FileType, ReceiptFormat } from './types.js'

const REGEX_META = /[\\^$.*+?()[\]{}]/

/** split a keyword list: groups (all required) separated by , ， or white space; `|` alternatives */
export function parseKeywords(src: string): string[][] {
  return src
    .split(/[,，、;；\s]+/)
    .map((g) => g.split('|').map((k) => normalizeText(k)).filter(Boolean))
    .filter((g) => g.length > 0)
}

export function isRegexRule(src: string): boolean {
  return REGEX_META.test(src)
}

/** does `text` (normalised OCR text) satisfy a match rule (regex or keyword list)? */
export function matchesRule(rule: string | null | undefined, text: string): boolean {
  const src = (rule ?? '').trim()
  if (!src) return true
  if (isRegexRule(src)) return safeTest(src, text, 'i')
  const upper = text.toUpperCase().replace(/\s+/g, '')
  return parseKeywords(src).every((group) => group.some((k) => upper.includes(k.toUpperCase().replace(/\s+/g, ''))))
}

/** any excluding keyword present? */
export function isExcluded(exclude: string | null | undefined, text: string): boolean {
  const src = (exclude ?? '').trim()
  if (!src) return false
  const upper = text.toUpperCase().replace(/\s+/g, '')
  return parseKeywords(src).some((group) => group.some((k) => upper.includes(k.toUpperCase().replace(/\s+/g, ''))))
}

export interface FormatCandidates {
  /** matching formats best first */
  candidates: ReceiptFormat[]
  /** formats whose match rule could not run (bad or slow regex): id -> message */
  errors: Record<number, string>
}

/** formats of the requested type that match, best rank first (ties: lower id first) */
export function rankFormats(formats: ReceiptFormat[], fileType: FileType, text: string): FormatCandidates {
  const errors: Record<number, string> = {}
  const candidates = formats
    .filter((f) => Number(f.type) === fileType)
    .filter((f) => {
      try {
        return matchesRule(f.regular, text) && !isExcluded(f.excludeKeywords, text)
      } catch (e) {
        errors[f.id] = e instanceof UserRegexError ? e.message : String(e)
        return false
      }
    })
    .sort((a, b) => (Number(b.rankcom) || 0) - (Number(a.rankcom) || 0) || a.id - b.id)
  return { candidates, errors }
}
