import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { AppError } from '../../src/platform/errors.js'
import { WorkerPool, type WorkerPoolOptions } from '../../src/platform/workerPool.js'
import type { testJobs } from './workerPoolJobs.js'

/** The pool of CPU-heavy jobs on untrusted input: whatever a job does, its request gets an answer and the next job a worker. */
const entry = { file: path.join(import.meta.dirname, 'workerPoolJobs.ts'), execArgv: [], typescript: true }
const failed = Object.fromEntries(['echo', 'refuse', 'bug', 'throwLater', 'hog', 'spin', 'exit', 'wait'].map((k) => [k, `任务 ${k} 失败`])) as WorkerPoolOptions<typeof testJobs>['failed']

let pools: WorkerPool<typeof testJobs>[] = []
function pool(options: Partial<WorkerPoolOptions<typeof testJobs>> = {}) {
  const p = new WorkerPool<typeof testJobs>({ entry, failed, busy: '忙', closed: '已关闭', unavailable: '无法启动', maxOldGenerationSizeMb: 64, ...options })
  pools.push(p)
  return p
}
afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()))
  pools = []
})

const answerOf = (promise: Promise<unknown>) => promise.then(() => ({ status: 200, message: '' }), (err: unknown) => {
  expect(err).toBeInstanceOf(AppError)
  return { status: (err as AppError).status, message: (err as AppError).message }
})

describe('a worker pool', () => {
  test('a worker that cannot start fails the waiting jobs with 503 and its message, and the process goes on', async () => {
    const p = pool({ entry: { ...entry, file: path.join(import.meta.dirname, 'no-such-worker.ts') } })
    expect(await answerOf(p.run('echo', { text: 'x', bytes: Buffer.alloc(0) }))).toEqual({ status: 503, message: '无法启动' })
  })

  test('answers a job with its result, Buffers arriving as bytes', async () => {
    const p = pool()
    const answer = await p.run('echo', { text: '中文', bytes: Buffer.from([1, 2, 3]) })
    expect(answer.text).toBe('中文')
    expect([...answer.bytes]).toEqual([1, 2, 3])
  })

  test('a refusal of the job\'s own keeps its status and message; a bug fails the job with its kind\'s message', async () => {
    const failures: string[] = []
    const p = pool({ onFailure: (kind, reason) => failures.push(`${kind}: ${reason}`) })
    expect(await answerOf(p.run('refuse', '表格不对'))).toEqual({ status: 400, message: '表格不对' })
    expect(await answerOf(p.run('bug', undefined))).toEqual({ status: 422, message: failed.bug })
    expect(failures).toEqual([expect.stringMatching(/^bug: TypeError: a bug/)])
  })

  test('a throw nobody catches, running out of heap, running out of time, or ending the thread: 422, and the next job is served', async () => {
    const failures: string[] = []
    // one worker, so each next job needs the worker that replaced the failed one
    const p = pool({ size: 1, timeoutMs: 8000, onFailure: (kind, reason) => failures.push(`${kind}: ${reason}`) })
    for (const kind of ['throwLater', 'hog', 'spin', 'exit'] as const) {
      expect(await answerOf(p.run(kind, undefined as never)), kind).toEqual({ status: 422, message: failed[kind] })
      expect((await p.run('echo', { text: kind, bytes: new Uint8Array() })).text).toBe(kind)
    }
    expect(failures).toEqual([
      expect.stringMatching(/^throwLater: incorrect header check/),
      expect.stringMatching(/^hog: .*(memory|heap)/i),
      'spin: timed out after 8000 ms',
      'exit: worker exited with code 3',
    ])
    expect(p.stats()).toMatchObject({ size: 1, started: 1, busy: 0, queued: 0 })
  })

  test('a full queue answers 429 at once; closing answers 503 to the running and the waiting', async () => {
    const p = pool({ size: 1, maxQueue: 1 })
    const running = answerOf(p.run('wait', 60_000))
    const waiting = answerOf(p.run('wait', 1))
    expect(await answerOf(p.run('wait', 1))).toEqual({ status: 429, message: '忙' })
    await p.close()
    expect(await running).toEqual({ status: 503, message: '已关闭' })
    expect(await waiting).toEqual({ status: 503, message: '已关闭' })
    expect(await answerOf(p.run('echo', { text: '', bytes: new Uint8Array() }))).toEqual({ status: 503, message: '已关闭' })
  })

  test('jobs asked for together are admitted together or refused together: one place left does not start half a request', async () => {
    const p = pool({ size: 1, maxQueue: 2 })
    const running = answerOf(p.run('wait', 60_000))
    const waiting = answerOf(p.run('wait', 1))
    const queued = p.stats().queued
    // one place left: a pair is refused whole, nothing of it waits
    expect(await answerOf(p.runEach('wait', [2, 3]))).toEqual({ status: 429, message: '忙' })
    expect(p.stats().queued).toBe(queued)
    // the one place still takes a single job
    const single = answerOf(p.runEach('wait', [4]))
    expect(p.stats().queued).toBe(queued + 1)
    expect(await answerOf(p.run('wait', 5))).toEqual({ status: 429, message: '忙' })
    await p.close()
    for (const answer of [running, waiting, single]) expect(await answer).toEqual({ status: 503, message: '已关闭' })
  })

  test('jobs asked for together answer in the order asked', async () => {
    const p = pool({ size: 2 })
    expect(await p.runEach('wait', [30, 1, 10])).toEqual([30, 1, 10])
    await p.close()
  })
})
