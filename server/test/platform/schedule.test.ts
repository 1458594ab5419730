/** repeat(): the first run after its delay, then one a period, one at a time; stop waits for a run under way. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { repeat } from '../../src/platform/schedule.js'

afterEach(() => { vi.useRealTimers() })

describe('repeat', () => {
  it('runs once when the first delay is the period, then once a period', async () => {
    vi.useFakeTimers()
    let runs = 0
    const job = repeat(async () => { runs++ }, () => {}, 100)
    await vi.advanceTimersByTimeAsync(99)
    expect(runs).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toBe(1)
    await vi.advanceTimersByTimeAsync(300)
    expect(runs).toBe(4)
    await job.stop()
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(4)
  })

  it('starts early when told, reports a failure and goes on', async () => {
    vi.useFakeTimers()
    const failures: string[] = []
    let runs = 0
    const job = repeat(async () => { if (++runs === 1) throw new Error('boom') }, (err) => failures.push(err.message), 1000, 10)
    await vi.advanceTimersByTimeAsync(10)
    expect(failures).toEqual(['boom'])
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(2)
    await job.stop()
  })
})
