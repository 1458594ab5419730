import { ATTACHMENT_TYPES, idCheckChar, chinaToday, GOODS_CATEGORIES, formatDateTime, REPORT_STATUS_VALUES, isContactPhone, MOBILE_RE, poundDiff, poundDiffOver, receivingTotal, ROLES } from '@app/contract'
import { count, countDistinct, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemo, type DemoSummary } from '../src/demo/demo.js'
import { DEMO_TRANSPORTS_PER_BASE } from '../src/demo/transports.js'
import { DEMO_GOODS_PER_BASE } from '../src/demo/goods.js'
import { DEMO_MEASUREMENTS_PER_BASE, DEMO_MEMBERS_PER_BASE } from '../src/demo/health.js'
import {
  attachments, companies, sales, stockMovements, extractionRules, reportEvents, reportRecords, reports, logEntries, logisticsCompanies, rechargeRecords, receiptFormats, roles, ticketReadings, transportDestinations,
  transports, userCompanies, users,
} from '../src/db/schema/index.js'
import { attachmentDeps } from '../src/platform/attachments.js'
import { createTestApp, type TestEnv } from './helpers.js'
import { SLOW_TEST_MS } from './timing.js'

let env: TestEnv
let first: DemoSummary
// a hang guard, not a measure: the demo's hundreds of pictures took over 5 minutes beside four CPU-bound processes
beforeAll(async () => {
  env = await createTestApp()
  first = await seedDemo(env.db, attachmentDeps(env.ctx))
}, 2 * SLOW_TEST_MS)
afterAll(async () => env?.close())

async function counts() {
  const n = async (table: PgTable) => (await env.db.select({ n: count() }).from(table))[0]!.n
  return {
    companies: await n(companies), users: await n(users), memberships: await n(userCompanies), recharges: await n(rechargeRecords),
    logs: await n(logEntries), formats: await n(receiptFormats), rules: await n(extractionRules),
    transports: await n(transports), destinations: await n(transportDestinations), readings: await n(ticketReadings),
    carriers: await n(logisticsCompanies), attachments: await n(attachments), movements: await n(stockMovements), sales: await n(sales),
  }
}

describe('npm run seed:demo (seedDemo)', () => {
  it('makes a believable demo: bases in several provinces, users of every role with sub-accounts, top-ups, logs, a custom format and rule', async () => {
    expect(first.added).toMatchObject({ companies: 5, formats: 1, rules: 1 })
    expect(first.added.users).toBeGreaterThanOrEqual(20)
    expect(first.added.recharges).toBeGreaterThanOrEqual(5)
    expect(first.added.logs).toBeGreaterThanOrEqual(30)
    const phones = first.companies.map((b) => b.phone)
    const bases = await env.db.select().from(companies).where(inArray(companies.phone, phones))
    expect(new Set(bases.map((b) => b.province)).size).toBe(5)
    expect(bases.every((b) => b.remainingTimes > 0 && b.mainUserId)).toBe(true)

    const withRoles = await env.db.select({ roleId: users.roleId }).from(users)
    const nickById = new Map((await env.db.select().from(roles)).map((r) => [r.id, r.nickName]))
    const present = new Set(withRoles.map((u) => (u.roleId == null ? '' : nickById.get(u.roleId))))
    for (const role of Object.values(ROLES)) expect(present, `role ${role.nickName || '子账号'}`).toContain(role.nickName)
    const [subs] = await env.db.select({ n: count() }).from(users).where(isNull(users.roleId))
    expect(subs!.n).toBeGreaterThanOrEqual(4)

    // plain entries and alerts (告警), spread over weeks
    const [logs] = await env.db.select({ levels: countDistinct(logEntries.level) }).from(logEntries)
    expect(logs!.levels).toBe(2)
    const times = (await env.db.select({ t: logEntries.createTime }).from(logEntries)).map((r) => r.t.getTime())
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(21 * 86_400_000)
  })

  it('adds a few hundred transports with ticket photos, readings and carriers, their weights the server\'s own arithmetic', async () => {
    expect(first.added.transports).toBe(5 * DEMO_TRANSPORTS_PER_BASE)
    expect(first.added.logisticsCompanies).toBe(20)
    expect(first.added).toMatchObject({ stationGroups: 2 * 3 + 3 * 2, outTemplates: 1 })
    const rows = await env.db.select().from(transports)
    expect(rows).toHaveLength(5 * DEMO_TRANSPORTS_PER_BASE)
    const count = (pred: (t: (typeof rows)[number]) => boolean) => rows.filter(pred).length
    // mostly complete, some temporarily saved, a few invalid; over tolerance (1, 3) and modified weights (2, 3)
    expect(count((t) => t.status === 2)).toBeGreaterThan(220)
    expect(count((t) => t.status === 1)).toBeGreaterThanOrEqual(5)
    expect(count((t) => t.status === 3)).toBeGreaterThanOrEqual(3)
    for (const level of [1, 2, 3]) expect(count((t) => t.dangerLevel === level), `dangerLevel ${level}`).toBeGreaterThanOrEqual(3)
    expect(count((t) => t.dangerLevel === 1 || t.dangerLevel === 3)).toBeGreaterThan(25)

    const dests = await env.db.select().from(transportDestinations)
    expect(new Set(dests.map((d) => d.transportId)).size).toBeGreaterThanOrEqual(10)
    for (const t of rows.filter((r) => r.status !== 1)) {
      const extra = dests.filter((d) => d.transportId === t.id)
      expect(t.signNetWeight, `transport ${t.id}`).toBe(receivingTotal(t.signFirstNetWeight, extra))
      expect(t.poundDiff).toBe(poundDiff(t.deliveryNetWeight, t.signNetWeight))
      expect(poundDiffOver(t.poundDiff)).toBe(t.dangerLevel === 1 || t.dangerLevel === 3)
      expect(t.signManufactory).toBe(t.deliveryManufactory)
    }
    for (const t of rows.filter((r) => r.status === 1)) expect([t.signPicId, t.signNetWeight, t.poundDiff]).toEqual([null, null, null])

    // each picture is a ticket photo of the base, its bytes in the store, read once (ok) for this transport
    const pics = await env.db.select().from(attachments).where(inArray(attachments.id, rows.flatMap((t) => [t.deliveryPicId!, ...(t.signPicId ? [t.signPicId] : [])])))
    expect(pics.every((p) => p.fileType === ATTACHMENT_TYPES.ticketPicture && rows.some((t) => t.companyId === p.companyId && (t.deliveryPicId === p.id || t.signPicId === p.id)))).toBe(true)
    expect(new Set(pics.map((p) => p.sha256)).size).toBe(12)
    for (const sha of new Set(pics.map((p) => p.sha256))) expect(await env.ctx.files.get(sha), sha).not.toBeNull()
    const readings = await env.db.select().from(ticketReadings)
    expect(readings.filter((r) => r.ok)).toHaveLength(pics.length)
    expect(readings.filter((r) => !r.ok).length).toBeGreaterThanOrEqual(5)
    const modified = rows.find((t) => t.dangerLevel === 2)!
    const readWeights = readings.find((r) => r.attachmentId === modified.deliveryPicId)!.fields
    expect(readWeights.deliveryManufactory).toBe(modified.deliveryManufactory)

    // every carrier on a transport is one of its base's logistics companies; one of each base's is a landline
    const carriers = await env.db.select().from(logisticsCompanies)
    for (const t of rows) expect(carriers.some((c) => c.companyId === t.companyId && c.name === t.deliveryCarrier), t.deliveryCarrier!).toBe(true)
    expect(carriers.filter((c) => isContactPhone(c.phone!) && !MOBILE_RE.test(c.phone!))).toHaveLength(5)
  })

  it('a demo base sees its transports in the grid and its uploads in the usage statistics', async () => {
    const token = await env.token(first.companies[0]!.phone, DEMO_PASSWORD)
    const grid = await env.call(token, 'POST', '/api/logistics/find', { page: 1, size: 100 })
    expect(grid.data.totalCount).toBe(DEMO_TRANSPORTS_PER_BASE)
    const range = [formatDateTime(new Date(Date.now() - 40 * 86_400_000)).slice(0, 10), formatDateTime(new Date()).slice(0, 10)]
    const usage = await env.call(token, 'POST', '/api/use/chart', { createTimeQuery: range })
    expect(usage.data.totals.useTimes).toBeGreaterThanOrEqual(DEMO_TRANSPORTS_PER_BASE)
    expect(usage.data.totals.poundErrors).toBeGreaterThan(0)
    expect(usage.data.totals.deliveryWeight).toBeGreaterThan(1000)
  })

  it('adds inspection reports in every status with records, history, a returned one and expiry warnings', async () => {
    const rows = await env.db.select().from(reports)
    expect(first.added.reports).toBe(rows.length)
    expect(rows.length).toBeGreaterThanOrEqual(5 * 16)
    for (const status of REPORT_STATUS_VALUES) expect(rows.filter((r) => r.status === status).length, `status ${status}`).toBeGreaterThanOrEqual(5)
    expect(rows.filter((r) => r.result === '不合格').length).toBeGreaterThanOrEqual(1)
    expect(rows.filter((r) => r.receptionId != null).length).toBeGreaterThanOrEqual(1)
    const [records] = await env.db.select({ n: count() }).from(reportRecords)
    expect(records!.n).toBeGreaterThan(rows.length * 10)
    const returned = await env.db.select().from(reportEvents).where(isNotNull(reportEvents.reason))
    expect(returned.length).toBeGreaterThanOrEqual(1)
    const today = chinaToday()
    expect(rows.filter((r) => r.status === 6 && r.nextInspectionDate != null && r.nextInspectionDate < today)).toHaveLength(5)
    const days = rows.map((r) => r.createTime.getTime())
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(20 * 86_400_000)
  })

  it('adds goods of every category with photos at each base, some 可疑 or 作废, found by the text on their photos', async () => {
    expect(first.added.goods).toBe(5 * DEMO_GOODS_PER_BASE)
    const token = await env.token(first.companies[0]!.phone, DEMO_PASSWORD)
    const list = await env.call(token, 'POST', '/api/goods/find/', { size: 100 })
    expect(list.data.totalCount).toBe(DEMO_GOODS_PER_BASE)
    const items = list.data.data as { category: string; doubtable: string; isInvalid: string; goodsPicIds: number[]; phone: string }[]
    expect(new Set(items.map((g) => g.category))).toEqual(new Set(GOODS_CATEGORIES))
    expect(items.some((g) => g.doubtable === '可疑') && items.some((g) => g.isInvalid === '是')).toBe(true)
    expect(items.every((g) => g.goodsPicIds.length >= 1 && /^1\d\d\*{4}\d{4}$/.test(g.phone))).toBe(true)
    const photo = await env.app.inject({ method: 'GET', url: `/api/attachments/actions/download?id=${items[0]!.goodsPicIds[0]}`, headers: { authorization: `Bearer ${token}` } })
    expect(photo.headers['content-type']).toBe('image/jpeg')
    const found = await env.call(token, 'POST', '/api/goods/find/', { imagetext: 'ROLEX 126610LM' })
    expect(found.data.data.length).toBeGreaterThan(0)
  })

  it('adds materials and each base\'s stock through the ledger: the stock page adds up, orders in every state, sales with a refund', async () => {
    expect(first.added).toMatchObject({ materials: 9, supplyOrders: 4 })
    const token = await env.token(first.companies[0]!.phone, DEMO_PASSWORD)
    const page = (await env.call(token, 'POST', '/api/companyMaterial/find', { size: 100 })).data
    const items = page.data as { companyId: number; materialId: number; materialName: string; quantity: string; low: boolean }[]
    // every material in use is listed, the retired one is not (the base never held it)
    expect(items.map((b) => b.materialName)).toHaveLength(8)
    expect(items.some((b) => b.low)).toBe(true)
    expect(items.filter((b) => b.quantity !== '0.000').length).toBeGreaterThanOrEqual(6)
    const sums = await env.db.execute<{ material_id: number; total: string }>(sql`select material_id, sum(delta) total from stock_movement where company_id = ${items[0]!.companyId} group by 1`)
    const ledger = new Map(sums.rows.map((r) => [Number(r.material_id), Number(r.total)]))
    for (const b of items) expect(Math.round(Number(b.quantity) * 1000), b.materialName).toBe(ledger.get(b.materialId) ?? 0)
    // every base's balances, not only this one's
    const [wrong] = (await env.db.execute<{ n: string }>(sql`select count(*) n from company_material c
      full join (select company_id, material_id, sum(delta) total from stock_movement group by 1, 2) m using (company_id, material_id)
      where c.quantity is distinct from m.total or c.quantity < 0`)).rows
    expect(Number(wrong!.n)).toBe(0)

    const ledgerPage = (await env.call(token, 'POST', '/api/companyMaterial/ledger', { size: 100 })).data.data as { kind: string }[]
    expect(new Set(ledgerPage.map((e) => e.kind))).toEqual(new Set(['purchased', 'used', 'shipped', 'sold', 'refunded', 'adjusted']))
    const orders = (await env.call(token, 'POST', '/api/supplyOrder/find', {})).data.data as { statusName: string }[]
    expect(new Set(orders.map((o) => o.statusName))).toEqual(new Set(['待确认', '已发货', '已收货', '已取消']))
    const saleList = (await env.call(token, 'POST', '/api/sale/find', { size: 100 })).data.data as { kind: string; reportId: number | null; total: number }[]
    expect(saleList.filter((s) => s.kind === '销售').length).toBeGreaterThanOrEqual(3)
    expect(saleList.filter((s) => s.kind === '退款')).toHaveLength(1)
    expect(saleList.some((s) => s.reportId != null)).toBe(true)
    const summary = (await env.call(token, 'POST', '/api/sale/summary', { by: 'day' })).data
    expect(summary.totalCount).toBeGreaterThanOrEqual(3)
  })

  it('adds a health-check day, members with valid ID numbers, two devices and a few hundred readings per base, some abnormal, counted by day', async () => {
    expect(first.added).toMatchObject({ activities: 5, members: 5 * DEMO_MEMBERS_PER_BASE, machines: 10, measurements: 5 * DEMO_MEASUREMENTS_PER_BASE })
    const token = await env.token(first.companies[0]!.phone, DEMO_PASSWORD)
    expect((await env.call(token, 'GET', '/api/active/list')).data.totalCount).toBe(1)
    const members = (await env.call(token, 'POST', '/api/testee/find?size=100', {})).data
    expect(members.totalCount).toBe(DEMO_MEMBERS_PER_BASE)
    for (const m of members.data as { idNo: string; age: number }[]) {
      expect(m.idNo).toMatch(/^\d{3}\*{14}[\dX]$/)
      expect(m.age).toBeGreaterThanOrEqual(18)
    }
    const all = await env.db.execute<{ idno: string }>(sql`select id_no as idno from testee`)
    for (const { idno } of all.rows) expect(idCheckChar(idno.slice(0, 17)), idno).toBe(idno[17])
    const list = (await env.call(token, 'POST', '/api/measurement/find', {})).data
    expect(list.totalCount).toBe(DEMO_MEASUREMENTS_PER_BASE)
    const abnormal = (await env.call(token, 'POST', '/api/measurement/find', { abnormal: true })).data.totalCount
    expect(abnormal).toBeGreaterThan(5)
    expect(abnormal).toBeLessThan(DEMO_MEASUREMENTS_PER_BASE)
    const days = new Set((list.data as { measuredTime: string }[]).map((m) => m.measuredTime.slice(0, 10)))
    expect(days.size).toBeGreaterThan(5)
    // the day counts are the readings, every one of them
    const [totals] = (await env.db.execute<{ rows: number; counted: number }>(sql`select
      (select count(*)::int from measurement) as rows, (select sum(count)::int from measurement_daily where measure = 'all') as counted`)).rows
    expect(totals).toEqual({ rows: 5 * DEMO_MEASUREMENTS_PER_BASE, counted: 5 * DEMO_MEASUREMENTS_PER_BASE })
    // the devices stand in towns of the base's province: 数据统计's towns have the readings
    const towns = (await env.call(token, 'GET', '/api/trace/getAllTrace')).data as { province: string; total: number }[]
    expect(towns.length).toBeGreaterThanOrEqual(1)
    expect(towns.reduce((n, t) => n + t.total, 0)).toBe(DEMO_MEASUREMENTS_PER_BASE)
    expect(new Set(towns.map((t) => t.province)).size).toBe(1)
  })

  it('adds nothing the second time', async () => {
    const before = await counts()
    const again = await seedDemo(env.db, attachmentDeps(env.ctx))
    expect(again.added).toEqual({ companies: 0, users: 0, recharges: 0, formats: 0, rules: 0, logs: 0, logisticsCompanies: 0, transports: 0, readings: 0, plans: 0, reservations: 0, stationGroups: 0, outTemplates: 0, reports: 0, goods: 0, materials: 0, supplyOrders: 0, sales: 0, activities: 0, members: 0, machines: 0, measurements: 0 })
    expect(await counts()).toEqual(before)
  })

  it('a demo base account and a sub-account log in with the demo password', async () => {
    for (const phone of [first.companies[0]!.phone, '13776543018']) {
      const res = await env.login(phone, DEMO_PASSWORD)
      expect(res.json(), phone).toMatchObject({ code: 200 })
    }
  })
})
