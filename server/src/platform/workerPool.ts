/**
 * Worker threads for CPU-heavy work on what users send (building a report's PDF, reading an uploaded
 * spreadsheet), so that no such job holds the event loop or ends the process:
 * - each job has a time limit and each worker a heap limit (`resourceLimits`); a job that runs out of
 *   either, or whose worker throws where nothing catches it or dies, answers 422 with its kind's
 *   message (the input is what made it fail), and that worker is ended and started anew for the next;
 * - at most `size` jobs run and `maxQueue` wait; one more answers 429 at once (as platform/imageQueue.ts);
 * - workers start on the first job (or `start()`), are unref'd while idle (an idle pool keeps no
 *   process alive) and are ended by `close()`.
 * The heap limit does not cover Buffers (pixels, inflated parts): what the jobs read is bounded by
 * their own checks (the pixel limit of pictures, the byte bounds of spreadsheet parts).
 * A job's input and answer are copied between threads (structured clone): a Buffer arrives as a
 * Uint8Array.
 */
import os from 'node:os'
import { parentPort } from 'node:worker_threads'
import { AppError } from './errors.js'
import { startWorker, takeAnsweredJob, type PendingJob, type WorkerEntry, type WorkerSlot } from './workerThread.js'

/** What a worker serves: each job kind's handler of its input (`never`: a handler of any input). */
export type JobHandlers = Record<string, (input: never) => unknown>
type InputOf<H extends JobHandlers, K extends keyof H> = Parameters<H[K]>[0]
type OutputOf<H extends JobHandlers, K extends keyof H> = Awaited<ReturnType<H[K]>>

/** A job's refusal the worker answers itself: the API answers `status` with `message`. */
interface JobRefusal { status: number; message: string; code: number }
type FromWorker =
  | { type: 'ready' }
  | { type: 'result'; id: number; output: unknown }
  | { type: 'error'; id: number; refusal?: JobRefusal; message: string }

export interface WorkerPoolOptions<H extends JobHandlers> {
  entry: WorkerEntry
  /** what a job of each kind answers (422) when it fails other than by a refusal of its own */
  failed: { [K in keyof H]: string }
  /** the answer when `maxQueue` jobs already wait (429) */
  busy: string
  /** the answer after `close()` (503) */
  closed: string
  /** the answer when no worker can be started (503) */
  unavailable: string
  /** workers (default 2, at most the cores) */
  size?: number
  /** jobs that may wait for a worker (default 8) */
  maxQueue?: number
  /** each job's time in its worker (default 30 s) */
  timeoutMs?: number
  /** each worker's V8 heap in MB (default 256) */
  maxOldGenerationSizeMb?: number
  /** why a job failed (a worker's error, death or time-out), for the log */
  onFailure?: (kind: string, reason: string) => void
}

interface Job extends PendingJob<unknown> {
  kind: string
  input: unknown
}

interface Slot extends WorkerSlot<Job> {
  /** resolves once the worker is ready or gone */
  started: Promise<void>
}

export class WorkerPool<H extends JobHandlers> {
  readonly size: number
  readonly maxQueue: number
  readonly timeoutMs: number
  private slots: Slot[] = []
  private queue: Job[] = []
  private nextId = 1
  private closed = false

  constructor(private readonly options: WorkerPoolOptions<H>) {
    this.size = Math.max(1, options.size ?? Math.min(2, os.availableParallelism()))
    this.maxQueue = Math.max(0, options.maxQueue ?? 8)
    this.timeoutMs = options.timeoutMs ?? 30_000
  }

  /** Runs a job in a worker; rejects with an AppError (422 failed, 429 busy, 503 closed, or the job's own refusal). */
  run<K extends keyof H & string>(kind: K, input: InputOf<H, K>): Promise<OutputOf<H, K>> {
    return this.runEach(kind, [input]).then(([output]) => output!)
  }

  /** `run` of each input, admitted together or refused together (429): a request that needs them all never starts half of them. */
  runEach<K extends keyof H & string>(kind: K, inputs: InputOf<H, K>[]): Promise<OutputOf<H, K>[]> {
    if (this.closed) return Promise.reject(new AppError(503, this.options.closed))
    // workers without a job (starting ones too) and workers not started yet take the first jobs in line
    const takers = this.slots.filter((s) => !s.job).length + this.size - this.slots.length
    if (this.queue.length + inputs.length > takers + this.maxQueue) return Promise.reject(new AppError(429, this.options.busy))
    const outputs = inputs.map((input) => new Promise<OutputOf<H, K>>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, kind, input, resolve: resolve as (output: unknown) => void, reject })
    }))
    this.dispatch()
    return Promise.all(outputs)
  }

  private spawn(): Slot {
    const worker = startWorker(this.options.entry, { resourceLimits: { maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb ?? 256 } })
    const started = new Promise<void>((resolve) => {
      worker.on('message', (msg: FromWorker) => { if (msg.type === 'ready') resolve() })
      worker.once('exit', () => resolve())
    })
    const slot: Slot = { worker, ready: false, started, job: null }
    worker.on('message', (msg: FromWorker) => this.onMessage(slot, msg))
    // an uncaught throw, running out of heap, or process.exit in the worker: 'error' (if any), then 'exit'
    worker.on('error', (err) => this.onExit(slot, err.message))
    worker.on('exit', (code) => this.onExit(slot, `worker exited with code ${code}`))
    this.slots.push(slot)
    return slot
  }

  /** A thread the system will not give (its thread limit) fails the waiting jobs, never the process. */
  private trySpawn() {
    try {
      this.spawn()
    } catch (err) {
      this.failWaiting((err as Error).message)
    }
  }

  private failWaiting(reason: string) {
    this.options.onFailure?.('start', reason)
    for (const waiting of this.queue.splice(0)) waiting.reject(new AppError(503, this.options.unavailable))
  }

  private dispatch() {
    while (this.queue.length && !this.closed) {
      const slot = this.slots.find((s) => s.ready && !s.job)
      if (!slot) {
        // a worker starting counts as free: it takes the next job once it has loaded its modules
        if (this.slots.length < this.size && this.slots.every((s) => s.ready)) this.trySpawn()
        return
      }
      const job = this.queue.shift()!
      slot.job = job
      slot.worker.ref() // a running job keeps the process alive
      job.timer = setTimeout(() => this.end(slot, `timed out after ${this.timeoutMs} ms`), this.timeoutMs)
      try {
        slot.worker.postMessage({ id: job.id, kind: job.kind, input: job.input })
      } catch (err) {
        // an input that cannot be copied to a thread is the caller's error
        clearTimeout(job.timer)
        slot.job = null
        slot.worker.unref()
        job.reject(err as Error)
      }
    }
  }

  private onMessage(slot: Slot, msg: FromWorker) {
    if (msg.type === 'ready') {
      // a starting worker keeps the process alive (the job that started it waits); an idle one does not
      slot.ready = true
      slot.worker.unref()
      this.dispatch()
      return
    }
    const job = takeAnsweredJob(slot, msg.id)
    if (!job) return
    if (msg.type === 'result') job.resolve(msg.output)
    else if (msg.refusal) job.reject(new AppError(msg.refusal.status, msg.refusal.message, msg.refusal.code))
    else this.fail(job, msg.message)
    this.dispatch()
  }

  private fail(job: Job, reason: string) {
    this.options.onFailure?.(job.kind, reason)
    job.reject(new AppError(422, this.options.failed[job.kind as keyof H]))
  }

  /** A worker that has died, or is ended (time-out): its job fails, and a new worker serves the next. */
  private onExit(slot: Slot, reason: string) {
    const at = this.slots.indexOf(slot)
    if (at < 0) return // already gone
    this.slots.splice(at, 1)
    const job = slot.job
    slot.job = null
    if (job) {
      clearTimeout(job.timer)
      if (this.closed) job.reject(new AppError(503, this.options.closed))
      else this.fail(job, reason)
    } else if (!slot.ready && !this.closed) {
      // it could not start (a bad build, no memory): the jobs waiting for it fail rather than wait for ever
      this.failWaiting(`worker failed to start: ${reason}`)
    }
    this.dispatch()
  }

  private end(slot: Slot, reason: string) {
    this.onExit(slot, reason)
    void slot.worker.terminate()
  }

  /** Starts every worker now rather than on the first jobs; resolves once they have loaded their modules. */
  async start(): Promise<void> {
    while (!this.closed && this.slots.length < this.size) this.spawn()
    await Promise.all(this.slots.map((s) => s.started))
  }

  stats() {
    return { size: this.size, started: this.slots.length, busy: this.slots.filter((s) => s.job).length, queued: this.queue.length }
  }

  /** Fails the waiting and running jobs (503) and ends every worker. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    for (const job of this.queue.splice(0)) job.reject(new AppError(503, this.options.closed))
    const slots = [...this.slots]
    for (const slot of slots) this.end(slot, 'closed')
    await Promise.all(slots.map((s) => s.worker.terminate()))
  }
}

/** Bytes that crossed threads (a Uint8Array) as a Buffer again, without a copy. */
export const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/**
 * The worker's side: answers each job with its handler's result. A handler's AppError below 500 is the
 * job's own refusal (its status and message reach the user as they are); anything else fails the job.
 */
export function serveJobs(handlers: JobHandlers) {
  const port = parentPort
  if (!port) throw new Error('serveJobs runs in a worker thread')
  port.on('message', async ({ id, kind, input }: { id: number; kind: string; input: unknown }) => {
    try {
      const handler = handlers[kind] as ((input: unknown) => unknown) | undefined
      if (!handler) throw new Error(`no job ${kind}`)
      port.postMessage({ type: 'result', id, output: await handler(input) } satisfies FromWorker)
    } catch (err) {
      const refusal = err instanceof AppError && err.status < 500 ? { status: err.status, message: err.message, code: err.code } : undefined
      port.postMessage({ type: 'error', id, refusal, message: err instanceof Error ? err.stack ?? err.message : String(err) } satisfies FromWorker)
    }
  })
  port.postMessage({ type: 'ready' } satisfies FromWorker)
}
