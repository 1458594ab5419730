import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let admin: string
beforeAll(async () => {
  env = await createTestApp()
  admin = await env.token()
})
afterAll(async () => env?.close())

const format = (over: Record<string, unknown> = {}) => ({ name: '测试发货单', type: 1, regular: '发货单,净重', rankcom: 50, ...over })

async function readXlsx(body: Buffer) {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(body as never)
  const ws = book.worksheets[0]!
  const rows: unknown[][] = []
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

describe('receipt formats', () => {
  test('the seed ships default formats, including the undeletable id 3', async () => {
    const res = await env.call(admin, 'POST', '/api/receiptFormat/find/', { page: 1, size: 50 })
    expect(res.data.totalCount).toBeGreaterThanOrEqual(2)
    expect(res.data.data.some((f: { id: number }) => f.id === 3)).toBe(true)
    const del = await env.call(admin, 'DELETE', '/api/receiptFormat/delete/3')
    expect(del.status).toBe(409)
    expect(del.message).toBe('该票据格式为系统默认格式，不能删除')
  })

  test('create, filter by name and type, edit, delete with its rules', async () => {
    const created = await env.call(admin, 'POST', '/api/receiptFormat/save', format({ name: '海螺水泥发货单', requiredFields: ['deliveryNetWeight'] }))
    expect(created.message).toBe('创建成功')
    const id = created.data.id
    const rule = await env.call(admin, 'POST', '/api/rule/save', { property: 'deliveryNetWeight', receiptFormatId: id, valueName: '净重', valueNameRegular: '净\\s*重', valueRegular: '\\d+\\.\\d+' })
    expect(rule.message).toBe('创建成功')
    const found = await env.call(admin, 'POST', '/api/receiptFormat/find/', { name: '海螺', type: 1 })
    expect(found.data.data).toHaveLength(1)
    expect(found.data.data[0]).toMatchObject({ name: '海螺水泥发货单', ruleCount: 1, requiredFields: ['deliveryNetWeight'] })
    expect((await env.call(admin, 'POST', '/api/receiptFormat/find/', { name: '海螺', type: 2 })).data.totalCount).toBe(0)
    const edited = await env.call(admin, 'PUT', `/api/receiptFormat/update/${id}`, format({ name: '海螺发货单（新）', rankcom: 80 }))
    expect(edited.data).toMatchObject({ name: '海螺发货单（新）', rankcom: 80 })
    expect((await env.call(admin, 'DELETE', `/api/receiptFormat/delete/${id}`)).message).toBe('删除成功')
    expect((await env.call(admin, 'POST', '/api/rule/find/', { receiptFormatId: id })).data.totalCount).toBe(0)
    expect((await env.call(admin, 'DELETE', `/api/receiptFormat/delete/${id}`)).status).toBe(404)
  })

  test('each field is validated with a Chinese message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [format({ name: '' }), '票据格式名称不能为空'],
      [format({ name: undefined }), '票据格式名称不能为空'],
      [format({ name: 'x'.repeat(101) }), '票据格式名称不能超过100个字符'],
      [format({ type: 3 }), '票据类型只能是发货单或收货单'],
      [format({ rankcom: 'abc' }), '权重必须是整数'],
      [format({ rankcom: 10_001 }), '权重不能大于10000'],
      [format({ requiredFields: ['noSuchField'] }), '必填字段只能是发货单或收货单的字段名'],
      [format({ regular: '(未闭合' }), '匹配规则：'],
    ]
    for (const [body, message] of cases) {
      const res = await env.call(admin, 'POST', '/api/receiptFormat/save', body)
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect(res.message).toContain(message)
    }
  })

  test('saving and editing a format answer it as the list shows it, its rules counted', async () => {
    const { data: f } = await env.call(admin, 'POST', '/api/receiptFormat/save', format({ name: '规则数测试格式' }))
    expect(f.ruleCount).toBe(0)
    for (const valueName of ['净重', '实重']) {
      await env.call(admin, 'POST', '/api/rule/save', { property: 'deliveryNetWeight', receiptFormatId: f.id, valueName })
    }
    const edited = await env.call(admin, 'PUT', `/api/receiptFormat/update/${f.id}`, format({ name: '规则数测试格式', rankcom: 60 }))
    expect(edited.data).toMatchObject({ id: f.id, ruleCount: 2, rankcom: 60 })
    const listed = await env.call(admin, 'POST', '/api/receiptFormat/find/', { name: '规则数测试格式' })
    expect(listed.data.data).toEqual([edited.data])
  })

  test('exports the formats as a spreadsheet', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/receiptFormat/export/1', headers: { authorization: `Bearer ${admin}` } })
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('票据格式.xlsx')
    const rows = await readXlsx(res.rawPayload)
    expect(rows[0]).toEqual(['编号', '名称', '类型', '匹配规则', '权重', '排除关键字', '取值规则数', '描述'])
    expect(rows.length).toBeGreaterThan(2)
  })
})

describe('extraction rules', () => {
  test('the field is fixed once created; it must belong to the format type', async () => {
    const { data: f } = await env.call(admin, 'POST', '/api/receiptFormat/save', format({ name: '规则测试格式' }))
    const wrongType = await env.call(admin, 'POST', '/api/rule/save', { property: 'signUser', receiptFormatId: f.id, valueNameRegular: '签收人' })
    expect(wrongType.message).toBe('字段“签收人”不属于发货单')
    const empty = await env.call(admin, 'POST', '/api/rule/save', { property: 'deliveryCarrier', receiptFormatId: f.id })
    expect(empty.message).toBe('字段名称、名称表达式和取值表达式至少填写一项')
    const noFormat = await env.call(admin, 'POST', '/api/rule/save', { property: 'deliveryCarrier', receiptFormatId: 999_999, valueName: '承运' })
    expect(noFormat.message).toBe('所选票据格式不存在')
    const { data: rule } = await env.call(admin, 'POST', '/api/rule/save', { property: 'deliveryCarrier', receiptFormatId: f.id, valueName: '承运单位', valueNameRegular: '承运(单位|商)' })
    const upd = await env.call(admin, 'PUT', `/api/rule/update/${rule.id}`, { property: 'deliveryNetWeight', receiptFormatId: f.id, valueName: '运输单位' })
    expect(upd.data).toMatchObject({ property: 'deliveryCarrier', valueName: '运输单位' })
    const list = await env.call(admin, 'POST', '/api/rule/find/', { property: 'deliveryCarrier', receiptFormatId: f.id })
    expect(list.data.data).toEqual([expect.objectContaining({ id: rule.id, receiptFormatName: '规则测试格式' })])
    const bad = await env.call(admin, 'POST', '/api/rule/save', { property: 'deliveryCarrier', receiptFormatId: f.id, valueRegular: '([a-z]+' })
    expect(bad.status).toBe(400)
    expect(bad.message).toContain('取值表达式：')
    expect((await env.call(admin, 'DELETE', `/api/rule/delete/${rule.id}`)).message).toBe('删除成功')
    expect((await env.call(admin, 'DELETE', `/api/rule/delete/${rule.id}`)).status).toBe(404)
  })

  test('patterns that backtrack catastrophically are refused at save, naming the field; honest ones are kept', async () => {
    const { data: f } = await env.call(admin, 'POST', '/api/receiptFormat/save', format({ name: '回溯测试格式' }))
    for (const p of ['(a|a)*$', '((a)+)+$', '(\\d+)*x']) {
      const asValue = await env.call(admin, 'POST', '/api/rule/save', { property: 'deliveryNetWeight', receiptFormatId: f.id, valueRegular: p })
      expect(asValue.status, p).toBe(400)
      expect(asValue.message).toBe(`取值表达式：正则表达式可能导致回溯爆炸，请简化：${p}`)
      const asName = await env.call(admin, 'POST', '/api/rule/save', { property: 'deliveryNetWeight', receiptFormatId: f.id, valueNameRegular: p })
      expect(asName.message).toBe(`名称表达式：正则表达式可能导致回溯爆炸，请简化：${p}`)
      const asMatch = await env.call(admin, 'PUT', `/api/receiptFormat/update/${f.id}`, format({ name: '回溯测试格式', regular: p }))
      expect(asMatch.status).toBe(400)
      expect(asMatch.message).toBe(`匹配规则：正则表达式可能导致回溯爆炸，请简化：${p}`)
    }
    expect((await env.call(admin, 'POST', '/api/rule/find/', { receiptFormatId: f.id })).data.totalCount).toBe(0)
    const honest = await env.call(admin, 'POST', '/api/rule/save', { property: 'deliveryNetWeight', receiptFormatId: f.id, valueNameRegular: '净重', valueRegular: '净重[:：]?\\s*(\\d+\\.?\\d*)' })
    expect(honest.message).toBe('创建成功')
    const edited = await env.call(admin, 'PUT', `/api/rule/update/${honest.data.id}`, { receiptFormatId: f.id, valueRegular: '(a|a)*$' })
    expect(edited.message).toBe('取值表达式：正则表达式可能导致回溯爆炸，请简化：(a|a)*$')
    const kept = await env.call(admin, 'POST', '/api/rule/find/', { receiptFormatId: f.id })
    expect(kept.data.data).toEqual([expect.objectContaining({ valueRegular: '净重[:：]?\\s*(\\d+\\.?\\d*)' })])
  })

  test('saving and editing a rule answer it as the list shows it, with its format\'s name', async () => {
    const { data: f } = await env.call(admin, 'POST', '/api/receiptFormat/save', format({ name: '回答测试格式' }))
    const { data: other } = await env.call(admin, 'POST', '/api/receiptFormat/save', format({ name: '回答测试格式（二）' }))
    const saved = await env.call(admin, 'POST', '/api/rule/save', { property: 'deliveryCarrier', receiptFormatId: f.id, valueName: '承运单位' })
    expect(saved.data).toMatchObject({ property: 'deliveryCarrier', receiptFormatId: f.id, receiptFormatName: '回答测试格式' })
    expect((await env.call(admin, 'POST', '/api/rule/find/', { receiptFormatId: f.id })).data.data).toEqual([saved.data])
    const edited = await env.call(admin, 'PUT', `/api/rule/update/${saved.data.id}`, { receiptFormatId: other.id, valueName: '运输单位' })
    expect(edited.data).toEqual({ ...saved.data, receiptFormatId: other.id, receiptFormatName: '回答测试格式（二）', valueName: '运输单位' })
    expect((await env.call(admin, 'POST', '/api/rule/find/', { receiptFormatId: other.id })).data.data).toEqual([edited.data])
  })

  test('exports the rules as a spreadsheet', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/rule/export/1', headers: { authorization: `Bearer ${admin}` } })
    const rows = await readXlsx(res.rawPayload)
    expect(rows[0]).toEqual(['编号', '票据格式', '字段', '字段名称', '名称表达式', '取值表达式'])
  })
})
