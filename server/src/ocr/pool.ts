/**
 * Worker-thread pool for ticket analysis. Each worker loads the OCR models once; jobs wait in a
 * bounded queue (full -> OcrBusyError 429); a job over its time limit gets its worker retired
 * and replaced (OcrTimeoutError 503). The main thread only posts buffers and receives results.
 * The rule tester's pasted text is analysed here too, so that no user pattern ever runs on the
 * main thread's event loop.
 */
import os from 'node:os'
import type { Worker } from 'node:worker_threads'
import { TicketMsg } from '@app/contract'
import {
  resolveWorkerEntry as workerEntry, startWorker, takeAnsweredJob, type PendingJob, type WorkerEntry, type WorkerSlot,
} from '../platform/workerThread.js'
import { TicketImageError, type TicketImageErrorCode } from './image.js'
import type { TextAnalyzeInput } from './pastedText.js'
import { UserRegexError } from './safeRegex.js'
import type { AnalyzeInput, TicketAnalysis, TicketReading } from './types.js'
import type { SerializedError } from './worker.js'

/** An error class of the ticket reader: the API answers `status`, with the reader's text unless told otherwise. */
function readerError(name: string, status: 429 | 500 | 503, defaultMessage: string) {
  return class extends Error {
    readonly status = status
    constructor(message: string = defaultMessage) {
      super(message)
      this.name = name
    }
  }
}

export class OcrBusyError extends readerError('OcrBusyError', 429, TicketMsg.readerBusy) {}
export class OcrTimeoutError extends readerError('OcrTimeoutError', 503, TicketMsg.readerTimeout) {}
export class OcrClosedError extends readerError('OcrClosedError', 503, TicketMsg.readerClosed) {}
export class OcrFailedError extends readerError('OcrFailedError', 500, TicketMsg.readerFailed) {
  constructor(message?: string, readonly detail?: string) {
    super(message)
  }
}

/**
 * Where the worker script is. Bundled (this module is a .js file next to `ocr-worker.js`, e.g.
 * server/dist/): that file. Otherwise the TypeScript source `server/src/ocr/worker.ts` run through tsx.
 */
export function resolveWorkerEntry(metaUrl: string = import.meta.url): WorkerEntry {
  return workerEntry(metaUrl, { bundled: 'ocr-worker.js', source: 'ocr/worker.ts' })
}

/** one time budget for every user pattern of a rule test on pasted text */
export const TEXT_DEADLINE_MS = 2000
/**
 * A text job's worker stops its own patterns at the deadline; if it has not answered this much
 * later (stuck outside a pattern), the pool gives up on it.
 */
const TEXT_JOB_GRACE_MS = 1000

export interface OcrPoolOptions {
  /** workers (server: OCR_WORKERS), default os.availableParallelism() */
  size?: number
  /** jobs allowed to wait when all workers are busy (default size * 4) */
  maxQueue?: number
  /** per-job time limit in ms (default 30 s) */
  timeoutMs?: number
  /** onnxruntime threads per worker (default: cores / workers, at least 1) */
  threadsPerWorker?: number
  workMaxSide?: number
  detMaxSide?: number
  entry?: WorkerEntry
  /** per-worker heap limit in MB (default 512) */
  maxOldGenerationSizeMb?: number
  /** deadline of a text analysis (default TEXT_DEADLINE_MS) */
  textDeadlineMs?: number
}

type JobInput = { kind: 'ticket'; input: AnalyzeInput } | { kind: 'text'; input: TextAnalyzeInput }

type Job = JobInput & PendingJob<TicketAnalysis>

interface Slot extends WorkerSlot<Job> {
  fatal?: string
}

export class OcrPool {
  readonly size: number
  readonly maxQueue: number
  readonly timeoutMs: number
  readonly textDeadlineMs: number
  private readonly threads: number
  private readonly entry: WorkerEntry
  private slots: Slot[] = []
  private queue: Job[] = []
  private nextId = 1
  private closed = false
  private readyWaiters: (() => void)[] = []
  private startFailures = 0
  private retiring = new Set<Promise<void>>()
  private broken: string | null = null

  constructor(private readonly options: OcrPoolOptions = {}) {
    const cores = os.availableParallelism?.() ?? os.cpus().length
    this.size = Math.max(1, Math.floor(options.size ?? cores))
    this.maxQueue = Math.max(0, options.maxQueue ?? this.size * 4)
    this.timeoutMs = options.timeoutMs ?? 30_000
    this.textDeadlineMs = options.textDeadlineMs ?? TEXT_DEADLINE_MS
    this.threads = Math.max(1, options.threadsPerWorker ?? Math.floor(cores / this.size))
    this.entry = options.entry ?? resolveWorkerEntry()
    for (let i = 0; i < this.size; i++) this.slots.push(this.spawn())
  }

  private spawn(): Slot {
    const worker = startWorker(this.entry, {
      workerData: { threads: this.threads, workMaxSide: this.options.workMaxSide, detMaxSide: this.options.detMaxSide },
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb ?? 512 },
    })
    const slot: Slot = { worker, ready: false, job: null }
    worker.on('message', (msg: any) => this.onMessage(slot, msg))
    worker.on('error', (err) => this.onExit(slot, err))
    worker.on('exit', () => this.onExit(slot, null))
    worker.unref()
    return slot
  }

  private onMessage(slot: Slot, msg: any) {
    if (msg?.type === 'fatal') {
      slot.fatal = String(msg.error?.message ?? 'worker start failed')
      return
    }
    if (msg?.type === 'ready') {
      slot.ready = true
      this.startFailures = 0
      this.readyWaiters.splice(0).forEach((w) => w())
      this.dispatch()
      return
    }
    const job = takeAnsweredJob(slot, msg?.id)
    if (!job) return
    if (msg.type === 'result') job.resolve(msg.result as TicketAnalysis)
    else job.reject(reviveError(msg.error as SerializedError))
    this.dispatch()
  }

  private onExit(slot: Slot, err: Error | null) {
    const idx = this.slots.indexOf(slot)
    if (idx < 0) return // already replaced
    const job = slot.job
    slot.job = null
    if (job) {
      clearTimeout(job.timer)
      job.reject(new OcrFailedError(TicketMsg.readerFailed, err?.message))
    }
    if (this.closed) {
      this.slots.splice(idx, 1)
      return
    }
    if (!slot.ready && ++this.startFailures >= 3) {
      // the worker cannot start (missing models, bad build): stop respawning, fail the jobs
      this.broken = slot.fatal ?? err?.message ?? 'OCR worker failed to start'
      this.slots.splice(idx, 1)
      for (const j of this.queue.splice(0)) j.reject(new OcrFailedError(TicketMsg.readerBroken, this.broken))
      this.readyWaiters.splice(0).forEach((w) => w())
      return
    }
    this.slots[idx] = this.spawn()
  }

  /** analyse a ticket in a worker. Rejects with OcrBusyError when the queue is full. */
  analyze(input: AnalyzeInput): Promise<TicketReading> {
    return this.enqueue({ kind: 'ticket', input })
  }

  /**
   * The rule tester on pasted text, in a worker: every user pattern of the analysis shares one
   * deadline (textDeadlineMs) from the moment a worker takes the job; past it the job is abandoned
   * with UserRegexError('timeout') (400) naming the slow pattern.
   */
  analyzeText(input: TextAnalyzeInput): Promise<TicketAnalysis> {
    return this.enqueue({ kind: 'text', input })
  }

  private enqueue(job: JobInput): Promise<TicketAnalysis> {
    if (this.closed) return Promise.reject(new OcrClosedError())
    if (this.broken) return Promise.reject(new OcrFailedError(TicketMsg.readerBroken, this.broken))
    const idle = this.slots.some((s) => s.ready && !s.job)
    if (!idle && this.queue.length >= this.maxQueue) return Promise.reject(new OcrBusyError())
    return new Promise<TicketAnalysis>((resolve, reject) => {
      this.queue.push({ ...job, id: this.nextId++, resolve, reject })
      this.dispatch()
    })
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (!this.queue.length) return
      if (!slot.ready || slot.job) continue
      const job = this.queue.shift()!
      slot.job = job
      slot.worker.ref() // keep the process alive while a job runs; idle workers are unref'd
      if (job.kind === 'text') {
        const { text, fileType, formats, rules } = job.input
        job.timer = setTimeout(() => this.onTimeout(slot, job), this.textDeadlineMs + TEXT_JOB_GRACE_MS)
        slot.worker.postMessage({ type: 'text', id: job.id, text, fileType, formats, rules, deadlineMs: this.textDeadlineMs })
        continue
      }
      // copy into a fresh ArrayBuffer we can transfer (the caller's Buffer may be pooled)
      const src = job.input.buffer
      const ab = new ArrayBuffer(src.byteLength)
      new Uint8Array(ab).set(src)
      job.timer = setTimeout(() => this.onTimeout(slot, job), this.timeoutMs)
      slot.worker.postMessage(
        {
          type: 'job', id: job.id, buffer: ab, fileType: job.input.fileType, formats: job.input.formats, rules: job.input.rules,
          savedNames: job.input.savedNames, keep: job.input.keep,
        },
        [ab],
      )
    }
  }

  private onTimeout(slot: Slot, job: Job) {
    if (slot.job !== job) return
    slot.job = null
    const idx = this.slots.indexOf(slot)
    if (idx >= 0 && !this.closed) this.slots[idx] = this.spawn()
    if (job.kind === 'text') {
      job.reject(new UserRegexError('timeout', TicketMsg.testTimeout(this.textDeadlineMs / 1000)))
      // a text job runs JavaScript only (no inference in flight): ending the thread now is safe
      void slot.worker.terminate()
    } else {
      job.reject(new OcrTimeoutError())
      this.retire(slot.worker)
    }
    this.dispatch()
  }

  /**
   * Ask a worker to leave after its current job and terminate it only if it does not within the
   * grace period (then it is stuck in JavaScript). Terminating a thread in the middle of an
   * onnxruntime call aborts the whole process, so that is never the first move.
   */
  private retire(worker: Worker, graceMs = Math.max(30_000, this.timeoutMs)): Promise<void> {
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate(), graceMs)
      worker.once('exit', () => {
        clearTimeout(timer)
        this.retiring.delete(done)
        resolve()
      })
    })
    this.retiring.add(done)
    worker.postMessage({ type: 'retire' })
    return done
  }

  /** resolves when every worker has loaded its models */
  async ready(): Promise<void> {
    while (!this.closed && !this.broken && this.slots.some((s) => !s.ready)) {
      const keep = setInterval(() => {}, 1000) // the workers are unref'd
      await new Promise<void>((r) => this.readyWaiters.push(r)).finally(() => clearInterval(keep))
    }
  }

  stats() {
    return {
      size: this.size,
      ready: this.slots.filter((s) => s.ready).length,
      broken: this.broken,
      busy: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
      maxQueue: this.maxQueue,
    }
  }

  /** reject waiting jobs, let running ones finish (up to graceMs), then stop every worker */
  async close(graceMs = 10_000): Promise<void> {
    if (this.closed) return
    this.closed = true
    for (const job of this.queue.splice(0)) job.reject(new OcrClosedError())
    const slots = [...this.slots]
    for (const s of slots) {
      if (s.job) {
        clearTimeout(s.job.timer)
        s.job.reject(new OcrClosedError())
        s.job = null
      }
    }
    this.readyWaiters.splice(0).forEach((w) => w())
    // a worker still loading its models is retired too: it reads the message once it has loaded
    // (ending the thread inside onnxruntime's session creation aborts the process)
    await Promise.all([...slots.map((s) => this.retire(s.worker, graceMs)), ...this.retiring])
  }
}

function reviveError(e: SerializedError): Error {
  if (e.name === 'TicketImageError') {
    return new TicketImageError((e.code ?? 'unreadable') as TicketImageErrorCode, e.message, (e.status as 400 | 413) ?? 400)
  }
  if (e.name === 'UserRegexError') return new UserRegexError(e.code === 'timeout' ? 'timeout' : 'invalid', e.message)
  return new OcrFailedError(TicketMsg.readerFailed, e.message)
}
