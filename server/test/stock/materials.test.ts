import { MaterialMsg, Msg } from '@app/contract'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { stockWorld, type StockWorld } from './stockKit.js'

let w: StockWorld
beforeAll(async () => { w = await stockWorld() })
afterAll(async () => w?.env.close())

test('headquarters keeps types and materials: paged, filtered, exported; bases only read the options', async () => {
  const type = await w.call(w.hq, 'POST', '/api/materialType/save', { name: '防冻液' })
  expect(type.status).toBe(200)
  expect((await w.call(w.hq, 'POST', '/api/materialType/save', { name: '防冻液' }))).toMatchObject({ status: 409, message: MaterialMsg.typeExists })
  const saved = await w.call(w.hq, 'POST', '/api/material/save', { name: '防冻液-25', typeId: type.data.id, specification: '4L', unit: '桶', listPrice: 3990, lowStock: '2.5' })
  expect(saved.data).toMatchObject({ name: '防冻液-25', typeName: '防冻液', listPrice: 3990, lowStock: '2.500', status: '在用' })
  expect((await w.call(w.hq, 'POST', '/api/material/save', { name: '防冻液-25', typeId: type.data.id, specification: '4L', unit: '桶', listPrice: 1 })).message).toBe(MaterialMsg.exists)
  const page = await w.call(w.hq, 'POST', '/api/material/find', { name: '防冻', typeId: type.data.id, page: 1, size: 10 })
  expect(page.data.totalCount).toBe(1)
  expect((await w.call(w.hq, 'POST', '/api/material/find', { status: '停用' })).data.totalCount).toBe(0)
  const file = await w.env.app.inject({ method: 'GET', url: '/api/material/export/1?name=防冻', headers: { authorization: `Bearer ${w.hq}` } })
  expect(file.statusCode).toBe(200)
  expect(file.headers['content-disposition']).toContain('xlsx')
  // a base reads the options, not the admin list
  expect((await w.call(w.baseA, 'POST', '/api/material/find', {})).status).toBe(403)
  expect((await w.call(w.baseA, 'POST', '/api/material/save', { name: 'x', typeId: type.data.id, unit: '个', listPrice: 1 })).status).toBe(403)
  const options = await w.call(w.baseA, 'POST', '/api/material/options', {})
  expect(options.data.map((m: { name: string }) => m.name)).toContain('防冻液-25')
  // the type in use is not deleted
  expect(await w.call(w.hq, 'DELETE', `/api/materialType/delete/${type.data.id}`)).toMatchObject({ status: 409, message: MaterialMsg.typeInUse(1) })
})

test('a material in use is only retired; a retired one is no longer stocked, ordered or sold', async () => {
  const unused = await w.material()
  expect((await w.call(w.hq, 'DELETE', `/api/material/delete/${unused}`)).message).toBe(Msg.deleted)
  const used = await w.material()
  await w.stock(w.baseA, used, '3')
  expect(await w.call(w.hq, 'DELETE', `/api/material/delete/${used}`)).toMatchObject({ status: 409, message: MaterialMsg.inUse })
  const retired = await w.call(w.hq, 'PUT', `/api/material/update/${used}`, { retired: true })
  expect(retired.data.status).toBe('停用')
  expect((await w.call(w.baseA, 'POST', '/api/material/options', {})).data.map((m: { id: number }) => m.id)).not.toContain(used)
  const refused = await w.call(w.baseA, 'POST', '/api/companyMaterial/record', { materialId: used, kind: 'purchased', quantity: 1 })
  expect(refused).toMatchObject({ status: 409 })
  expect(refused.message).toContain('已停用')
  const sale = await w.call(w.baseA, 'POST', '/api/sale/save', { customer: '某运输公司', paymentMethod: '现金', lines: [{ materialId: used, quantity: 1 }] })
  expect(sale.status).toBe(409)
  // what was in stock can still be used up
  expect((await w.call(w.baseA, 'POST', '/api/companyMaterial/record', { materialId: used, kind: 'used', quantity: 3 })).status).toBe(200)
})

test('bad input is refused with the field named, never a 500', async () => {
  const typeId = (await w.call(w.hq, 'POST', '/api/materialType/save', { name: '坏输入类型' })).data.id
  const save = (body: object) => w.call(w.hq, 'POST', '/api/material/save', { name: '坏', typeId, unit: '个', listPrice: 100, ...body })
  expect((await save({ name: undefined })).message).toBe('物料名称不能为空')
  expect((await save({ name: 'x'.repeat(10_000) })).message).toBe('物料名称不能超过100个字符')
  expect((await save({ listPrice: 1.5 })).message).toBe('零售价（分）必须是整数')
  expect((await save({ listPrice: '十元' })).message).toBe('零售价（分）必须是整数')
  expect((await save({ lowStock: '1.2345' })).message).toBe('库存预警值格式不正确，应为数字，最多3位小数')
  expect((await save({ lowStock: 0.1 + 0.2 })).message).toBe('库存预警值格式不正确，应为数字，最多3位小数')
  expect((await save({ typeId: 99999 })).message).toBe(MaterialMsg.typeNotFound)
  expect((await save({ retired: 'yes' })).message).toBe('是否停用只能是 true 或 false')
})
