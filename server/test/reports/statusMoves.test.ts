/**
 * Inspection reports: registration rules in Chinese, every DESIGN §5 move allowed and refused (409
 * naming both states), records judged against the template version the report started with,
 * finishing, review and sign-off by other people, return with a reason, station changes, the list's
 * filters and export, registration from a booking, tenancy, and moves racing on the same report.
 */
import {
  chinaToday, REPORT_MOVES, REPORT_STATUS, REPORT_STATUS_LABELS, REPORT_STATUS_VALUES, ReportMsg, RESERVATION_STATUS, ReservationMsg,
  type ReportDetail, type ReportStatus, type TemplateStep,
} from '@app/contract'
import ExcelJS from 'exceljs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { reportEvents, reservations, stationGroups, stations } from '../../src/db/schema/index.js'
import { deriveResult, nextInspection } from '../../src/modules/reports/workflow.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { registration } from './registrationFixture.js'

let env: TestEnv
let hq: string
let admin: string
let inspectorToken: string
let operator: string
let otherToken: string
let a: number
let b: number
let inspectorId: number
let templateId: number
let stationA: number
let stationB: number


beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '检验甲基地')).id
  b = (await makeCompany(env.db, '检验乙基地')).id
  const users = {
    admin: await makeUser(env.db, { phone: '13644440001', role: 'baseAdmin', companyIds: [a] }),
    inspector: await makeUser(env.db, { phone: '13644440002', name: '李检验', role: 'inspector', companyIds: [a] }),
    operator: await makeUser(env.db, { phone: '13644440003', role: 'operator', companyIds: [a] }),
    other: await makeUser(env.db, { phone: '13644440004', role: 'baseAdmin', companyIds: [b] }),
  }
  inspectorId = users.inspector.id
  admin = await env.token(users.admin.phone, users.admin.password)
  inspectorToken = await env.token(users.inspector.phone, users.inspector.password)
  operator = await env.token(users.operator.phone, users.operator.password)
  otherToken = await env.token(users.other.phone, users.other.password)
  const template = await env.call(hq, 'POST', '/api/model/save', {
    name: '测试罐车', steps: [
      { name: '外观检查', items: [{ name: '焊缝及母材', kind: 'pass_fail', required: true }, { name: '最小壁厚', kind: 'number', unit: 'mm', min: 5, max: 10, required: true }] },
      { name: '检验结论', items: [
        { name: '检验结论', kind: 'choice', options: ['允许使用', '停止使用'], required: true },
        { name: '备注', kind: 'text', required: false },
        { name: '现场照片', kind: 'photo', required: false },
      ] },
    ],
  })
  expect(template.status).toBe(200)
  templateId = template.data.id
  for (const [companyId, center] of [[a, '罐车二中心'], [b, '罐车一中心']] as const) {
    const [group] = await env.db.insert(stationGroups).values({ companyId, name: `分组${companyId}`, center }).returning()
    const [station] = await env.db.insert(stations).values({ groupId: group!.id, companyId, name: `一号工位${companyId}` }).returning()
    if (companyId === a) stationA = station!.id
    else stationB = station!.id
  }
})
afterAll(async () => env?.close())

const register = (token: string, over: Record<string, unknown> = {}) => env.call(token, 'POST', '/api/report/saveFirst', registration(over))
const detail = async (id: number, token = admin) => (await env.call(token, 'POST', `/api/report/getDetail/${id}`)).data as ReportDetail
const start = (id: number, over: Record<string, unknown> = {}) =>
  env.call(admin, 'POST', `/api/report/start/${id}`, { inspectorId, templateId, stationId: stationA, ...over })
const move = (token: string, id: number, status: number, body: unknown = {}) => env.call(token, 'POST', `/api/report/changeStatus/${id}/${status}`, body)
const record = (id: number, itemKey: string, value: unknown, token = inspectorToken) => env.call(token, 'POST', `/api/report/record/${id}`, { itemKey, value })
const keyOf = (steps: TemplateStep[], name: string) => steps.flatMap((s) => s.items).find((i) => i.name === name)!.key

async function fill(id: number, thickness = 8) {
  const { steps } = await detail(id)
  for (const [name, value] of [['焊缝及母材', true], ['最小壁厚', thickness], ['检验结论', '允许使用']] as const) {
    expect((await record(id, keyOf(steps, name), value)).status).toBe(200)
  }
}

/** A fresh report brought to `status` through the moves a user makes. */
async function reportIn(status: ReportStatus): Promise<number> {
  const id = (await register(admin, { licenseNumber: `苏A${String(Math.floor(Math.random() * 90000) + 10000)}` })).data.id as number
  const steps: [ReportStatus, () => Promise<unknown>][] = [
    [1, () => start(id)],
    [2, () => move(admin, id, 2)],
    [3, () => move(admin, id, 3)],
    [4, async () => { await fill(id); return move(inspectorToken, id, 4) }],
    [5, () => move(admin, id, 5)],
    [6, () => move(operator, id, 6)],
  ]
  const path: Record<ReportStatus, ReportStatus[]> = { 0: [], 1: [1], 2: [1, 2], 3: [3], 4: [1, 4], 5: [1, 4, 5], 6: [1, 4, 5, 6] }
  for (const to of path[status]) {
    const res = await steps.find(([s]) => s === to)![1]() as { status: number; message: string }
    expect(res.status, `${to}: ${res.message}`).toBe(200)
  }
  return id
}

describe('registration', () => {
  test.each([
    [{ licenseNumber: '' }, '车牌号不能为空'],
    [{ licenseNumber: 'AB123' }, ReservationMsg.plateFormat],
    [{ tankerType: '' }, '车辆类型不能为空'],
    [{ tankerType: '油罐车' }, '车辆类型只能是常压车辆、承压车辆'],
    [{ org: undefined }, '单位不能为空'],
    [{ org: '单'.repeat(101) }, '单位不能超过100个字符'],
    [{ contactName: ' ' }, '驾驶员姓名不能为空'],
    [{ phone: '1391234' }, '驾驶员电话格式不正确'],
    [{ latestMaterial: undefined }, '最近装载介质不能为空'],
    [{ outdate: undefined }, '有效期不能为空'],
    [{ outdate: '2027-02-30' }, '有效期不是有效的日期'],
    [{ images: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, '现场照片最多 9 张'],
    [{ images: 'x' }, '现场照片格式不正确'],
    [{ images: [999_999] }, '附件不存在（编号 999999）'],
  ])('%j is refused: %s', async (over, message) => {
    const before = (await env.call(admin, 'POST', '/api/report/find', {})).data.totalCount
    const res = await register(admin, over)
    expect(res.status).toBe(400)
    expect(res.message).toContain(message)
    expect((await env.call(admin, 'POST', '/api/report/find', {})).data.totalCount).toBe(before)
  })

  test('a registration is 已登记 with a JC number of today, its event and the plate normalised', async () => {
    const res = await register(admin, { licenseNumber: '苏a 54321' })
    expect(res.status).toBe(200)
    expect(res.message).toBe(ReportMsg.registered)
    expect(res.data).toMatchObject({ status: 0, statusName: '已登记', licenseNumber: '苏A54321', companyId: a, typeName: '', result: null })
    expect(res.data.reportNumber).toBe(`JC${chinaToday().replaceAll('-', '')}${String(res.data.id).padStart(6, '0')}`)
    const d = await detail(res.data.id)
    expect(d.events).toMatchObject([{ fromStatus: null, toStatus: 0, toName: '已登记' }])
    expect(d.steps).toEqual([])
  })

  test('编辑登记 only while 已登记; /report/save with an id edits, without one registers', async () => {
    const id = (await env.call(admin, 'POST', '/api/report/save', registration())).data.id as number
    const edited = await env.call(admin, 'POST', '/api/report/save', registration({ id, org: '新单位' }))
    expect(edited.status).toBe(200)
    expect(edited.data.org).toBe('新单位')
    expect(edited.data.id).toBe(id)
    await start(id)
    const refused = await env.call(admin, 'POST', '/api/report/save', registration({ id, org: '再改' }))
    expect(refused.status).toBe(409)
    expect(refused.message).toBe(ReportMsg.onlyRegisteredEditable('正在检验'))
  })
})

describe('start', () => {
  test('needs an inspector of the base with role 检验员, a live template and a station of the base', async () => {
    const id = await reportIn(0)
    const adminUser = (await env.call(admin, 'GET', '/api/users/info')).data.id as number
    for (const [over, message] of [
      [{ inspectorId: adminUser }, ReportMsg.inspectorNotFound],
      [{ inspectorId: 999_999 }, ReportMsg.inspectorNotFound],
      [{ templateId: 999_999 }, ReportMsg.templateNotFound],
      [{ stationId: stationB }, ReportMsg.stationNotFound],
      [{ inspectorId: 'x' }, '检验负责人必须是整数'],
      [{ templateId: undefined }, '检验模板不能为空'],
    ] as const) {
      const res = await start(id, over)
      expect(res.status, message).toBe(400)
      expect(res.message).toContain(message)
    }
    expect((await detail(id)).status).toBe(0)
    const res = await start(id)
    expect(res.status).toBe(200)
    expect(res.data).toMatchObject({ status: 1, inspectorName: '李检验', templateName: '测试罐车', templateVersion: 1, center: '罐车二中心', typeName: '流程检验' })
  })

  test('the report keeps the template version it started with when headquarters edits the template', async () => {
    const id = await reportIn(1)
    const before = await detail(id)
    const template = (await env.call(hq, 'GET', `/api/model/get/${templateId}`)).data
    const edited = await env.call(hq, 'PUT', `/api/model/update/${templateId}`, {
      name: template.name, steps: [...template.steps, { name: '附加检查', items: [{ name: '灭火器', kind: 'pass_fail', required: true }] }],
    })
    expect(edited.status).toBe(200)
    const after = await detail(id)
    expect(after.steps).toEqual(before.steps)
    expect(after.templateVersion).toBe(before.templateVersion)
    const later = await reportIn(1)
    expect((await detail(later)).steps.map((s) => s.name)).toContain('附加检查')
    // put the template back so the other tests fill the same items
    await env.call(hq, 'PUT', `/api/model/update/${templateId}`, { name: template.name, steps: template.steps })
  })
})

describe('moves (DESIGN §5)', () => {
  const allowed = (from: ReportStatus, to: ReportStatus) =>
    Object.values(REPORT_MOVES).some((m) => m.to === to && (m.from as readonly number[]).includes(from))

  test.each(REPORT_STATUS_VALUES)('from %s: every move DESIGN §5 does not allow is refused naming both states', async (from) => {
    const id = await reportIn(from)
    for (const to of REPORT_STATUS_VALUES.filter((t) => !allowed(from, t))) {
      const res = await move(operator, id, to)
      expect(res.status, `${from}->${to}`).toBe(409)
      expect(res.message).toBe(ReportMsg.badMove(REPORT_STATUS_LABELS[from], REPORT_STATUS_LABELS[to]))
    }
    expect((await detail(id)).status).toBe(from)
  })

  test.each([
    [2, 1], [1, 2], [2, 3], [0, 3], [1, 3], [1, 4], [4, 5], [5, 6], [4, 1], [5, 1],
  ] as [ReportStatus, ReportStatus][])('%s -> %s is allowed and recorded in the history', async (from, to) => {
    const id = await reportIn(from)
    const token = to === 5 ? admin : to === 6 ? operator : inspectorToken
    if (to === 4) await fill(id)
    const res = await move(token, id, to, to === 1 && from >= 4 ? { reason: '壁厚测点不足，请复测' } : {})
    expect(res.status, res.message).toBe(200)
    expect(res.data.status).toBe(to)
    const d = await detail(id)
    expect(d.events.at(-1)).toMatchObject({ fromStatus: from, toStatus: to })
  })

  test('0 -> 1 needs the start dialog; cancel and setStatus are the same moves', async () => {
    const id = await reportIn(0)
    const res = await move(admin, id, 1)
    expect(res.status).toBe(400)
    expect(res.message).toBe(ReportMsg.startNeedsDialog)
    const paused = await reportIn(1)
    expect((await env.call(admin, 'POST', `/api/report/setStatus/${paused}?status=2`, {})).data.status).toBe(2)
    const cancelled = await env.call(admin, 'POST', `/api/report/cancel/${paused}`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.data.statusName).toBe('作废')
    expect((await env.call(admin, 'POST', `/api/report/cancel/${paused}`)).status).toBe(409)
    expect((await env.call(admin, 'POST', `/api/report/setStatus/${paused}?status=9`, {})).message).toContain('状态只能是')
  })
})

describe('records, finishing, review and sign-off', () => {
  test('each item is validated by its kind; an out-of-range number is kept and judged 不合格', async () => {
    const id = await reportIn(1)
    const { steps } = await detail(id)
    const wall = keyOf(steps, '最小壁厚')
    for (const [key, value, message] of [
      ['nope', true, ReportMsg.itemNotFound('nope')],
      [keyOf(steps, '焊缝及母材'), 'yes', ReportMsg.valueKind('焊缝及母材', '合格或不合格')],
      [wall, '8', ReportMsg.valueKind('最小壁厚', '数字')],
      [keyOf(steps, '检验结论'), '也许', ReportMsg.optionUnknown('检验结论')],
      [keyOf(steps, '现场照片'), [999_998], '附件不存在（编号 999998）'],
      [keyOf(steps, '备注'), 'x'.repeat(501), '内容不能超过500个字符'],
      [wall, { a: 1 }, '检验值格式不正确'],
    ] as const) {
      const res = await record(id, key, value)
      expect(res.status, message).toBe(400)
      expect(res.message).toContain(message)
    }
    const low = await record(id, wall, 3.5)
    expect(low.status).toBe(200)
    expect(low.data).toMatchObject({ itemKey: wall, value: 3.5, passed: false, userName: '李检验' })
    const fixed = await record(id, wall, 7)
    expect(fixed.data.passed).toBe(true)
    const d = await detail(id)
    expect(d.records).toHaveLength(1)
    expect(d.missing).toEqual(['外观检查 / 焊缝及母材', '检验结论 / 检验结论'])
  })

  test('records and station changes only while 正在检验', async () => {
    for (const status of [0, 2, 4] as const) {
      const id = await reportIn(status)
      const res = await record(id, 'any', true)
      expect(res.status).toBe(409)
      expect(res.message).toBe(ReportMsg.onlyWhileInspecting('录入记录', REPORT_STATUS_LABELS[status]))
      const station = await env.call(admin, 'POST', `/api/report/upStation/${id}`, { stationId: stationA })
      expect(station.status).toBe(409)
      expect(station.message).toBe(ReportMsg.onlyWhileInspecting('更换工位', REPORT_STATUS_LABELS[status]))
    }
    const id = await reportIn(1)
    expect((await env.call(admin, 'POST', `/api/report/upStation/${id}`, { stationId: stationB })).message).toBe(ReportMsg.stationNotFound)
    expect((await env.call(admin, 'POST', `/api/report/upStation/${id}`, { stationId: stationA })).data.stationName).toBe(`一号工位${a}`)
  })

  test('finishing waits for every required item and derives the result; review, sign-off and return', async () => {
    const id = await reportIn(1)
    const early = await move(inspectorToken, id, 4)
    expect(early.status).toBe(409)
    expect(early.message).toBe(ReportMsg.missingItems(['外观检查 / 焊缝及母材', '外观检查 / 最小壁厚', '检验结论 / 检验结论']))
    await fill(id, 12)
    const finished = await move(inspectorToken, id, 4)
    expect(finished.data).toMatchObject({ status: 4, result: '不合格' })
    const selfReview = await move(inspectorToken, id, 5)
    expect(selfReview.status).toBe(403)
    expect(selfReview.message).toBe(ReportMsg.reviewerIsInspector)
    expect((await move(admin, id, 1)).message).toBe(ReportMsg.returnReasonRequired)
    const returned = await move(admin, id, 1, { reason: '壁厚超差，请复测' })
    expect(returned.data).toMatchObject({ status: 1, returnReason: '壁厚超差，请复测' })
    await record(id, keyOf((await detail(id)).steps, '最小壁厚'), 8)
    expect((await move(inspectorToken, id, 4)).data).toMatchObject({ result: '合格', returnReason: null })
    expect((await move(admin, id, 5)).data.reviewerName).toBe('测试用户')
    const selfSign = await move(admin, id, 6)
    expect(selfSign.status).toBe(403)
    expect(selfSign.message).toBe(ReportMsg.signerIsReviewer)
    const signed = await move(operator, id, 6)
    expect(signed.data).toMatchObject({ status: 6, statusName: '已签发', nextInspectionDate: nextInspection('合格', null, chinaToday()).nextInspectionDate })
    expect((await detail(id)).events.map((e) => e.toName)).toEqual(['已登记', '正在检验', '检验完成', '正在检验', '检验完成', '已审核', '已签发'])
  })

  test('result rules: a failing choice, the safety grade of a pressure tanker, the next inspection dates', () => {
    const steps: TemplateStep[] = [{ key: 's', name: '结论', items: [
      { key: 'g', name: '安全状况等级', kind: 'number', unit: '级', min: 1, max: 5, options: [], required: true, indicatorId: null },
    ] }]
    expect(deriveResult(steps, [{ itemKey: 'g', value: 3, passed: true }], '承压车辆')).toEqual({ result: '合格', safetyGrade: 3 })
    expect(deriveResult(steps, [{ itemKey: 'g', value: 5, passed: true }], '承压车辆')).toEqual({ result: '不合格', safetyGrade: 5 })
    expect(deriveResult(steps, [{ itemKey: 'g', value: 2, passed: true }], '常压车辆')).toEqual({ result: '合格', safetyGrade: null })
    expect(deriveResult(steps, [{ itemKey: 'c', value: '停止使用', passed: false }], '常压车辆').result).toBe('不合格')
    expect(nextInspection('合格', 2, '2026-11-23')).toEqual({ nextInspectionDate: '2027-11-23', fullInspectionDate: '2031-11-23' })
    expect(nextInspection('合格', 3, '2028-02-29')).toEqual({ nextInspectionDate: '2029-02-28', fullInspectionDate: '2031-02-28' })
    expect(nextInspection('不合格', 1, '2026-11-23')).toEqual({ nextInspectionDate: null, fullInspectionDate: null })
  })
})

describe('list, export and tenancy', () => {
  test('filters by status, plate, centre or base and type; ten a page by default; another base sees nothing of A', async () => {
    const id = await reportIn(1)
    const find = async (body: object, token = admin) => (await env.call(token, 'POST', '/api/report/find', body)).data
    const all = await find({})
    expect(all.data.length).toBeLessThanOrEqual(10)
    expect(all.totalCount).toBeGreaterThan(10)
    expect((await find({ status: 1 })).data.every((r: { status: number }) => r.status === 1)).toBe(true)
    const plate = (await detail(id)).licenseNumber
    expect((await find({ licenseNumber: plate.slice(1).toLowerCase() })).data.map((r: { id: number }) => r.id)).toContain(id)
    expect((await find({ center: '罐车二中心', size: 100 })).data.map((r: { id: number }) => r.id)).toContain(id)
    expect((await find({ center: '罐车一中心' })).totalCount).toBe(0)
    expect((await find({ center: String(a), isOut: 'false', size: 100 })).data.map((r: { id: number }) => r.id)).toContain(id)
    expect((await find({ isOut: true })).totalCount).toBe(0)
    expect((await find({}, otherToken)).totalCount).toBe(0)
    for (const body of [{ companyId: a }, { center: String(a) }]) {
      const refused = await env.call(otherToken, 'POST', '/api/report/find', body)
      expect([refused.status, refused.message]).toEqual([404, '基地不存在'])
    }
    expect((await find({ center: String(a) }, hq)).totalCount).toBe(all.totalCount)
    for (const url of [`/api/report/getDetail/${id}`, `/api/report/upStation/${id}`, `/api/report/cancel/${id}`]) {
      const res = await env.call(otherToken, 'POST', url, { stationId: stationB })
      expect(res.status, url).toBe(404)
      expect(res.message).toBe(ReportMsg.notFound)
    }
    expect((await detail(id)).status).toBe(1)
  })

  test('the export holds the filtered rows with their Chinese headers', async () => {
    const res = await env.app.inject({ method: 'GET', url: `/api/report/export/${a}?status=6`, headers: { authorization: `Bearer ${admin}` } })
    expect(res.statusCode).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    expect(sheet.getRow(1).getCell(1).value).toBe('报告编号')
    const signed = (await env.call(admin, 'POST', '/api/report/find', { status: 6 })).data.totalCount
    expect(sheet.rowCount - 1).toBe(signed)
    expect(sheet.getRow(2).getCell(16).value).toBe('已签发')
  })
})

describe('registration from a booking', () => {
  test('checks the booking in and registers it once; start waits for the fields a booking lacks', async () => {
    const today = chinaToday()
    await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: a, reserveTime: today, reservePeriod: '上午', tankerType: '承压车辆', totalCount: 5 })
    const booking = await env.call(admin, 'POST', '/api/reservation/save', {
      licenseNumber: '苏B77777', contactName: '赵师傅', phone: '13877777777', tankerType: '承压车辆', reserveTime: today, reservePeriod: '上午',
    })
    expect(booking.status).toBe(200)
    const res = await env.call(admin, 'POST', `/api/report/syncFromReservation/${booking.data.id}`)
    expect(res.status).toBe(200)
    expect(res.data).toMatchObject({ licenseNumber: '苏B77777', contactName: '赵师傅', tankerType: '承压车辆', receptionId: booking.data.id, org: null, outdate: null })
    const [row] = await env.db.select().from(reservations).where(eq(reservations.id, booking.data.id))
    expect(row!.status).toBe(RESERVATION_STATUS.arrived)
    const again = await env.call(admin, 'POST', `/api/report/syncFromReservation/${booking.data.id}`)
    expect(again.status).toBe(409)
    expect(again.message).toBe(ReportMsg.reservationUsed)
    const viaDialog = await register(admin, { licenseNumber: '苏B77777', receptionId: booking.data.id })
    expect(viaDialog.status).toBe(409)
    expect(viaDialog.message).toBe(ReportMsg.reservationUsed)
    const early = await start(res.data.id)
    expect(early.status).toBe(409)
    expect(early.message).toBe(ReportMsg.registrationIncomplete(['单位', '最近装载介质', '有效期']))
    await env.call(admin, 'POST', '/api/report/save', registration({ id: res.data.id, licenseNumber: '苏B77777', tankerType: '承压车辆' }))
    expect((await start(res.data.id)).status).toBe(200)
    expect((await env.call(otherToken, 'POST', `/api/report/syncFromReservation/${booking.data.id}`)).status).toBe(404)
  })
})

describe('races', () => {
  test('parallel 完成检验 of one report: exactly one wins and writes one event', async () => {
    const id = await reportIn(1)
    await fill(id)
    const answers = await Promise.all(Array.from({ length: 12 }, () => move(inspectorToken, id, 4)))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.status === 409).map((r) => r.message)).toEqual(Array(11).fill(ReportMsg.badMove('检验完成', '检验完成')))
    const events = await env.db.select().from(reportEvents).where(eq(reportEvents.reportId, id))
    expect(events.map((e) => e.toStatus)).toEqual([0, 1, 4])
  })

  test('one booking registered by parallel calls gives one report', async () => {
    const today = chinaToday()
    const booking = await env.call(admin, 'POST', '/api/reservation/save', {
      licenseNumber: '苏B66666', contactName: '钱师傅', phone: '13866666666', tankerType: '承压车辆', reserveTime: today, reservePeriod: '上午',
    })
    const answers = await Promise.all(Array.from({ length: 8 }, () => env.call(admin, 'POST', `/api/report/syncFromReservation/${booking.data.id}`)))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.status === 409).every((r) => r.message === ReportMsg.reservationUsed || r.message.includes('已到场'))).toBe(true)
  })
})

test('status labels follow DESIGN §5', () => {
  expect(REPORT_STATUS).toEqual({ registered: 0, inspecting: 1, paused: 2, void: 3, finished: 4, reviewed: 5, signed: 6 })
})
