/**
 * Real OCR through the worker pool on the large phone shots (downscale + deskew path). The flat
 * tickets/ are measured through the HTTP endpoint in test/tickets/analysis.test.ts.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OcrPool } from '../../src/ocr/pool.js'
import { SLOW_TEST_MS } from '../timing.js'
import { FIXTURES, fieldRight, loadTruth } from './accuracy.js'

// accuracy is under test, not time: a loaded machine loads the models and reads a phone shot in tens of seconds
const pool = new OcrPool({ size: 2, maxQueue: 64, timeoutMs: SLOW_TEST_MS })
afterAll(() => pool.close())
beforeAll(() => pool.ready(), SLOW_TEST_MS)

async function run(dir: string) {
  const truth = loadTruth(dir)
  let right = 0
  let total = 0
  const wrong: string[] = []
  const results = await Promise.all(
    truth.map((t) => pool.analyze({ buffer: fs.readFileSync(path.join(dir, t.file)), fileType: t.fileType })),
  )
  truth.forEach((t, i) => {
    const r = results[i]
    for (const [k, v] of Object.entries(t.fields)) {
      total++
      if (fieldRight(k, v, r.fields[k])) right++
      else wrong.push(`${t.file} ${k}: got ${JSON.stringify(r.fields[k])}, want ${JSON.stringify(v)}`)
    }
  })
  return { right, total, accuracy: right / total, wrong, results }
}

describe('ticket fixtures (real OCR)', () => {
  it('reads the large phone shots of tickets-phone/', async () => {
    const { right, total, accuracy, wrong, results } = await run(path.join(FIXTURES, 'tickets-phone'))
    console.log(`tickets-phone accuracy: ${(accuracy * 100).toFixed(2)} % (${right}/${total})\n  ${wrong.join('\n  ')}`)
    expect(accuracy).toBeGreaterThanOrEqual(0.95)
    // shape of the answer
    const r = results[0]
    expect(r.origin.split('\n').length).toBeGreaterThan(5)
    expect(r.width).toBeGreaterThan(2000)
    expect(r.format).not.toBeNull()
    for (const [field, m] of Object.entries(r.meta)) {
      expect(r.fields[field]).not.toBeNull()
      expect(m.confidence).toBeGreaterThan(0)
      expect(['rule', 'synonym', 'title']).toContain(m.source)
    }
  }, SLOW_TEST_MS)
})
