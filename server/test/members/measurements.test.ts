/** Devices post readings with their own credential: idempotent by request id, ranges checked, conclusions and day counts kept. */
import { idCheckChar, MeasurementMsg, formatDateTime } from '@app/contract'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let baseA: string
let baseB: string
let a: number
let device: { deviceNo: string; secret: string; id: number }
const first17 = '11010519800101123'
const idNo = `${first17}${idCheckChar(first17)}`
const hourAgo = () => formatDateTime(new Date(Date.now() - 3_600_000))

beforeAll(async () => {
  env = await createTestApp()
  a = (await makeCompany(env.db, '测量甲基地', { province: '浙江省' })).id
  const b = (await makeCompany(env.db, '测量乙基地')).id
  const adminA = await makeUser(env.db, { phone: '13655550001', role: 'baseAdmin', companyIds: [a] })
  const adminB = await makeUser(env.db, { phone: '13655550002', role: 'baseAdmin', companyIds: [b] })
  baseA = await env.token(adminA.phone, adminA.password)
  baseB = await env.token(adminB.phone, adminB.password)
  expect((await env.call(baseA, 'POST', '/api/testee/saveNew', { name: '测量者', idNo, phone: '13712345678' })).status).toBe(200)
  const saved = await env.call(baseA, 'POST', '/api/machine/save', { type: '血压血糖一体机', deviceNo: 'DEV-A-1' })
  expect(saved).toMatchObject({ status: 200, message: MeasurementMsg.secretShownOnce })
  device = { deviceNo: saved.data.deviceNo, secret: saved.data.secret, id: saved.data.id }
})
afterAll(async () => env?.close())

const post = async (body: Record<string, unknown>, credential = device) => {
  const res = await env.app.inject({
    method: 'POST', url: '/api/machine/measurement', payload: body,
    headers: { 'x-device-no': credential.deviceNo, authorization: `Bearer ${credential.secret}` },
  })
  return { status: res.statusCode, ...res.json() }
}
const reading = (extra: Record<string, unknown> = {}) => ({
  requestId: `r-${Math.random().toString(36).slice(2)}`, idNo, measuredTime: hourAgo(), systolic: 150, diastolic: 85, sugar: 6.5, height: 170, weight: 72, ...extra,
})
const counts = async () => (await env.db.execute<{ measure: string; conclusion: string; count: number; province: string }>(
  sql`select measure, conclusion, count, province from measurement_daily where machine_id = ${device.id} order by measure, conclusion`)).rows

describe('a device posts readings', () => {
  test('a reading is stored once with the guideline conclusions, however often the device retries it, and counted for its day', async () => {
    const body = reading({ requestId: 'dev-a-0001' })
    const first = await post(body)
    expect(first).toMatchObject({ status: 200, message: MeasurementMsg.recorded, data: { repeated: false, bmi: 24.9, bpConclusion: '高血压1级', sugarConclusion: '空腹血糖受损', bmiConclusion: '超重' } })
    const again = await Promise.all([post(body), post(body)])
    for (const r of again) expect(r).toMatchObject({ status: 200, message: MeasurementMsg.alreadyRecorded, data: { id: first.data.id, repeated: true, bpConclusion: '高血压1级' } })
    const list = await env.call(baseA, 'POST', '/api/measurement/find', {})
    expect(list.data.totalCount).toBe(1)
    expect(list.data.data[0]).toMatchObject({ name: '测量者', phone: '137****5678', systolic: 150, diastolic: 85, sugar: 6.5, bmi: 24.9, deviceNo: 'DEV-A-1' })
    expect(await counts()).toEqual([
      { measure: 'all', conclusion: '', count: 1, province: '浙江省' }, { measure: 'bmi', conclusion: '超重', count: 1, province: '浙江省' },
      { measure: 'bp', conclusion: '高血压1级', count: 1, province: '浙江省' }, { measure: 'sugar', conclusion: '空腹血糖受损', count: 1, province: '浙江省' },
    ])
  })

  test('twenty parallel posts of distinct readings store twenty and count twenty', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(reading({ requestId: `par-${i}`, systolic: 110, diastolic: 70, sugar: undefined, height: undefined, weight: undefined }))))
    expect(results.every((r) => r.status === 200 && r.data.bpConclusion === '正常')).toBe(true)
    expect((await counts()).find((c) => c.measure === 'bp' && c.conclusion === '正常')?.count).toBe(20)
    const abnormal = await env.call(baseA, 'POST', '/api/measurement/find', { abnormal: true })
    expect(abnormal.data.totalCount).toBe(1)
  })

  test('impossible values, half pairs and unknown people are refused with a clear message and store nothing', async () => {
    const before = (await env.call(baseA, 'POST', '/api/measurement/find', {})).data.totalCount
    expect(await post(reading({ systolic: 400 }))).toMatchObject({ status: 400, message: '收缩压应在50至300mmHg之间，请检查设备后重新测量' })
    expect(await post(reading({ diastolic: 160, systolic: 150 }))).toMatchObject({ status: 400, message: MeasurementMsg.diastolicNotBelow })
    expect(await post(reading({ sugar: 80 }))).toMatchObject({ status: 400, message: '空腹血糖应在1至35mmol/L之间，请检查设备后重新测量' })
    expect(await post(reading({ weight: undefined }))).toMatchObject({ status: 400, message: MeasurementMsg.heightWeightPair })
    // each within its range, together a BMI of 1200 (it would not fit the column: a 500 before)
    expect(await post(reading({ height: 50, weight: 300 }))).toMatchObject({ status: 400, message: MeasurementMsg.bmiImpossible })
    expect(await post(reading({ systolic: 'abc' }))).toMatchObject({ status: 400, message: '收缩压必须是数字' })
    expect(await post({ requestId: 'x', idNo, measuredTime: hourAgo() })).toMatchObject({ status: 400, message: MeasurementMsg.nothingMeasured })
    expect(await post(reading({ measuredTime: formatDateTime(new Date(Date.now() + 86_400_000)) }))).toMatchObject({ status: 400, message: MeasurementMsg.future })
    expect(await post(reading({ requestId: 'x'.repeat(10_000) }))).toMatchObject({ status: 400, message: '请求编号不能超过64个字符' })
    const stranger = '11010519700101456'
    expect(await post(reading({ idNo: `${stranger}${idCheckChar(stranger)}` }))).toMatchObject({ status: 404, message: MeasurementMsg.memberUnknown })
    expect((await env.call(baseA, 'POST', '/api/measurement/find', {})).data.totalCount).toBe(before)
  })

  test('a wrong secret, an unknown device or a user\'s session is no device credential; a reset secret replaces the old one', async () => {
    expect(await post(reading(), { ...device, secret: 'guess' })).toMatchObject({ status: 403, message: MeasurementMsg.deviceUnknown })
    expect(await post(reading(), { ...device, deviceNo: 'NOPE' })).toMatchObject({ status: 403, message: MeasurementMsg.deviceUnknown })
    expect(await env.call(baseA, 'POST', '/api/machine/measurement', reading())).toMatchObject({ status: 403, message: MeasurementMsg.deviceMissing })
    const reset = await env.call(baseA, 'POST', `/api/machine/resetSecret/${device.id}`)
    expect(await post(reading())).toMatchObject({ status: 403, message: MeasurementMsg.deviceUnknown })
    device = { ...device, secret: reset.data.secret }
    expect((await post(reading())).status).toBe(200)
  })

  test('another base sees neither the device nor its readings; a device with readings cannot be deleted', async () => {
    expect((await env.call(baseB, 'POST', '/api/machine/find', {})).data.totalCount).toBe(0)
    expect((await env.call(baseB, 'POST', '/api/measurement/find', {})).data.totalCount).toBe(0)
    expect(await env.call(baseB, 'POST', `/api/machine/resetSecret/${device.id}`)).toMatchObject({ status: 404, message: MeasurementMsg.machineNotFound })
    expect(await env.call(baseB, 'POST', `/api/machine/delete/${device.id}`)).toMatchObject({ status: 404, message: MeasurementMsg.machineNotFound })
    expect(await env.call(baseA, 'POST', `/api/machine/delete/${device.id}`)).toMatchObject({ status: 409, message: MeasurementMsg.machineHasMeasurements })
    expect(await env.call(baseA, 'POST', '/api/machine/save', { type: '血压计', deviceNo: 'DEV-A-1' })).toMatchObject({ status: 409, message: MeasurementMsg.duplicateDeviceNo })
  })
})

describe('the measurement export', () => {
  const exportOf = async (token: string, url: string) => {
    const res = await env.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    if (res.statusCode !== 200) return { status: res.statusCode, rows: [] as string[][] }
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const rows: string[][] = []
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))))
    return { status: 200, rows }
  }

  test('exports what the filters select, phone masked and conclusions named; another base is refused', async () => {
    const abnormal = await exportOf(baseA, `/api/measurement/export/${a}?abnormal=true`)
    expect(abnormal.rows[0]).toEqual(expect.arrayContaining(['姓名', '手机号', '收缩压（mmHg）', '血压结论', '血糖结论', 'BMI结论']))
    const listed = async (body: object) => (await env.call(baseA, 'POST', '/api/measurement/find', { ...body, size: 100 })).data.data as { id: number; bpConclusion: string }[]
    expect(abnormal.rows).toHaveLength((await listed({ abnormal: true })).length + 1)
    expect(abnormal.rows.slice(1).every((r) => r.some((c) => c !== '正常' && /高血压|血糖|超重|肥胖|偏瘦/.test(c)))).toBe(true)
    expect(abnormal.rows.at(-1)).toEqual(expect.arrayContaining(['测量者', '137****5678', '150', '85', '高血压1级', '6.5', '空腹血糖受损', '24.9', '超重', 'DEV-A-1']))
    expect(JSON.stringify(abnormal.rows)).not.toContain('13712345678')
    expect((await exportOf(baseA, `/api/measurement/export/${a}`)).rows).toHaveLength((await listed({})).length + 1)
    expect((await exportOf(baseB, `/api/measurement/export/${a}`)).status).toBe(404)
    expect((await exportOf(baseB, '/api/measurement/export/1')).rows).toHaveLength(1)
  })
})

describe('per-device limit', () => {
  test('a device posting faster than its allowance gets 429 in Chinese; another device and a stranger using its number are not held by it', async () => {
    const limited = await createTestApp({ deviceRatePerMinute: 3 })
    try {
      const base = (await makeCompany(limited.db, '限速基地')).id
      const admin = await makeUser(limited.db, { phone: '13655550009', role: 'baseAdmin', companyIds: [base] })
      const token = await limited.token(admin.phone, admin.password)
      expect((await limited.call(token, 'POST', '/api/testee/saveNew', { name: '限速者', idNo, phone: '13712345670' })).status).toBe(200)
      const devices = []
      for (const deviceNo of ['FAST-1', 'FAST-2']) devices.push((await limited.call(token, 'POST', '/api/machine/save', { type: '血压计', deviceNo })).data)
      const send = async (d: { deviceNo: string; secret: string }, requestId: string) => {
        const res = await limited.app.inject({
          method: 'POST', url: '/api/machine/measurement', payload: reading({ requestId }),
          headers: { 'x-device-no': d.deviceNo, authorization: `Bearer ${d.secret}` },
        })
        return { status: res.statusCode, ...res.json() }
      }
      // wrong secrets under FAST-1's number do not use up its allowance
      for (let i = 0; i < 5; i++) expect((await send({ ...devices[0], secret: 'guess' }, `g-${i}`)).status).toBe(403)
      for (let i = 0; i < 3; i++) expect((await send(devices[0], `f-${i}`)).status).toBe(200)
      expect(await send(devices[0], 'f-3')).toMatchObject({ status: 429, message: MeasurementMsg.deviceTooFast(3) })
      expect((await send(devices[1], 'other-0')).status).toBe(200)
      const stored = await limited.db.execute<{ n: number }>(sql`select count(*)::int as n from measurement`)
      expect(stored.rows[0]!.n).toBe(4)
    } finally {
      await limited.close()
    }
  })
})
