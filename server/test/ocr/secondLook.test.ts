/**
 * The recogniser's second look at lines it doubts (real OCR): the first reading stays each line's
 * text, and what the second look read otherwise is kept beside it for the layout to choose from; so
 * are the characters it doubted, with what else it saw there.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OcrEngine } from '../../src/ocr/engine.js'
import { prepareImage } from '../../src/ocr/image.js'
import { SLOW_TEST_MS } from '../timing.js'
import { FIXTURES } from './accuracy.js'

let once: OcrEngine
let everyLine: OcrEngine
beforeAll(async () => {
  once = await OcrEngine.create({ lookAgainBelow: 0 })
  // every line doubted: each gets its second look
  everyLine = await OcrEngine.create({ lookAgainBelow: 1.01 })
}, SLOW_TEST_MS)
afterAll(async () => {
  await once?.release()
  await everyLine?.release()
})

// the models read on this thread: seconds on a quiet machine, minutes on a busy one
describe('second look', { timeout: SLOW_TEST_MS }, () => {
  it('keeps the first reading of every line and adds only readings that differ from it', async () => {
    const image = await prepareImage(fs.readFileSync(path.join(FIXTURES, 'generated-sample', 'wrapped_02.jpg')))
    const first = await once.recognize(image)
    const looked = await everyLine.recognize(image)
    expect(looked.map((l) => [l.text, l.box])).toEqual(first.map((l) => [l.text, l.box]))
    expect(first.every((l) => l.alternates === undefined)).toBe(true)
    for (const l of looked) for (const alt of l.alternates ?? []) expect(alt.text).not.toBe(l.text)
    // a cut taller and wider, or stretched, reads some line otherwise
    expect(looked.some((l) => l.alternates?.length)).toBe(true)
  })

  it('reads a box of one or two characters again from a wider cut: a narrow digit beside it may have been left out', async () => {
    // a small scan's '0袋' filled in by hand: the recogniser reads its box as '袋'
    const image = await prepareImage(fs.readFileSync(path.join(FIXTURES, 'generated-sample', 'handwritten_small_02.jpg')))
    const bags = (await everyLine.recognize(image)).find((l) => l.text === '袋')
    expect(bags?.alternates?.map((a) => a.text)).toContain('0袋')
    // no second look at all: no other reading
    expect((await once.recognize(image)).find((l) => l.text === '袋')?.alternates).toBeUndefined()
  })

  it('keeps, for characters it doubted, what else the recogniser saw there', async () => {
    const image = await prepareImage(fs.readFileSync(path.join(FIXTURES, 'generated-sample', 'wrapped_02.jpg')))
    const lines = await once.recognize(image)
    const doubts = lines.flatMap((l) => (l.doubts ?? []).map((d) => ({ ...d, text: l.text })))
    expect(doubts.length).toBeGreaterThan(0)
    for (const d of doubts) {
      expect(d.at).toBeGreaterThanOrEqual(0)
      expect(d.at).toBeLessThan(d.text.length)
      expect(d.others.length).toBeGreaterThan(0)
      for (const [ch, p] of d.others) {
        expect(ch).not.toBe(d.text[d.at])
        expect(p).toBeGreaterThanOrEqual(0.02)
        expect(p).toBeLessThanOrEqual(1)
      }
      // likeliest first
      expect(d.others.map(([, p]) => p)).toEqual([...d.others.map(([, p]) => p)].sort((a, b) => b - a))
    }
  })

  it('counts what another cut read at a character among that character\'s doubts', async () => {
    const looked = []
    for (const file of ['wrapped_02.jpg', 'handwritten_small_02.jpg']) {
      looked.push(...await everyLine.recognize(await prepareImage(fs.readFileSync(path.join(FIXTURES, 'generated-sample', file)))))
    }
    let differing = 0
    for (const l of looked) {
      for (const { text: alt } of l.alternates ?? []) {
        if (alt.length !== l.text.length) continue
        for (let i = 0; i < alt.length; i++) {
          if (alt[i] === l.text[i]) continue
          differing++
          expect(l.doubts?.find((d) => d.at === i)?.others.length).toBeGreaterThan(0)
        }
      }
    }
    expect(differing).toBeGreaterThan(0)
  })
})
