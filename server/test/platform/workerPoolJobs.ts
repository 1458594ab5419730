/** The jobs of workerPool.test.ts: a worker thread's ways to fail. */
import { ValidationError } from '../../src/platform/errors.js'
import { serveJobs } from '../../src/platform/workerPool.js'

export const testJobs = {
  echo: async (input: { text: string; bytes: Uint8Array }) => input,
  refuse: async (message: string) => { throw new ValidationError(message) },
  bug: async () => { throw new TypeError('a bug') },
  // as pdfkit's PNG decoder does with data that is not zlib: a throw from a callback nobody awaits
  throwLater: () => new Promise(() => { setTimeout(() => { throw new Error('incorrect header check') }, 10) }),
  hog: async () => {
    const kept: number[][] = []
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i))
  },
  spin: async () => { for (;;) { /* holds the thread */ } },
  exit: async () => process.exit(3),
  wait: (ms: number) => new Promise((resolve) => setTimeout(() => resolve(ms), ms)),
}

serveJobs(testJobs)
