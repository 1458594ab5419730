/**
 * The development set of the goods photo search, built from photographs that Debian packages ship
 * (nothing is downloaded): install them first with
 *   apt-get install --no-install-recommends opencv-doc python3-skimage gnome-backgrounds mate-backgrounds
 * - goods: photographs of real objects (scikit-image's and OpenCV's sample photos, MATE's nature
 *   photos); each is registered once as it is, and photographed again QUERIES_PER_ITEM times by
 *   `rePhotograph`: perspective, rotation, crop, scale, light and colour cast, blur, noise, JPEG, and
 *   for half of them another background (the object pasted onto a wallpaper);
 * - split: goods whose index is 0 mod 3 are held out (never used to train the vocabulary or tune);
 * - distractors: `distractor(i)`, crops and variations of the other photos (OpenCV's documentation
 *   pictures, GNOME's wallpapers), as many as asked.
 * Everything is seeded: the same call gives the same bytes.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp from 'sharp'
import { rng } from '../../server/src/goods/photoMatch/random.js'

const SKIMAGE = '/usr/lib/python3/dist-packages/skimage/data'
const OPENCV = '/usr/share/doc/opencv-doc/examples/data'
const OPENCV_EXTRA = '/usr/share/doc/opencv-doc/examples'
const OPENCV_HTML = '/usr/share/doc/opencv-doc/opencv4/html'
const MATE = '/usr/share/backgrounds/mate'
const GNOME = '/usr/share/backgrounds/gnome'

export const QUERIES_PER_ITEM = 3

const GOODS = [
  ...['astronaut.png', 'motorcycle_left.png', 'coffee.png', 'chelsea.png', 'rocket.jpg', 'camera.png', 'coins.png', 'color.png', 'hubble_deep_field.jpg', 'ihc.png', 'retina.jpg', 'brick.png', 'page.png', 'moon.png']
    .map((f) => path.join(SKIMAGE, f)),
  ...['Blender_Suzanne1.jpg', 'aero1.jpg', 'aloeL.jpg', 'apple.jpg', 'baboon.jpg', 'basketball1.png', 'board.jpg', 'box.png', 'building.jpg', 'butterfly.jpg', 'cards.png',
    'chicky_512.png', 'ela_original.jpg', 'fruits.jpg', 'graf1.png', 'home.jpg', 'leuvenA.jpg', 'messi5.jpg', 'orange.jpg', 'pic2.png', 'rubberwhale1.png', 'smarties.png',
    'squirrel_cls.jpg', 'starry_night.jpg', 'stuff.jpg', 'sudoku.png', 'pic4.png', 'lena.jpg', 'notes.png', 'ml.png']
    .map((f) => path.join(OPENCV, f)),
  ...['alphamat/input_images/plant.jpg', 'fuzzy/input.png', 'hfs/data/000.jpg', 'ximgproc/stanford.png', 'reg/home.png',
    ...[1, 2, 3, 4, 5, 6].map((i) => `text/scenetext0${i}.jpg`), ...[1, 2, 3, 4, 5].map((i) => `text/scenetext_segmented_word0${i}.jpg`)]
    .map((f) => path.join(OPENCV_EXTRA, f)),
  ...['Aqua.jpg', 'Blinds.jpg', 'FreshFlower.jpg', 'Garden.jpg', 'GreenMeadow.jpg', 'LadyBird.jpg', 'RainDrops.jpg', 'Storm.jpg', 'TwoWings.jpg', 'Wood.jpg', 'YellowFlower.jpg', 'Dune.jpg']
    .map((f) => path.join(MATE, 'nature', f)),
  path.join(MATE, 'abstract/Elephants.jpg'),
]

export interface Item { id: number; file: string; heldOut: boolean }

export function goods(): Item[] {
  const missing = GOODS.filter((f) => !fs.existsSync(f))
  const present = GOODS.filter((f) => fs.existsSync(f))
  if (present.length < 30) {
    throw new Error(`install the photos first: apt-get install --no-install-recommends opencv-doc python3-skimage gnome-backgrounds mate-backgrounds (missing ${missing.join(', ')})`)
  }
  return present.map((file, id) => ({ id, file, heldOut: id % 3 === 0 }))
}

const hashOf = (file: string) => crypto.createHash('sha1').update(fs.readFileSync(file)).digest('hex')

let distractorSources: string[] | null = null
/** photos that are not goods: OpenCV's documentation pictures (not copies of a goods photo) and GNOME's wallpapers */
export function allDistractorFiles(): string[] {
  if (distractorSources) return distractorSources
  const goodsHashes = new Set(GOODS.filter((f) => fs.existsSync(f)).map(hashOf))
  const goodsNames = new Set(GOODS.map((f) => path.basename(f).replace(/\.\w+$/, '')))
  const html = fs.readdirSync(OPENCV_HTML).filter((f) => /\.jpe?g$/i.test(f)).map((f) => path.join(OPENCV_HTML, f))
  const gnome = fs.existsSync(GNOME) ? fs.readdirSync(GNOME).filter((f) => f.endsWith('.webp')).map((f) => path.join(GNOME, f)) : []
  distractorSources = [...html, ...gnome]
    .filter((f) => fs.statSync(f).size > 20_000 && !goodsNames.has(path.basename(f).replace(/\.\w+$/, '')) && !goodsHashes.has(hashOf(f)))
    .sort()
  return distractorSources
}

/**
 * Grounds a re-photographed item is put on: MATE's desktop and abstract wallpapers, scikit-image's grass
 * and gravel; none of them is a goods photo or a distractor's source, so a match on the ground is no match.
 */
export function backgroundFiles(): string[] {
  const mate = ['desktop', 'abstract'].flatMap((d) => fs.readdirSync(path.join(MATE, d)).filter((f) => !f.startsWith('Elephants')).map((f) => path.join(MATE, d, f)))
  return [...mate, path.join(SKIMAGE, 'grass.png'), path.join(SKIMAGE, 'gravel.png')].sort()
}

export { rng }
const between = (r: () => number, lo: number, hi: number) => lo + (hi - lo) * r()

/** The registered photo: the object as the shop photographed it (at most 1280 px, JPEG). */
export async function registeredPhoto(item: Item): Promise<Buffer> {
  return sharp(item.file).resize(1280, 1280, { fit: 'inside', withoutEnlargement: true }).flatten({ background: '#808080' }).jpeg({ quality: 88 }).toBuffer()
}

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenCV's JavaScript build has no usable types */
let cvReady: Promise<{ cv: any }> | null = null
function openCv(): Promise<{ cv: any }> {
  cvReady ??= new Promise((resolve) => {
    const cv = createRequire(import.meta.url)('@techstark/opencv-js')
    if (cv.Mat) resolve({ cv })
    else cv.onRuntimeInitialized = () => resolve({ cv })
  })
  return cvReady
}

/** RGBA pixels warped by a random perspective, rotation and scale onto a canvas `out` px on its longer side (outside: transparent). */
async function warp(rgba: { data: Buffer; width: number; height: number }, r: () => number, out: number, fill: number) {
  const { cv } = await openCv()
  const { width: w, height: h } = rgba
  const angle = (r() < 0.2 ? Math.round(r() * 3 + 1) * 90 : 0) + between(r, -25, 25)
  const side = Math.max(w, h)
  const scale = (out / side) * fill
  const cx = w / 2, cy = h / 2
  const cos = Math.cos((angle * Math.PI) / 180) * scale, sin = Math.sin((angle * Math.PI) / 180) * scale
  const corners = [[0, 0], [w, 0], [w, h], [0, h]]
  const jitter = 0.12 * side * scale
  const dst = corners.map(([x, y]) => {
    const dx = x! - cx, dy = y! - cy
    return [out / 2 + cos * dx - sin * dy + between(r, -jitter, jitter), out / 2 + sin * dx + cos * dy + between(r, -jitter, jitter)]
  })
  const src = cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat())
  const dstM = cv.matFromArray(4, 1, cv.CV_32FC2, dst.flat())
  const m = cv.getPerspectiveTransform(src, dstM)
  const input = cv.matFromArray(h, w, cv.CV_8UC4, rgba.data)
  const output = new cv.Mat()
  cv.warpPerspective(input, output, m, new cv.Size(out, out), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0, 0, 0, 0))
  const data = Buffer.from(output.data)
  for (const x of [src, dstM, m, input, output]) x.delete()
  return data
}

/** A second photo of the same item: another angle, distance, light and background, from a phone. */
export async function rePhotograph(item: Item, k: number): Promise<Buffer> {
  const r = rng(item.id * 1000 + k + 1)
  const base = sharp(item.file).resize(1024, 1024, { fit: 'inside', withoutEnlargement: true }).ensureAlpha()
  // crop: keep 70–100 % of each side
  const meta = await base.clone().raw().toBuffer({ resolveWithObject: true })
  const cw = Math.round(meta.info.width * between(r, 0.7, 1)), ch = Math.round(meta.info.height * between(r, 0.7, 1))
  const cropped = await sharp(meta.data, { raw: { width: meta.info.width, height: meta.info.height, channels: 4 } })
    .extract({ left: Math.floor(r() * (meta.info.width - cw)), top: Math.floor(r() * (meta.info.height - ch)), width: cw, height: ch })
    .raw().toBuffer({ resolveWithObject: true })
  const out = Math.round(between(r, 700, 1400))
  const onBackground = r() < 0.5
  const warped = await warp({ data: cropped.data, width: cropped.info.width, height: cropped.info.height }, r, out, onBackground ? between(r, 0.45, 0.8) : between(r, 0.8, 1.15))
  const backgrounds = backgroundFiles()
  const background = onBackground
    ? await sharp(backgrounds[Math.floor(r() * backgrounds.length)]!).resize(out, out, { fit: 'cover' }).removeAlpha().toBuffer()
    : await sharp({ create: { width: out, height: out, channels: 3, background: { r: Math.round(between(r, 60, 220)), g: Math.round(between(r, 60, 220)), b: Math.round(between(r, 60, 220)) } } }).png().toBuffer()
  let img = sharp(background).composite([{ input: warped, raw: { width: out, height: out, channels: 4 } }])
  const composed = await img.raw().toBuffer({ resolveWithObject: true })
  img = sharp(composed.data, { raw: { width: out, height: out, channels: composed.info.channels } })
    // light and colour cast
    .modulate({ brightness: between(r, 0.6, 1.4), saturation: between(r, 0.6, 1.3) })
    .linear([between(r, 0.85, 1.15), between(r, 0.85, 1.15), between(r, 0.85, 1.15)], [between(r, -20, 20), between(r, -20, 20), between(r, -20, 20)])
  const blur = r() < 0.5 ? between(r, 0.5, 2) : 0
  if (blur) img = img.blur(blur)
  const noisy = await img.raw().toBuffer({ resolveWithObject: true })
  const sigma = between(r, 0, 10)
  for (let i = 0; i < noisy.data.length; i++) noisy.data[i] = Math.max(0, Math.min(255, noisy.data[i]! + sigma * (r() + r() + r() - 1.5) * 2))
  return sharp(noisy.data, { raw: { width: out, height: out, channels: noisy.info.channels } }).jpeg({ quality: Math.round(between(r, 40, 85)) }).toBuffer()
}

const reducedSources = new Map<string, Promise<{ data: Buffer; width: number; height: number }>>()
/** a source photo at most 1280 px on its longer side (JPEG): decoding a 4K wallpaper for each distractor took most of the time */
function reduced(file: string) {
  let got = reducedSources.get(file)
  if (!got) {
    got = sharp(file).flatten({ background: '#808080' }).resize(1280, 1280, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 92 })
      .toBuffer({ resolveWithObject: true }).then(({ data, info }) => ({ data, width: info.width, height: info.height }))
    reducedSources.set(file, got)
  }
  return got
}

/** the source of distractor `i` */
function distractorSource(i: number, r = rng(0x5eed0000 + i)) {
  const files = allDistractorFiles()
  return files[Math.floor(r() * files.length)]!
}

/** figures of OpenCV's documentation that show a goods photo (find-copies.ts): no distractor is made of them */
const COPIES = new Set(Object.keys(JSON.parse(fs.readFileSync(new URL('./copies.json', import.meta.url), 'utf8')) as Record<string, string>))

/** The first `n` distractors whose source shows no goods photo. */
export function distractorIndices(n: number): number[] {
  const out: number[] = []
  for (let i = 0; out.length < n; i++) if (!COPIES.has(path.basename(distractorSource(i)))) out.push(i)
  return out
}

/** Distractor `i`: a crop of another photo, resized and recoloured, as a registered photo. */
export async function distractor(i: number): Promise<Buffer> {
  const r = rng(0x5eed0000 + i)
  const source = await reduced(distractorSource(i, r))
  const img = sharp(source.data)
  const w = source.width, h = source.height
  const f = between(r, 0.25, 1)
  const cw = Math.max(32, Math.round(w * f)), ch = Math.max(32, Math.round(h * between(r, Math.max(0.25, f - 0.2), Math.min(1, f + 0.2))))
  return img
    .extract({ left: Math.floor(r() * (w - Math.min(w, cw))), top: Math.floor(r() * (h - Math.min(h, ch))), width: Math.min(w, cw), height: Math.min(h, ch) })
    .resize(Math.round(between(r, 400, 1200)), undefined, { withoutEnlargement: false })
    .modulate({ brightness: between(r, 0.8, 1.2), hue: Math.round(between(r, -20, 20)) })
    .rotate(r() < 0.25 ? 90 * Math.ceil(r() * 3) : 0)
    .jpeg({ quality: Math.round(between(r, 60, 90)) })
    .toBuffer()
}
