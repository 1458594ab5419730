import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { templateVersion } from '../../src/modules/processTemplates/service.js'
import { seed } from '../../src/seed.js'
import { ADMIN_PASSWORD, createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
let baseToken: string
let baseInspector: string

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  const a = (await makeCompany(env.db, '模板甲基地')).id
  const admin = await makeUser(env.db, { phone: '13622220001', role: 'admin', companyIds: [a] })
  const inspector = await makeUser(env.db, { phone: '13622220002', role: 'inspector', companyIds: [a] })
  baseToken = await env.token(admin.phone, admin.password)
  baseInspector = await env.token(inspector.phone, inspector.password)
})
afterAll(async () => env?.close())

const tank = {
  name: '液化气罐车',
  remarks: '测试模板',
  steps: [
    { name: '资料审查', items: [{ name: '登记证', kind: 'pass_fail' }, { name: '设计压力', kind: 'number', unit: 'MPa', min: 0, max: 4 }] },
    { name: '结论', items: [{ name: '结论', kind: 'choice', options: ['允许使用', '停止使用'] }, { name: '现场照片', kind: 'photo', required: false }] },
  ],
}

describe('seeded vehicle types', () => {
  test('常压车辆 and 承压车辆 come with the steps of the inspection domain, in order, once', async () => {
    const list = await env.call(hq, 'POST', '/api/model/find/', { page: 1, size: 10 })
    expect(list.data.data.map((t: { name: string }) => t.name)).toEqual(['常压车辆', '承压车辆'])
    const pressure = list.data.data[1]
    const detail = await env.call(hq, 'GET', `/api/model/get/${pressure.id}`)
    expect(detail.data.steps.map((s: { name: string }) => s.name)).toEqual(
      ['资料审查', '宏观检查', '壁厚测定', '无损检测', '安全附件', '耐压试验', '气密性试验', '检验结论'])
    const pressureTest = detail.data.steps[5].items
    expect(pressureTest.find((i: { name: string }) => i.name === '保压时间')).toMatchObject({ kind: 'number', unit: 'min', min: 30, max: null, required: true })
    const grade = detail.data.steps[7].items[0]
    expect(grade).toMatchObject({ name: '安全状况等级', kind: 'number', min: 1, max: 5 })
    const normal = await env.call(hq, 'GET', `/api/model/get/${list.data.data[0].id}`)
    expect(normal.data.steps.at(-1).items[0]).toMatchObject({ kind: 'choice', options: ['允许使用', '停止使用'] })
    expect(normal.data.steps[3].items.find((i: { name: string }) => i.name === '呼吸阀出气开启压力')).toMatchObject({ unit: 'kPa', min: 6, max: 8 })

    await seed(env.db, { adminPassword: ADMIN_PASSWORD })
    expect((await env.call(hq, 'POST', '/api/model/find/', {})).data.totalCount).toBe(2)
    const indicators = await env.call(hq, 'POST', '/api/indicator/find/', { name: '导静电电阻' })
    expect(indicators.data.data).toEqual([expect.objectContaining({ kind: 'number', unit: 'Ω', max: 10 })])
  })
})

describe('versions', () => {
  test('a new template is version 1; editing it makes version 2 and leaves version 1 as it was', async () => {
    const created = await env.call(hq, 'POST', '/api/model/save', tank)
    expect(created).toMatchObject({ status: 200, message: '创建成功' })
    expect(created.data).toMatchObject({ name: '液化气罐车', version: 1, stepCount: 2, itemCount: 4, isOut: false })
    const v1 = created.data.versionId
    const frozen = await templateVersion(env.db, v1)
    expect(frozen.steps[0].items[1]).toMatchObject({ name: '设计压力', unit: 'MPa', min: 0, max: 4, options: [], required: true, key: expect.any(String) })
    expect(frozen.steps[1].items[0]).toMatchObject({ unit: null, min: null, max: null, options: ['允许使用', '停止使用'] })

    // reorder steps and items, change a range: the editor sends what it loaded, keys included
    const loaded = created.data.steps
    const edited = {
      ...tank,
      steps: [
        { ...loaded[1], items: [loaded[1].items[1], loaded[1].items[0]] },
        { ...loaded[0], items: [loaded[0].items[0], { ...loaded[0].items[1], max: 2.5 }] },
      ],
    }
    const updated = await env.call(hq, 'PUT', `/api/model/update/${created.data.id}`, edited)
    expect(updated).toMatchObject({ status: 200, message: '更新成功', data: { version: 2 } })
    expect(updated.data.versionId).not.toBe(v1)
    expect(updated.data.steps.map((s: { name: string }) => s.name)).toEqual(['结论', '资料审查'])
    expect(updated.data.steps[0].items.map((i: { name: string }) => i.name)).toEqual(['现场照片', '结论'])
    expect(updated.data.steps[1].items[1].key).toBe(loaded[0].items[1].key)

    expect(await templateVersion(env.db, v1)).toEqual(frozen)
    const v1Answer = await env.call(hq, 'GET', `/api/model/version/${v1}`)
    expect(v1Answer.data.steps).toEqual(frozen.steps)

    // saved again unchanged (even without keys): no new version; remarks alone: no new version
    const same = await env.call(hq, 'PUT', `/api/model/update/${created.data.id}`, { ...edited, remarks: '只改备注', steps: JSON.parse(JSON.stringify(updated.data.steps, (k, v) => (k === 'key' ? undefined : v))) })
    expect(same.data).toMatchObject({ version: 2, versionId: updated.data.versionId, remarks: '只改备注' })

    const history = await env.call(hq, 'GET', `/api/model/versions/${created.data.id}`)
    expect(history.data.map((v: { version: number }) => v.version)).toEqual([2, 1])
    expect(history.data[0]).toMatchObject({ createdBy: '超级管理员', stepCount: 2, itemCount: 4 })
  })

  test('parallel edits get consecutive version numbers', async () => {
    const created = await env.call(hq, 'POST', '/api/model/save', { ...tank, name: '并发模板' })
    const edits = await Promise.all([2, 3, 4, 5].map((n) => env.call(hq, 'PUT', `/api/model/update/${created.data.id}`, {
      ...tank, name: '并发模板', steps: [{ name: `步骤${n}`, items: [{ name: '项', kind: 'text' }] }],
    })))
    expect(edits.every((e) => e.status === 200)).toBe(true)
    const history = await env.call(hq, 'GET', `/api/model/versions/${created.data.id}`)
    expect(history.data.map((v: { version: number }) => v.version)).toEqual([5, 4, 3, 2, 1])
  })

  test('a deleted template leaves the lists but its versions stay readable; its name is free again', async () => {
    const created = await env.call(hq, 'POST', '/api/model/save', { ...tank, name: '将删除' })
    expect(await env.call(hq, 'DELETE', `/api/model/delete/${created.data.id}`)).toMatchObject({ status: 200, message: '删除成功' })
    expect(await env.call(hq, 'GET', `/api/model/get/${created.data.id}`)).toMatchObject({ status: 404, message: '检验模板不存在' })
    expect((await templateVersion(env.db, created.data.versionId)).name).toBe('将删除')
    expect((await env.call(hq, 'POST', '/api/model/save', { ...tank, name: '将删除' })).status).toBe(200)
  })
})

describe('non-process templates', () => {
  test('live under /indicatorOut, apart from the vehicle types', async () => {
    const created = await env.call(hq, 'POST', '/api/indicatorOut/save', { ...tank, name: '常压车辆' })
    expect(created.data).toMatchObject({ isOut: true, version: 1 })
    expect(await env.call(hq, 'GET', `/api/model/get/${created.data.id}`)).toMatchObject({ status: 404 })
    expect(await env.call(hq, 'GET', `/api/model/version/${created.data.versionId}`)).toMatchObject({ status: 404, message: '模板版本不存在' })
    const out = await env.call(hq, 'POST', '/api/indicatorOut/find/', {})
    expect(out.data.data.map((t: { name: string }) => t.name)).toEqual(['常压车辆'])
    const options = await env.call(baseInspector, 'GET', '/api/model/options')
    expect(options.data.filter((o: { isOut: boolean }) => o.isOut).map((o: { name: string }) => o.name)).toEqual(['常压车辆'])
    expect(options.data.filter((o: { isOut: boolean }) => !o.isOut).slice(0, 2).map((o: { name: string }) => o.name)).toEqual(['常压车辆', '承压车辆'])
  })
})

describe('validation and access', () => {
  test('every part of a template is checked with a Chinese message; nothing is written', async () => {
    const before = (await env.call(hq, 'POST', '/api/model/find/', {})).data.totalCount
    const item = { name: '项', kind: 'text' }
    const step = { name: '步骤', items: [item] }
    const cases: [unknown, string][] = [
      [{}, '模板名称不能为空'],
      [{ name: '模板' }, '步骤不能为空'],
      [{ name: '模板', steps: [] }, '至少需要1个步骤'],
      [{ name: '模板', steps: 'x' }, '步骤格式不正确'],
      [{ name: '名'.repeat(51), steps: [step] }, '模板名称不能超过50个字符'],
      [{ name: '模板', steps: [{ name: '步骤', items: [] }] }, '每个步骤至少需要1个检验项'],
      [{ name: '模板', steps: [{ name: '', items: [item] }] }, '步骤名称不能为空'],
      [{ name: '模板', steps: [{ name: '步骤', items: [{ name: '项', kind: 'slider' }] }] }, '类型只能是合格/不合格、数值、文字、照片、选项'],
      [{ name: '模板', steps: [{ name: '步骤', items: [{ name: '项' }] }] }, '类型不能为空'],
      [{ name: '模板', steps: [{ name: '步骤', items: [{ name: '压力', kind: 'number', min: 5, max: 1 }] }] }, '检验项“压力”的最小值不能大于最大值'],
      [{ name: '模板', steps: [{ name: '步骤', items: [{ name: '压力', kind: 'number', min: 'abc' }] }] }, '最小值必须是数字'],
      [{ name: '模板', steps: [{ name: '步骤', items: [{ name: '结论', kind: 'choice', options: ['是'] }] }] }, '检验项“结论”是选项类型，至少需要2个选项'],
      [{ name: '模板', steps: [{ name: '步骤', items: [{ name: '结论', kind: 'choice', options: ['是', '是'] }] }] }, '检验项“结论”的选项不能重复'],
      [{ name: '模板', steps: [step, step] }, '步骤“步骤”重复，同一模板内步骤名称不能相同'],
      [{ name: '模板', steps: [{ name: '步骤', items: [item, item] }] }, '步骤“步骤”中检验项“项”重复'],
      [{ name: '模板', steps: Array.from({ length: 31 }, (_, i) => ({ name: `步骤${i}`, items: [item] })) }, '步骤不能超过30个'],
      [{ name: '模板', steps: [{ name: '步骤', items: [{ ...item, key: 'bad key!' }] }] }, '标识只能是1-32位字母、数字、_ 或 -'],
      [{ name: '模板', steps: [{ name: '步骤', items: [{ ...item, indicatorId: 999_999 }] }] }, '检验指标不存在'],
    ]
    for (const [body, message] of cases) {
      const res = await env.call(hq, 'POST', '/api/model/save', body)
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(res.message, JSON.stringify(body).slice(0, 100)).toBe(message)
    }
    expect((await env.call(hq, 'POST', '/api/model/find/', {})).data.totalCount).toBe(before)
    expect(await env.call(hq, 'POST', '/api/model/save', { ...tank, name: '常压车辆' })).toMatchObject({ status: 409, message: '模板“常压车辆”已存在，请换一个名称' })
    expect(await env.call(hq, 'PUT', '/api/model/update/999999', tank)).toMatchObject({ status: 404, message: '检验模板不存在' })
  })

  test('a base user holding every permission cannot write templates; an inspector reads the options only', async () => {
    expect(await env.call(baseToken, 'POST', '/api/model/save', { ...tank, name: '基地模板' })).toMatchObject({ status: 403 })
    expect(await env.call(baseToken, 'POST', '/api/indicatorOut/save', { ...tank, name: '基地模板' })).toMatchObject({ status: 403 })
    const [first] = (await env.call(hq, 'POST', '/api/model/find/', {})).data.data
    expect(await env.call(baseToken, 'PUT', `/api/model/update/${first.id}`, tank)).toMatchObject({ status: 403 })
    expect(await env.call(baseToken, 'DELETE', `/api/model/delete/${first.id}`)).toMatchObject({ status: 403 })
    expect(await env.call(baseInspector, 'POST', '/api/model/find/', {})).toMatchObject({ status: 403 })
    expect((await env.call(hq, 'GET', `/api/model/get/${first.id}`)).data.version).toBe(1)
  })
})
