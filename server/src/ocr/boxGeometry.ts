/** The geometry of a text box: its corners in order, its detector score, grown for a wider cut. */
import type { Box, Point } from './ocrLine.js'

/** the box grown by a fifth of its height above and below and `ends` of it at each end, inside the image */
export function grow(box: Box, W: number, H: number, ends = 0.5): Box {
  const h = Math.max(dist(box[0], box[3]), dist(box[1], box[2]))
  const [tl, tr, br, bl] = box
  const ux = (tr[0] - tl[0]) / Math.max(1, dist(tl, tr))
  const uy = (tr[1] - tl[1]) / Math.max(1, dist(tl, tr))
  // along the line (u) and across it (v, pointing down)
  const [vx, vy] = [-uy, ux]
  const move = (p: Point, along: number, across: number): Point =>
    [clamp(p[0] + ux * along + vx * across, 0, W - 1), clamp(p[1] + uy * along + vy * across, 0, H - 1)]
  return [move(tl, -ends * h, -0.2 * h), move(tr, ends * h, -0.2 * h), move(br, ends * h, 0.2 * h), move(bl, -ends * h, 0.2 * h)]
}

/** order 4 points as top-left, top-right, bottom-right, bottom-left */
export function orderBox(pts: Point[]): Box {
  const byX = [...pts].sort((a, b) => a[0] - b[0])
  const left = byX.slice(0, 2).sort((a, b) => a[1] - b[1])
  const right = byX.slice(2).sort((a, b) => a[1] - b[1])
  return [left[0], right[0], right[1], left[1]]
}

export function boxScore(prob: Float32Array, w: number, h: number, pts: Point[]): number {
  const xs = pts.map((p) => p[0])
  const ys = pts.map((p) => p[1])
  const x0 = clamp(Math.floor(Math.min(...xs)), 0, w - 1)
  const x1 = clamp(Math.ceil(Math.max(...xs)), 0, w - 1)
  const y0 = clamp(Math.floor(Math.min(...ys)), 0, h - 1)
  const y1 = clamp(Math.ceil(Math.max(...ys)), 0, h - 1)
  let sum = 0
  let n = 0
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (pointInQuad(x + 0.5, y + 0.5, pts)) {
        sum += prob[y * w + x]
        n++
      }
    }
  }
  return n ? sum / n : 0
}

function pointInQuad(x: number, y: number, pts: Point[]): boolean {
  let inside = false
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]
    const [xj, yj] = pts[j]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

export function dist(a: number[], b: number[]) {
  return Math.hypot(a[0] - b[0], a[1] - b[1])
}
export function clamp(v: number, lo: number, hi: number) {
  return Math.max(lo, Math.min(hi, v))
}
