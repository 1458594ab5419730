import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
let baseToken: string

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  const a = (await makeCompany(env.db, '指标甲基地')).id
  const admin = await makeUser(env.db, { phone: '13633330001', role: 'admin', companyIds: [a] })
  baseToken = await env.token(admin.phone, admin.password)
})
afterAll(async () => env?.close())

const pressure = { name: '罐体试验压力', kind: 'number', unit: 'MPa', min: 0.1, max: 3.5, required: true, remarks: '按铭牌' }

test('headquarters adds, filters, edits, exports and deletes an indicator; fields the kind does not use are dropped', async () => {
  const created = await env.call(hq, 'POST', '/api/indicator/save', pressure)
  expect(created).toMatchObject({ status: 200, message: '创建成功', data: { ...pressure, options: [] } })
  const id = created.data.id

  const byKind = await env.call(hq, 'POST', '/api/indicator/find/', { name: '试验压力', kind: 'number' })
  expect(byKind.data.data.map((i: { name: string }) => i.name)).toContain('罐体试验压力')
  expect((await env.call(hq, 'POST', '/api/indicator/find/', { name: '罐体试验压力', kind: 'photo' })).data.totalCount).toBe(0)

  const edited = await env.call(hq, 'PUT', `/api/indicator/update/${id}`, { ...pressure, kind: 'choice', options: ['合格', '不合格'] })
  expect(edited).toMatchObject({ status: 200, message: '更新成功', data: { kind: 'choice', unit: null, min: null, max: null, options: ['合格', '不合格'] } })

  const file = await env.app.inject({ method: 'GET', url: `/api/indicator/export/1?name=${encodeURIComponent('罐体试验压力')}`, headers: { authorization: `Bearer ${hq}` } })
  expect(file.statusCode).toBe(200)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer)
  const rows = book.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1))
  expect(rows[0]).toEqual(['指标名称', '类型', '单位', '允许范围', '选项', '必填', '备注'])
  expect(rows[1]).toEqual(['罐体试验压力', '选项', undefined, undefined, '合格、不合格', '是', '按铭牌'])

  expect(await env.call(hq, 'DELETE', `/api/indicator/delete/${id}`)).toMatchObject({ status: 200, message: '删除成功' })
  expect(await env.call(hq, 'PUT', `/api/indicator/update/${id}`, pressure)).toMatchObject({ status: 404, message: '检验指标不存在' })
})

test('bad input answers in Chinese, names are unique, a base user cannot write', async () => {
  const cases: [unknown, string][] = [
    [{}, '检验项名称不能为空'],
    [{ name: '项' }, '类型不能为空'],
    [{ name: '项', kind: 'number', min: 3, max: 1 }, '检验项“项”的最小值不能大于最大值'],
    [{ name: '项', kind: 'number', max: 1e12 }, '最大值不能大于1000000000'],
    [{ name: '项', kind: 'choice' }, '检验项“项”是选项类型，至少需要2个选项'],
    [{ name: '项', kind: 'choice', options: Array.from({ length: 21 }, (_, i) => `选${i}`) }, '选项不能超过20个'],
    [{ name: '项', kind: 'text', unit: 'x'.repeat(21) }, '单位不能超过20个字符'],
    [{ name: '项', kind: 'text', required: 'yes' }, '是否必填只能是是或否'],
    [{ name: '项'.repeat(51), kind: 'text' }, '检验项名称不能超过50个字符'],
  ]
  for (const [body, message] of cases) {
    const res = await env.call(hq, 'POST', '/api/indicator/save', body)
    expect(res.status, JSON.stringify(body)).toBe(400)
    expect(res.message, JSON.stringify(body)).toBe(message)
  }
  expect(await env.call(hq, 'POST', '/api/indicator/save', { name: '导静电电阻', kind: 'number' })).toMatchObject({ status: 409, message: '检验指标“导静电电阻”已存在，请勿重复添加' })
  expect(await env.call(hq, 'POST', '/api/indicator/find/', { kind: 'slider' })).toMatchObject({ status: 400 })
  expect(await env.call(baseToken, 'POST', '/api/indicator/save', { name: '基地指标', kind: 'text' })).toMatchObject({ status: 403 })
  expect((await env.call(hq, 'POST', '/api/indicator/find/', { name: '基地指标' })).data.totalCount).toBe(0)
})
