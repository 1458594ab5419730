/**
 * The worker thread of the goods photo search (jobs.ts): describes a photo (decode, ORB keypoints,
 * visual words) and verifies a search's shortlist geometrically, so that neither holds the event
 * loop. OpenCV's WebAssembly and the vocabulary load once per worker, on its first photo.
 */
import { asBuffer, serveJobs } from '../../platform/workerPool.js'
import { describePhoto, describeView, unpackKeypoints } from './descriptor.js'
import { inliers, viewsOf } from './verify.js'

export const photoMatchJobs = {
  describe: (image: Uint8Array) => describePhoto(asBuffer(image)),
  describeView: ({ image, view }: { image: Uint8Array; view: 'whole' | 'centre' }) => describeView(asBuffer(image), view),
  /** inliers of each candidate (packed keypoints) against the query's, the better of its two views when it has them (`split`) */
  verify: ({ query, split, candidates }: { query: Uint8Array; split?: number; candidates: Uint8Array[] }): number[] => {
    const views = viewsOf(unpackKeypoints(query), split)
    return candidates.map((c) => {
      const candidate = unpackKeypoints(c)
      return Math.max(...views.map((q) => inliers(q, candidate)))
    })
  },
}

serveJobs(photoMatchJobs)
