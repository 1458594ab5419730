/**
 * Red seals (公章, 发货专用章) printed over a ticket's text: the recogniser reads their ring and
 * characters into the values under them. Inside a seal's outline red ink is whitened before reading
 * and the text under it kept (it is darker in the red channel than the ink). Small red print elsewhere (a red serial
 * number) is no seal and is left alone.
 */
import type { RawImage } from './ocrLine.js'

/** clearly red: bright red channel well above both others */
const isRed = (r: number, g: number, b: number) => r > 120 && r - Math.max(g, b) > 50
const CELL = 16
/** a cell belongs to a seal's outline when this share of its pixels is red */
const CELL_RED = 0.06
/** a seal is at least this share of the image's shorter side across (and SEAL_MIN_PX), and roughly round or oval */
const SEAL_MIN_SIDE = 0.1
/** several lines of text high: red print (a serial number) is one line */
const SEAL_MIN_PX = 64
const SEAL_MAX_ASPECT = 2.2

/** Whitens the red ink of seals in place; answers how many seals it found. */
export function removeSeals(image: RawImage): number {
  const { data, width: W, height: H } = image
  const cw = Math.ceil(W / CELL)
  const ch = Math.ceil(H / CELL)
  const red = new Uint16Array(cw * ch)
  let total = 0
  for (let y = 0; y < H; y++) {
    const row = (y / CELL | 0) * cw
    for (let x = 0, i = y * W * 4; x < W; x++, i += 4) {
      if (isRed(data[i]!, data[i + 1]!, data[i + 2]!)) {
        red[row + (x / CELL | 0)]!++
        total++
      }
    }
  }
  if (total < W * H * 0.002) return 0
  const marked = red.map((n) => (n >= CELL * CELL * CELL_RED ? 1 : 0))
  // connected groups of red cells (8-neighbours); the seals are the large, round-ish ones
  const seen = new Uint8Array(cw * ch)
  const seals: { x0: number; y0: number; x1: number; y1: number }[] = []
  for (let start = 0; start < marked.length; start++) {
    if (!marked[start] || seen[start]) continue
    const stack = [start]
    seen[start] = 1
    let x0 = cw, y0 = ch, x1 = 0, y1 = 0
    while (stack.length) {
      const c = stack.pop()!
      const cx = c % cw
      const cy = (c / cw) | 0
      x0 = Math.min(x0, cx); x1 = Math.max(x1, cx); y0 = Math.min(y0, cy); y1 = Math.max(y1, cy)
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx
          const ny = cy + dy
          if (nx < 0 || ny < 0 || nx >= cw || ny >= ch) continue
          const n = ny * cw + nx
          if (marked[n] && !seen[n]) { seen[n] = 1; stack.push(n) }
        }
      }
    }
    const w = (x1 - x0 + 1) * CELL
    const h = (y1 - y0 + 1) * CELL
    const min = Math.max(SEAL_MIN_PX, Math.min(W, H) * SEAL_MIN_SIDE)
    if (w >= min && h >= min && Math.max(w, h) / Math.min(w, h) <= SEAL_MAX_ASPECT) seals.push({ x0: x0 * CELL, y0: y0 * CELL, x1: Math.min(W, (x1 + 1) * CELL), y1: Math.min(H, (y1 + 1) * CELL) })
  }
  for (const s of seals) {
    for (let y = s.y0; y < s.y1; y++) {
      for (let x = s.x0, i = (y * W + x) * 4; x < s.x1; x++, i += 4) {
        // red ink and the pink of its lighter strokes become paper; text under it (dark red where
        // they mix) becomes grey to black by how dark its red channel is
        const r = data[i]!, g = data[i + 1]!, b = data[i + 2]!
        if (r - Math.max(g, b) > 35) data[i] = data[i + 1] = data[i + 2] = Math.max(0, Math.min(255, Math.round((255 * (r - 110)) / 70)))
      }
    }
  }
  return seals.length
}
