import { ATTACHMENT_TYPES, chinaToday, REPORT_STATUS, RESERVATION_STATUS, type RecordValue, type ReportStatus, type TemplateStep } from '@app/contract'
import { and, eq, inArray, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { moveReport, registerFromReservation, registerReport, saveRecord, startReport, updateRegistration, versionSteps } from '../modules/reports/index.js'
import type { Auth } from '../platform/access.js'
import { storeImage, type AttachmentDeps } from '../platform/attachments.js'
import type { RoleRegistry } from '../platform/roles.js'
import type { Db } from '../db/client.js'
import { seededRandom } from './kit.js'
import { PLATE_PREFIX } from './transports.js'
import { processTemplates, reportEvents, reportRecords, reports, reservations, stations, userCompanies, users } from '../db/schema/index.js'

/**
 * Demo inspection reports (part of `npm run seed:demo`): every base gets reports in every status of
 * DESIGN §5, made by the report services as the base's own people (registration by the main account,
 * records by its 检验员, review by the main account, sign-off by the operator), spread over the last
 * five weeks for KPI, with some failed items, one returned report, signed ones due soon or overdue
 * for the expiry warnings, and one registered from today's booking. A base with reports gets none again.
 */

export interface DemoReportBase {
  companyId: number
  index: number
  province: string
  /** the main account, the 检验员 and the operator */
  people: { main: number; inspector: number; operator: number }
}
export interface DemoReportsAdded { reports: number }

const ORGS = ['江苏危运物流有限公司', '宁波港城化工储运有限公司', '四川蜀道危险品运输有限公司', '广州穗安危化物流有限公司', '淄博齐鲁化工运输有限公司', '安徽皖江石化运输有限公司']
const MATERIALS = ['柴油', '汽油', '甲醇', '液化石油气', '液氨', '乙醇', '硫酸', '丙烯']
const DRIVERS = ['张卫东', '李春生', '王海涛', '刘建军', '陈国庆', '杨志刚', '赵德明', '黄永强']
/** per base: how many reports end in each status (signed ones are the most, as in a working base) */
const PLAN: [ReportStatus, number][] = [[0, 2], [1, 2], [2, 1], [3, 1], [4, 2], [5, 2], [6, 6]]
const PLATE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'

async function authOf(db: Db, roles: RoleRegistry, userId: number, companyId: number): Promise<Auth> {
  const [u] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId))
  return { sessionId: 0, userId, companyId, roleId: u!.roleId, role: roles.get(u!.roleId) }
}

/** A value for every item: in range, with the odd failure when `fail` says so. */
function valueFor(item: TemplateStep['items'][number], rand: (n: number) => number, fail: boolean, photo: number): RecordValue {
  switch (item.kind) {
    case 'pass_fail': return !fail
    case 'number': {
      const lo = item.min ?? 0
      const hi = item.max ?? lo + 100
      if (item.name === '安全状况等级') return 1 + rand(3)
      if (fail && item.max != null) return Math.round((item.max * 1.2 + 1) * 10) / 10
      return Math.round((lo + (hi - lo) * (0.3 + rand(40) / 100)) * 10) / 10
    }
    case 'text': return item.name.includes('日期') ? '' : '正常'
    case 'photo': return [photo]
    case 'choice': return item.options[0] ?? ''
  }
}

export async function addDemoReports(deps: AttachmentDeps & { roles: RoleRegistry }, now: Date, bases: DemoReportBase[]): Promise<DemoReportsAdded> {
  const { db } = deps
  const added: DemoReportsAdded = { reports: 0 }
  const today = chinaToday(now)
  const templates = await db.select().from(processTemplates).where(and(eq(processTemplates.isOut, false), inArray(processTemplates.name, ['常压车辆', '承压车辆'])))
  if (templates.length < 2) return added
  const photoBytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8fa3b8' } })
    .composite([{ input: Buffer.from('<svg width="640" height="480"><rect x="120" y="140" width="400" height="200" fill="#dfe6ee" stroke="#34495e" stroke-width="6"/></svg>') }])
    .jpeg({ quality: 70 }).toBuffer()

  for (const base of bases) {
    const [any] = await db.select({ id: reports.id }).from(reports).where(eq(reports.companyId, base.companyId)).limit(1)
    if (any) continue
    const rand = seededRandom(9090 + base.index)
    const [main, inspector, operator] = await Promise.all([base.people.main, base.people.inspector, base.people.operator].map((id) => authOf(db, deps.roles, id, base.companyId)))
    const [station] = await db.select({ id: stations.id }).from(stations).where(eq(stations.companyId, base.companyId)).limit(1)
    const photo = (await storeImage(deps, { buffer: photoBytes, companyId: base.companyId, userId: base.people.inspector, fileType: ATTACHMENT_TYPES.inspectionPhoto, name: '现场照片.jpg' })).id
    const plate = () => `${PLATE_PREFIX[base.province] ?? '京A'}${Array.from({ length: 5 }, () => PLATE_CHARS[rand(PLATE_CHARS.length)]).join('')}`

    let n = 0
    for (const [status, count] of PLAN) {
      for (let k = 0; k < count; k++, n++) {
        const tankerType = n % 3 === 2 ? '承压车辆' : '常压车辆'
        const template = templates.find((t) => t.name === tankerType)!
        const report = await registerReport(db, main, {
          licenseNumber: plate(), tankerType, org: ORGS[rand(ORGS.length)]!, contactName: DRIVERS[rand(DRIVERS.length)]!,
          phone: `138${String(base.index).padStart(2, '0')}${String(100000 + rand(900000)).slice(-6)}`, latestMaterial: MATERIALS[rand(MATERIALS.length)]!,
          outdate: `${Number(today.slice(0, 4)) + 1 + rand(3)}-${String(1 + rand(12)).padStart(2, '0')}-15`, tankerNumber: `GT-${2015 + rand(10)}-${String(1000 + rand(9000))}`,
          images: [photo],
        }, now)
        added.reports++
        const id = report.id
        if (status === REPORT_STATUS.registered) continue
        if (status === REPORT_STATUS.void) {
          await moveReport(db, main, id, REPORT_STATUS.void, null, now)
          continue
        }
        await startReport(db, main, id, { inspectorId: base.people.inspector, templateId: template.id, stationId: station?.id }, now)
        const steps = await versionSteps(db, template.currentVersionId)
        // a report still under way has its first steps entered; finished ones all of them, a few with a failure
        const failing = n % 5 === 3
        const items = steps.flatMap((s) => s.items)
        const upTo = status === REPORT_STATUS.inspecting || status === REPORT_STATUS.paused ? Math.ceil(items.length / 2) : items.length
        for (const [i, item] of items.slice(0, upTo).entries()) {
          const value = valueFor(item, rand, failing && i === 1, photo)
          if (value === '') continue
          await saveRecord(db, inspector, id, { itemKey: item.key, value }, now)
        }
        if (status === REPORT_STATUS.paused) await moveReport(db, inspector, id, REPORT_STATUS.paused, null, now)
        if (status < REPORT_STATUS.finished) continue
        await moveReport(db, inspector, id, REPORT_STATUS.finished, null, now)
        if (n % 7 === 4) {
          await moveReport(db, main, id, REPORT_STATUS.inspecting, '照片不清晰，请补拍铭牌', now)
          await moveReport(db, inspector, id, REPORT_STATUS.finished, null, now)
        }
        if (status >= REPORT_STATUS.reviewed) await moveReport(db, main, id, REPORT_STATUS.reviewed, null, now)
        if (status >= REPORT_STATUS.signed) await moveReport(db, operator, id, REPORT_STATUS.signed, null, now)
      }
    }

    // spread the base's reports over the last five weeks (KPI), and make two signed ones due soon / overdue
    const rows = await db.select({ id: reports.id, status: reports.status }).from(reports).where(eq(reports.companyId, base.companyId))
    for (const [i, r] of rows.entries()) {
      const days = r.status === REPORT_STATUS.registered || r.status === REPORT_STATUS.inspecting ? 0 : 1 + ((i * 5 + base.index) % 34)
      const hours = 2 + (i % 4)
      const shift = sql`make_interval(days => ${days}, hours => ${hours})`
      await db.update(reports).set({
        createTime: sql`create_time - ${shift}`, updateTime: sql`update_time - ${shift}`, startTime: sql`start_time - ${shift} + interval '40 minutes'`,
        finishTime: sql`finish_time - ${shift} + interval '3 hours'`, reviewTime: sql`review_time - ${shift} + interval '4 hours'`,
        signTime: sql`sign_time - ${shift} + interval '5 hours'`,
      }).where(eq(reports.id, r.id))
      await db.update(reportEvents).set({
        createTime: sql`create_time - ${shift} + (case to_status when 1 then interval '40 minutes' when 2 then interval '2 hours' when 4 then interval '3 hours' when 5 then interval '4 hours' when 6 then interval '5 hours' else interval '0' end)`,
      }).where(eq(reportEvents.reportId, r.id))
      await db.update(reportRecords).set({
        createTime: sql`create_time - ${shift} + interval '1 hour'`, updateTime: sql`update_time - ${shift} + interval '1 hour' + make_interval(mins => ${i % 50})`,
      }).where(eq(reportRecords.reportId, r.id))
    }
    const signed = rows.filter((r) => r.status === REPORT_STATUS.signed)
    const dueIn = (days: number) => sql`${today}::date + ${days}::int`
    if (signed[0]) await db.update(reports).set({ nextInspectionDate: dueIn(7), result: '合格' }).where(eq(reports.id, signed[0].id))
    if (signed[1]) await db.update(reports).set({ nextInspectionDate: dueIn(-3), result: '合格', warnedDays: [0, 10, 30] }).where(eq(reports.id, signed[1].id))
    if (signed[2]) await db.update(reports).set({ nextInspectionDate: dueIn(24), result: '合格' }).where(eq(reports.id, signed[2].id))

    // reception registers one of today's bookings: checked in and 已登记, its unit and material still to fill in
    const [booking] = await db.select({ id: reservations.id }).from(reservations)
      .where(and(eq(reservations.companyId, base.companyId), eq(reservations.reserveTime, today), eq(reservations.status, RESERVATION_STATUS.booked))).limit(1)
    if (booking) {
      const r = await registerFromReservation(db, main, booking.id, now)
      added.reports++
      if (base.index % 2) {
        await updateRegistration(db, main, r.id, {
          licenseNumber: r.licenseNumber, tankerType: r.tankerType as '常压车辆', org: ORGS[base.index % ORGS.length]!, contactName: r.contactName,
          phone: r.phone, latestMaterial: MATERIALS[base.index % MATERIALS.length]!, outdate: `${Number(today.slice(0, 4)) + 2}-06-30`,
        }, now)
      }
    }
  }
  return added
}

/** The base's main account, 检验员 and operator (as the demo made them). */
export async function demoReportPeople(db: Db, roles: RoleRegistry, companyId: number, mainUserId: number): Promise<DemoReportBase['people'] | null> {
  const staff = await db.select({ id: users.id, roleId: users.roleId }).from(users)
    .innerJoin(userCompanies, eq(userCompanies.userId, users.id)).where(eq(userCompanies.companyId, companyId))
  const byRole = (nick: string) => staff.find((u) => u.roleId != null && roles.get(u.roleId).nickName === nick)?.id
  const inspector = byRole('检验员')
  const operator = byRole('operator')
  return inspector && operator ? { main: mainUserId, inspector, operator } : null
}
