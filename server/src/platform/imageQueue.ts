import { AttachmentMsg } from '@app/contract'
import { RateLimitError } from './errors.js'

/**
 * At most `concurrency` tasks run at once and at most `maxWaiting` wait their turn; one more is refused
 * at once (the error `busy` makes), so a burst of uploads cannot pile decoded pictures up in memory.
 */
export class WorkQueue {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(readonly concurrency: number, readonly maxWaiting: number, private readonly busy: () => Error) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++
    else if (this.waiting.length < this.maxWaiting) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else throw this.busy()
    try {
      return await task()
    } finally {
      // the slot passes straight to the next in line
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}

/**
 * Decoding and re-encoding pictures (`acceptPicture`: attachments, the other destinations' ticket photos,
 * diagram pictures and the pictures placed in them) in this thread's libvips pool, which already uses
 * every core: one picture at a time, a few waiting; more answer 429. A photo that is read is decoded in
 * its OCR worker instead (ocr/image.ts), under the same IMAGE_MAX_PIXELS.
 */
export const imageQueue = new WorkQueue(1, 8, () => new RateLimitError(AttachmentMsg.busy))
