import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
let baseToken: string
let inspectorToken: string
let a: number
let b: number

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '工位甲基地')).id
  b = (await makeCompany(env.db, '工位乙基地')).id
  const admin = await makeUser(env.db, { phone: '13644440001', role: 'admin', companyIds: [a] })
  const inspector = await makeUser(env.db, { phone: '13644440002', role: 'inspector', companyIds: [a] })
  baseToken = await env.token(admin.phone, admin.password)
  inspectorToken = await env.token(inspector.phone, inspector.password)
})
afterAll(async () => env?.close())

const names = (g: { stations: { name: string }[] }) => g.stations.map((s) => s.name)

test('headquarters keeps a base\'s groups under a centre; stations keep their ids through renames and reorders', async () => {
  const created = await env.call(hq, 'POST', '/api/groups/save', {
    name: '一号检测线', center: '罐车一中心', companyId: a, stations: [{ name: '外观工位' }, { name: '壁厚工位' }, { name: '试验工位' }],
  })
  expect(created).toMatchObject({ status: 200, message: '创建成功', data: { companyId: a, companyName: '工位甲基地', center: '罐车一中心' } })
  expect(names(created.data)).toEqual(['外观工位', '壁厚工位', '试验工位'])
  const [outer, wall, trial] = created.data.stations

  const edited = await env.call(hq, 'PUT', `/api/groups/update/${created.data.id}`, {
    name: '一号检测线', center: '罐车二中心', companyId: b,
    stations: [{ id: trial.id, name: '耐压工位' }, { id: outer.id, name: '外观工位' }, { name: '气密工位' }],
  })
  expect(edited).toMatchObject({ status: 200, message: '更新成功', data: { companyId: a, center: '罐车二中心' } })
  expect(names(edited.data)).toEqual(['耐压工位', '外观工位', '气密工位'])
  expect(edited.data.stations[0].id).toBe(trial.id)
  expect(edited.data.stations.map((s: { id: number }) => s.id)).not.toContain(wall.id)

  await env.call(hq, 'POST', '/api/groups/save', { name: '二号检测线', center: null, companyId: b, stations: [{ name: '综合工位' }] })
  const forA = await env.call(hq, 'POST', '/api/groups/find/', { companyId: a })
  expect(forA.data.data.map((g: { name: string }) => g.name)).toEqual(['一号检测线'])
  const byCenter = await env.call(hq, 'POST', '/api/groups/find/', { center: '罐车二中心' })
  expect(byCenter.data.totalCount).toBe(1)
  expect((await env.call(hq, 'POST', '/api/groups/find/', { center: '罐车九中心' }))).toMatchObject({ status: 400, message: '所属中心只能是罐车一中心、罐车二中心、罐车三中心' })

  // the base's inspector picks a station of its own base only; naming another base is refused
  expect(await env.call(inspectorToken, 'GET', `/api/groups/stations?companyId=${b}`)).toMatchObject({ status: 404, message: '基地不存在' })
  const choices = await env.call(inspectorToken, 'GET', '/api/groups/stations')
  expect(choices.data.map((g: { name: string }) => g.name)).toEqual(['一号检测线'])
  expect(names(choices.data[0])).toEqual(['耐压工位', '外观工位', '气密工位'])

  expect(await env.call(hq, 'DELETE', `/api/groups/delete/${created.data.id}`)).toMatchObject({ status: 200, message: '删除成功' })
  expect((await env.call(inspectorToken, 'GET', '/api/groups/stations')).data).toEqual([])
})

test('bad input is refused in Chinese with nothing written; another group\'s station id is refused; a base user cannot write', async () => {
  const other = await env.call(hq, 'POST', '/api/groups/save', { name: '乙线', companyId: b, stations: [{ name: '乙工位' }] })
  const mine = await env.call(hq, 'POST', '/api/groups/save', { name: '甲线', companyId: a, stations: [{ name: '甲工位' }] })
  const cases: [unknown, number, string][] = [
    [{}, 400, '分组名称不能为空'],
    [{ name: '线', center: '北京中心' }, 400, '所属中心只能是罐车一中心、罐车二中心、罐车三中心'],
    [{ name: '线', stations: [{ name: '' }] }, 400, '工位名称不能为空'],
    [{ name: '线', stations: [{ name: '同名' }, { name: '同名' }] }, 400, '工位“同名”重复，同一分组内工位名称不能相同'],
    [{ name: '线', stations: Array.from({ length: 101 }, (_, i) => ({ name: `工位${i}` })) }, 400, '工位不能超过100个'],
    [{ name: '线', stations: 'x' }, 400, '工位格式不正确'],
    [{ name: '线', companyId: 'abc' }, 400, '基地必须是整数'],
    [{ name: '线', stations: [{ id: other.data.stations[0].id, name: '偷来的' }] }, 400, '工位不属于该分组，请刷新后重试'],
  ]
  for (const [body, status, message] of cases) {
    const res = await env.call(hq, 'PUT', `/api/groups/update/${mine.data.id}`, body)
    expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status)
    expect(res.message, JSON.stringify(body).slice(0, 80)).toBe(message)
  }
  const after = await env.call(hq, 'POST', '/api/groups/find/', { companyId: a })
  expect(after.data.data.find((g: { id: number }) => g.id === mine.data.id).stations.map((s: { name: string }) => s.name)).toEqual(['甲工位'])
  expect((await env.call(hq, 'POST', '/api/groups/find/', { companyId: b, name: '乙线' })).data.data[0].stations[0].name).toBe('乙工位')

  expect(await env.call(hq, 'POST', '/api/groups/save', { name: '甲线', companyId: a })).toMatchObject({ status: 409, message: '本基地已有工位分组“甲线”' })
  expect(await env.call(hq, 'POST', '/api/groups/save', { name: '无主线', companyId: 999_999 })).toMatchObject({ status: 404, message: '基地不存在' })
  expect(await env.call(hq, 'POST', '/api/groups/save', { name: '新线', companyId: a, stations: [{ id: 5, name: '带编号' }] })).toMatchObject({ status: 400 })
  expect(await env.call(baseToken, 'POST', '/api/groups/save', { name: '基地自建', companyId: a })).toMatchObject({ status: 403 })
  expect(await env.call(baseToken, 'DELETE', `/api/groups/delete/${mine.data.id}`)).toMatchObject({ status: 403 })
  expect(await env.call(baseToken, 'POST', '/api/groups/find/', {})).toMatchObject({ status: 403 })
})
