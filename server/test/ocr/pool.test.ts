/** Pool behaviour: typed errors from workers, bounded queue, time limit with worker replacement. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TicketImageError } from '../../src/ocr/image.js'
import { OcrBusyError, OcrPool, OcrTimeoutError, resolveWorkerEntry } from '../../src/ocr/pool.js'
import { UserRegexError } from '../../src/ocr/safeRegex.js'
import type { ExtractionRule, ReceiptFormat } from '../../src/ocr/types.js'
import { SLOW_TEST_MS } from '../timing.js'
import { FIXTURES } from './accuracy.js'

const ticket = fs.readFileSync(path.join(FIXTURES, 'tickets/B1_001.jpg'))
const pools: OcrPool[] = []
afterAll(() => Promise.all(pools.map((p) => p.close())))
/** a generous slack over a deadline, for a machine busy with other work: unbounded, each pattern below runs for hours or never ends */
const LOADED_SLACK_MS = 30_000

// workers load their models, and read tickets, several times slower on a loaded machine
describe('OcrPool', { timeout: SLOW_TEST_MS }, () => {
  it('resolves the worker entry to the TypeScript source in development', () => {
    const e = resolveWorkerEntry()
    expect(e.file).toMatch(/worker\.ts$/)
    expect(e.typescript).toBe(true)
  })

  it('rejects with 429 when the queue is full and answers typed image errors', async () => {
    // the time limit is not under test here: a loaded machine reads a ticket in tens of seconds
    const pool = new OcrPool({ size: 1, maxQueue: 1, timeoutMs: SLOW_TEST_MS })
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
  })

  it('terminates and replaces a worker over the time limit', async () => {
    const pool = new OcrPool({ size: 1, timeoutMs: 50 })
    pools.push(pool)
    await pool.ready()
    const phone = fs.readFileSync(path.join(FIXTURES, 'tickets-phone/B2_004.jpg'))
    await expect(pool.analyze({ buffer: phone, fileType: 2 })).rejects.toBeInstanceOf(OcrTimeoutError)
    expect(pool.stats().size).toBe(1)
    await pool.ready() // the replacement loads
    expect(pool.stats().ready).toBe(1)
  })

  describe('rule tests on pasted text', () => {
    const format: ReceiptFormat = { id: 1, name: '测试发货单', type: 1, regular: '', rankcom: 1 }
    const rule = (valueRegular: string): ExtractionRule => ({ id: 9, property: 'deliveryNetWeight', receiptFormatId: 1, valueRegular })
    const text = ['测试水泥发货单', '净重：35.20吨'].join('\n')
    let pool: OcrPool
    const deadline = 1000

    /** the longest the main thread's event loop went without a turn while `work` ran */
    async function longestStall(work: Promise<unknown>) {
      let last = performance.now()
      let worst = 0
      const timer = setInterval(() => {
        const now = performance.now()
        worst = Math.max(worst, now - last)
        last = now
      }, 5)
      await work.catch(() => undefined)
      clearInterval(timer)
      return worst
    }

    it('runs the rules in a worker', async () => {
      pool = new OcrPool({ size: 1, textDeadlineMs: deadline })
      pools.push(pool)
      await pool.ready()
      const r = await pool.analyzeText({ text, fileType: 1, formats: [format], rules: [rule('净重[:：]?\\s*(\\d+\\.?\\d*)')] })
      expect(r.fields.deliveryNetWeight).toBe(35.2)
      expect(r.meta.deliveryNetWeight?.source).toBe('rule')
      expect(r.format).toEqual({ id: 1, name: '测试发货单' })
    })

    it('abandons a catastrophic pattern at the one deadline, without stalling this thread', async () => {
      const lines = Array.from({ length: 20 }, () => 'a'.repeat(40) + '!').join('\n')
      const t0 = performance.now()
      const job = pool.analyzeText({ text: lines, fileType: 1, formats: [format], rules: [rule('(a+)+$')] })
      const stall = await longestStall(job)
      await expect(job).rejects.toThrow(new UserRegexError('timeout', `规则测试超过 ${deadline / 1000} 秒仍未完成，已停止：正则表达式“(a+)+$”耗时过长，请简化`))
      await expect(job).rejects.toMatchObject({ status: 400 })
      const took = performance.now() - t0
      expect(took).toBeGreaterThanOrEqual(deadline - 50)
      // unbounded, this pattern runs for hours (2^40 steps)
      expect(took).toBeLessThan(deadline + LOADED_SLACK_MS)
      // run on this thread, the pattern would hold it until the deadline: this thread was never held that long
      expect(stall).toBeLessThan(deadline * 0.8)
      // the same worker answers the next test
      expect((await pool.analyzeText({ text, fileType: 1, formats: [format], rules: [] })).fields.deliveryNetWeight).toBe(35.2)
      expect(pool.stats()).toMatchObject({ size: 1, ready: 1, busy: 0 })
    })

    it('gives up on a worker that does not answer a text job after the deadline, and replaces it', async () => {
      // a stand-in worker that loads no model and never answers a text job (stuck outside any pattern)
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pool-')), 'stuck-worker.mjs')
      fs.writeFileSync(file, `import { parentPort } from 'node:worker_threads'
        parentPort.on('message', (m) => { if (m.type === 'text') for (;;) {} })
        parentPort.postMessage({ type: 'ready' })`)
      const stuck = new OcrPool({ size: 1, textDeadlineMs: 300, entry: { file, execArgv: [] } })
      pools.push(stuck)
      await stuck.ready()
      const t0 = performance.now()
      await expect(stuck.analyzeText({ text, fileType: 1 })).rejects.toThrow(new UserRegexError('timeout', '规则测试超过 0.3 秒仍未完成，已停止，请简化规则或减少粘贴的文字'))
      expect(performance.now() - t0).toBeLessThan(300 + 1000 + LOADED_SLACK_MS)
      await stuck.ready()
      expect(stuck.stats()).toMatchObject({ size: 1, ready: 1, busy: 0 })
    })

    it('bounds an accepted (cubic) pattern on a huge pasted line by the same deadline', async () => {
      const huge = '1'.repeat(20_000)
      const t0 = performance.now()
      const job = pool.analyzeText({ text: huge, fileType: 1, formats: [format], rules: [rule('(\\d+\\.?\\d*)\\s*(吨|t)')] })
      await expect(job).rejects.toMatchObject({ name: 'UserRegexError', status: 400, code: 'timeout' })
      expect(performance.now() - t0).toBeLessThan(deadline + LOADED_SLACK_MS)
    })
  })
})
