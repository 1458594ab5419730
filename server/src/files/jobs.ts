import { FileWorkMsg, ReportMsg, SpreadsheetMsg, StockMsg, TransportExportMsg } from '@app/contract'
import type { fileJobs } from './worker.js'
import { WorkerPool, type WorkerPoolOptions } from '../platform/workerPool.js'
import { resolveWorkerEntry } from '../platform/workerThread.js'

/** The worker threads that build and read files from what users send (worker.ts): one pool per server. */
export type FileJobs = WorkerPool<typeof fileJobs>

/** `limits`: the pool's defaults otherwise (2 workers, 8 waiting, 30 s a job, 256 MB of heap a worker) */
export function startFileJobs(
  onFailure?: (kind: string, reason: string) => void,
  limits: Pick<WorkerPoolOptions<typeof fileJobs>, 'size' | 'maxQueue' | 'timeoutMs' | 'maxOldGenerationSizeMb'> = {},
): FileJobs {
  return new WorkerPool<typeof fileJobs>({
    ...limits,
    // bundled: server/dist/file-worker.js beside main.js; otherwise this source's sibling through tsx
    entry: resolveWorkerEntry(import.meta.url, { bundled: 'file-worker.js', source: 'files/worker.ts' }),
    failed: { reportPdf: ReportMsg.pdfFailed, readFirstSheet: SpreadsheetMsg.unreadable, statementXlsx: TransportExportMsg.statementFailed,
      saleReceipt: StockMsg.receiptFailed },
    busy: FileWorkMsg.busy,
    closed: FileWorkMsg.closed,
    unavailable: FileWorkMsg.unavailable,
    onFailure,
  })
}
