import { Readable } from 'node:stream'
import type { Worker } from 'node:worker_threads'
import { ExportMsg } from '@app/contract'
import { RateLimitError } from './errors.js'
import { resolveWorkerEntry, startWorker } from './workerThread.js'

/** A column of an xlsx sheet as the writer needs it (the values come with the rows). */
export interface SheetColumn {
  header: string
  width?: number
  numFmt?: string
}
export type Cell = string | number

export type ToXlsxWorker =
  | { type: 'start'; sheet: string; columns: SheetColumn[] }
  | { type: 'rows'; rows: Cell[][] }
  | { type: 'end' }
export type FromXlsxWorker =
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'written' }
  | { type: 'done' }
  | { type: 'error'; message: string }

/** rows sent to the writer at once */
const BATCH_ROWS = 500
/** bytes written but not yet taken by the answer, past which no more rows are read */
const AHEAD_BYTES = 4 * 1024 * 1024
/** exports written at once (each a thread of its own); one more answers 429 */
export const XLSX_WRITERS = 4
/** an export where nothing moves (no byte written, none taken) for this long is given up, so stalled readers cannot hold the writers */
export const xlsxLimits = { stallMs: 60_000 }

const entry = resolveWorkerEntry(import.meta.url, { bundled: 'xlsx-worker.js', source: 'platform/xlsxWorker.ts' })
let writing = 0

/**
 * Writers that finished an export cleanly, kept for the next: starting a thread and loading exceljs
 * cost ~250 ms, twenty times an empty export's own work. One that failed or was cut off is ended.
 */
const idle: { worker: Worker; drop: () => void }[] = []

function takeWriter(): Worker {
  const kept = idle.pop()
  // it holds a batch and the zip's backlog, a few MB: a small heap is collected before it grows (256 MB let a year's export add 26 MB more)
  if (!kept) return startWorker(entry, { resourceLimits: { maxOldGenerationSizeMb: 64 } })
  kept.worker.off('exit', kept.drop).off('error', kept.drop)
  kept.worker.ref()
  return kept.worker
}

function keepWriter(worker: Worker) {
  if (idle.length >= XLSX_WRITERS) return void worker.terminate()
  const drop = () => {
    const i = idle.findIndex((k) => k.worker === worker)
    if (i >= 0) idle.splice(i, 1)
    void worker.terminate()
  }
  worker.once('exit', drop).once('error', drop)
  // an idle writer does not keep the process alive
  worker.unref()
  idle.push({ worker, drop })
}

/**
 * An xlsx file of `rows`, written in a worker thread (xlsxWorker.ts) as they are read: this thread only
 * reads the rows and hands their cell values over, a batch at a time, no further ahead of the answer than
 * AHEAD_BYTES. A failure (reading the rows, the writer) destroys the stream with the error; a stream
 * destroyed by its reader (the download given up), or not read for xlsxLimits.stallMs, stops the reading
 * and the thread.
 */
export function xlsxStream<T>(sheet: string, columns: SheetColumn[], cellsOf: (row: T) => Cell[], rows: AsyncIterable<T>): Readable {
  if (writing >= XLSX_WRITERS) throw new RateLimitError(ExportMsg.busy)
  const worker = takeWriter()
  writing++
  let wake: (() => void) | null = null
  let stall: NodeJS.Timeout | undefined
  const nudge = () => {
    const w = wake
    wake = null
    w?.()
  }
  const file = new Readable({
    read() {
      stall?.refresh()
      nudge()
    },
  })
  let written = 0
  let finished = false
  let failed = false
  const fail = (err: Error) => {
    failed = true
    if (!file.destroyed) file.destroy(err)
  }
  const onMessage = (msg: FromXlsxWorker) => {
    if (msg.type === 'chunk') {
      stall?.refresh()
      file.push(Buffer.from(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength))
    }
    else if (msg.type === 'written') { written++; nudge() }
    else if (msg.type === 'done') { finished = true; file.push(null) }
    else fail(new Error(`xlsx writer: ${msg.message}`))
  }
  const onExit = (code: number) => { if (!finished) fail(new Error(`xlsx writer exited with code ${code}`)) }
  worker.on('message', onMessage).on('error', fail).on('exit', onExit)
  stall = setTimeout(() => fail(new Error(`xlsx download took nothing for ${xlsxLimits.stallMs} ms`)), xlsxLimits.stallMs)
  stall.unref()
  file.once('close', () => {
    writing--
    clearTimeout(stall)
    nudge()
    worker.off('message', onMessage).off('error', fail).off('exit', onExit)
    if (finished && !failed) keepWriter(worker)
    else void worker.terminate()
  })

  const post = (msg: ToXlsxWorker) => worker.postMessage(msg)
  /** until the writer has written `batches` batches and the answer has taken what is ahead of it */
  const caughtUp = async (batches: number) => {
    while (!file.destroyed && (written < batches || file.readableLength > AHEAD_BYTES)) await new Promise<void>((resolve) => { wake = resolve })
  }
  void (async () => {
    post({ type: 'start', sheet, columns: columns.map(({ header, width, numFmt }) => ({ header, width, numFmt })) })
    let sent = 0
    let batch: Cell[][] = []
    for await (const row of rows) {
      if (file.destroyed) return
      batch.push(cellsOf(row))
      if (batch.length === BATCH_ROWS) {
        post({ type: 'rows', rows: batch })
        batch = []
        await caughtUp(++sent - 1)
      }
    }
    if (batch.length) post({ type: 'rows', rows: batch })
    post({ type: 'end' })
  })().catch(fail)
  return file
}
