import { GoodsPhotoMsg } from '@app/contract'
import { WorkerPool, type WorkerPoolOptions } from '../../platform/workerPool.js'
import { resolveWorkerEntry } from '../../platform/workerThread.js'
import type { photoMatchJobs } from './worker.js'

/** The worker threads of the goods photo search (worker.ts): one pool per server. */
export type PhotoMatchJobs = WorkerPool<typeof photoMatchJobs>

/** `limits`: the pool's defaults otherwise (2 workers, 8 waiting, 30 s a job, 256 MB of heap a worker) */
export function startPhotoMatchJobs(
  onFailure?: (kind: string, reason: string) => void,
  limits: Pick<WorkerPoolOptions<typeof photoMatchJobs>, 'size' | 'maxQueue' | 'timeoutMs' | 'maxOldGenerationSizeMb'> = {},
): PhotoMatchJobs {
  return new WorkerPool<typeof photoMatchJobs>({
    ...limits,
    // bundled: server/dist/photo-match-worker.js beside main.js; otherwise this source's sibling through tsx
    entry: resolveWorkerEntry(import.meta.url, { bundled: 'photo-match-worker.js', source: 'goods/photoMatch/worker.ts' }),
    failed: { describe: GoodsPhotoMsg.failed, describeView: GoodsPhotoMsg.failed, verify: GoodsPhotoMsg.failed },
    busy: GoodsPhotoMsg.busy,
    closed: GoodsPhotoMsg.closed,
    unavailable: GoodsPhotoMsg.unavailable,
    onFailure,
  })
}
