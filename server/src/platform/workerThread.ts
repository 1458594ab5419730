import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

export interface WorkerEntry {
  file: string
  execArgv: string[]
  /** TypeScript source: load it through tsx's ESM loader registered inside the worker */
  typescript?: boolean
}

/**
 * Where a worker thread's script is. Bundled (the calling module is a .js file next to `bundled`,
 * e.g. server/dist/): that file. Otherwise the TypeScript source (`source`, under server/src, beside
 * the calling module) run through tsx.
 */
export function resolveWorkerEntry(metaUrl: string, names: { bundled: string; source: string }): WorkerEntry {
  if (metaUrl.endsWith('.js')) {
    const sibling = fileURLToPath(new URL(`./${names.bundled}`, metaUrl))
    if (fs.existsSync(sibling)) return { file: sibling, execArgv: [] }
  }
  const candidates = [
    fileURLToPath(new URL(`./${path.basename(names.source)}`, metaUrl)),
    path.resolve(process.cwd(), 'src', names.source),
    path.resolve(process.cwd(), 'server/src', names.source),
  ]
  const file = candidates.find((f) => fs.existsSync(f)) ?? candidates[0]!
  return { file, execArgv: [], typescript: true }
}

/** A job handed to a worker thread of a pool, settled by its answer, its worker's end or its timer. */
export interface PendingJob<Out> {
  id: number
  resolve: (output: Out) => void
  reject: (err: Error) => void
  timer?: NodeJS.Timeout
}

/** A worker of a pool and the job it runs, if any. */
export interface WorkerSlot<J> {
  worker: Worker
  ready: boolean
  job: J | null
}

/**
 * The slot's job an answer naming `id` settles, taken off the slot: its timer stopped and the worker,
 * idle again, unref'd. Null for an answer of no job the slot runs (one already given up on).
 */
export function takeAnsweredJob<J extends PendingJob<never>>(slot: WorkerSlot<J>, id: unknown): J | null {
  const job = slot.job
  if (!job || id !== job.id) return null
  clearTimeout(job.timer)
  slot.job = null
  slot.worker.unref()
  return job
}

/** Starts a worker thread on `entry`, TypeScript included. */
export function startWorker(entry: WorkerEntry, options: WorkerOptions = {}): Worker {
  const ts = !!entry.typescript
  return new Worker(ts ? workerBootstrap(entry.file) : entry.file, { ...options, eval: ts, execArgv: entry.execArgv })
}

/**
 * `execArgv: ['--import', 'tsx']` does not make Node 20 load a .ts worker entry (the hooks
 * arrive after the entry is resolved), so a TypeScript worker starts from a small bootstrap that
 * registers tsx inside the worker and then imports the entry.
 */
function workerBootstrap(file: string): string {
  // the package's "import" condition: dist/esm/api/index.mjs
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api')
  const tsxApi = pathToFileURL(cjs.replace(/index\.cjs$/, 'index.mjs')).href
  return `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(file).href)}) })`
}
