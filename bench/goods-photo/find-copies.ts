/**
 * Finds the distractor sources that show a goods photo (OpenCV's documentation reuses its sample
 * photos in its figures: a tutorial's result beside messi5.jpg is messi5.jpg): each source is matched
 * against every goods photo with the module's own geometric verification, and those with
 * COPY_INLIERS or more are written to copies.json, which devset.ts leaves out of the distractors.
 *   npx tsx bench/goods-photo/find-copies.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describePhoto, unpackKeypoints } from '../../server/src/goods/photoMatch/descriptor.js'
import { inliers } from '../../server/src/goods/photoMatch/verify.js'
import { allDistractorFiles, goods, registeredPhoto } from './devset.js'

const COPY_INLIERS = 20
const registered = await Promise.all(goods().map(async (g) => ({ g, k: unpackKeypoints((await describePhoto(await registeredPhoto(g))).keypoints) })))
const copies: Record<string, string> = {}
for (const file of allDistractorFiles()) {
  const photo = await sharp(file).flatten({ background: '#808080' }).resize(1280, 1280, { fit: 'inside', withoutEnlargement: true }).jpeg().toBuffer()
  const k = unpackKeypoints((await describePhoto(photo)).keypoints)
  for (const { g, k: gk } of registered) {
    const n = Math.max(inliers(k, gk), inliers(gk, k))
    if (n >= COPY_INLIERS) {
      copies[path.basename(file)] = `${path.basename(g.file)} (${n} inliers)`
      break
    }
  }
}
fs.writeFileSync(new URL('./copies.json', import.meta.url), `${JSON.stringify(copies, null, 1)}\n`)
console.log(`${Object.keys(copies).length} sources show a goods photo`)
