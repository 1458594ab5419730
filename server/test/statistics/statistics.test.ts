/**
 * 数据统计 (issue 36): the chart calls count what the devices posted (through the roll-ups the ingest
 * keeps), a base sees its own devices and people only, headquarters every base or the one it names,
 * and bad input is refused in Chinese.
 */
import { CompanyMsg, formatDateTime, idCheckChar, MeasurementMsg, StatisticsMsg, HQ_COMPANY_ID } from '@app/contract'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { testeeGroups, testees } from '../../src/db/schema/index.js'
import { exportLimits } from '../../src/platform/list.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let hq: string
let baseA: string
let baseB: string
let a: number
let b: number
const machines: Record<string, { id: number; deviceNo: string; secret: string }> = {}
const TOWN = '110101001' // 东华门街道, 东城区, 北京市
const idNo = (seed: string) => `${seed}${idCheckChar(seed)}`
const people = { m1: idNo('11010519800101123'), m2: idNo('11010519850202124'), mb: idNo('11010519900303125') }
// two days ago at noon (China time): well inside the range and never tomorrow
const when = formatDateTime(new Date(Date.now() - 2 * 86_400_000)).slice(0, 10)
const measuredTime = `${when} 12:00:00`
const today = formatDateTime(new Date()).slice(0, 10)
const range = [when, today]

async function post(deviceKey: string, requestId: string, values: Record<string, number>, person: string) {
  const d = machines[deviceKey]!
  const res = await env.app.inject({
    method: 'POST', url: '/api/machine/measurement', payload: { requestId, idNo: person, measuredTime, ...values },
    headers: { 'x-device-no': d.deviceNo, authorization: `Bearer ${d.secret}` },
  })
  expect(res.statusCode, res.body).toBe(200)
}

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '统计甲基地', { province: '江苏省' })).id
  b = (await makeCompany(env.db, '统计乙基地', { province: '浙江省' })).id
  const adminA = await makeUser(env.db, { phone: '13655560001', role: 'baseAdmin', companyIds: [a] })
  const adminB = await makeUser(env.db, { phone: '13655560002', role: 'baseAdmin', companyIds: [b] })
  baseA = await env.token(adminA.phone, adminA.password)
  baseB = await env.token(adminB.phone, adminB.password)
  const [group] = await env.db.insert(testeeGroups).values({ companyId: a, name: '生产部' }).returning()
  await env.db.insert(testees).values([
    { companyId: a, groupId: group!.id, name: '张一', sex: '男', idNo: people.m1, phone: '13712340001' },
    { companyId: a, name: '李二', sex: '男', idNo: people.m2, phone: '13712340002' },
    { companyId: b, name: '王三', sex: '男', idNo: people.mb, phone: '13712340003' },
  ])
  for (const [key, token, type, townCode] of [['A1', baseA, '血压计', TOWN], ['A2', baseA, '体检一体机', ''], ['B1', baseB, '血压计', '']] as const) {
    const saved = await env.call(token, 'POST', '/api/machine/save', { type, deviceNo: `STAT-${key}`, townCode })
    expect(saved.status, JSON.stringify(saved)).toBe(200)
    machines[key] = { id: saved.data.id, deviceNo: saved.data.deviceNo, secret: saved.data.secret }
  }
  await post('A1', 'a1-1', { systolic: 150, diastolic: 95, sugar: 5.0 }, people.m1) // 高血压1级, 正常: abnormal
  await post('A1', 'a1-2', { systolic: 110, diastolic: 70 }, people.m1) // 正常
  await post('A1', 'a1-3', { systolic: 110, diastolic: 70, sugar: 7.5 }, people.m2) // 正常, 糖尿病: abnormal
  await post('A2', 'a2-1', { height: 170, weight: 90 }, people.m2) // BMI 31.1 肥胖: abnormal
  await post('B1', 'b1-1', { systolic: 185, diastolic: 115 }, people.mb) // 高血压3级: abnormal
}, 120_000)
afterAll(async () => env?.close())

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0)

describe('the charts count what the devices posted', () => {
  test('per device per month and per device type per month, in the spec\'s chart shape', async () => {
    const bar = await env.call(baseA, 'POST', '/api/machine/bar/month/', { range })
    expect(bar.status).toBe(200)
    expect(bar.data.xAxisData).toContain(when.slice(0, 7))
    expect(bar.data.datas.map((s: { machineName: string; totalNumber: number[] }) => [s.machineName, sum(s.totalNumber)])).toEqual([['STAT-A1', 3], ['STAT-A2', 1]])
    const line = await env.call(hq, 'POST', '/api/machine/line/month/', { range })
    const byType = Object.fromEntries(line.data.datas.map((s: { machineName: string; totalNumber: number[] }) => [s.machineName, sum(s.totalNumber)]))
    expect(byType).toMatchObject({ 血压计: 4, 体检一体机: 1 })
  })

  test('a range of whole months (the monthly roll-up) and one of days count the same', async () => {
    const [y, m] = when.split('-').map(Number) as [number, number]
    const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)
    const rows = await env.db.execute<{ n: number }>(sql`select count(*)::int n from measurement_stat_month where company_id = ${a}`)
    expect(rows.rows[0]!.n).toBeGreaterThan(0)
    for (const days of [[`${when.slice(0, 7)}-01`, monthEnd], [when, when]]) {
      expect((await env.call(baseA, 'POST', '/api/data/byProvince', { range: days })).data).toEqual([{ province: '江苏省', total: 4, abnormal: 3, abnormalRate: 75 }])
      const measures = await env.call(baseA, 'POST', `/api/data/byMeasures/${days[0]}/${days[1]}`, {})
      expect(measures.data.map((x: { total: number }) => x.total)).toEqual([3, 2, 1])
    }
  })

  test('per province: headquarters every base or the one it names, a base its own', async () => {
    const all = await env.call(hq, 'POST', '/api/data/byProvince', { range })
    expect(all.data.filter((p: { province: string }) => ['江苏省', '浙江省'].includes(p.province))).toEqual([
      { province: '江苏省', total: 4, abnormal: 3, abnormalRate: 75 },
      { province: '浙江省', total: 1, abnormal: 1, abnormalRate: 100 },
    ])
    expect((await env.call(hq, 'POST', '/api/data/byProvince', { range, companyId: b })).data).toEqual([{ province: '浙江省', total: 1, abnormal: 1, abnormalRate: 100 }])
    expect((await env.call(baseA, 'POST', '/api/data/byProvince', { range })).data).toEqual([{ province: '江苏省', total: 4, abnormal: 3, abnormalRate: 75 }])
    expect(await env.call(baseA, 'POST', '/api/data/byProvince', { range, companyId: b })).toMatchObject({ status: 404, message: CompanyMsg.notFound })
    const counts = await env.call(baseA, 'POST', '/api/data/counts/byProvince', { range })
    expect(counts.data).toEqual([{ province: '江苏省', companies: 1, machines: 2, measurements: 4 }])
  })

  test('one device: its days and months, its items\' conclusions; another base\'s device is missing', async () => {
    const m = await env.call(baseA, 'POST', `/api/data/byMachine/${machines.A1!.id}`, { range })
    expect(m.status).toBe(200)
    expect(sum(m.data.total)).toBe(3)
    expect(sum(m.data.abnormal)).toBe(2)
    expect(m.data.machine).toMatchObject({ deviceNo: 'STAT-A1', companyName: '统计甲基地' })
    const bp = m.data.measures.find((x: { measure: string }) => x.measure === 'bp')
    expect(bp).toMatchObject({ total: 3, abnormal: 1 })
    expect(bp.conclusions.filter((c: { count: number }) => c.count)).toEqual([{ conclusion: '正常', score: 0, count: 2 }, { conclusion: '高血压1级', score: 2, count: 1 }])
    const day = await env.call(baseA, 'POST', `/api/data/byMachineDay/${machines.A1!.id}`, { range })
    expect(day.data.xAxisData).toEqual([when, ...day.data.xAxisData.slice(1)])
    expect(day.data.total[0]).toBe(3)
    expect(await env.call(baseB, 'POST', `/api/data/byMachine/${machines.A1!.id}`, { range })).toMatchObject({ status: 404, message: StatisticsMsg.machineNotFound })
    expect(await env.call(hq, 'POST', `/api/data/byMachine/${machines.A1!.id}`, { range, companyId: b })).toMatchObject({ status: 404, message: StatisticsMsg.machineNotFound })
  })

  test('devices, departments and examined items of a range in the path', async () => {
    const all = await env.call(baseA, 'POST', `/api/data/allMyMachines/${when}/${today}`, {})
    expect(all.data.map((m: { deviceNo: string; total: number; abnormal: number }) => [m.deviceNo, m.total, m.abnormal])).toEqual([['STAT-A1', 3, 2], ['STAT-A2', 1, 1]])
    const groups = await env.call(baseA, 'POST', `/api/data/byTopGroups/${when}/${today}`, {})
    expect(groups.data.map((g: { groupName: string; total: number; abnormal: number }) => [g.groupName, g.total, g.abnormal]).sort()).toEqual([['未分组', 2, 2], ['生产部', 2, 1]])
    const measures = await env.call(hq, 'POST', `/api/data/byMeasures/${when}/${today}`, { companyId: a })
    expect(measures.data.map((m: { label: string; total: number; abnormal: number }) => [m.label, m.total, m.abnormal])).toEqual([['血压', 3, 1], ['空腹血糖', 2, 1], ['BMI', 1, 1]])
    const exceptions = await env.call(baseA, 'POST', `/api/data/dataByMeasuresException/${when}/${today}`, {})
    expect(exceptions.data.xAxisData[0]).toBe(when)
    expect(exceptions.data.datas.map((s: { label: string; totalNumber: number[] }) => [s.label, s.totalNumber[0]])).toEqual([['血压', 1], ['空腹血糖', 1], ['BMI', 1]])
    // nothing of A's in an earlier range
    expect((await env.call(baseA, 'POST', '/api/data/allMyMachines/2020-01-01/2020-01-31', {})).data.map((m: { total: number }) => m.total)).toEqual([0, 0])
  })

  test('a base at a glance, per base, per device type; headquarters\' own id is every base', async () => {
    expect((await env.call(baseA, 'POST', `/api/data/basic/${a}`, { range })).data).toMatchObject({ companyId: a, machines: 2, members: 2, measurements: 4, abnormal: 3, abnormalRate: 75 })
    const everyBase = await env.call(hq, 'POST', `/api/data/basic/${HQ_COMPANY_ID}`, { range })
    expect(everyBase.data.measurements).toBeGreaterThanOrEqual(5)
    expect(await env.call(baseA, 'POST', `/api/data/basic/${b}`, { range })).toMatchObject({ status: 404, message: CompanyMsg.notFound })
    const bases = await env.call(hq, 'POST', `/api/data/byCompany/${HQ_COMPANY_ID}`, { range })
    expect(bases.data.bases.filter((x: { companyId: number }) => [a, b].includes(x.companyId)).map((x: { companyName: string; total: number }) => [x.companyName, x.total]))
      .toEqual([['统计甲基地', 4], ['统计乙基地', 1]])
    const own = await env.call(baseB, 'POST', `/api/data/byCompany/${b}`, { range, granularity: 'day' })
    expect(own.data.bases.map((x: { companyId: number }) => x.companyId)).toEqual([b])
    expect(own.data.total[0]).toBe(1)
    const types = await env.call(baseA, 'POST', '/api/data/byMachineType', { range })
    expect(types.data).toEqual([{ type: '血压计', machines: 1, total: 3, abnormal: 2 }, { type: '体检一体机', machines: 1, total: 1, abnormal: 1 }])
    const certificates = await env.call(baseA, 'POST', `/api/data/certificate/byCompany/${a}`, { range })
    expect(certificates).toMatchObject({ status: 200, data: { bases: [] } })
    expect(sum(certificates.data.signed)).toBe(0)
  })

  test('the persons behind an abnormal figure, masked, counted from the roll-up', async () => {
    const bp = await env.call(baseA, 'POST', '/api/data/dialogByMeasuresException/1', { range })
    expect(bp.data.totalCount).toBe(1)
    expect(bp.data.data).toEqual([expect.objectContaining({ name: '张一', phone: '137****0001', value: '150/95 mmHg', conclusion: '高血压1级', deviceNo: 'STAT-A1' })])
    expect(bp.data.data[0].idNo).not.toBe(people.m1)
    const all = await env.call(hq, 'POST', '/api/data/dialogByMeasuresException/1', { range })
    expect(all.data.data.map((p: { name: string }) => p.name).sort()).toEqual(['张一', '王三'].sort())
    expect((await env.call(hq, 'POST', '/api/data/dialogByMeasuresException/1', { range, conclusion: '高血压3级' })).data).toMatchObject({ totalCount: 1, data: [{ name: '王三' }] })
    expect((await env.call(baseB, 'POST', '/api/data/dialogByMeasuresException/3', { range })).data).toEqual({ totalCount: 0, data: [] })
    expect(await env.call(baseA, 'POST', '/api/data/dialogByMeasuresException/1', { range, conclusion: '糖尿病' })).toMatchObject({ status: 400, message: StatisticsMsg.conclusionNotOfItem({ id: 1, measure: 'bp', label: '血压', conclusions: ['正常', '正常高值', '高血压1级', '高血压2级', '高血压3级'] }) })
  })

  test('the export holds the days\' readings of the base', async () => {
    const res = await env.app.inject({ method: 'POST', url: `/api/data/export/${when}/${today}`, payload: {}, headers: { authorization: `Bearer ${baseA}` } })
    expect(res.statusCode).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    expect(sheet.rowCount).toBe(5)
    const names = Array.from({ length: 4 }, (_, i) => String(sheet.getRow(i + 2).getCell(1).value))
    expect(names.sort()).toEqual(['张一', '张一', '李二', '李二'])
    const refused = await env.app.inject({ method: 'POST', url: `/api/data/export/${when}/${today}`, payload: { companyId: b }, headers: { authorization: `Bearer ${baseA}` } })
    expect(refused.statusCode).toBe(404)
  })
})

describe('the export of a year of readings', () => {
  const limits = { ...exportLimits }
  afterEach(() => { Object.assign(exportLimits, limits) })
  const exportAll = () => env.app.inject({ method: 'POST', url: `/api/data/export/${when}/${today}`, payload: {}, headers: { authorization: `Bearer ${baseA}` } })

  test('is read by id a batch at a time and held to the readings\' cap, not the lists\' (a busy base measures hundreds of thousands a year)', async () => {
    Object.assign(exportLimits, { maxRows: 2, largeMaxRows: 4, batchRows: 3 })
    const res = await exportAll()
    expect(res.statusCode).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    // newest first, as the list shows them: the batches keep the order
    const times = Array.from({ length: 4 }, (_, i) => String(book.worksheets[0]!.getRow(i + 2).getCell(5).value))
    expect(book.worksheets[0]!.rowCount).toBe(5)
    expect([...times].sort().reverse()).toEqual(times)

    exportLimits.largeMaxRows = 3
    const refused = await exportAll()
    expect(refused.statusCode).toBe(400)
    expect(refused.headers['content-disposition']).toBeUndefined()
    expect(refused.json().message).toBe('符合条件的数据超过3条，一次最多处理3条，请缩小筛选范围后重试')
  })
})

describe('per town', () => {
  test('a town\'s items, one conclusion per month, every town: from the devices standing there', async () => {
    const town = await env.call(hq, 'GET', `/api/trace/townTrace?townId=${TOWN}&range=${when},${today}`)
    expect(town.data).toMatchObject({ townId: TOWN, townName: '东华门街道', district: '东城区', total: 3 })
    expect(town.data.items[0].conclusions.filter((c: { count: number }) => c.count)).toEqual([{ conclusion: '正常', score: 0, count: 2 }, { conclusion: '高血压1级', score: 2, count: 1 }])
    const score = await env.call(baseA, 'POST', `/api/trace/1/${TOWN}/2`, { range })
    expect(score.data).toMatchObject({ conclusion: '高血压1级', total: 1 })
    expect((await env.call(baseB, 'POST', `/api/trace/1/${TOWN}/2`, { range })).data.total).toBe(0)
    const all = await env.call(baseA, 'GET', `/api/trace/getAllTrace?range=${when},${today}`)
    expect(all.data).toEqual([expect.objectContaining({ townId: TOWN, total: 3, items: [{ examItemId: 1, label: '血压', total: 3, abnormal: 1 }, { examItemId: 2, label: '空腹血糖', total: 2, abnormal: 1 }, { examItemId: 3, label: 'BMI', total: 0, abnormal: 0 }] })])
    expect((await env.call(baseB, 'GET', '/api/trace/getAllTrace')).data).toEqual([])
  })

  test('a device moved to a town counts there from its next reading, in a range of days and in one of whole months alike', async () => {
    const a2 = machines.A2!
    expect((await env.call(baseA, 'POST', `/api/machine/update/${a2.id}`, { type: '体检一体机', deviceNo: a2.deviceNo, townCode: TOWN })).status).toBe(200)
    await post('A2', 'a2-moved', { systolic: 120, diastolic: 80 }, people.m1) // 正常, the same day as its reading before the move
    const [y, m] = when.split('-').map(Number) as [number, number]
    const month = [`${when.slice(0, 7)}-01`, new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)]
    for (const days of [[when, when], month]) {
      const all = await env.call(baseA, 'GET', `/api/trace/getAllTrace?range=${days.join(',')}`)
      expect(all.data, days.join(' to ')).toEqual([expect.objectContaining({ townId: TOWN, total: 4 })])
    }
  })
})

test('the OpenAPI page documents every statistics call with a request and an answer example', async () => {
  const spec = (await env.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { description?: string }>> }
  const calls = Object.entries(spec.paths).filter(([path]) => /^\/api\/(data|trace)\/|^\/api\/machine\/(bar|line)\//.test(path))
  expect(calls.length).toBe(19)
  for (const [path, methods] of calls) {
    for (const [method, op] of Object.entries(methods)) {
      if (path.includes('/data/export/')) continue
      expect(op.description, `${method} ${path}`).toContain('答复示例')
    }
  }
})

describe('bad input is refused in Chinese', () => {
  test.each([
    ['POST', '/api/data/allMyMachines/2024-03-01/2024-01-01', {}, StatisticsMsg.rangeReversed],
    ['POST', '/api/data/allMyMachines/2024-13-01/2024-12-31', {}, '开始日期不是有效的日期'],
    ['POST', '/api/data/byMeasures/2020-01-01/2024-12-31', {}, StatisticsMsg.rangeTooLong],
    ['POST', '/api/data/byProvince', { range: ['2024-05-01', '2024-01-01'] }, StatisticsMsg.rangeReversed],
    ['POST', '/api/data/dialogByMeasuresException/9', {}, StatisticsMsg.examItemNotFound],
    ['POST', `/api/trace/1/${TOWN}/7`, {}, StatisticsMsg.scoreOutOfRange({ id: 1, measure: 'bp', label: '血压', conclusions: ['正常', '正常高值', '高血压1级', '高血压2级', '高血压3级'] })],
    ['GET', '/api/trace/townTrace?townId=12345', undefined, '乡镇编号应为9位行政区划代码'],
    ['POST', '/api/machine/save', { type: '血压计', deviceNo: 'STAT-BAD', townCode: '999999999' }, MeasurementMsg.townUnknown],
  ] as const)('%s %s', async (method, url, body, message) => {
    const res = await env.call(hq, method, url, body)
    expect(res.status).toBe(400)
    expect(res.message).toContain(message)
  })

  test('an unknown town is missing', async () => {
    expect(await env.call(hq, 'GET', '/api/trace/townTrace?townId=999999999')).toMatchObject({ status: 404, message: StatisticsMsg.townNotFound })
  })
})
