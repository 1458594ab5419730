// The ticket sets the reader is measured on, and how a reading of one is scored (issue 38): shared by
// bench/ticket-generalisation.bench.ts (through the endpoint: the figures) and
// bench/ticket-extraction.ts (the extraction alone on cached OCR lines: for developing the reader).
// Held-out and blind sets print their totals only, never a family's, a file's or a field's error.
import fs from 'node:fs'
import path from 'node:path'
import { FIELDS_BY_TYPE, type TicketField } from '@app/contract'
import { fieldRight, loadTruth, type TruthEntry } from '../server/test/ocr/accuracy.js'
import { fieldMarks } from '../web/src/features/ticketForm/uploadValues.js'
import { BLIND } from '../scripts/tickets/blind/names.js'
import { BENCH_FIXTURES, report, root } from './lib.js'

/** chosen before any tuning; see scripts/tickets/README.md */
export const HELD_OUT = ['stacked', 'twin', 'dotmatrix']

const isBlind = (layout: string) => (BLIND as readonly string[]).includes(layout)

export interface TicketSet { name: string; dir: string; entries: TruthEntry[]; heldOut: boolean; blind?: boolean }

/**
 * The shared fixtures, the generator's development and held-out families (from `generated`) and the
 * blind families (from `generated` and `blindGenerated`), each as a flat and a phone set.
 */
export function ticketSets(generated = process.env.GENERATED ?? path.join(root, '.generated/tickets'), blindGenerated = process.env.BLIND_GENERATED ?? path.join(root, '.generated/blind')): TicketSet[] {
  const sets: TicketSet[] = []
  for (const v of ['tickets', 'tickets-phone']) sets.push({ name: `shared ${v}`, dir: path.join(BENCH_FIXTURES, v), entries: loadTruth(path.join(BENCH_FIXTURES, v)), heldOut: false })
  for (const v of ['flat', 'phone']) {
    const dir = path.join(generated, v)
    if (!fs.existsSync(path.join(dir, 'truth.json'))) {
      // a set generated with --variants flat (or phone) only
      if (v === 'phone' && sets.some((s) => s.dir.startsWith(generated))) continue
      throw new Error(`no generated set in ${dir}: run scripts/tickets/generate.ts first`)
    }
    const all = loadTruth(dir)
    sets.push({ name: `development ${v}`, dir, entries: all.filter((t) => !HELD_OUT.includes(t.layout) && !isBlind(t.layout)), heldOut: false })
    sets.push({ name: `held-out ${v}`, dir, entries: all.filter((t) => HELD_OUT.includes(t.layout)), heldOut: true })
  }
  // blind families: wherever they were generated, one set a variant (a set per file folder read)
  for (const v of ['flat', 'phone']) {
    for (const base of generated === blindGenerated ? [generated] : [generated, blindGenerated]) {
      const dir = path.join(base, v)
      if (!fs.existsSync(path.join(dir, 'truth.json'))) continue
      const entries = loadTruth(dir).filter((t) => isBlind(t.layout))
      if (entries.length) sets.push({ name: `blind ${v}`, dir, entries, heldOut: false, blind: true })
    }
  }
  return sets
}

/** A reading as the analysis endpoint answers it: the fields, their meta and the checks' flags. */
export type TicketReadingAnswer = Record<string, unknown> & { meta?: Record<string, { confidence?: number } & object>; flags?: Record<string, string> }

/** confidence bands of the reliability table: [lower, upper) */
const BANDS = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0001]
const filled = (v: unknown) => v !== null && v !== undefined && v !== ''
type Bands = { right: number; n: number }[]
const newBands = (): Bands => BANDS.slice(1).map(() => ({ right: 0, n: 0 }))

export function printBands(name: string, bands: Bands) {
  const rows = bands.map((b, i) => `${BANDS[i]!.toFixed(2)}–${i === bands.length - 1 ? '1.00' : BANDS[i + 1]!.toFixed(2)}: ${b.n ? ((100 * b.right) / b.n).toFixed(1) : '-'} % right of ${b.n}`)
  console.log(`  ${name} reliability (confidence → share right):\n    ${rows.join('\n    ')}`)
}

/**
 * A set's score. Marks (issue 38): staff check the fields the upload form marks (web's fieldMarks:
 * confidence under 0.8, a correction, a failed check) and trust the rest; a silent error is a printed
 * field filled wrong and unmarked, a spurious one a field filled though nothing is printed for it.
 */
export class SetScore {
  right = 0
  total = 0
  docs = 0
  silent = 0
  marked = 0
  spurious = 0
  empty = 0
  readonly bands = newBands()
  readonly wrong: string[] = []
  readonly perLayout = new Map<string, { right: number; total: number }>()
  constructor(readonly set: TicketSet) {}

  /** whether wrong fields may be named: never those of held-out or blind sets */
  get open() { return !this.set.heldOut && !this.set.blind }

  add(t: TruthEntry, data: TicketReadingAnswer) {
    let all = true
    const l = this.perLayout.get(t.layout) ?? { right: 0, total: 0 }
    const typeFields = Object.keys(FIELDS_BY_TYPE[t.fileType]) as TicketField[]
    const marked = fieldMarks({ meta: (data.meta ?? {}) as never, flags: data.flags ?? {} }, typeFields)
    for (const [field, want] of Object.entries(t.fields)) {
      this.total++
      l.total++
      const got = data[field] as Parameters<typeof fieldRight>[2]
      const ok = fieldRight(field, want, got)
      const isMarked = !!marked[field as TicketField]
      if (isMarked) this.marked++
      if (filled(got) && !ok && !isMarked) this.silent++
      if (!filled(got)) this.empty++
      const confidence = data.meta?.[field]?.confidence
      if (filled(got) && typeof confidence === 'number') {
        const b = this.bands[BANDS.findIndex((lo, i) => confidence >= lo && confidence < BANDS[i + 1]!)] ?? this.bands[0]!
        b.n++
        if (ok) b.right++
      }
      if (ok) { this.right++; l.right++ } else {
        all = false
        if (this.open) this.wrong.push(`${t.file} ${field}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}${isMarked ? ' (marked)' : filled(got) ? ' (SILENT)' : ''}`)
      }
    }
    for (const field of typeFields) {
      // remarks are printed on many tickets but never in the truth, nor is a manufacturer named only by the title
      if (field in t.fields || /(?:Additional|Manufactory)$/.test(field) || !filled(data[field]) || marked[field]) continue
      this.spurious++
      if (this.open) this.wrong.push(`${t.file} ${field}: got ${JSON.stringify(data[field])}, nothing printed (SILENT)`)
    }
    this.perLayout.set(t.layout, l)
    if (all) this.docs++
  }

  /** the set's totals; for an open set also its reliability table and its families' shares, and its errors with `errors` */
  print(errors = false) {
    const { name, heldOut, blind, entries } = this.set
    report(`${name}: fields right (${this.right}/${this.total})`, (100 * this.right) / this.total, '%', name.startsWith('shared') ? '≥ 99 %' : heldOut ? '≥ 97 %' : blind ? '≥ 95 %' : undefined)
    report(`${name}: documents fully right (${this.docs}/${entries.length})`, (100 * this.docs) / entries.length, '%')
    report(`${name}: silent errors, wrong, filled and unmarked (${this.silent}/${this.total})`, (100 * this.silent) / this.total, '% of fields', '≤ 0.5 %')
    report(`${name}: fields marked (${this.marked}/${this.total})`, (100 * this.marked) / this.total, '% of fields', '≤ 8 %')
    report(`${name}: fields printed but left empty (${this.empty}/${this.total})`, (100 * this.empty) / this.total, '% of fields')
    report(`${name}: fields filled though nothing is printed, unmarked`, this.spurious, 'fields')
    if (!this.open) return
    printBands(name, this.bands)
    for (const [layout, l] of this.perLayout) report(`  ${name} ${layout}`, (100 * l.right) / l.total, '%')
    if (errors && this.wrong.length) console.log(`  ${this.wrong.join('\n  ')}`)
  }
}

/** the development sets' reliability tables added up */
export function developmentBands(scores: SetScore[]) {
  const all = newBands()
  for (const s of scores) {
    if (!s.open || s.set.name.startsWith('shared')) continue
    s.bands.forEach((b, i) => { all[i]!.n += b.n; all[i]!.right += b.right })
  }
  return all
}
