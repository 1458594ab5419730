import fs from 'node:fs'
import path from 'node:path'
import { compareKey } from '../../src/ocr/normalize.js'
import type { FieldValue } from '../../src/ocr/types.js'

const here = path.dirname(new URL(import.meta.url).pathname)
const COMMITTED = path.resolve(here, '../fixtures')

/** Ticket fixtures for tests: the subset committed with the repository (TICKET_FIXTURES: another set of the same layout). */
export const FIXTURES = process.env.TICKET_FIXTURES ?? COMMITTED

export interface TruthEntry {
  file: string
  fileType: 1 | 2
  layout: string
  fields: Record<string, string | number>
}

export function loadTruth(dir: string): TruthEntry[] {
  return JSON.parse(fs.readFileSync(path.join(dir, 'truth.json'), 'utf8'))
}

/** the fixtures README's rule: numbers within 0.005, times to the minute, strings after folding */
export function fieldRight(name: string, want: string | number, got: FieldValue | undefined): boolean {
  if (typeof want === 'number') return typeof got === 'number' && Math.abs(got - want) <= 0.005
  if (got === null || got === undefined) return false
  if (/Time$/.test(name)) return String(got).slice(0, 16) === String(want).slice(0, 16)
  return compareKey(String(got)) === compareKey(String(want))
}
