import fs from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
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

/**
 * What the OCR reads of each committed fixture set today: how many truth fields the set has and
 * which of them ("file field") are read wrong. Every other field must stay right: a field lost fails
 * its test by name; a field gained fails too, until it is taken off `wrong` here (the pin raised).
 */
export const PINNED: Record<string, { fields: number; wrong: readonly string[] }> = {
  tickets: { fields: 160, wrong: [] },
  'tickets-phone': { fields: 38, wrong: [] },
  'generated-sample': { fields: 64, wrong: [] },
}

export interface Misread { file: string; field: string; got: FieldValue | undefined; want: string | number }

/** The fields of `truth` read right in `answers` (one per truth entry, in its order) and those misread. */
export function score(truth: TruthEntry[], answers: Record<string, FieldValue | undefined>[]) {
  let right = 0
  let total = 0
  const misread: Misread[] = []
  truth.forEach((t, i) => {
    for (const [field, want] of Object.entries(t.fields)) {
      total++
      const got = answers[i]![field]
      if (fieldRight(field, want, got)) right++
      else misread.push({ file: t.file, field, got, want })
    }
  })
  return { right, total, misread }
}

/**
 * Holds a committed fixture set (the folder `dir`) to its pin. Another set (TICKET_FIXTURES) has no
 * pin: it is held to `elsewhere`, the share of its fields that must be read right.
 */
export function expectPinned(dir: string, { right, total, misread }: ReturnType<typeof score>, elsewhere: number) {
  const set = path.basename(dir)
  const pin = path.dirname(path.resolve(dir)) === COMMITTED ? PINNED[set] : undefined
  const said = (m: Misread) => `${set}/${m.file} ${m.field}: got ${JSON.stringify(m.got)}, want ${JSON.stringify(m.want)}`
  console.log(`${set}: ${right}/${total} fields right (${((right / total) * 100).toFixed(2)} %)${misread.map((m) => `\n  ${said(m)}`).join('')}`)
  if (!pin) {
    expect(right / total, `${set}: share of fields read right`).toBeGreaterThanOrEqual(elsewhere)
    return
  }
  const known = new Set(pin.wrong)
  const lost = misread.filter((m) => !known.has(`${m.file} ${m.field}`)).map(said)
  expect(lost, `${set}: fields read right until now are read wrong:\n  ${lost.join('\n  ')}\n`).toEqual([])
  const readNow = new Set(misread.map((m) => `${m.file} ${m.field}`))
  const gained = pin.wrong.filter((k) => !readNow.has(k))
  expect(gained, `${set}: now read right, take them off PINNED['${set}'].wrong in server/test/ocr/accuracy.ts: ${gained.join(', ')}`).toEqual([])
  expect(total, `${set}: truth.json has ${total} fields, PINNED['${set}'].fields says ${pin.fields}`).toBe(pin.fields)
  expect(right, `${set}: fields read right`).toBe(pin.fields - pin.wrong.length)
}
