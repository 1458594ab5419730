import { describe, expect, test } from 'vitest'
import { WorkQueue } from '../../src/platform/imageQueue.js'

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => { resolve = r })
  return { promise, resolve }
}
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('the bounded image-work queue', () => {
  test('runs at most `concurrency` tasks, in arrival order; one more than the waiting room is refused at once', async () => {
    const queue = new WorkQueue(2, 2, () => new Error('busy'))
    const gates = Array.from({ length: 4 }, deferred)
    const started: number[] = []
    const runs = gates.map((g, i) => queue.run(async () => { started.push(i); await g.promise; return i }))
    await tick()
    expect(started).toEqual([0, 1])
    await expect(queue.run(async () => 'late')).rejects.toThrow('busy')

    gates[1]!.resolve()
    await tick()
    expect(started).toEqual([0, 1, 2])
    gates[0]!.resolve()
    gates[2]!.resolve()
    gates[3]!.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3])
    // a failed task frees its place too
    await expect(queue.run(async () => { throw new Error('bad picture') })).rejects.toThrow('bad picture')
    expect(await queue.run(async () => 'free again')).toBe('free again')
  })
})
