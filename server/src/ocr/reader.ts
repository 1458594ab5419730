import { AppError } from '../platform/errors.js'
import { TicketImageError } from './image.js'
import { OcrBusyError, OcrClosedError, OcrPool, OcrTimeoutError } from './pool.js'
import { UserRegexError } from './safeRegex.js'
import type { TicketAnalysis, TicketReading } from './types.js'

/**
 * Workers load the OCR models on first use, so a server that never reads a ticket never pays for
 * them; a server process (main.ts) starts them at once, and is ready (GET /api/ready) when they are.
 */
export class TicketReader {
  private pool?: OcrPool
  /** each ticket job's time in the pool, waiting included (metrics) */
  onJob?: (seconds: number) => void
  /** `threads`: onnxruntime threads per worker (default: cores / workers); `timeoutMs`: a reading's time limit (default 30 s) */
  constructor(private readonly workers: number, private readonly threads?: number, private readonly timeoutMs?: number) {}

  private open() {
    return (this.pool ??= new OcrPool({ size: this.workers, threadsPerWorker: this.threads, timeoutMs: this.timeoutMs }))
  }

  /** starts the workers now; resolves when they have loaded their models (or failed to) */
  start(): Promise<void> {
    return this.open().ready()
  }

  /** null until started */
  stats() {
    return this.pool?.stats() ?? null
  }

  analyze(input: Parameters<OcrPool['analyze']>[0]): Promise<TicketReading> {
    const started = process.hrtime.bigint()
    return this.open().analyze(input).then((result) => {
      this.onJob?.(Number(process.hrtime.bigint() - started) / 1e9)
      return result
    }, (err) => {
      throw asAppError(err)
    })
  }

  /** the rule tester on pasted text: in the pool too, so no user pattern runs on this thread */
  analyzeText(input: Parameters<OcrPool['analyzeText']>[0]): Promise<TicketAnalysis> {
    return this.open().analyzeText(input).catch((err) => {
      throw asAppError(err)
    })
  }

  async close() {
    await this.pool?.close()
  }
}

/** The OCR library's errors carry a status and a Chinese message; give them the server's error type. */
function asAppError(err: unknown): unknown {
  if (err instanceof TicketImageError || err instanceof UserRegexError) return new AppError(err.status, err.message)
  // a failed worker stays an internal error (500 with a log id); busy, time-out and closed are the user's to retry
  if (err instanceof OcrBusyError || err instanceof OcrTimeoutError || err instanceof OcrClosedError) return new AppError(err.status, err.message)
  return err
}
