/** The second look's cuts of a line: a cut's three planes (in the recogniser's -1..1) smoothed or their tones stretched, in place. */

/** how far the smoothed cut's box blur reaches: a seventh of the cut's height joins a dot-matrix print's dots and drowns grain */
const SMOOTH_REACH = 3

/** a box blur of one cut, along its rows and then its columns (grain and JPEG speckle on a small scan, the dots of a dot-matrix print) */
export function smoothPlanes(input: Float32Array, offset: number, w: number, h: number, stride: number, plane: number) {
  const copy = new Float32Array(w * h)
  const line = new Float32Array(Math.max(w, h))
  /** each place's mean over the window around it, of the first n values of `line`: a running sum the window slides along */
  const blurLine = (n: number, write: (i: number, mean: number) => void) => {
    let sum = 0
    for (let k = 0; k < Math.min(n, SMOOTH_REACH); k++) sum += line[k]!
    for (let i = 0; i < n; i++) {
      if (i + SMOOTH_REACH < n) sum += line[i + SMOOTH_REACH]!
      if (i > SMOOTH_REACH) sum -= line[i - SMOOTH_REACH - 1]!
      write(i, sum / (Math.min(n - 1, i + SMOOTH_REACH) - Math.max(0, i - SMOOTH_REACH) + 1))
    }
  }
  for (let c = 0; c < 3; c++) {
    const base = offset + c * plane
    for (let y = 0; y < h; y++) {
      line.set(input.subarray(base + y * stride, base + y * stride + w))
      blurLine(w, (x, mean) => (copy[y * w + x] = mean))
    }
    for (let x = 0; x < w; x++) {
      for (let y = 0; y < h; y++) line[y] = copy[y * w + x]!
      blurLine(h, (y, mean) => (input[base + y * stride + x] = mean))
    }
  }
}

/**
 * Spreads the tones of one cut (its three planes in the recogniser's -1..1) so that its darkest
 * 2 % become black and its lightest 2 % white.
 */
export function stretchPlanes(input: Float32Array, offset: number, w: number, h: number, stride: number, plane: number) {
  const bins = new Uint32Array(256)
  let n = 0
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = offset + y * stride + x
      const v = (input[i]! + input[i + plane]! + input[i + 2 * plane]!) / 3
      bins[Math.max(0, Math.min(255, Math.round((v + 1) * 127.5)))]!++
      n++
    }
  }
  const at = (share: number) => {
    let seen = 0
    for (let b = 0; b < 256; b++) if ((seen += bins[b]!) >= share * n) return b
    return 255
  }
  const lo = at(0.02) / 127.5 - 1
  const hi = at(0.98) / 127.5 - 1
  if (hi - lo < 0.05) return
  const k = 2 / (hi - lo)
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = offset + c * plane + y * stride + x
        input[i] = Math.max(-1, Math.min(1, (input[i]! - lo) * k - 1))
      }
    }
  }
}
