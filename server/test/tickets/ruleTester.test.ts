/**
 * The rule tester: a candidate rule is checked like a saved one, and the test runs in the OCR pool
 * under one deadline, so a slow pattern never holds up the server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TEXT_DEADLINE_MS } from '../../src/ocr/pool.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'

let env: TestEnv
let admin: string
beforeAll(async () => {
  env = await createTestApp()
  admin = await env.token()
})
afterAll(async () => env?.close())

const ticket = ['水泥发货单', '生产厂家：测试水泥有限公司', '实发净重：35.20吨', '车号：苏A12345', '运货单位：顺达物流'].join('\n')
const candidate = (over: Record<string, unknown>) => ({ property: 'deliveryNetWeight', receiptFormatId: 1, ...over })
const tryRule = (rule: Record<string, unknown>, text = ticket) => env.call(admin, 'POST', '/api/rule/test', { fileType: 1, text, rule })

/** A picture test: the candidate rule as the form field `rule`, then a JPEG's first bytes. */
const tryRuleOnPicture = (rule: Record<string, unknown>) => env.upload(admin, '/api/rule/testImage?fileType=1', multipart({
  fields: { rule: JSON.stringify(rule) }, file: { name: 't.jpg', type: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]) },
}))

describe('rule tester', () => {
  test('an honest candidate rule extracts its value', async () => {
    const res = await tryRule(candidate({ valueNameRegular: '净重', valueRegular: '净重[:：]?\\s*(\\d+\\.?\\d*)' }))
    expect(res.status).toBe(200)
    expect(res.data.fields.deliveryNetWeight).toBe(35.2)
    expect(res.data.meta.deliveryNetWeight.source).toBe('rule')
    const byValue = await tryRule(candidate({ valueRegular: '净重[:：]?\\s*(\\d+\\.?\\d*)' }))
    expect(byValue.data.fields.deliveryNetWeight).toBe(35.2)
  })

  test('a candidate that backtracks catastrophically is refused like a saved one, naming the field', async () => {
    for (const p of ['(a|a)*$', '((a)+)+$', '(\\d+)*x']) {
      const asValue = await tryRule(candidate({ valueRegular: p }))
      expect(asValue.status, p).toBe(400)
      expect(asValue.message).toBe(`取值表达式：正则表达式可能导致回溯爆炸，请简化：${p}`)
      const asName = await tryRule(candidate({ valueNameRegular: p }))
      expect(asName.status, p).toBe(400)
      expect(asName.message).toBe(`名称表达式：正则表达式可能导致回溯爆炸，请简化：${p}`)
    }
    const res = await tryRuleOnPicture(candidate({ valueRegular: '(a|a)*$' }))
    expect(res.status).toBe(400)
    expect(res.message).toBe('取值表达式：正则表达式可能导致回溯爆炸，请简化：(a|a)*$')
  })

  test('an accepted but slow pattern on a huge pasted text stops at the deadline while the server keeps answering', async () => {
    const slowRule = candidate({ valueRegular: '(\\d+\\.?\\d*)\\s*(吨|t)' }) // cubic: accepted, fine on OCR lines
    const huge = ['水泥发货单', '1'.repeat(19_000)].join('\n')
    await tryRule(slowRule) // the verdict on the pattern is known now; only the run is measured
    const t0 = performance.now()
    const elu0 = performance.eventLoopUtilization()
    let finished = false
    const test = tryRule(slowRule, huge).finally(() => (finished = true))
    const latencies: number[] = []
    while (!finished) {
      const s = performance.now()
      const other = await env.call(admin, 'POST', '/api/receiptFormat/find/', { page: 1, size: 10 })
      expect(other.status).toBe(200)
      latencies.push(performance.now() - s)
      await new Promise((r) => setTimeout(r, 50))
    }
    const res = await test
    const took = performance.now() - t0
    const busy = performance.eventLoopUtilization(elu0).utilization
    console.log(`rule test answered in ${Math.round(took)} ms; event loop busy ${Math.round(busy * 100)}% meanwhile; `
      + `${latencies.length} other requests answered, slowest ${Math.round(Math.max(...latencies))} ms`)
    expect(res.status).toBe(400)
    expect(res.message).toBe(`规则测试超过 ${TEXT_DEADLINE_MS / 1000} 秒仍未完成，已停止：正则表达式“(\\d+\\.?\\d*)\\s*(吨|t)”耗时过长，请简化`)
    // margins for a machine busy with other work: unbounded, the pattern runs for hours on this text
    expect(took).toBeLessThan(TEXT_DEADLINE_MS + 30_000)
    // this thread did not run the pattern: it kept answering other requests meanwhile (running it,
    // the thread would answer none until the pattern ended, and be busy all along)
    expect(latencies.length).toBeGreaterThanOrEqual(3)
    expect(busy).toBeLessThan(0.9)
  })
})
