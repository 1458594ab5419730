/** `GET`/`PUT /users/settings/{key}`: a signed-in user's own grid layout, validated, at most 16 KB, never another user's. */
import { GRID_LAYOUT_MAX_COLUMNS, RequestMsg, USER_SETTING_MAX_BYTES, UserSettingMsg, type GridLayout } from '@app/contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let hq: string
let base: string
let colleague: string
const url = '/api/users/settings/transportGrid'
const layout: GridLayout = { order: ['signTime', 'createTime', 'deliveryCarrier'], hidden: ['deliveryPicUrl'], widths: { createTime: 180, deliveryCarrier: 240 } }

beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000 })
  hq = await env.token()
  const company = await makeCompany(env.db, '设置基地')
  const a = await makeUser(env.db, { phone: '13911110001', role: 'operator', companyIds: [company.id] })
  const b = await makeUser(env.db, { phone: '13911110002', role: 'subAccount', companyIds: [company.id] })
  base = await env.token(a.phone, a.password)
  colleague = await env.token(b.phone, b.password)
})
afterAll(async () => env?.close())

describe('own layout', () => {
  test('nothing saved yet answers null; a save is read back and a second save replaces it', async () => {
    expect(await env.call(base, 'GET', url)).toMatchObject({ status: 200, data: null })
    const saved = await env.call(base, 'PUT', url, layout)
    expect(saved).toMatchObject({ status: 200, message: UserSettingMsg.saved, data: layout })
    expect((await env.call(base, 'GET', url)).data).toEqual(layout)
    const next = { ...layout, hidden: [] }
    await env.call(base, 'PUT', url, next)
    expect((await env.call(base, 'GET', url)).data).toEqual(next)
  })

  test('any signed-in user has one, whatever their role; without a session it is refused', async () => {
    expect((await env.call(colleague, 'GET', url)).status).toBe(200)
    expect((await env.call(hq, 'PUT', url, layout)).status).toBe(200)
    expect((await env.call(null, 'GET', url)).status).toBe(401)
    expect((await env.call(null, 'PUT', url, layout)).status).toBe(401)
  })

  test('another user\'s layout is never read or written: each reads back only their own', async () => {
    const mine = { order: ['phone'], hidden: [], widths: { phone: 99 } }
    const theirs = { order: ['signUser'], hidden: ['phone'], widths: {} }
    await env.call(base, 'PUT', url, mine)
    await env.call(colleague, 'PUT', url, theirs)
    // naming a user anywhere changes nothing: the URL has no user, the body refuses the key, the query is ignored
    expect((await env.call(colleague, 'PUT', `${url}?userId=1`, { ...theirs, userId: 1 })).status).toBe(400)
    await env.call(colleague, 'PUT', `${url}?userId=1`, theirs)
    expect((await env.call(base, 'GET', `${url}?userId=0`)).data).toEqual(mine)
    expect((await env.call(colleague, 'GET', url)).data).toEqual(theirs)
  })
})

describe('validation', () => {
  test('an unknown key is refused naming the allowed ones', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await env.call(base, method, '/api/users/settings/somethingElse', layout)
      expect(res.status).toBe(400)
      expect(res.message).toContain('设置项只能是transportGrid')
    }
  })

  test('every malformed part of a layout gets a Chinese 400', async () => {
    const cases: [unknown, string][] = [
      [{}, '列顺序'],
      [{ ...layout, order: 'createTime' }, '列顺序格式不正确'],
      [{ ...layout, order: ['<script>'] }, '列名只能是'],
      [{ ...layout, order: ['x'.repeat(61)] }, '列名只能是'],
      [{ ...layout, hidden: Array.from({ length: GRID_LAYOUT_MAX_COLUMNS + 1 }, (_, i) => `c${i}`) }, `隐藏列最多${GRID_LAYOUT_MAX_COLUMNS}列`],
      [{ ...layout, widths: { createTime: 10 } }, '列宽不能小于40'],
      [{ ...layout, widths: { createTime: 1e9 } }, '列宽不能大于2000'],
      [{ ...layout, widths: { createTime: 'wide' } }, '列宽必须是数字'],
      [{ ...layout, widths: { createTime: 100.5 } }, '列宽必须是整数'],
      [{ ...layout, extra: 1 }, '无法识别的字段'],
      [[1, 2], '列表设置格式不正确'],
    ]
    for (const [body, message] of cases) {
      const res = await env.call(base, 'PUT', url, body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.message).toContain(message)
    }
    expect((await env.call(base, 'GET', url)).data).not.toHaveProperty('extra')
  })

  test(`a value over ${USER_SETTING_MAX_BYTES / 1024} KB is refused, and a much larger body before it is read`, async () => {
    const keys = (n: number) => Array.from({ length: GRID_LAYOUT_MAX_COLUMNS }, (_, i) => `${'k'.repeat(n)}${String(i).padStart(3, '0')}`)
    // 100 keys of 57 characters in order and hidden, 100 widths: about 19 KB
    const big = { order: keys(57), hidden: keys(57), widths: Object.fromEntries(keys(57).map((k) => [k, 100])) }
    const res = await env.call(base, 'PUT', url, big)
    expect(res.status).toBe(400)
    expect(res.message).toBe(UserSettingMsg.tooLarge)
    const huge = await env.call(base, 'PUT', url, { order: ['a'.repeat(200_000)], hidden: [], widths: {} })
    expect(huge.status).toBe(413)
    expect(huge.message).toBe(RequestMsg.tooLarge)
    // just under the limit is kept
    const fits = { order: keys(30), hidden: keys(30), widths: Object.fromEntries(keys(30).map((k) => [k, 100])) }
    expect((await env.call(base, 'PUT', url, fits)).status).toBe(200)
  })
})
