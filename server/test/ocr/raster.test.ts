/** The pixel work around the OCR models: resizing, text regions, rotated rectangles, crops. */
import { describe, expect, it } from 'vitest'
import { convexHull, homography, maskRegions, minAreaRect, rectCorners, resizeToPlanes, warpToPlanes, type Point, type Rgba } from '../../src/ocr/raster.js'

const identity = { mul: [1, 1, 1] as [number, number, number], add: [0, 0, 0] as [number, number, number] }

/** an RGBA image whose red channel is x, green y and blue 7 */
function gradient(w: number, h: number): Rgba {
  const data = new Uint8Array(w * h * 4)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set([x, y, 7, 255], (y * w + x) * 4)
  return { data, width: w, height: h }
}

function mask(w: number, h: number, on: (x: number, y: number) => boolean) {
  const m = new Uint8Array(w * h)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) m[y * w + x] = on(x, y) ? 1 : 0
  return m
}

describe('resizeToPlanes', () => {
  it('halves a gradient with pixel centres aligned and writes B, G, R planes', () => {
    const out = resizeToPlanes(gradient(8, 4), 4, 2, identity)
    const plane = 8
    // destination x=1 samples source x = 1.5*2-0.5... = 2.5 -> mean of 2 and 3
    expect(out[2 * plane + 1]).toBeCloseTo(2.5) // R plane carries x
    expect(out[plane + 4 + 0]).toBeCloseTo(2.5) // G plane, row 1, carries y = 2.5
    expect(out[3]).toBeCloseTo(7) // B plane
  })

  it('applies the normalisation per channel', () => {
    const out = resizeToPlanes(gradient(2, 2), 2, 2, { mul: [2, 1, 0.5], add: [-1, 0, 1] })
    expect(out[0]).toBeCloseTo(7 * 2 - 1)
    expect(out[4 * 2 + 3]).toBeCloseTo(1 * 0.5 + 1) // R of pixel (1,1) is x = 1
  })

  it('clamps at the edges when enlarging', () => {
    const out = resizeToPlanes(gradient(2, 2), 4, 4, identity)
    expect(out[2 * 16 + 0]).toBeCloseTo(0)
    expect(out[2 * 16 + 3]).toBeCloseTo(1)
  })
})

describe('maskRegions', () => {
  it('finds each 8-connected region once, in scan order, as its convex hull', () => {
    const w = 20
    const h = 10
    // a bar, a diagonal chain (one region through corners) and a lone pixel
    const m = mask(w, h, (x, y) => (y >= 1 && y <= 2 && x >= 2 && x <= 9) || (x === 14 && y === 5) || (x === 15 && y === 6) || (x === 16 && y === 7) || (x === 3 && y === 8))
    const regions = maskRegions(m, w, h, 100)
    expect(regions).toHaveLength(3)
    expect(regions[0]).toEqual(expect.arrayContaining([[2, 1], [9, 1], [9, 2], [2, 2]]))
    expect(regions[0]).toHaveLength(4)
    expect(regions[1]).toEqual([[14, 5], [16, 7]])
    expect(regions[2]).toEqual([[3, 8]])
  })

  it('stops at the limit', () => {
    const m = mask(10, 10, (x, y) => x % 2 === 0 && y % 2 === 0)
    expect(maskRegions(m, 10, 10, 7)).toHaveLength(7)
  })

  it('handles a region filling the whole mask', () => {
    const regions = maskRegions(new Uint8Array(64 * 48).fill(1), 64, 48, 10)
    expect(regions).toHaveLength(1)
    expect(minAreaRect(regions[0])).toMatchObject({ a: expect.closeTo(63), b: expect.closeTo(47) })
  })
})

describe('convexHull and minAreaRect', () => {
  it('drops interior and collinear points', () => {
    const hull = convexHull([[0, 0], [2, 0], [4, 0], [4, 3], [2, 1], [0, 3]])
    expect(hull).toHaveLength(4)
    expect(hull).toEqual(expect.arrayContaining([[0, 0], [4, 0], [4, 3], [0, 3]]))
  })

  it('fits a rotated rectangle exactly', () => {
    const t = (20 * Math.PI) / 180
    const pts: Point[] = [[0, 0], [100, 0], [100, 20], [0, 20]].map(([x, y]) => [50 + x * Math.cos(t) - y * Math.sin(t), 30 + x * Math.sin(t) + y * Math.cos(t)])
    const r = minAreaRect(convexHull(pts))
    expect(Math.max(r.a, r.b)).toBeCloseTo(100)
    expect(Math.min(r.a, r.b)).toBeCloseTo(20)
    const corners = rectCorners(r)
    for (const p of pts) expect(corners.some((c) => Math.hypot(c[0] - p[0], c[1] - p[1]) < 1e-6)).toBe(true)
  })

  it('gives a zero side for a line and a point', () => {
    expect(Math.min(minAreaRect([[0, 0], [10, 5]]).a, minAreaRect([[0, 0], [10, 5]]).b)).toBe(0)
    expect(minAreaRect([[3, 4]])).toMatchObject({ cx: 3, cy: 4, a: 0, b: 0 })
  })
})

describe('homography and warpToPlanes', () => {
  it('maps the four corners onto their partners', () => {
    const from: Point[] = [[0, 0], [10, 0], [10, 5], [0, 5]]
    const to: Point[] = [[3, 2], [40, 6], [38, 25], [1, 20]]
    const h = homography(from, to)
    from.forEach(([x, y], i) => {
      const z = h[6] * x + h[7] * y + h[8]
      expect((h[0] * x + h[1] * y + h[2]) / z).toBeCloseTo(to[i][0])
      expect((h[3] * x + h[4] * y + h[5]) / z).toBeCloseTo(to[i][1])
    })
  })

  it('refuses a degenerate quadrilateral', () => {
    expect(() => homography([[0, 0], [0, 0], [0, 0], [0, 0]], [[0, 0], [1, 0], [1, 1], [0, 1]])).toThrow(RangeError)
  })

  it('crops an axis-aligned box pixel for pixel and pads the rest of the row with zeros', () => {
    const img = gradient(40, 30)
    const w = 10
    const h = 4
    const stride = 16
    const plane = stride * h
    const out = new Float32Array(3 * plane)
    warpToPlanes(img, [[5, 6], [15, 6], [15, 10], [5, 10]], [[0, 0], [w, 0], [w, h], [0, h]], w, h, out, 0, stride, plane, identity)
    expect(out[2 * plane + 0]).toBeCloseTo(5) // R = x
    expect(out[2 * plane + 9]).toBeCloseTo(14)
    expect(out[plane + 3 * stride]).toBeCloseTo(9) // G = y, last row
    expect(out[2 * plane + 12]).toBe(0) // padding
  })

  it('reads a vertical box turned a quarter', () => {
    const img = gradient(40, 40)
    const out = new Float32Array(3 * 20 * 4)
    // the box's top-left goes to the crop's bottom-left: reading runs bottom to top
    warpToPlanes(img, [[10, 0], [14, 0], [14, 20], [10, 20]], [[0, 4], [0, 0], [20, 0], [20, 4]], 20, 4, out, 0, 20, 80, identity)
    expect(out[80 + 0]).toBeCloseTo(0) // G = y at the crop's start
    expect(out[80 + 19]).toBeCloseTo(19)
    expect(out[160 + 0]).toBeCloseTo(14) // R = x: crop row 0 is the box's right edge
  })
})
