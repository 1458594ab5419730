/**
 * The baseline the module is measured against: a global descriptor of the whole picture, computed
 * with sharp (16x16 grey thumbnail, contrast-stretched, and a 4x4x4 colour histogram), nearest by
 * cosine over every registered photo. Cached beside the features (CACHE/global-<key>.f32).
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { CACHE } from './featureCache.js'

const SIDE = 16
const BINS = 4

function unit(v: Float32Array) {
  let mean = 0
  for (const x of v) mean += x / v.length
  let norm = 0
  for (let i = 0; i < v.length; i++) {
    v[i] = v[i]! - mean
    norm += v[i]! * v[i]!
  }
  norm = Math.sqrt(norm) || 1
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm
  return v
}

export async function globalDescriptor(image: Buffer): Promise<Float32Array> {
  const grey = await sharp(image).resize(SIDE, SIDE, { fit: 'fill' }).greyscale().normalise().raw().toBuffer()
  const { data, info } = await sharp(image).resize(64, 64, { fit: 'inside' }).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const hist = new Float32Array(BINS ** 3)
  for (let i = 0; i < data.length; i += info.channels) {
    const b = (c: number) => Math.min(BINS - 1, Math.floor((data[i + c]! * BINS) / 256))
    hist[b(0) * BINS * BINS + b(1) * BINS + b(2)]!++
  }
  const g = unit(Float32Array.from(grey))
  const h = unit(hist)
  const out = new Float32Array(g.length + h.length)
  out.set(g)
  out.set(h, g.length)
  return out
}

/** `globalDescriptor` of the photo `make` gives, cached under `key` */
export async function cachedGlobal(key: string, make: () => Promise<Buffer>): Promise<Float32Array> {
  const file = path.join(CACHE, `global-${key}.f32`)
  if (fs.existsSync(file)) return new Float32Array(new Uint8Array(fs.readFileSync(file)).buffer)
  const d = await globalDescriptor(await make())
  fs.writeFileSync(file, d)
  return d
}

/** indices of the `k` registered descriptors nearest to `q` (cosine, grey and colour weighing alike) */
export function nearestGlobal(registered: Float32Array[], q: Float32Array, k: number): number[] {
  const scored = registered.map((r, i) => {
    let s = 0
    for (let j = 0; j < q.length; j++) s += r[j]! * q[j]!
    return [i, s] as const
  })
  return scored.sort((a, b) => b[1] - a[1]).slice(0, k).map(([i]) => i)
}
