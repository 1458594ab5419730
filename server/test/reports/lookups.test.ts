/**
 * The look-ups of spec 000 §7 (/report/get, getByUserId, selectReports, searchReports): each answers
 * within the caller's bases only, names another base's report as missing, and refuses bad input in Chinese.
 */
import { REPORT_LOOKUP_LIMIT, type Page, type Report } from '@app/contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { stationGroups, stations } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { registration } from './registrationFixture.js'

let env: TestEnv
let hq: string
let admin: string
let otherToken: string
let a: number
let b: number
let inspectorId: number
let templateId: number
let stationA: number
let stationA2: number
/** plate → report ids at A, oldest first */
const ids: Record<string, number[]> = {}
let reportAtB: number


beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '查找甲基地')).id
  b = (await makeCompany(env.db, '查找乙基地')).id
  const users = {
    admin: await makeUser(env.db, { phone: '13655550001', role: 'baseAdmin', companyIds: [a] }),
    inspector: await makeUser(env.db, { phone: '13655550002', name: '赵检验', role: 'inspector', companyIds: [a] }),
    other: await makeUser(env.db, { phone: '13655550003', role: 'baseAdmin', companyIds: [b] }),
  }
  inspectorId = users.inspector.id
  admin = await env.token(users.admin.phone, users.admin.password)
  otherToken = await env.token(users.other.phone, users.other.password)
  const template = await env.call(hq, 'POST', '/api/model/save', {
    name: '查找用模板', steps: [{ name: '外观检查', items: [{ name: '焊缝及母材', kind: 'pass_fail', required: true }] }],
  })
  templateId = template.data.id
  const [group] = await env.db.insert(stationGroups).values({ companyId: a, name: '查找分组', center: '罐车一中心' }).returning()
  ;[{ id: stationA }, { id: stationA2 }] = await env.db.insert(stations)
    .values([{ groupId: group!.id, companyId: a, name: '一号工位' }, { groupId: group!.id, companyId: a, name: '二号工位' }]).returning()

  // 苏A10001 inspected twice (the second at station 2), 苏A10002 once with tank number GT-778, and B's own 苏A10001
  for (const [plate, tankerNumber, station] of [['苏A10001', 'GT-100', stationA], ['苏A10002', 'GT-778', stationA], ['苏A10001', 'GT-100', stationA2]] as const) {
    const res = await env.call(admin, 'POST', '/api/report/saveFirst', registration({ licenseNumber: plate, tankerNumber }))
    expect(res.status, res.message).toBe(200)
    const id = res.data.id as number
    expect((await env.call(admin, 'POST', `/api/report/start/${id}`, { inspectorId, templateId, stationId: station })).status).toBe(200)
    ;(ids[plate] ??= []).push(id)
  }
  reportAtB = (await env.call(otherToken, 'POST', '/api/report/saveFirst', registration({ licenseNumber: '苏A10001', tankerNumber: 'GT-100' }))).data.id
})
afterAll(async () => env?.close())

const plates = (rows: Report[]) => rows.map((r) => `${r.licenseNumber}#${r.id}`)

describe('the vehicle history (/report/get/{testeeId})', () => {
  test('every report of the plate in the caller\'s base, newest first', async () => {
    const res = await env.call(admin, 'POST', `/api/report/get/${ids['苏A10001']![0]}`)
    expect(res.status).toBe(200)
    expect(plates(res.data)).toEqual([...ids['苏A10001']!].reverse().map((id) => `苏A10001#${id}`))
  })

  test('headquarters sees the plate at every base; a base asking for another base\'s report learns nothing', async () => {
    const all = await env.call(hq, 'POST', `/api/report/get/${reportAtB}`)
    expect((all.data as Report[]).map((r) => r.id).sort()).toEqual([...ids['苏A10001']!, reportAtB].sort())
    const refused = await env.call(admin, 'POST', `/api/report/get/${reportAtB}`)
    expect(refused.status).toBe(404)
    expect(refused.message).toBe('检验报告不存在')
  })
})

describe('a lead inspector\'s reports (/report/getByUserId/{id})', () => {
  test('paged like the list, only the base\'s own', async () => {
    const res = await env.call(admin, 'POST', `/api/report/getByUserId/${inspectorId}`, { page: 1, size: 2 })
    const page = res.data as Page<Report>
    expect(page.totalCount).toBe(3)
    expect(page.data).toHaveLength(2)
    expect(page.data.every((r) => r.inspectorName === '赵检验')).toBe(true)
    // B's administrator sees none of A's inspector's reports
    const other = await env.call(otherToken, 'POST', `/api/report/getByUserId/${inspectorId}`, {})
    expect(other.status, other.message).toBe(200)
    expect(other.data.totalCount).toBe(0)
  })
})

describe('a station terminal (/report/selectReports/{stationId}/{licenseNumber})', () => {
  test('the plate\'s reports at that station', async () => {
    const res = await env.call(admin, 'GET', `/api/report/selectReports/${stationA2}/${encodeURIComponent('苏A10001')}`)
    expect(plates(res.data)).toEqual([`苏A10001#${ids['苏A10001']![1]}`])
    const lower = await env.call(admin, 'GET', `/api/report/selectReports/${stationA}/${encodeURIComponent('苏a1000')}`)
    expect((lower.data as Report[]).map((r) => r.licenseNumber).sort()).toEqual(['苏A10001', '苏A10002'])
    expect((await env.call(otherToken, 'GET', `/api/report/selectReports/${stationA}/${encodeURIComponent('苏A10001')}`)).data).toEqual([])
  })
})

describe('the tanker picker\'s search (/report/searchReports/{licenseNumber}/{tankerNumber})', () => {
  test('by tank number, by plate, or both; "-" leaves a term open', async () => {
    const byTank = await env.call(admin, 'GET', '/api/report/searchReports/-/778')
    expect(plates(byTank.data)).toEqual([`苏A10002#${ids['苏A10002']![0]}`])
    const byPlate = await env.call(admin, 'GET', `/api/report/searchReports/${encodeURIComponent('苏A10001')}/-`)
    expect(byPlate.data).toHaveLength(2)
    expect((await env.call(admin, 'GET', `/api/report/searchReports/${encodeURIComponent('苏A10002')}/GT-100`)).data).toEqual([])
    const everything = await env.call(hq, 'GET', '/api/report/searchReports/-/-')
    expect((everything.data as Report[]).length).toBeLessThanOrEqual(REPORT_LOOKUP_LIMIT)
    expect((everything.data as Report[]).some((r) => r.id === reportAtB)).toBe(true)
    expect((await env.call(admin, 'GET', '/api/report/searchReports/-/-')).data.some((r: Report) => r.id === reportAtB)).toBe(false)
  })

  test.each([
    ['/api/report/searchReports/-/' + 'G'.repeat(51), '罐体编号不能超过50个字符'],
    ['/api/report/searchReports/' + encodeURIComponent('苏'.repeat(21)) + '/-', '车牌号不能超过20个字符'],
    ['/api/report/selectReports/abc/-', '工位必须是整数'],
    ['/api/report/selectReports/0/-', '工位不能小于1'],
  ])('%s is refused: %s', async (url, message) => {
    const res = await env.call(admin, 'GET', url)
    expect(res.status).toBe(400)
    expect(res.message).toContain(message)
  })

  test('a bad id or paging is refused in Chinese', async () => {
    expect((await env.call(admin, 'POST', '/api/report/get/x')).status).toBe(400)
    const res = await env.call(admin, 'POST', `/api/report/getByUserId/${inspectorId}`, { size: 100_000 })
    expect(res.status).toBe(400)
    expect(res.message).toContain('每页条数不能大于')
  })
})
