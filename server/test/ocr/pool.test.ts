/** Pool behaviour: typed errors from workers, bounded queue, time limit with worker replacement. */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TicketImageError } from '../../src/ocr/image.js'
import { OcrBusyError, OcrPool, OcrTimeoutError, resolveWorkerEntry } from '../../src/ocr/pool.js'
import { FIXTURES } from './accuracy.js'

const ticket = fs.readFileSync(path.join(FIXTURES, 'tickets/B1_001.jpg'))
const pools: OcrPool[] = []
afterAll(() => Promise.all(pools.map((p) => p.close())))

describe('OcrPool', () => {
  it('resolves the worker entry to the TypeScript source in development', () => {
    const e = resolveWorkerEntry()
    expect(e.file).toMatch(/worker\.ts$/)
    expect(e.typescript).toBe(true)
  })

  it('rejects with 429 when the queue is full and answers typed image errors', async () => {
    const pool = new OcrPool({ size: 1, maxQueue: 1, timeoutMs: 20_000 })
    pools.push(pool)
    await pool.ready()
    const a = pool.analyze({ buffer: ticket, fileType: 1 }) // runs
    const b = pool.analyze({ buffer: ticket, fileType: 1 }) // queued
    const c = pool.analyze({ buffer: ticket, fileType: 1 })
    await expect(c).rejects.toBeInstanceOf(OcrBusyError)
    await expect(c).rejects.toMatchObject({ status: 429, message: '识别任务繁忙，请稍后再试' })
    const [ra, rb] = await Promise.all([a, b])
    expect(ra.fields.deliveryNetWeight).toBe(32)
    expect(rb.fields.deliveryPlateNumber).toBe('冀LS0VD6')

    const bad = pool.analyze({ buffer: Buffer.from('not an image'), fileType: 1 })
    await expect(bad).rejects.toBeInstanceOf(TicketImageError)
    await expect(bad).rejects.toMatchObject({ status: 400 })
  }, 120_000)

  it('terminates and replaces a worker over the time limit', async () => {
    const pool = new OcrPool({ size: 1, timeoutMs: 50 })
    pools.push(pool)
    await pool.ready()
    const phone = fs.readFileSync(path.join(FIXTURES, 'tickets-phone/B2_004.jpg'))
    await expect(pool.analyze({ buffer: phone, fileType: 2 })).rejects.toBeInstanceOf(OcrTimeoutError)
    expect(pool.stats().size).toBe(1)
    await pool.ready() // the replacement loads
    expect(pool.stats().ready).toBe(1)
  }, 120_000)
})
