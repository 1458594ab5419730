/**
 * 检验统计 (KPI): the figures of a known set of reports made through the report API (their moments then
 * set to known instants), by period, lead inspector and base; time per step; the reports behind a
 * figure and their export; a base sees only its own; bad input in Chinese.
 */
import { CompanyMsg, KPI_DEFAULT_DAYS, KpiMsg, Msg, type KpiReport, type KpiStepTemplate, type KpiSummary, type Page, type ReportDetail } from '@app/contract'
import { eq, and } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { reportRecords, reports } from '../../src/db/schema/index.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let hq: string
let admin: string
let operator: string
let otherAdmin: string
let subAccount: string
let a: number
let b: number
const inspectors: Record<'li' | 'zhang' | 'zhao', { id: number; token: string }> = {} as never
let templateId: number
let firstStepKey: string
const ids: Record<string, number> = {}

const MIN = 60_000
/** China time, as the screen names it */
const at = (s: string) => new Date(`${s}+08:00`)
const MARCH = { range: ['2025-03-01', '2025-03-31'] }

const registration = (n: number) => ({
  licenseNumber: `苏K${String(10000 + n)}`, tankerType: '常压车辆', org: '统计物流公司', contactName: '司机', phone: '13912345678',
  latestMaterial: '柴油', outdate: '2027-12-31',
})

async function makeReport(token: string, inspector: { id: number; token: string }, reviewer: string, signer: string, to: 0 | 1 | 3 | 4 | 6, conclusion = '允许使用') {
  const id = (await env.call(token, 'POST', '/api/report/saveFirst', registration(Object.keys(ids).length))).data.id as number
  const ok = (res: { status: number; message: string }) => expect(res.status, res.message).toBe(200)
  if (to === 3) ok(await env.call(token, 'POST', `/api/report/changeStatus/${id}/3`, {}))
  if (to === 0 || to === 3) return id
  ok(await env.call(token, 'POST', `/api/report/start/${id}`, { inspectorId: inspector.id, templateId }))
  if (to === 1) return id
  const { steps } = (await env.call(token, 'POST', `/api/report/getDetail/${id}`)).data as ReportDetail
  firstStepKey = steps[0]!.key
  for (const [i, value] of [[0, true], [1, 8], [2, conclusion]] as const) {
    const item = steps.flatMap((s) => s.items)[i]!
    ok(await env.call(inspector.token, 'POST', `/api/report/record/${id}`, { itemKey: item.key, value }))
  }
  ok(await env.call(inspector.token, 'POST', `/api/report/changeStatus/${id}/4`, {}))
  if (to === 4) return id
  ok(await env.call(reviewer, 'POST', `/api/report/changeStatus/${id}/5`, {}))
  ok(await env.call(signer, 'POST', `/api/report/changeStatus/${id}/6`, {}))
  return id
}

/**
 * Puts a report's moments at known instants: registered `created`, started at `start`, its second step
 * begun `step2` minutes later, finished `minutes` after the start, signed at `signed`.
 */
async function setTimes(id: number, t: { created: string; start?: string; step2?: number; minutes?: number; signed?: string }) {
  const start = t.start ? at(t.start) : null
  await env.db.update(reports).set({
    createTime: at(t.created), startTime: start,
    ...(t.minutes != null && { finishTime: new Date(start!.getTime() + t.minutes * MIN) }),
    ...(t.signed && { signTime: at(t.signed) }),
  }).where(eq(reports.id, id))
  if (!start) return
  const records = await env.db.select().from(reportRecords).where(eq(reportRecords.reportId, id))
  for (const r of records) {
    const offset = r.stepKey === firstStepKey ? 5 : t.step2!
    const time = new Date(start.getTime() + offset * MIN)
    await env.db.update(reportRecords).set({ createTime: time, updateTime: time })
      .where(and(eq(reportRecords.reportId, id), eq(reportRecords.itemKey, r.itemKey)))
  }
}

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '统计甲基地')).id
  b = (await makeCompany(env.db, '统计乙基地')).id
  const user = async (phone: string, role: 'baseAdmin' | 'inspector' | 'operator' | 'subAccount', company: number, name = '测试用户') => {
    const u = await makeUser(env.db, { phone, role, name, companyIds: [company] })
    return { id: u.id, token: await env.token(u.phone, u.password) }
  }
  admin = (await user('13655550001', 'baseAdmin', a)).token
  operator = (await user('13655550002', 'operator', a)).token
  inspectors.li = await user('13655550003', 'inspector', a, '李检验')
  inspectors.zhang = await user('13655550004', 'inspector', a, '张检验')
  inspectors.zhao = await user('13655550005', 'inspector', b, '赵检验')
  otherAdmin = (await user('13655550006', 'baseAdmin', b)).token
  const otherOperator = (await user('13655550007', 'operator', b)).token
  subAccount = (await user('13655550008', 'subAccount', a)).token
  const template = await env.call(hq, 'POST', '/api/model/save', {
    name: '统计罐车', steps: [
      { name: '外观检查', items: [{ name: '焊缝及母材', kind: 'pass_fail', required: true }, { name: '最小壁厚', kind: 'number', unit: 'mm', min: 5, max: 10, required: true }] },
      { name: '检验结论', items: [{ name: '检验结论', kind: 'choice', options: ['允许使用', '停止使用'], required: true }] },
    ],
  })
  expect(template.status).toBe(200)
  templateId = template.data.id

  const { li, zhang, zhao } = inspectors
  ids.r1 = await makeReport(admin, li, admin, operator, 6)
  ids.r2 = await makeReport(admin, li, admin, operator, 6, '停止使用')
  ids.r3 = await makeReport(admin, zhang, admin, operator, 6)
  ids.r4 = await makeReport(admin, zhang, admin, operator, 4)
  ids.r5 = await makeReport(admin, li, admin, operator, 1)
  ids.r6 = await makeReport(admin, li, admin, operator, 0)
  ids.r7 = await makeReport(admin, li, admin, operator, 3)
  ids.b1 = await makeReport(otherAdmin, zhao, otherAdmin, otherOperator, 6)
  // week of 3 March: registered and inspected; signed the week after (10 March)
  await setTimes(ids.r1, { created: '2025-03-03 09:00', start: '2025-03-03 10:00', step2: 40, minutes: 60, signed: '2025-03-10 09:00' })
  await setTimes(ids.r2, { created: '2025-03-04 09:00', start: '2025-03-04 10:00', step2: 60, minutes: 90, signed: '2025-03-11 09:00' })
  await setTimes(ids.r3, { created: '2025-03-05 09:00', start: '2025-03-05 10:00', step2: 20, minutes: 30, signed: '2025-03-12 09:00' })
  await setTimes(ids.r4, { created: '2025-03-05 09:30', start: '2025-03-05 11:00', step2: 10, minutes: 20 })
  await setTimes(ids.r5, { created: '2025-03-06 09:00', start: '2025-03-06 10:00', step2: 10 })
  await setTimes(ids.r6, { created: '2025-03-07 09:00' })
  // the last minute of the range (China time) still counts
  await setTimes(ids.r7, { created: '2025-03-31 23:59:59' })
  await setTimes(ids.b1, { created: '2025-03-03 09:00', start: '2025-03-03 10:00', step2: 30, minutes: 45, signed: '2025-03-03 16:00' })
  // outside the range: registered in February
  const early = await makeReport(admin, li, admin, operator, 0)
  await setTimes(early, { created: '2025-02-28 23:59:59' })
})
afterAll(async () => env?.close())

const summary = async (token: string, body: unknown) => {
  const res = await env.call(token, 'POST', '/api/kpi/summary', body)
  expect(res.status, res.message).toBe(200)
  return res.data as KpiSummary
}
const detail = async (token: string, body: unknown) => {
  const res = await env.call(token, 'POST', '/api/kpi/detail', body)
  expect(res.status, res.message).toBe(200)
  return res.data as Page<KpiReport>
}

describe('summary', () => {
  test('counts each move in its own period; pass rate and inspection time are of the signed reports', async () => {
    const s = await summary(admin, { ...MARCH, granularity: 'week' })
    expect(s).toMatchObject({ from: '2025-03-01', to: '2025-03-31', granularity: 'week' })
    expect(s.totals).toEqual({ registered: 7, started: 5, finished: 4, signed: 3, passed: 2, failed: 1, passRate: 66.7, avgMinutes: 60 })
    // weeks start on Monday: 24 February holds 1-2 March
    expect(s.periods.map((p) => p.period)).toEqual(['2025-02-24', '2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31'])
    const week = (p: string) => s.periods.find((x) => x.period === p)!
    expect(week('2025-03-03')).toMatchObject({ label: '03-03周', registered: 6, started: 5, finished: 4, signed: 0, passRate: null, avgMinutes: null })
    expect(week('2025-03-10')).toMatchObject({ registered: 0, signed: 3, passed: 2, failed: 1, passRate: 66.7, avgMinutes: 60 })
    expect(week('2025-03-31')).toMatchObject({ registered: 1, signed: 0 })
    expect(week('2025-02-24')).toMatchObject({ registered: 0, started: 0 })
  })

  test('per lead inspector: busiest first, with their own pass rate and mean time', async () => {
    const s = await summary(admin, MARCH)
    expect(s.inspectors.map((i) => [i.inspectorName, i.started, i.finished, i.signed, i.passed, i.passRate, i.avgMinutes])).toEqual([
      ['李检验', 3, 2, 2, 1, 50, 75],
      ['张检验', 2, 2, 1, 1, 100, 30],
    ])
    const li = await summary(admin, { ...MARCH, inspectorId: inspectors.li.id })
    expect(li.totals).toMatchObject({ started: 3, signed: 2, passRate: 50 })
  })

  test('days and months add up to the totals', async () => {
    const days = await summary(admin, { ...MARCH, granularity: 'day' })
    expect(days.periods).toHaveLength(31)
    expect(days.periods.find((p) => p.period === '2025-03-05')).toMatchObject({ label: '03-05', registered: 2, started: 2, finished: 2 })
    for (const f of ['registered', 'started', 'finished', 'signed', 'passed'] as const) {
      expect(days.periods.reduce((n, p) => n + p[f], 0), f).toBe(days.totals[f])
    }
    const months = await summary(admin, { range: ['2025-02-01', '2025-03-31'], granularity: 'month' })
    expect(months.periods.map((p) => [p.label, p.registered])).toEqual([['2025-02', 1], ['2025-03', 7]])
  })

  test('a base sees only its own, and naming another base is refused; headquarters every base or the one it picks', async () => {
    const own = await summary(admin, MARCH)
    expect(own.bases.map((x) => x.companyName)).toEqual(['统计甲基地'])
    expect(own.totals.registered).toBe(7)
    const refused = await env.call(admin, 'POST', '/api/kpi/summary', { ...MARCH, companyId: b })
    expect([refused.status, refused.message]).toEqual([404, CompanyMsg.notFound])
    const other = await summary(otherAdmin, { ...MARCH, companyId: b })
    expect(other.bases.map((x) => [x.companyName, x.registered, x.signed, x.avgMinutes])).toEqual([['统计乙基地', 1, 1, 45]])
    expect(other.inspectors.map((i) => i.inspectorName)).toEqual(['赵检验'])
    const all = await summary(hq, MARCH)
    expect(all.bases.map((x) => [x.companyName, x.signed])).toEqual([['统计甲基地', 3], ['统计乙基地', 1]])
    expect(all.totals).toMatchObject({ registered: 8, signed: 4 })
    expect((await summary(hq, { ...MARCH, companyId: b })).totals).toMatchObject({ registered: 1, signed: 1 })
  })

  test('without a range: the last 30 days up to today', async () => {
    const s = await summary(admin, {})
    expect(s.periods).toHaveLength(KPI_DEFAULT_DAYS)
    expect(s.to).toBe(s.periods.at(-1)!.period)
    expect(s.totals.registered).toBe(0)
  })
})

describe('time per step', () => {
  test('each step runs from its first save (the first from 开始检验) to the next step, the last to 完成检验', async () => {
    const res = await env.call(admin, 'POST', '/api/kpi/steps', MARCH)
    expect(res.status, res.message).toBe(200)
    const templates = res.data as KpiStepTemplate[]
    expect(templates).toHaveLength(1)
    expect(templates[0]).toMatchObject({ templateName: '统计罐车', reports: 3 })
    // r1 60 min (40 + 20), r2 90 (60 + 30), r3 30 (20 + 10): only signed reports
    expect(templates[0]!.steps.map((s) => [s.stepName, s.reports, s.avgMinutes, s.maxMinutes])).toEqual([
      ['外观检查', 3, 40, 60],
      ['检验结论', 3, 20, 30],
    ])
    const other = (await env.call(otherAdmin, 'POST', '/api/kpi/steps', MARCH)).data as KpiStepTemplate[]
    expect(other[0]!.steps.map((s) => s.avgMinutes)).toEqual([30, 15])
  })
})

describe('the reports behind a figure', () => {
  test('by figure, period, inspector; the latest move first', async () => {
    const signed = await detail(admin, { ...MARCH, figure: 'signed' })
    expect(signed.totalCount).toBe(3)
    expect(signed.data.map((r) => r.id)).toEqual([ids.r3, ids.r2, ids.r1])
    expect(signed.data[0]).toMatchObject({ statusName: '已签发', result: '合格', inspectorName: '张检验', companyName: '统计甲基地', minutes: 30, signTimeStr: '2025-03-12 09:00:00' })
    expect((await detail(admin, { ...MARCH, figure: 'failed' })).data.map((r) => r.id)).toEqual([ids.r2])
    expect((await detail(admin, { ...MARCH, figure: 'passed', inspectorId: inspectors.li.id })).data.map((r) => r.id)).toEqual([ids.r1])
    // a week's bar: any day of it names the week
    expect((await detail(admin, { ...MARCH, granularity: 'week', period: '2025-03-03', figure: 'registered' })).totalCount).toBe(6)
    expect((await detail(admin, { ...MARCH, granularity: 'week', period: '2025-03-12', figure: 'signed' })).totalCount).toBe(3)
    expect((await detail(admin, { ...MARCH, granularity: 'week', period: '2025-03-03', figure: 'signed' })).totalCount).toBe(0)
    // the week of 24 February only from 1 March on
    expect((await detail(admin, { ...MARCH, granularity: 'week', period: '2025-02-24', figure: 'registered' })).totalCount).toBe(0)
    expect((await detail(admin, { ...MARCH, granularity: 'day', period: '2025-03-31', figure: 'registered' })).data.map((r) => r.id)).toEqual([ids.r7])
    const paged = await detail(admin, { ...MARCH, figure: 'registered', size: 2, page: 2 })
    expect(paged).toMatchObject({ totalCount: 7 })
    expect(paged.data).toHaveLength(2)
  })

  test('another base\'s reports never show; naming that base is refused', async () => {
    const other = await detail(otherAdmin, { ...MARCH, figure: 'registered' })
    expect(other.data.map((r) => r.id)).toEqual([ids.b1])
    const refused = await env.call(otherAdmin, 'POST', '/api/kpi/detail', { ...MARCH, figure: 'registered', companyId: a })
    expect([refused.status, refused.message]).toEqual([404, CompanyMsg.notFound])
    expect((await detail(hq, { ...MARCH, figure: 'signed' })).totalCount).toBe(4)
  })

  test('the export holds the same reports with Chinese headers', async () => {
    const res = await env.app.inject({
      method: 'GET', url: `/api/kpi/export/${a}?range=2025-03-01,2025-03-31&figure=signed`, headers: { authorization: `Bearer ${admin}` },
    })
    expect(res.statusCode).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    expect(sheet.getRow(1).values).toContain('检验用时（分钟）')
    expect(sheet.rowCount).toBe(4)
    expect(sheet.getRow(2).getCell(6).value).toBe('已签发')
    expect(sheet.getRow(2).getCell(12).value).toBe(30)
  })
})

describe('bad input and permissions', () => {
  test.each([
    ['/api/kpi/summary', { range: ['2025-03-31', '2025-03-01'] }, KpiMsg.rangeReversed],
    ['/api/kpi/summary', { range: ['2024-01-01', '2025-03-01'] }, KpiMsg.rangeTooLong(366)],
    ['/api/kpi/summary', { range: ['2025-13-01', ''] }, '统计时间格式不正确'],
    ['/api/kpi/summary', { granularity: 'year' }, '统计周期只能是按日、按周、按月'],
    ['/api/kpi/steps', { companyId: 'x' }, '基地必须是整数'],
    ['/api/kpi/detail', { figure: 'all' }, '统计指标只能是登记、开始检验、检验完成、已签发、合格、不合格'],
    ['/api/kpi/detail', { ...MARCH, period: '2025-04-01' }, KpiMsg.periodOutside],
    ['/api/kpi/detail', { period: '2025-02-30' }, '统计周期不是有效的日期'],
  ])('%s %j: 400 %s', async (url, body, message) => {
    const res = await env.call(admin, 'POST', url, body)
    expect(res.status).toBe(400)
    expect(res.message).toBe(message)
  })

  test('a refused export is an answer in Chinese, not a broken file', async () => {
    const res = await env.app.inject({ method: 'GET', url: `/api/kpi/export/${a}?range=2025-03-31,2025-03-01`, headers: { authorization: `Bearer ${admin}` } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(KpiMsg.rangeReversed)
  })

  test('a user without 检验统计 is refused', async () => {
    for (const url of ['/api/kpi/summary', '/api/kpi/steps', '/api/kpi/detail']) {
      const res = await env.call(subAccount, 'POST', url, {})
      expect(res.status, url).toBe(403)
      expect(res.message).toBe(Msg.forbidden)
    }
  })
})
