/**
 * Layout families of the generator: each turns one ticket's contents into the HTML of a paper
 * ticket and the truth of the fields it prints. Labels, units, fonts, sizes and column orders vary
 * per ticket; the family fixes only the way labels and values are arranged.
 */
import { dense, dotmatrix, handwritten, twin, wrapped } from './formFamilies.js'
import { boxes, caption, kilo, medley, vocab } from './generalFamilies.js'
import { header, lines, slip, stacked, table } from './layoutFamilies.js'
import { bilingual, extras, impact, misprint, thermal } from './printerFamilies.js'
import type { Family } from './ticketHtml.js'

/**
 * Blind families (issue 38, scripts/tickets/blind/): written by someone who never saw the reader and
 * marked BLIND: rendered only when named (`--families blind_a,…`) or with `--blind`, never by
 * default, and the bench prints only their totals
 */
export { BLIND_FAMILIES } from './blind/families.js'

export const FAMILIES: Record<string, Family> = { table, lines, slip, header, stacked, twin, dense, dotmatrix, wrapped, handwritten, extras, misprint, thermal, bilingual, impact, caption, boxes, vocab, kilo, medley }
