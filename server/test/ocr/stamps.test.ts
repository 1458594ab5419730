/** Red seals over the text: the ink goes, the text under it and red print elsewhere stay. */
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { removeSeals } from '../../src/ocr/stamps.js'

/** a 600×300 ticket: black text, a red seal ring over part of it, a small red serial number */
async function ticket(seal: boolean) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300">
    <rect width="600" height="300" fill="#fff"/>
    <rect x="300" y="140" width="120" height="20" fill="#000"/>
    <rect x="20" y="20" width="60" height="14" fill="#d01818"/>
    ${seal ? '<circle cx="360" cy="150" r="70" fill="none" stroke="#d02020" stroke-width="8" opacity="0.85"/><text x="330" y="120" font-size="20" fill="#d02020">发货专用章</text>' : ''}
  </svg>`
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), width: info.width, height: info.height }
}
const px = (img: { data: Uint8Array; width: number }, x: number, y: number) => Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 3))

describe('removeSeals', () => {
  test('whitens a seal\'s ring, keeps the text under it and the red serial number', async () => {
    const img = await ticket(true)
    expect(removeSeals(img)).toBe(1)
    // the ring's left edge (290, 150) is paper now; the black bar under the ring stays black
    expect(px(img, 290, 150)).toEqual([255, 255, 255])
    expect(Math.max(...px(img, 310, 150))).toBeLessThan(80)
    // the serial number is red print, not a seal
    expect(px(img, 40, 25)).toEqual([208, 24, 24])
  })

  test('a ticket without a seal is left as it is', async () => {
    const img = await ticket(false)
    const before = Buffer.from(img.data)
    expect(removeSeals(img)).toBe(0)
    expect(Buffer.from(img.data).equals(before)).toBe(true)
  })
})
