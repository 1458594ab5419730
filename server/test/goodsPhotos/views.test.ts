/**
 * A search photo's two views (descriptor.ts `withCentreView`, verify.ts `viewsOf`) and the contrast
 * stretch of a described picture (features.ts `stretched`).
 */
import { describe, expect, test } from 'vitest'
import { packKeypoints, unpackKeypoints, withCentreView, type PhotoDescriptor } from '../../src/goods/photoMatch/descriptor.js'
import { CENTRE_VIEW, stretched } from '../../src/goods/photoMatch/features.js'
import { viewsOf } from '../../src/goods/photoMatch/verify.js'

const view = (width: number, height: number, points: [number, number, number][]): PhotoDescriptor => ({
  width,
  height,
  keypoints: packKeypoints({ xy: Float32Array.from(points.flatMap(([x, y]) => [x, y])), words: Uint32Array.from(points.map(([, , w]) => w)) }),
  words: [...new Set(points.map(([, , w]) => w))].sort((a, b) => a - b),
})

describe('a search photo in two views', () => {
  test("the centre view's keypoints are carried onto the whole view's picture, after the whole view's, and the words are both views'", () => {
    // a 640 x 480 whole view; its centre (75 % of each side) described at 640 x 480 too
    const merged = withCentreView(view(640, 480, [[10, 20, 5], [600, 400, 9]]), view(640, 480, [[0, 0, 9], [640, 480, 11], [320, 240, 12]]))
    expect(merged.split).toBe(2)
    expect(merged.words).toEqual([5, 9, 11, 12])
    const { xy, words } = unpackKeypoints(merged.keypoints)
    expect([...words]).toEqual([5, 9, 9, 11, 12])
    const margin = (1 - CENTRE_VIEW) / 2
    // the centre's corners land on the whole view's inner rectangle, its middle on the middle
    expect([...xy.slice(4)].map((v) => Math.round(v))).toEqual([640 * margin, 480 * margin, 640 * (1 - margin), 480 * (1 - margin), 320, 240])
  })

  test('each view is verified on its own; a photo without a split, or with an empty view, is one view', () => {
    const { xy, words } = unpackKeypoints(withCentreView(view(640, 480, [[1, 1, 1], [2, 2, 2]]), view(640, 480, [[3, 3, 3]])).keypoints)
    const [whole, centre] = viewsOf({ xy, words }, 2)
    expect([...whole!.words]).toEqual([1, 2])
    expect([...centre!.words]).toEqual([3])
    expect(viewsOf({ xy, words })).toHaveLength(1)
    expect(viewsOf({ xy, words }, 3)).toHaveLength(1)
  })
})

describe('the contrast stretch', () => {
  test('the darkest and brightest 1 % become black and white, the rest spread between them in order', () => {
    const grey = Buffer.alloc(1000)
    for (let i = 0; i < 1000; i++) grey[i] = 100 + Math.floor(i / 20) // levels 100 … 149, 20 pixels each
    const out = stretched(Buffer.from(grey))
    expect(out[0]).toBe(0)
    expect(out[999]).toBe(255)
    for (let i = 1; i < 1000; i++) expect(out[i]!).toBeGreaterThanOrEqual(out[i - 1]!)
  })

  test('a flat picture is left as it is', () => {
    expect([...stretched(Buffer.alloc(100, 77))]).toEqual(new Array(100).fill(77))
  })
})
