/**
 * The worker thread of the goods photo search (jobs.ts): describes a photo (decode, ORB keypoints,
 * visual words) and verifies a search's shortlist geometrically, so that neither holds the event
 * loop. OpenCV's WebAssembly and the vocabulary load once per worker, on its first photo.
 */
import { asBuffer, serveJobs } from '../../platform/workerPool.js'
import { describePhoto, unpackKeypoints } from './descriptor.js'
import { QUERY_KEYPOINTS } from './features.js'
import { inliers } from './verify.js'

export const photoMatchJobs = {
  describe: (image: Uint8Array) => describePhoto(asBuffer(image)),
  describeQuery: (image: Uint8Array) => describePhoto(asBuffer(image), QUERY_KEYPOINTS),
  /** inliers of each candidate (packed keypoints) against the query's */
  verify: ({ query, candidates }: { query: Uint8Array; candidates: Uint8Array[] }): number[] => {
    const q = unpackKeypoints(query)
    return candidates.map((c) => inliers(q, unpackKeypoints(c)))
  },
}

serveJobs(photoMatchJobs)
