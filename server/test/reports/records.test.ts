/**
 * Inspection reports' records: each item validated by its kind and judged against the template version
 * the report started with, records and station changes only while 正在检验, finishing once every required
 * item is in, review and sign-off by other people, return with a reason, and the result rules.
 */
import { chinaToday, REPORT_STATUS_LABELS, ReportMsg, type TemplateStep } from '@app/contract'
import { describe, expect, test } from 'vitest'
import { deriveResult, nextInspection } from '../../src/modules/reports/workflow.js'
import { a, admin, detail, env, fill, inspectorToken, keyOf, move, operator, record, reportIn, stationA, stationB, useWorkflowApp } from './workflowFixture.js'

useWorkflowApp()

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
