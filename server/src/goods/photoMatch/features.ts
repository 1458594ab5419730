/**
 * ORB keypoints of a photo (OpenCV's WebAssembly build, loaded once per worker thread): the photo is
 * decoded by sharp, turned upright (EXIF), reduced to WORK_SIDE on its longer side, grey and with its
 * contrast stretched, so that a phone's 12-megapixel shot and a registered thumbnail meet at one scale.
 */
import { createRequire } from 'node:module'
import { GoodsPhotoMsg, IMAGE_MAX_PIXELS } from '@app/contract'
import sharp from 'sharp'
import { TooLargeError, ValidationError } from '../../platform/errors.js'

/** the longer side keypoints are found on */
export const WORK_SIDE = 640
/** keypoints kept of a registered photo (the strongest) */
export const MAX_KEYPOINTS = 500
/** keypoints of a search's photo, in each of its two views: the item may fill only part of it, the rest being the table it lies on */
export const QUERY_KEYPOINTS = 1000
/**
 * share of each side of a search's photo its second view keeps, around the centre: an item photographed
 * small on a busy ground (gravel, grass, a patterned cloth) loses most of the strongest keypoints to the
 * ground, and the centre seen closer gives the item its own (development set: 85.4 -> 88.2 % found in the first five)
 */
export const CENTRE_VIEW = 0.75
/** a search photo's longer side past which nothing more is described (its centre view at WORK_SIDE): a larger one is reduced first */
export const QUERY_PHOTO_SIDE = Math.ceil(WORK_SIDE / CENTRE_VIEW)
/** bytes of one ORB descriptor */
export const DESCRIPTOR_BYTES = 32

export interface OrbFeatures {
  width: number
  height: number
  /** x, y of each keypoint on the WORK_SIDE picture */
  xy: Float32Array
  /** DESCRIPTOR_BYTES a keypoint */
  descriptors: Uint8Array
}

/* eslint-disable @typescript-eslint/no-explicit-any -- OpenCV's JavaScript build has no usable types */
let cvReady: Promise<{ cv: any }> | null = null
function openCv(): Promise<{ cv: any }> {
  cvReady ??= new Promise((resolve) => {
    const cv = createRequire(import.meta.url)('@techstark/opencv-js')
    // the module is a thenable that never settles: it travels boxed, never as a promise's value
    if (cv.Mat) resolve({ cv })
    else cv.onRuntimeInitialized = () => resolve({ cv })
  })
  return cvReady
}

/**
 * The photo's grey pixels at WORK_SIDE, or those of its centre keeping `centre` of each side; refuses
 * what is not a picture (400) or has too many pixels (413).
 */
export async function workPixels(image: Buffer, centre = 1): Promise<{ data: Buffer; width: number; height: number }> {
  let meta: sharp.Metadata
  try {
    meta = await sharp(image, { limitInputPixels: false }).metadata()
  } catch {
    throw new ValidationError(GoodsPhotoMsg.notAPhoto)
  }
  if (!meta.width || !meta.height || !['jpeg', 'png', 'webp', 'heif', 'tiff', 'gif'].includes(meta.format ?? '')) throw new ValidationError(GoodsPhotoMsg.notAPhoto)
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new TooLargeError(GoodsPhotoMsg.tooManyPixels)
  try {
    let pipeline = sharp(image, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate()
    if (centre < 1) {
      const [w, h] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height]
      const width = Math.max(1, Math.round(w * centre)), height = Math.max(1, Math.round(h * centre))
      pipeline = pipeline.extract({ left: Math.floor((w - width) / 2), top: Math.floor((h - height) / 2), width, height })
    }
    const { data, info } = await pipeline
      .resize(WORK_SIDE, WORK_SIDE, { fit: 'inside' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true })
    return { data: stretched(data), width: info.width, height: info.height }
  } catch {
    throw new ValidationError(GoodsPhotoMsg.notAPhoto)
  }
}

/**
 * Grey levels stretched so that the darkest 1 % are black and the brightest 1 % white (sharp's
 * `normalise`, done here on the reduced picture: sharp's took two thirds of a photo's description).
 * Changes `grey` in place and answers it.
 */
export function stretched(grey: Buffer): Buffer {
  const histogram = new Uint32Array(256)
  for (const v of grey) histogram[v]!++
  const cut = grey.length / 100
  let low = 0, high = 255
  for (let seen = 0; low < 255 && seen + histogram[low]! <= cut; low++) seen += histogram[low]!
  for (let seen = 0; high > 0 && seen + histogram[high]! <= cut; high--) seen += histogram[high]!
  if (high <= low) return grey
  const scale = 255 / (high - low)
  const map = new Uint8Array(256)
  for (let v = 0; v < 256; v++) map[v] = Math.max(0, Math.min(255, Math.round((v - low) * scale)))
  for (let i = 0; i < grey.length; i++) grey[i] = map[grey[i]!]!
  return grey
}

export async function orbFeatures(image: Buffer, keypointCount = MAX_KEYPOINTS, centre = 1): Promise<OrbFeatures> {
  const { data, width, height } = await workPixels(image, centre)
  const { cv } = await openCv()
  const mat = cv.matFromArray(height, width, cv.CV_8UC1, data)
  // the constructor's score-type argument is not bound in this build: the rest through setters
  const orb = new cv.ORB(keypointCount)
  orb.setEdgeThreshold(19)
  orb.setPatchSize(19)
  const keypoints = new cv.KeyPointVector()
  const descriptors = new cv.Mat()
  const none = new cv.Mat()
  try {
    orb.detectAndCompute(mat, none, keypoints, descriptors)
    const n = keypoints.size()
    const xy = new Float32Array(n * 2)
    for (let i = 0; i < n; i++) {
      const kp = keypoints.get(i)
      xy[2 * i] = kp.pt.x
      xy[2 * i + 1] = kp.pt.y
    }
    return { width, height, xy, descriptors: n ? new Uint8Array(descriptors.data.slice(0, n * DESCRIPTOR_BYTES)) : new Uint8Array(0) }
  } finally {
    for (const m of [mat, orb, keypoints, descriptors, none]) m.delete()
  }
}
