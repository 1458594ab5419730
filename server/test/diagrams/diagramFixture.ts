/**
 * What the diagram tests share: a test app with a base, two of its inspectors, an inspector of another
 * base, a receptionist and headquarters; reports made straight in a status; the two calls and a canvas.
 * The bindings are live: `useDiagramApp()` in a test file fills them before its tests run.
 */
import type { ReportStatus } from '@app/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { reportDiagrams, reports } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

export let env: TestEnv
export let companyId: number
export let inspector: string
export let colleague: string
export let otherBase: string
export let receptionist: string
export let hq: string
export let seq = 0

/** Opens the app and its users before the calling file's tests and closes it after them. */
export function useDiagramApp() {
  beforeAll(async () => {
    env = await createTestApp()
    companyId = (await makeCompany(env.db, '示意图基地')).id
    const other = (await makeCompany(env.db, '示意图外基地')).id
    const users = await Promise.all([
      makeUser(env.db, { phone: '13611110001', name: '王检验', role: 'inspector', companyIds: [companyId] }),
      makeUser(env.db, { phone: '13611110002', name: '李检验', role: 'inspector', companyIds: [companyId] }),
      makeUser(env.db, { phone: '13611110003', name: '外基地', role: 'inspector', companyIds: [other] }),
      makeUser(env.db, { phone: '13611110004', name: '接待员', role: 'reception', companyIds: [companyId] }),
    ]);
    [inspector, colleague, otherBase, receptionist] = await Promise.all(users.map((u) => env.token(u.phone, u.password)))
    hq = await env.token()
  })
  afterAll(async () => env?.close())
}

/** A report row of `companyId` in `status` (the registration and its moves are the reports module's tests). */
export async function makeReport(status: ReportStatus, company = companyId) {
  const i = ++seq
  const [row] = await env.db.insert(reports).values({
    companyId: company, reportNumber: `JCDIAG${i}`, licenseNumber: `苏D${String(i).padStart(5, '0')}`, tankerType: '常压车辆', org: '运输公司',
    contactName: '司机', phone: '13800000000', latestMaterial: '柴油', outdate: '2030-01-01', status, verifyToken: `diagram-token-${i}`,
  }).returning()
  return row!.id
}

export const load = (token: string, id: number | string) => env.call(token, 'POST', `/api/report/loadFabric/${id}`)
export const save = (token: string, id: number | string, body: unknown) => env.call(token, 'POST', `/api/report/saveFabric/${id}`, body)

/** A canvas as fabric.js writes it, with the things that must survive: Chinese text, fractions, nesting, paths. */
export const canvas = (label = 'A1-1') => ({
  version: '7.4.0',
  background: '#ffffff',
  objects: [
    { type: 'Ellipse', left: 120.5, top: 80.25, rx: 20, ry: 20, stroke: '#000000', strokeWidth: 2, fill: 'transparent', strokeDashArray: [5, 5], data: { palette: 'manhole' } },
    { type: 'Textbox', left: 300, top: 40, text: `${label} 人孔 “焊缝”\n第二行`, fontSize: 16, styles: [] },
    { type: 'Path', path: [['M', 0, 0], ['Q', 1.5, 2.25, 3, 4], ['L', 10, 10]], strokeWidth: 1, stroke: 'red' },
    { type: 'Group', objects: [{ type: 'Line', x1: 0, y1: 0, x2: 0, y2: 300, strokeWidth: 5 }], left: 10, top: 10 },
  ],
})

export const getRaw = (token: string, url: string) => env.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
/** What the saved row holds now. */
export const stored = async (id: number) => (await env.db.select().from(reportDiagrams).where(eq(reportDiagrams.reportId, id)))[0]
