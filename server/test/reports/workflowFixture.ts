/**
 * What the inspection-report workflow tests share: a test app with base A (an admin, the inspector 李检验
 * and an operator) and base B (an admin), a template, a station in each base, the calls that register,
 * start, move and record a report, and a fresh report brought to any status through those calls.
 * The bindings are live: `useWorkflowApp()` in a test file fills them before its tests run.
 */
import type { ReportDetail, ReportStatus, TemplateStep } from '@app/contract'
import { afterAll, beforeAll, expect } from 'vitest'
import { stationGroups, stations } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { inspectionCast } from './inspectionCast.js'
import { registration } from './registrationFixture.js'

export let env: TestEnv
export let hq: string
export let admin: string
export let inspectorToken: string
export let operator: string
export let otherToken: string
export let a: number
export let b: number
export let inspectorId: number
export let templateId: number
export let stationA: number
export let stationB: number

/** Opens the app, its bases, users, template and stations before the calling file's tests and closes it after them. */
export function useWorkflowApp() {
  beforeAll(async () => {
    env = await createTestApp()
    hq = await env.token()
    const cast = await inspectionCast(env, { bases: ['检验甲基地', '检验乙基地'], phonePrefix: '1364444', inspectorName: '李检验' })
    ;({ a, b, inspectorId, admin, operator } = cast)
    inspectorToken = cast.inspector
    otherToken = cast.other
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
}

export const register = (token: string, over: Record<string, unknown> = {}) => env.call(token, 'POST', '/api/report/saveFirst', registration(over))
export const detail = async (id: number, token = admin) => (await env.call(token, 'POST', `/api/report/getDetail/${id}`)).data as ReportDetail
export const start = (id: number, over: Record<string, unknown> = {}) =>
  env.call(admin, 'POST', `/api/report/start/${id}`, { inspectorId, templateId, stationId: stationA, ...over })
export const move = (token: string, id: number, status: number, body: unknown = {}) => env.call(token, 'POST', `/api/report/changeStatus/${id}/${status}`, body)
export const record = (id: number, itemKey: string, value: unknown, token = inspectorToken) => env.call(token, 'POST', `/api/report/record/${id}`, { itemKey, value })
export const keyOf = (steps: TemplateStep[], name: string) => steps.flatMap((s) => s.items).find((i) => i.name === name)!.key

export async function fill(id: number, thickness = 8) {
  const { steps } = await detail(id)
  for (const [name, value] of [['焊缝及母材', true], ['最小壁厚', thickness], ['检验结论', '允许使用']] as const) {
    expect((await record(id, keyOf(steps, name), value)).status).toBe(200)
  }
}

/** A fresh report brought to `status` through the moves a user makes. */
export async function reportIn(status: ReportStatus): Promise<number> {
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
