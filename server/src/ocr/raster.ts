/**
 * The pixel work around the OCR models, in plain TypeScript: bilinear resizing into the
 * detector's input, text regions of the detector's mask, minimum-area rectangles and the
 * perspective crops the recogniser reads. OpenCV.js did this before; its wasm heap cost about
 * 85 MB of resident memory in every OCR worker for these few operations.
 */

export type Point = [number, number]

export interface Rgba {
  data: Uint8Array
  width: number
  height: number
}

/** per channel `value * mul + add`, channels given in B, G, R order (PaddleOCR's order) */
export interface PlaneNorm {
  mul: [number, number, number]
  add: [number, number, number]
}

/** OpenCV INTER_LINEAR sample positions: pixel centres aligned, clamped at the edges */
function linearTaps(dst: number, src: number) {
  const i0 = new Int32Array(dst)
  const i1 = new Int32Array(dst)
  const w = new Float32Array(dst)
  const scale = src / dst
  for (let d = 0; d < dst; d++) {
    let f = (d + 0.5) * scale - 0.5
    if (f < 0) f = 0
    let lo = Math.floor(f)
    if (lo >= src - 1) {
      lo = src - 1
      f = lo
    }
    i0[d] = lo
    i1[d] = Math.min(lo + 1, src - 1)
    w[d] = f - lo
  }
  return { i0, i1, w }
}

/** resize an RGBA image to `dw` x `dh` and return it as three normalised float planes (B, G, R) */
export function resizeToPlanes(src: Rgba, dw: number, dh: number, norm: PlaneNorm): Float32Array {
  const { data, width: W, height: H } = src
  const xs = linearTaps(dw, W)
  const ys = linearTaps(dh, H)
  const plane = dw * dh
  const out = new Float32Array(3 * plane)
  const [mB, mG, mR] = norm.mul
  const [aB, aG, aR] = norm.add
  for (let y = 0; y < dh; y++) {
    const r0 = ys.i0[y] * W
    const r1 = ys.i1[y] * W
    const wy = ys.w[y]
    const row = y * dw
    for (let x = 0; x < dw; x++) {
      const wx = xs.w[x]
      const p00 = (r0 + xs.i0[x]) * 4
      const p01 = (r0 + xs.i1[x]) * 4
      const p10 = (r1 + xs.i0[x]) * 4
      const p11 = (r1 + xs.i1[x]) * 4
      const w00 = (1 - wx) * (1 - wy)
      const w01 = wx * (1 - wy)
      const w10 = (1 - wx) * wy
      const w11 = wx * wy
      const o = row + x
      const r = data[p00] * w00 + data[p01] * w01 + data[p10] * w10 + data[p11] * w11
      const g = data[p00 + 1] * w00 + data[p01 + 1] * w01 + data[p10 + 1] * w10 + data[p11 + 1] * w11
      const b = data[p00 + 2] * w00 + data[p01 + 2] * w01 + data[p10 + 2] * w10 + data[p11 + 2] * w11
      out[o] = b * mB + aB
      out[plane + o] = g * mG + aG
      out[2 * plane + o] = r * mR + aR
    }
  }
  return out
}

/**
 * The 8-connected regions of a binary mask (non-zero = text), in scan order, at most `limit`.
 * Each region is given as the convex hull of its pixel centres.
 */
export function maskRegions(mask: Uint8Array, width: number, height: number, limit: number): Point[][] {
  const seen = new Uint8Array(mask.length)
  const stack = new Int32Array(mask.length)
  const rowMin = new Int32Array(height).fill(width)
  const rowMax = new Int32Array(height).fill(-1)
  const regions: Point[][] = []
  for (let start = 0; start < mask.length && regions.length < limit; start++) {
    if (!mask[start] || seen[start]) continue
    let top = 0
    stack[top++] = start
    seen[start] = 1
    let yMin = height
    let yMax = -1
    while (top > 0) {
      const p = stack[--top]
      const y = (p / width) | 0
      const x = p - y * width
      if (x < rowMin[y]) rowMin[y] = x
      if (x > rowMax[y]) rowMax[y] = x
      if (y < yMin) yMin = y
      if (y > yMax) yMax = y
      for (let ny = y - 1; ny <= y + 1; ny++) {
        if (ny < 0 || ny >= height) continue
        for (let nx = x - 1; nx <= x + 1; nx++) {
          if (nx < 0 || nx >= width) continue
          const q = ny * width + nx
          if (mask[q] && !seen[q]) {
            seen[q] = 1
            stack[top++] = q
          }
        }
      }
    }
    // a region's hull is the hull of each row's two ends
    const pts: Point[] = []
    for (let y = yMin; y <= yMax; y++) {
      if (rowMax[y] >= 0) {
        pts.push([rowMin[y], y])
        if (rowMax[y] !== rowMin[y]) pts.push([rowMax[y], y])
      }
      rowMin[y] = width
      rowMax[y] = -1
    }
    regions.push(convexHull(pts))
  }
  return regions
}

/** Andrew's monotone chain; counter-clockwise in image coordinates, no repeated end point */
export function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  if (pts.length < 3) return pts
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
  const lower: Point[] = []
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop()
    lower.push(p)
  }
  const upper: Point[] = []
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop()
    upper.push(p)
  }
  lower.pop()
  upper.pop()
  return lower.concat(upper)
}

/** a rotated rectangle: centre, unit direction of its first side, and its two side lengths */
export interface RotatedRect {
  cx: number
  cy: number
  ux: number
  uy: number
  /** length along (ux, uy) */
  a: number
  /** length along (-uy, ux) */
  b: number
}

/** the smallest-area rectangle holding a convex hull (one side lies on a hull edge) */
export function minAreaRect(hull: Point[]): RotatedRect {
  if (hull.length === 0) return { cx: 0, cy: 0, ux: 1, uy: 0, a: 0, b: 0 }
  if (hull.length === 1) return { cx: hull[0][0], cy: hull[0][1], ux: 1, uy: 0, a: 0, b: 0 }
  let best: RotatedRect | null = null
  let bestArea = Infinity
  for (let i = 0; i < hull.length; i++) {
    const p = hull[i]
    const q = hull[(i + 1) % hull.length]
    const len = Math.hypot(q[0] - p[0], q[1] - p[1])
    if (len === 0) continue
    const ux = (q[0] - p[0]) / len
    const uy = (q[1] - p[1]) / len
    let minU = Infinity
    let maxU = -Infinity
    let minV = Infinity
    let maxV = -Infinity
    for (const [x, y] of hull) {
      const u = x * ux + y * uy
      const v = -x * uy + y * ux
      if (u < minU) minU = u
      if (u > maxU) maxU = u
      if (v < minV) minV = v
      if (v > maxV) maxV = v
    }
    const area = (maxU - minU) * (maxV - minV)
    if (area < bestArea) {
      bestArea = area
      const mu = (minU + maxU) / 2
      const mv = (minV + maxV) / 2
      best = { cx: mu * ux - mv * uy, cy: mu * uy + mv * ux, ux, uy, a: maxU - minU, b: maxV - minV }
    }
  }
  return best!
}

/** the rectangle's corners, going round it */
export function rectCorners(r: RotatedRect): Point[] {
  const ax = (r.ux * r.a) / 2
  const ay = (r.uy * r.a) / 2
  const bx = (-r.uy * r.b) / 2
  const by = (r.ux * r.b) / 2
  return [
    [r.cx - ax - bx, r.cy - ay - by],
    [r.cx + ax - bx, r.cy + ay - by],
    [r.cx + ax + bx, r.cy + ay + by],
    [r.cx - ax + bx, r.cy - ay + by],
  ]
}

/**
 * The homography taking each `from[i]` to `to[i]` (four point pairs), as 9 numbers, row major
 * with the last one 1. Gaussian elimination with partial pivoting on the usual 8x8 system.
 */
export function homography(from: Point[], to: Point[]): number[] {
  const m: number[][] = []
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]
    const [u, v] = to[i]
    m.push([x, y, 1, 0, 0, 0, -x * u, -y * u, u])
    m.push([0, 0, 0, x, y, 1, -x * v, -y * v, v])
  }
  for (let c = 0; c < 8; c++) {
    let piv = c
    for (let r = c + 1; r < 8; r++) if (Math.abs(m[r][c]) > Math.abs(m[piv][c])) piv = r
    if (Math.abs(m[piv][c]) < 1e-12) throw new RangeError('degenerate quadrilateral')
    ;[m[c], m[piv]] = [m[piv], m[c]]
    for (let r = 0; r < 8; r++) {
      if (r === c) continue
      const f = m[r][c] / m[c][c]
      if (f === 0) continue
      for (let k = c; k < 9; k++) m[r][k] -= f * m[c][k]
    }
  }
  return [...Array.from({ length: 8 }, (_, i) => m[i][8] / m[i][i]), 1]
}

/**
 * Warp the quadrilateral `quad` of `src` onto an `outW` x `outH` rectangle whose corners
 * `corners` (in the same order as `quad`) are given, and write it as normalised float planes
 * (B, G, R) into `out` at `offset`, each plane `stride` wide and `planeSize` long. Bilinear,
 * edges replicated, like OpenCV's warpPerspective with BORDER_REPLICATE.
 */
export function warpToPlanes(
  src: Rgba,
  quad: Point[],
  corners: Point[],
  outW: number,
  outH: number,
  out: Float32Array,
  offset: number,
  stride: number,
  planeSize: number,
  norm: PlaneNorm,
) {
  const { data, width: W, height: H } = src
  const h = homography(corners, quad)
  const [mB, mG, mR] = norm.mul
  const [aB, aG, aR] = norm.add
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const z = h[6] * x + h[7] * y + h[8]
      let sx = (h[0] * x + h[1] * y + h[2]) / z
      let sy = (h[3] * x + h[4] * y + h[5]) / z
      if (!(sx > 0)) sx = 0
      else if (sx > W - 1) sx = W - 1
      if (!(sy > 0)) sy = 0
      else if (sy > H - 1) sy = H - 1
      const x0 = Math.floor(sx)
      const y0 = Math.floor(sy)
      const x1 = x0 < W - 1 ? x0 + 1 : x0
      const y1 = y0 < H - 1 ? y0 + 1 : y0
      const wx = sx - x0
      const wy = sy - y0
      const p00 = (y0 * W + x0) * 4
      const p01 = (y0 * W + x1) * 4
      const p10 = (y1 * W + x0) * 4
      const p11 = (y1 * W + x1) * 4
      const w00 = (1 - wx) * (1 - wy)
      const w01 = wx * (1 - wy)
      const w10 = (1 - wx) * wy
      const w11 = wx * wy
      const r = data[p00] * w00 + data[p01] * w01 + data[p10] * w10 + data[p11] * w11
      const g = data[p00 + 1] * w00 + data[p01 + 1] * w01 + data[p10 + 1] * w10 + data[p11 + 1] * w11
      const b = data[p00 + 2] * w00 + data[p01 + 2] * w01 + data[p10 + 2] * w10 + data[p11 + 2] * w11
      const o = offset + y * stride + x
      out[o] = b * mB + aB
      out[planeSize + o] = g * mG + aG
      out[2 * planeSize + o] = r * mR + aR
    }
  }
}
