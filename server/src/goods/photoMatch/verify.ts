/**
 * Geometric verification of a shortlisted photo: keypoints of the query and of the candidate that
 * share a visual word are paired, and RANSAC looks for one perspective transform (a homography: the
 * same flat-ish object seen from another angle and distance) that carries many of them onto their
 * partners. Its inliers say how much of the candidate is really in the query; chance pairings of an
 * unrelated photo agree on no transform and leave a handful.
 */
import { rng } from './random.js'

export interface Keypoints {
  xy: Float32Array
  words: Uint32Array
}

/** a word seen more often than this in either photo is texture (grass, text), not a landmark */
const MAX_REPEATS = 3
const ITERATIONS = 500
/** pixels on the WORK_SIDE picture */
const INLIER_DISTANCE = 8
export const MIN_INLIERS = 8

type H = Float64Array

/** The homography taking the 4 points src to dst (x0,y0,x1,y1,…), or null when they are degenerate. */
function homography(src: number[], dst: number[]): H | null {
  const a = new Float64Array(8 * 9)
  for (let i = 0; i < 4; i++) {
    const x = src[2 * i]!, y = src[2 * i + 1]!, u = dst[2 * i]!, v = dst[2 * i + 1]!
    a.set([x, y, 1, 0, 0, 0, -u * x, -u * y, u], (2 * i) * 9)
    a.set([0, 0, 0, x, y, 1, -v * x, -v * y, v], (2 * i + 1) * 9)
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col
    for (let r = col + 1; r < 8; r++) if (Math.abs(a[r * 9 + col]!) > Math.abs(a[pivot * 9 + col]!)) pivot = r
    if (Math.abs(a[pivot * 9 + col]!) < 1e-9) return null
    if (pivot !== col) for (let c = 0; c < 9; c++) [a[col * 9 + c], a[pivot * 9 + c]] = [a[pivot * 9 + c]!, a[col * 9 + c]!]
    for (let r = 0; r < 8; r++) {
      if (r === col) continue
      const f = a[r * 9 + col]! / a[col * 9 + col]!
      if (f) for (let c = col; c < 9; c++) a[r * 9 + c]! -= f * a[col * 9 + c]!
    }
  }
  const h = new Float64Array(9)
  for (let r = 0; r < 8; r++) h[r] = a[r * 9 + 8]! / a[r * 9 + r]!
  h[8] = 1
  // a mirror or a collapse is no photograph of the same thing
  const det = h[0]! * h[4]! - h[1]! * h[3]!
  if (!(det > 0.01 && det < 100)) return null
  return h
}

/**
 * A search photo's keypoints as its views, each verified on its own: both views see the item's middle,
 * and together they would show each of its words twice, as often as texture does (MAX_REPEATS).
 */
export function viewsOf(k: Keypoints, split?: number): Keypoints[] {
  if (split === undefined || split >= k.words.length) return [k]
  return [
    { xy: k.xy.subarray(0, 2 * split), words: k.words.subarray(0, split) },
    { xy: k.xy.subarray(2 * split), words: k.words.subarray(split) },
  ]
}

/** Pairs of keypoint indices (query, candidate) that share a word seen at most MAX_REPEATS times in each. */
export function pairsOf(q: Keypoints, c: Keypoints): Int32Array {
  const inCandidate = new Map<number, number[]>()
  c.words.forEach((w, i) => {
    const list = inCandidate.get(w)
    if (list) list.push(i)
    else inCandidate.set(w, [i])
  })
  const inQuery = new Map<number, number>()
  for (const w of q.words) inQuery.set(w, (inQuery.get(w) ?? 0) + 1)
  const pairs: number[] = []
  q.words.forEach((w, i) => {
    const list = inCandidate.get(w)
    if (!list || list.length > MAX_REPEATS || inQuery.get(w)! > MAX_REPEATS) return
    for (const j of list) pairs.push(i, j)
  })
  return Int32Array.from(pairs)
}

/** How many candidate keypoints the best homography carries its query partners onto (0 below MIN_INLIERS). */
export function inliers(q: Keypoints, c: Keypoints): number {
  const pairs = pairsOf(q, c)
  const n = pairs.length / 2
  if (n < MIN_INLIERS) return 0
  const random = rng(n)
  let best = 0
  let bestH: H | null = null
  const src = [0, 0, 0, 0, 0, 0, 0, 0], dst = [0, 0, 0, 0, 0, 0, 0, 0]
  const limit2 = INLIER_DISTANCE * INLIER_DISTANCE
  const count = (h: H) => {
    let k = 0
    for (let p = 0; p < n; p++) {
      const i = pairs[2 * p]!, j = pairs[2 * p + 1]!
      const x = c.xy[2 * j]!, y = c.xy[2 * j + 1]!
      const w = h[6]! * x + h[7]! * y + h[8]!
      const dx = (h[0]! * x + h[1]! * y + h[2]!) / w - q.xy[2 * i]!
      const dy = (h[3]! * x + h[4]! * y + h[5]!) / w - q.xy[2 * i + 1]!
      if (dx * dx + dy * dy < limit2) k++
    }
    return k
  }
  let iterations = ITERATIONS
  for (let it = 0; it < iterations; it++) {
    for (let s = 0; s < 4; s++) {
      const p = Math.floor(random() * n)
      src[2 * s] = c.xy[2 * pairs[2 * p + 1]!]!
      src[2 * s + 1] = c.xy[2 * pairs[2 * p + 1]! + 1]!
      dst[2 * s] = q.xy[2 * pairs[2 * p]!]!
      dst[2 * s + 1] = q.xy[2 * pairs[2 * p]! + 1]!
    }
    const h = homography(src, dst)
    if (!h) continue
    const k = count(h)
    if (k > best) {
      best = k
      bestH = h
      // enough samples for 99 % confidence of one all-inlier draw at this inlier share
      const share = k / n
      iterations = Math.min(ITERATIONS, Math.ceil(Math.log(0.01) / Math.log(1 - share ** 4 + 1e-12)))
    }
  }
  if (!bestH || best < MIN_INLIERS) return 0
  // each candidate keypoint counts once, however many query keypoints it was paired with
  const used = new Set<number>()
  for (let p = 0; p < n; p++) {
    const i = pairs[2 * p]!, j = pairs[2 * p + 1]!
    const x = c.xy[2 * j]!, y = c.xy[2 * j + 1]!
    const w = bestH[6]! * x + bestH[7]! * y + bestH[8]!
    const dx = (bestH[0]! * x + bestH[1]! * y + bestH[2]!) / w - q.xy[2 * i]!
    const dy = (bestH[3]! * x + bestH[4]! * y + bestH[5]!) / w - q.xy[2 * i + 1]!
    if (dx * dx + dy * dy < limit2) used.add(j)
  }
  return used.size >= MIN_INLIERS ? used.size : 0
}

/** A match's score in [0, 1): 0 below MIN_INLIERS, about 0.5 at 25 inliers, 0.9 past 80. */
export const scoreOf = (inlierCount: number) => inlierCount < MIN_INLIERS ? 0 : 1 - Math.exp(-(inlierCount - MIN_INLIERS + 1) / 25)
