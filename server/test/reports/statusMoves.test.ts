/**
 * Inspection reports' status moves: starting (an inspector, a template version kept, a station), every
 * DESIGN §5 move allowed and refused (409 naming both states), moves racing on the same report, and the
 * list of reports in those states: its filters, its export and what another base sees of it.
 */
import { REPORT_MOVES, REPORT_STATUS, REPORT_STATUS_LABELS, REPORT_STATUS_VALUES, ReportMsg, type ReportStatus } from '@app/contract'
import ExcelJS from 'exceljs'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { reportEvents } from '../../src/db/schema/index.js'
import {
  a, admin, detail, env, fill, hq, inspectorToken, move, operator, otherToken, reportIn, start, stationB, templateId, useWorkflowApp,
} from './workflowFixture.js'

useWorkflowApp()

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
})

test('status labels follow DESIGN §5', () => {
  expect(REPORT_STATUS).toEqual({ registered: 0, inspecting: 1, paused: 2, void: 3, finished: 4, reviewed: 5, signed: 6 })
})
