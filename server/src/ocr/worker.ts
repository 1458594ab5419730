/**
 * OCR worker thread: loads the models once, then analyses tickets posted by OcrPool, and runs the
 * rule tester on pasted text (user patterns only, no inference: see OcrPool.analyzeText).
 * Message in:  { type: 'job', id, buffer: ArrayBuffer (transferred), fileType, formats, rules, savedNames, keep }
 *            | { type: 'text', id, text, fileType, formats, rules, deadlineMs }
 * Message out: { type: 'ready' } | { type: 'result', id, result } (the kept picture's buffers transferred) | { type: 'error', id, error }
 */
import { parentPort, workerData } from 'node:worker_threads'
import sharp from 'sharp'
import { analyzeTicket, getEngine } from './analyze.js'
import { TicketImageError } from './image.js'
import { analyzePastedText, type TextAnalyzeInput } from './pastedText.js'
import { UserRegexError } from './safeRegex.js'
import type { AnalyzeInput, TicketReading } from './types.js'

export interface WorkerJob {
  type: 'job'
  id: number
  buffer: ArrayBuffer
  fileType: AnalyzeInput['fileType']
  formats?: AnalyzeInput['formats']
  rules?: AnalyzeInput['rules']
  savedNames?: AnalyzeInput['savedNames']
  keep?: AnalyzeInput['keep']
}

export interface WorkerTextJob extends TextAnalyzeInput {
  type: 'text'
  id: number
  /** one time budget for every user pattern of the analysis */
  deadlineMs: number
}

export interface SerializedError {
  name: string
  message: string
  status?: number
  code?: string
}

// each picture is decoded once: libvips' operation cache only holds memory in a worker
sharp.cache(false)
sharp.concurrency(1)

const opts = (workerData ?? {}) as { threads?: number; workMaxSide?: number; detMaxSide?: number }

async function main() {
  if (!parentPort) throw new Error('worker.ts must run in a worker thread')
  const port = parentPort
  const engine = await getEngine({ threads: opts.threads ?? 1, detMaxSide: opts.detMaxSide })
  // warm-up: the first inference allocates the session's buffers
  await engine.recognize({ data: new Uint8Array(64 * 64 * 4).fill(255), width: 64, height: 64 })
  let busy = false
  let retiring = false
  port.on('message', async (msg: WorkerJob | WorkerTextJob | { type: 'retire' }) => {
    if (msg?.type === 'retire') {
      // leave between jobs: ending the thread during an onnxruntime call aborts the process
      retiring = true
      if (!busy) process.exit(0)
      return
    }
    if (msg?.type !== 'job' && msg?.type !== 'text') return
    busy = true
    try {
      const result = msg.type === 'text'
        ? analyzePastedText(msg, msg.deadlineMs)
        : await analyzeTicket(
          { buffer: new Uint8Array(msg.buffer), fileType: msg.fileType, formats: msg.formats, rules: msg.rules, savedNames: msg.savedNames, keep: msg.keep },
          { engine, workMaxSide: opts.workMaxSide, detMaxSide: opts.detMaxSide },
        )
      const kept = msg.type === 'job' ? (result as TicketReading).kept : undefined
      port.postMessage({ type: 'result', id: msg.id, result }, kept ? [kept.jpeg.buffer as ArrayBuffer, kept.thumb.buffer as ArrayBuffer] : [])
    } catch (e) {
      const err = e as Error & { status?: number; code?: string }
      const error: SerializedError = {
        name: err?.name ?? 'Error',
        message: err?.message ?? String(e),
        status: e instanceof TicketImageError ? e.status : err?.status,
        code: e instanceof TicketImageError || e instanceof UserRegexError ? e.code : undefined,
      }
      port.postMessage({ type: 'error', id: msg.id, error })
    } finally {
      busy = false
      if (retiring) process.exit(0)
    }
  })
  port.postMessage({ type: 'ready' })
}

main().catch((e) => {
  parentPort?.postMessage({ type: 'fatal', error: { name: 'Error', message: String(e?.stack ?? e) } })
  process.exit(1)
})
