import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settlementTolerances, transports } from '../../src/db/schema/index.js'
import { toleranceFor } from '../../src/modules/transports/tolerance.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { insertTransports, transportRow, twoBases } from './setup.js'

let env: TestEnv
let s: Awaited<ReturnType<typeof twoBases>>
let ids: Record<string, number>

beforeAll(async () => {
  env = await createTestApp()
  s = await twoBases(env)
  const rows = await insertTransports(env, [
    transportRow(s.a.id, { deliveryPlateNumber: 'over', poundDiff: 1.2, dangerLevel: 1 }),
    transportRow(s.a.id, { deliveryPlateNumber: 'both', poundDiff: -1.5, dangerLevel: 3 }),
    transportRow(s.a.id, { deliveryPlateNumber: 'modified', poundDiff: 0.3, dangerLevel: 2 }),
    transportRow(s.a.id, { deliveryPlateNumber: 'fine', poundDiff: 0.5, dangerLevel: null }),
    transportRow(s.a.id, { deliveryPlateNumber: 'other unit', poundDiff: 1.2, dangerLevel: 1, signSettlement: '西部结算' }),
    transportRow(s.a.id, { deliveryPlateNumber: 'other unit 2', poundDiff: 0.1, signSettlement: '西部结算' }),
    transportRow(s.b.id, { deliveryPlateNumber: 'b', poundDiff: 1.2, dangerLevel: 1 }),
  ])
  ids = Object.fromEntries(rows.map((r) => [r.deliveryPlateNumber!, r.id]))
})
afterAll(async () => { await env?.close() })

const find = (token: string, body?: unknown) => env.call(token, 'POST', '/api/logistics/tolerance/find', body)
const save = (token: string, body: unknown) => env.call(token, 'POST', '/api/logistics/tolerance/save', body)
const levels = async () => Object.fromEntries((await env.db.select({ id: transports.id, level: transports.dangerLevel }).from(transports)).map((r) => [r.id, r.level]))

describe('pound-difference tolerances', () => {
  it('lists the base\'s settlement units, most used first, with the default 1 t', async () => {
    const res = await find(s.tokenA)
    expect(res.status).toBe(200)
    expect(res.data).toEqual([
      { settlement: '华东结算', unit: 'ton', value: 1, saved: false, transports: 4 },
      { settlement: '西部结算', unit: 'ton', value: 1, saved: false, transports: 2 },
    ])
    // B's list is B's: A naming B is refused
    expect(await find(s.tokenA, { companyId: s.b.id })).toMatchObject({ status: 404, message: '基地不存在' })
    expect((await find(s.tokenB)).data).toEqual([{ settlement: '华东结算', unit: 'ton', value: 1, saved: false, transports: 1 }])
    expect((await find(s.hq, { companyId: s.a.id })).data).toHaveLength(2)
  })

  it('saves a tolerance and recolours the unit\'s transports, keeping the modified-weight mark', async () => {
    const before = await levels()
    const res = await save(s.tokenA, { settlement: '华东结算', unit: 'ton', value: 1.4 })
    expect([res.status, res.message]).toEqual([200, '保存成功'])
    expect(res.data).toEqual({ settlement: '华东结算', unit: 'ton', value: 1.4, saved: true, transports: 4 })
    const after = await levels()
    expect(after[ids['over']!]).toBeNull()
    expect(after[ids['both']!]).toBe(3)
    expect(after[ids['modified']!]).toBe(2)
    expect(after[ids['fine']!]).toBeNull()
    // other units and other bases untouched
    expect(after[ids['other unit']!]).toBe(before[ids['other unit']!])
    expect(after[ids['b']!]).toBe(1)

    // per mille of the delivery net weight (32.5 t): 10‰ = 0.33 t
    await save(s.tokenA, { settlement: '华东结算', unit: 'permille', value: '10' })
    const strict = await levels()
    expect([strict[ids['over']!], strict[ids['both']!], strict[ids['modified']!], strict[ids['fine']!]]).toEqual([1, 3, 2, 1])
    expect(await toleranceFor(env.db, s.a.id, '华东结算')).toEqual({ unit: 'permille', value: 10 })
    expect(await toleranceFor(env.db, s.a.id, '西部结算')).toEqual({ unit: 'ton', value: 1 })
    expect(await toleranceFor(env.db, s.b.id, '华东结算')).toEqual({ unit: 'ton', value: 1 })

    const listed = (await find(s.tokenA)).data
    expect(listed[0]).toEqual({ settlement: '华东结算', unit: 'permille', value: 10, saved: true, transports: 4 })
  })

  it('keeps a saved unit that no transport uses yet, and a base user saves for its own base only', async () => {
    expect(await save(s.tokenB, { companyId: s.a.id, settlement: '新结算单位', unit: 'ton', value: 2 })).toMatchObject({ status: 404, message: '基地不存在' })
    const res = await save(s.tokenB, { settlement: '新结算单位', unit: 'ton', value: 2 })
    expect(res.status).toBe(200)
    const rows = await env.db.select().from(settlementTolerances).where(eq(settlementTolerances.settlement, '新结算单位'))
    expect(rows.map((r) => r.companyId)).toEqual([s.b.id])
    expect((await find(s.tokenB)).data).toContainEqual({ settlement: '新结算单位', unit: 'ton', value: 2, saved: true, transports: 0 })
    expect((await find(s.tokenA)).data.map((t: { settlement: string }) => t.settlement)).not.toContain('新结算单位')
    // headquarters saves for the base it names
    await save(s.hq, { companyId: s.a.id, settlement: '总部设的', unit: 'ton', value: 3 })
    expect((await find(s.tokenA)).data.map((t: { settlement: string }) => t.settlement)).toContain('总部设的')
  })

  it('refuses values out of range, unknown units and missing fields in Chinese', async () => {
    const cases: [unknown, string][] = [
      [{ unit: 'ton', value: 1 }, '结算单位不能为空'],
      [{ settlement: '  ', unit: 'ton', value: 1 }, '结算单位不能为空'],
      [{ settlement: 'x'.repeat(101), unit: 'ton', value: 1 }, '结算单位不能超过100个字符'],
      [{ settlement: '华东结算', value: 1 }, '容差单位不能为空'],
      [{ settlement: '华东结算', unit: 'kg', value: 1 }, '容差单位只能是ton（吨）或permille（千分比）'],
      [{ settlement: '华东结算', unit: 'ton' }, '容差不能为空'],
      [{ settlement: '华东结算', unit: 'ton', value: 'abc' }, '容差必须是数字'],
      [{ settlement: '华东结算', unit: 'ton', value: 0 }, '按吨计的容差应在0.01到100吨之间'],
      [{ settlement: '华东结算', unit: 'ton', value: -1 }, '按吨计的容差应在0.01到100吨之间'],
      [{ settlement: '华东结算', unit: 'ton', value: 101 }, '按吨计的容差应在0.01到100吨之间'],
      [{ settlement: '华东结算', unit: 'permille', value: 1001 }, '按千分比计的容差应在0.1‰到1000‰之间'],
      [{ settlement: '华东结算', unit: 'ton', value: 1.0001 }, '容差最多保留3位小数'],
      [{ settlement: '华东结算', unit: 'ton', value: '1e400' }, '容差必须是数字'],
      [{ companyId: 'x', settlement: '华东结算', unit: 'ton', value: 1 }, '基地必须是整数'],
    ]
    for (const [body, message] of cases) {
      const res = await save(s.tokenA, body)
      expect([res.status, res.message], JSON.stringify(body)).toEqual([400, message])
    }
    expect((await save(s.inspector, { settlement: '华东结算', unit: 'ton', value: 1 })).status).toBe(403)
    expect((await find(s.inspector)).status).toBe(403)
  })
})
