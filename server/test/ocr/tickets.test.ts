/**
 * Real OCR through the worker pool on the large phone shots (downscale + deskew path). The flat
 * tickets/ are measured through the HTTP endpoint in test/tickets/analysis.test.ts.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OcrPool } from '../../src/ocr/pool.js'
import { SLOW_TEST_MS } from '../timing.js'
import { expectPinned, FIXTURES, loadTruth, score } from './accuracy.js'

// accuracy is under test, not time: a loaded machine loads the models and reads a phone shot in tens of seconds
const pool = new OcrPool({ size: 2, maxQueue: 64, timeoutMs: SLOW_TEST_MS })
afterAll(() => pool.close())
beforeAll(() => pool.ready(), SLOW_TEST_MS)

async function run(dir: string) {
  const truth = loadTruth(dir)
  const results = await Promise.all(
    truth.map((t) => pool.analyze({ buffer: fs.readFileSync(path.join(dir, t.file)), fileType: t.fileType })),
  )
  return { outcome: score(truth, results.map((r) => r.fields)), results }
}

describe('ticket fixtures (real OCR)', () => {
  it('reads the large phone shots of tickets-phone/ as well as pinned', async () => {
    const dir = path.join(FIXTURES, 'tickets-phone')
    const { outcome, results } = await run(dir)
    // every field the pin says is read right today (another set than the committed one: 95 %)
    expectPinned(dir, outcome, 0.95)
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
