import { randomUUID } from 'node:crypto'
import { CompanyMsg, HQ_COMPANY_ID, Msg, rechargeSeatsInUseMessage } from '@app/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companies } from '../../src/db/schema/index.js'
import { consumeUploadTime, refundUploadTime } from '../../src/modules/quota/service.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000 })
  hq = await env.token()
})
afterAll(async () => env?.close())

/** A fresh request id: each top-up in these tests is a new one unless a test repeats it on purpose. */
const rid = () => randomUUID()

const counters = async (id: number) => {
  const [c] = await env.db.select().from(companies).where(eq(companies.id, id))
  return { remainingTimes: c!.remainingTimes, useTimes: c!.useTimes, userAmount: c!.userAmount }
}

describe('top-up and expansion', () => {
  test('recharge adds upload times and records times, company and operator', async () => {
    const c = await makeCompany(env.db, '充值基地')
    const res = await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${c.id}&times=50&userId=999&requestId=${rid()}`)
    expect(res.code).toBe(200)
    expect(res.message).toBe(CompanyMsg.recharged)
    expect(res.data.record).toMatchObject({ companyId: c.id, companyName: '充值基地', times: 50, type: 1, typeName: '上传次数', userName: '超级管理员' })
    expect(res.data.company.remainingTimes).toBe(50)
    await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${c.id}&times=5&requestId=${rid()}`)
    expect(await counters(c.id)).toMatchObject({ remainingTimes: 55, useTimes: 0 })
  })

  test('rechargeAmount adds sub-account quota', async () => {
    const c = await makeCompany(env.db, '扩容基地')
    const res = await env.call(hq, 'POST', `/api/rechargeRecord/rechargeAmount?companyId=${c.id}&times=3&requestId=${rid()}`)
    expect(res.message).toBe(CompanyMsg.expanded)
    expect(res.data.record).toMatchObject({ type: 2, typeName: '子账号数量', times: 3 })
    expect((await counters(c.id)).userAmount).toBe(3)
  })

  test('a sub-account top-up cannot be corrected or withdrawn below the seats the base uses', async () => {
    const c = await makeCompany(env.db, '占用席位基地')
    const expand = await env.call(hq, 'POST', `/api/rechargeRecord/rechargeAmount?companyId=${c.id}&times=3&requestId=${rid()}`)
    for (const n of [1, 2]) await makeUser(env.db, { phone: `1370000${c.id.toString().padStart(3, '0')}${n}`, role: 'operator', companyIds: [c.id] })
    const id = expand.data.record.id
    const lower = await env.call(hq, 'PUT', `/api/rechargeRecord/update/${id}`, { times: 1 })
    expect(lower.status).toBe(409)
    expect(lower.message).toBe(rechargeSeatsInUseMessage(2))
    expect((await env.call(hq, 'DELETE', `/api/rechargeRecord/delete/${id}`)).message).toBe(rechargeSeatsInUseMessage(2))
    expect((await counters(c.id)).userAmount).toBe(3)
    // down to exactly the seats in use is allowed
    expect((await env.call(hq, 'PUT', `/api/rechargeRecord/update/${id}`, { times: 2 })).code).toBe(200)
    expect((await counters(c.id)).userAmount).toBe(2)
  })

  test('validation: times and company are required whole numbers in range; unknown company is 404', async () => {
    const c = await makeCompany(env.db, '校验基地')
    const cases: [string, string][] = [
      [`companyId=${c.id}`, '充值次数不能为空'],
      [`companyId=${c.id}&times=`, '充值次数不能为空'],
      [`companyId=${c.id}&times=abc`, '充值次数必须是整数'],
      [`companyId=${c.id}&times=1.5`, '充值次数必须是整数'],
      [`companyId=${c.id}&times=0`, '充值次数不能小于1'],
      [`companyId=${c.id}&times=-3`, '充值次数不能小于1'],
      [`companyId=${c.id}&times=1000001`, '充值次数不能大于1000000'],
      ['times=5', '充值基地不能为空'],
    ]
    for (const [query, message] of cases) {
      const res = await env.call(hq, 'POST', `/api/rechargeRecord/recharge?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.message, query).toBe(message)
    }
    expect((await env.call(hq, 'POST', `/api/rechargeRecord/rechargeAmount?companyId=${c.id}&times=0&requestId=${rid()}`)).message).toBe('新增子账号数量不能小于1')
    expect((await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=999999&times=5&requestId=${rid()}`)).status).toBe(404)
  })

  test('a base administrator cannot top up (403), not even their own base', async () => {
    const c = await makeCompany(env.db, '自充基地')
    const user = await makeUser(env.db, { phone: '13720000001', companyIds: [c.id] })
    const token = await env.token(user.phone, user.password)
    for (const url of [`/api/rechargeRecord/recharge?companyId=${c.id}&times=5&requestId=${rid()}`, `/api/rechargeRecord/rechargeAmount?companyId=${c.id}&times=5&requestId=${rid()}`, '/api/rechargeRecord/find/']) {
      expect((await env.call(token, 'POST', url, {})).status).toBe(403)
    }
    expect((await counters(c.id)).remainingTimes).toBe(0)
  })
})

describe('top-up request id (a double submit tops up once)', () => {
  const records = async (companyId: number) => (await env.call(hq, 'POST', '/api/rechargeRecord/find/', { companyId })).data.totalCount

  test('the request id is required and checked, on every top-up route', async () => {
    const c = await makeCompany(env.db, '编号基地')
    for (const path of ['recharge', 'rechargeAmount']) {
      const missing = await env.call(hq, 'POST', `/api/rechargeRecord/${path}?companyId=${c.id}&times=5`)
      expect(missing.status).toBe(400)
      expect(missing.message).toBe('充值请求编号不能为空，请刷新页面后重试')
      const bad = await env.call(hq, 'POST', `/api/rechargeRecord/${path}?companyId=${c.id}&times=5&requestId=${encodeURIComponent("x' or 1=1 --")}`)
      expect(bad.status).toBe(400)
      expect(bad.message).toBe('充值请求编号格式不正确')
    }
    const save = await env.call(hq, 'POST', '/api/rechargeRecord/save', { companyId: c.id, times: 3 })
    expect(save.status).toBe(400)
    expect(save.message).toBe('充值请求编号不能为空，请刷新页面后重试')
    expect(await counters(c.id)).toMatchObject({ remainingTimes: 0, userAmount: 0 })
    expect(await records(c.id)).toBe(0)
  })

  test('the same request sent twice tops up once and both answers show the same record', async () => {
    const c = await makeCompany(env.db, '重复提交基地')
    const id = rid()
    const first = await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${c.id}&times=30&requestId=${id}`)
    const again = await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${c.id}&times=30&requestId=${id}`)
    expect(first.code).toBe(200)
    expect(again.code).toBe(200)
    expect(again.message).toBe(CompanyMsg.recharged)
    expect(again.data.record).toEqual(first.data.record)
    expect(again.data.company.remainingTimes).toBe(30)
    expect(await counters(c.id)).toMatchObject({ remainingTimes: 30 })
    expect(await records(c.id)).toBe(1)

    const saveId = rid()
    const saved = await env.call(hq, 'POST', '/api/rechargeRecord/save', { companyId: c.id, times: 4, type: 2, requestId: saveId })
    const savedAgain = await env.call(hq, 'POST', '/api/rechargeRecord/save', { companyId: c.id, times: 4, type: 2, requestId: saveId })
    expect(savedAgain.status).toBe(200)
    expect(savedAgain.data).toEqual(saved.data)
    expect(await counters(c.id)).toMatchObject({ remainingTimes: 30, userAmount: 4 })
  })

  test('10 parallel submits of one request: one top-up, every answer the same record', async () => {
    const c = await makeCompany(env.db, '并发提交基地')
    const id = rid()
    const answers = await Promise.all(Array.from({ length: 10 }, () =>
      env.call(hq, 'POST', `/api/rechargeRecord/rechargeAmount?companyId=${c.id}&times=6&requestId=${id}`)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((a) => a.data.record.id)).size).toBe(1)
    expect(await counters(c.id)).toMatchObject({ userAmount: 6 })
    expect(await records(c.id)).toBe(1)
  })

  test('a request id reused for another company, amount or type is refused (409) and changes nothing', async () => {
    const a = await makeCompany(env.db, '复用甲')
    const b = await makeCompany(env.db, '复用乙')
    const id = rid()
    expect((await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${a.id}&times=10&requestId=${id}`)).status).toBe(200)
    for (const url of [
      `/api/rechargeRecord/recharge?companyId=${b.id}&times=10&requestId=${id}`,
      `/api/rechargeRecord/recharge?companyId=${a.id}&times=11&requestId=${id}`,
      `/api/rechargeRecord/rechargeAmount?companyId=${a.id}&times=10&requestId=${id}`,
    ]) {
      const res = await env.call(hq, 'POST', url)
      expect(res.status, url).toBe(409)
      expect(res.message).toBe('该充值请求编号已用于另一笔充值，请刷新页面后重试')
    }
    expect(await counters(a.id)).toMatchObject({ remainingTimes: 10, userAmount: 0 })
    expect(await counters(b.id)).toMatchObject({ remainingTimes: 0 })
    expect(await records(a.id) + await records(b.id)).toBe(1)
  })

  test('a top-up refused for an unknown base keeps its request id free', async () => {
    const id = rid()
    expect((await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=999999&times=5&requestId=${id}`)).status).toBe(404)
    const c = await makeCompany(env.db, '后到基地')
    expect((await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${c.id}&times=5&requestId=${id}`)).status).toBe(200)
    expect(await counters(c.id)).toMatchObject({ remainingTimes: 5 })
  })
})

describe('recharge record list', () => {
  test('filters by company and date range; newest first; save, update, delete move the counter', async () => {
    const a = await makeCompany(env.db, '记录甲')
    const b = await makeCompany(env.db, '记录乙')
    await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${a.id}&times=10&requestId=${rid()}`)
    await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${a.id}&times=20&requestId=${rid()}`)
    await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${b.id}&times=7&requestId=${rid()}`)
    const list = await env.call(hq, 'POST', '/api/rechargeRecord/find/', { companyId: a.id, page: 1, size: 20 })
    expect(list.data.totalCount).toBe(2)
    expect(list.data.data.map((r: { times: number }) => r.times)).toEqual([20, 10])
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
    expect((await env.call(hq, 'POST', '/api/rechargeRecord/find/', { companyId: a.id, createTimeQuery: [today, today] })).data.totalCount).toBe(2)
    expect((await env.call(hq, 'POST', '/api/rechargeRecord/find/', { companyId: a.id, createTimeQuery: ['2000-01-01', '2000-01-02'] })).data.totalCount).toBe(0)
    expect((await env.call(hq, 'POST', '/api/rechargeRecord/find/', { companyId: a.id, createTimeQuery: 'not a date' })).message).toBe('充值时间格式不正确')
    expect((await env.call(hq, 'POST', '/api/rechargeRecord/findCenter', {})).data.totalCount).toBeGreaterThanOrEqual(3)

    const saved = await env.call(hq, 'POST', '/api/rechargeRecord/save', { companyId: b.id, times: 3, type: 1, requestId: rid() })
    expect(saved.message).toBe(Msg.created)
    expect((await counters(b.id)).remainingTimes).toBe(10)
    const updated = await env.call(hq, 'PUT', `/api/rechargeRecord/update/${saved.data.id}`, { times: 5 })
    expect(updated.message).toBe(Msg.updated)
    expect((await counters(b.id)).remainingTimes).toBe(12)
    expect((await env.call(hq, 'DELETE', `/api/rechargeRecord/delete/${saved.data.id}`)).message).toBe(Msg.deleted)
    expect((await counters(b.id)).remainingTimes).toBe(7)
    expect((await env.call(hq, 'DELETE', `/api/rechargeRecord/delete/${saved.data.id}`)).status).toBe(404)
    expect((await env.call(hq, 'PUT', `/api/rechargeRecord/update/${list.data.data[0].id}`, { times: 0 })).message).toBe('充值次数不能小于1')
  })

  test('a top-up already used up cannot be withdrawn', async () => {
    const c = await makeCompany(env.db, '已用基地')
    const r = await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${c.id}&times=2&requestId=${rid()}`)
    await consumeUploadTime(env.db, c.id)
    const del = await env.call(hq, 'DELETE', `/api/rechargeRecord/delete/${r.data.record.id}`)
    expect(del.status).toBe(409)
    expect(del.message).toBe('剩余上传次数不足，无法减少')
    expect(await counters(c.id)).toMatchObject({ remainingTimes: 1, useTimes: 1 })
  })

  test('export: CSV with BOM of the filtered records', async () => {
    const c = await makeCompany(env.db, '导出记录基地')
    await env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${c.id}&times=9&requestId=${rid()}`)
    const res = await env.app.inject({ method: 'GET', url: `/api/rechargeRecord/export/${c.id}`, headers: { authorization: `Bearer ${hq}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('充值记录.csv'))
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe('编号,充值基地,充值类型,充值次数,操作人,充值时间')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(',导出记录基地,上传次数,9,超级管理员,')
    const all = await env.app.inject({ method: 'GET', url: `/api/rechargeRecord/export/${HQ_COMPANY_ID}`, headers: { authorization: `Bearer ${hq}` } })
    expect(all.body.trim().split('\r\n').length).toBeGreaterThan(2)

    // the 类型 filter reaches the export too
    await env.call(hq, 'POST', `/api/rechargeRecord/rechargeAmount?companyId=${c.id}&times=2&requestId=${rid()}`)
    const byType = await env.app.inject({ method: 'GET', url: `/api/rechargeRecord/export/${c.id}?type=2`, headers: { authorization: `Bearer ${hq}` } })
    const typed = byType.body.replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(typed).toHaveLength(2)
    expect(typed[1]).toContain(',导出记录基地,子账号数量,2,')
  })
})

describe('upload quota (consumeUploadTime)', () => {
  test('each call uses one time; none left gives a clear 400; headquarters is exempt', async () => {
    const c = await makeCompany(env.db, '配额基地', { remainingTimes: 2 })
    expect(await consumeUploadTime(env.db, c.id)).toMatchObject({ remainingTimes: 1, useTimes: 1 })
    expect(await consumeUploadTime(env.db, c.id)).toMatchObject({ remainingTimes: 0, useTimes: 2 })
    await expect(consumeUploadTime(env.db, c.id)).rejects.toMatchObject({ status: 400, message: '上传次数已用完，请联系管理员充值' })
    await refundUploadTime(env.db, c.id)
    expect(await counters(c.id)).toMatchObject({ remainingTimes: 1, useTimes: 1 })
    const before = await counters(HQ_COMPANY_ID)
    expect((await consumeUploadTime(env.db, HQ_COMPANY_ID)).remainingTimes).toBeNull()
    expect(await counters(HQ_COMPANY_ID)).toMatchObject({ remainingTimes: before.remainingTimes, useTimes: before.useTimes + 1 })
    await expect(consumeUploadTime(env.db, 999999)).rejects.toMatchObject({ status: 404 })
  })

  test('20 concurrent uploads with 10 times left: exactly 10 succeed and the counters stay exact', async () => {
    const c = await makeCompany(env.db, '并发基地', { remainingTimes: 10 })
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => consumeUploadTime(env.db, c.id)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10)
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(refused).toHaveLength(10)
    for (const r of refused) expect(r.reason.message).toBe(CompanyMsg.uploadTimesUsedUp)
    expect(await counters(c.id)).toMatchObject({ remainingTimes: 0, useTimes: 10 })
  })

  test('concurrent top-ups and uploads never lose a count', async () => {
    const c = await makeCompany(env.db, '混合基地', { remainingTimes: 5 })
    const work = [
      ...Array.from({ length: 10 }, () => env.call(hq, 'POST', `/api/rechargeRecord/recharge?companyId=${c.id}&times=1&requestId=${rid()}`)),
      ...Array.from({ length: 10 }, () => consumeUploadTime(env.db, c.id).catch(() => null)),
    ]
    const out = await Promise.all(work)
    const used = out.slice(10).filter(Boolean).length
    const after = await counters(c.id)
    expect(after.useTimes).toBe(used)
    expect(after.remainingTimes).toBe(5 + 10 - used)
  })
})
