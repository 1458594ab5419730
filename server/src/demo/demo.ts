import { DELIVERY_FIELDS, HQ_COMPANY_ID, RECHARGE_TYPES, ROLES, SIGN_FIELDS, type RoleKey } from '@app/contract'
import { and, eq, inArray } from 'drizzle-orm'
import { createCompany } from '../modules/companies/index.js'
import type { Auth } from '../platform/access.js'
import { recharge } from '../modules/recharge/index.js'
import { saveFormat, saveRule } from '../modules/receiptFormats/index.js'
import { saveUser } from '../modules/users/index.js'
import type { AttachmentDeps } from '../platform/attachments.js'
import { memoryStore } from '../platform/files.js'
import { RoleRegistry } from '../platform/roles.js'
import { encryptPassword, openCipher } from '../platform/rsa.js'
import type { Db } from '../db/client.js'
import { addDemoHealth, type DemoHealthAdded } from './health.js'
import { daysBefore, seededRandom } from './kit.js'
import { addDemoReservations, type DemoReservationsAdded } from './reservations.js'
import { addDemoReports, demoReportPeople, type DemoReportsAdded } from './reports.js'
import { addDemoInspectionRefs, type DemoInspectionRefsAdded } from './inspectionRefs.js'
import { addDemoGoods } from './goods.js'
import { addDemoStock, type DemoStockAdded } from './stock.js'
import { addDemoTransports, type DemoTransportBase, type DemoTransportsAdded } from './transports.js'
import { companies, extractionRules, logEntries, rechargeRecords, receiptFormats, users } from '../db/schema/index.js'

/**
 * Demo data to try the back-office with (`npm run seed:demo`): companies in five provinces, users of
 * every role with sub-accounts, top-ups, a custom ticket format and rule, and six weeks of log
 * entries. Rows are made by the same services as the admin screens, as headquarters' admin, so they
 * obey the same rules; only log entries (no service writes a dated one) are inserted directly.
 * Idempotent: every item is looked up by its natural key (base name, phone, …) and made only when missing.
 * Later modules add their demo data here (transports, logistics companies and ticket readings: transports.ts;
 * reservation plans and bookings: reservations.ts; materials, stock, supply orders and sales: stock.ts).
 */

/** The password of every demo account (not of headquarters' admin). */
export const DEMO_PASSWORD = 'Demo@2025'

type StaffRole = Exclude<RoleKey, 'admin' | 'subAccount' | 'baseAdmin'>
type Person = { phone: string; name: string }
interface DemoCompany {
  name: string
  domain: string
  province: string
  city: string
  district: string
  address: string
  contactor: string
  /** the main account's login */
  phone: string
  /** '1' allows sub-accounts */
  isCreate: '0' | '1'
  staff: (Person & { role: StaffRole })[]
  /** sub-accounts of the main account */
  subAccounts: Person[]
  /** upload-time top-ups, oldest first */
  uploadTopUps: number[]
  /** who photographs the tickets in the log entries: a sub-account, or the main account */
  uploader: string
}

/** Every base has one of each, in this order. */
const STAFF_ROLES: StaffRole[] = ['inspector', 'operator', 'reception']

/** People (the main account and its contact name, staff in `STAFF_ROLES` order, sub-accounts) are written `phone name`; a region `province city district`. */
type BaseRow = [
  name: string, domain: string, region: string, address: string, main: string, isCreate: '0' | '1',
  staff: string[], subAccounts: string[], uploadTopUps: number[], uploader: string,
]

const COMPANY_ROWS: BaseRow[] = [
  ['南京江宁危险品车辆检测基地', 'nanjing', '江苏省 南京市 江宁区', '江宁经济技术开发区秣周东路18号', '13951702301 王建国', '1',
    ['13951702315 刘洋', '13951702328 孙丽华', '13951702342 周静'], ['13776543018 吴磊', '13776543027 郑晓峰'], [500, 300], '13776543018'],
  ['宁波北仑港区罐车检测基地', 'ningbo', '浙江省 宁波市 北仑区', '新碶街道明州路666号', '13857406112 陈海波', '1',
    ['13857406125 林志远', '13857406139 徐佳琪', '13857406147 胡燕'], ['15867231046 何俊杰', '15867231058 高敏'], [800], '15867231046'],
  ['成都龙泉驿物流检测基地', 'chengdu', '四川省 成都市 龙泉驿区', '经开区南四路99号', '13880921547 李志强', '1',
    ['13880921553 杨帆', '13880921568 邓小川', '13880921574 罗雪梅'], ['18982076315 唐浩', '18982076329 谢婷婷'], [300, 200], '18982076329'],
  ['广州黄埔罐车检验基地', 'guangzhou', '广东省 广州市 黄埔区', '开创大道2288号', '13926083375 黄伟明', '1',
    ['13926083381 梁家辉', '13926083396 冯嘉欣', '13926083402 曾秀英'], ['13729845160 蔡文斌', '13729845174 邱丽娜'], [1000], '13729845174'],
  ['淄博临淄化工园区检测基地', 'zibo', '山东省 淄博市 临淄区', '齐鲁化学工业区清田路17号', '13906436620 张立新', '0',
    ['13906436634 马超', '13906436648 韩冬梅', '13906436651 宋佳'], [], [200], '13906436620'],
]

const person = (text: string): Person => {
  const [phone, name] = text.split(' ') as [string, string]
  return { phone, name }
}

const COMPANIES: DemoCompany[] = COMPANY_ROWS.map(([name, domain, region, address, main, isCreate, staff, subAccounts, uploadTopUps, uploader]) => {
  const [province, city, district] = region.split(' ') as [string, string, string]
  const { phone, name: contactor } = person(main)
  return {
    name, domain, province, city, district, address, contactor, phone, isCreate,
    staff: staff.map((s, i) => ({ ...person(s), role: STAFF_ROLES[i]! })),
    subAccounts: subAccounts.map(person), uploadTopUps, uploader,
  }
})

/** Headquarters' own staff besides its admin. */
const HQ_STAFF: { phone: string; name: string; role: Exclude<RoleKey, 'subAccount'> }[] = [
  { phone: '13601018826', name: '刘婷', role: 'admin' },
  { phone: '13601018837', name: '赵磊', role: 'inspector' },
]

/** Seats each base gets beyond its main account: its staff and sub-accounts, with room for more. */
const DEMO_SEATS = 10

const CUSTOM_FORMAT = {
  name: '海螺水泥发货单', type: 1 as const, regular: '海螺|安徽海螺', rankcom: 30,
  requiredFields: ['deliveryNetWeight' as const, 'deliveryNumber' as const],
  description: '安徽海螺水泥的发货单：净重印在“实发数量”一栏',
}
const CUSTOM_RULE = { property: 'deliveryNetWeight' as const, valueName: '实发数量', valueNameRegular: '实发\\s*数\\s*量', valueRegular: '\\d+(?:\\.\\d+)?\\s*(?:吨|t)?' }

export interface DemoSummary {
  companies: { name: string; domain: string; phone: string }[]
  /** demo accounts in all (headquarters' staff, main accounts, staff, sub-accounts) */
  accounts: number
  /** rows this run added (all zero when the demo was already there) */
  added: { companies: number; users: number; recharges: number; formats: number; rules: number; logs: number } & DemoTransportsAdded & DemoReservationsAdded & DemoInspectionRefsAdded & DemoReportsAdded & { goods: number } & DemoStockAdded & DemoHealthAdded
}

/** `pictures`: where the demo transports' ticket photos are stored (the server's file store and quota). */
export async function seedDemo(db: Db, pictures: Pick<AttachmentDeps, 'files' | 'storageQuotaBytes'>, now = new Date()): Promise<DemoSummary> {
  const roles = new RoleRegistry()
  await roles.load(db)
  // the servers' key (created here when the demo runs first): each password is encrypted for the call that decrypts it
  const cipher = await openCipher(db)
  cipher.close()
  const encrypted = () => encryptPassword(cipher.publicKeyPem, DEMO_PASSWORD)
  const [admin] = await db.select().from(users).where(eq(users.phone, 'admin'))
  if (!admin) throw new Error('headquarters admin missing: run the normal seed first')
  const hq: Auth = { sessionId: 0, userId: admin.id, companyId: HQ_COMPANY_ID, roleId: admin.roleId, role: roles.get(admin.roleId) }
  // creating a base stores no files
  const deps = { db, cipher, roles, files: memoryStore() }
  const added = { companies: 0, users: 0, recharges: 0, formats: 0, rules: 0, logs: 0, logisticsCompanies: 0, transports: 0, readings: 0, plans: 0, reservations: 0, stationGroups: 0, outTemplates: 0, reports: 0, goods: 0, materials: 0, supplyOrders: 0, sales: 0, activities: 0, members: 0, machines: 0, measurements: 0 }

  const userId = async (phone: string) => (await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]?.id
  const addUser = async (companyId: number, u: { phone: string; name: string; role?: Exclude<RoleKey, 'subAccount'> }, parentId?: number) => {
    if (await userId(u.phone)) return
    await saveUser(deps, hq, {
      phone: u.phone, name: u.name, nickName: u.role ? ROLES[u.role].nickName : undefined, isCreate: 0,
      password: encrypted(), passwordAgain: encrypted(), companyId, parentId,
    })
    added.users++
  }
  /** a top-up, once: the request id makes a second run find the first record */
  const topUp = async (companyId: number, requestId: string, type: (typeof RECHARGE_TYPES)[keyof typeof RECHARGE_TYPES], times: number, daysAgo: number) => {
    const [done] = await db.select({ id: rechargeRecords.id }).from(rechargeRecords).where(eq(rechargeRecords.requestId, requestId))
    if (done) return
    const { record } = await recharge(db, hq, { companyId, times, requestId }, type)
    // dated back so that the record list reads like weeks of use
    await db.update(rechargeRecords).set({ createTime: daysBefore(now, daysAgo, 10) }).where(eq(rechargeRecords.id, record.id))
    added.recharges++
  }

  for (const u of HQ_STAFF) await addUser(HQ_COMPANY_ID, u)

  const companyIds = new Map<string, number>()
  const transportBases: DemoTransportBase[] = []
  for (const [i, b] of COMPANIES.entries()) {
    let [company] = await db.select({ id: companies.id, mainUserId: companies.mainUserId }).from(companies).where(eq(companies.name, b.name))
    if (!company) {
      const row = await createCompany(deps, hq, {
        name: b.name, contactor: b.contactor, phone: b.phone, address: b.address, domain: b.domain,
        province: b.province, city: b.city, district: b.district, isCreate: b.isCreate, password: encrypted(),
      })
      await db.update(companies).set({ createTime: daysBefore(now, 60 - i * 5, 9) }).where(eq(companies.id, row.id))
      company = { id: row.id, mainUserId: row.mainUserId }
      added.companies++
      added.users++
    }
    companyIds.set(b.phone, company.id)
    // seats first: the quota is checked as users are added
    await topUp(company.id, `demo-${b.domain}-seats`, RECHARGE_TYPES.userAmount, DEMO_SEATS, 58 - i * 5)
    for (const [k, times] of b.uploadTopUps.entries()) {
      await topUp(company.id, `demo-${b.domain}-times-${k + 1}`, RECHARGE_TYPES.times, times, 57 - i * 5 - k * 21)
    }
    for (const s of b.staff) await addUser(company.id, s)
    for (const s of b.subAccounts) await addUser(company.id, s, company.mainUserId!)
    const uploaders = [company.mainUserId!, ...await Promise.all(b.subAccounts.map(async (s) => (await userId(s.phone))!))]
    transportBases.push({ companyId: company.id, index: i + 1, province: b.province, city: b.city, district: b.district, uploaders })
  }

  let [format] = await db.select({ id: receiptFormats.id }).from(receiptFormats).where(eq(receiptFormats.name, CUSTOM_FORMAT.name))
  if (!format) {
    format = await saveFormat(db, CUSTOM_FORMAT)
    added.formats++
  }
  const [rule] = await db.select({ id: extractionRules.id }).from(extractionRules)
    .where(and(eq(extractionRules.receiptFormatId, format.id), eq(extractionRules.property, CUSTOM_RULE.property)))
  if (!rule) {
    await saveRule(db, { ...CUSTOM_RULE, receiptFormatId: format.id })
    added.rules++
  }

  Object.assign(added, await addDemoTransports({ db, ...pictures }, now, transportBases))
  Object.assign(added, await addDemoReservations(db, hq, now, transportBases.map((b) => ({ companyId: b.companyId, index: b.index, province: b.province }))))
  Object.assign(added, await addDemoInspectionRefs(db, hq, transportBases))
  const reportBases = []
  for (const b of transportBases) {
    const people = await demoReportPeople(db, roles, b.companyId, b.uploaders[0]!)
    if (people) reportBases.push({ companyId: b.companyId, index: b.index, province: b.province, people })
  }
  Object.assign(added, await addDemoReports({ db, ...pictures, roles }, now, reportBases))
  Object.assign(added, await addDemoGoods({ db, ...pictures }, now, transportBases.map((b) => ({ companyId: b.companyId, index: b.index, userId: b.uploaders[0]! }))))
  Object.assign(added, await addDemoStock(db, hq, now, transportBases.map((b) => ({ companyId: b.companyId, userId: b.uploaders[0]! }))))
  Object.assign(added, await addDemoHealth(db, hq, now, transportBases.map((b) => ({ companyId: b.companyId, index: b.index, province: b.province, domain: COMPANIES[b.index - 1]!.domain }))))
  added.logs = await addLogs(db, now, COMPANIES.map((b) => ({ companyId: companyIds.get(b.phone)!, uploader: b.uploader })))

  return {
    companies: COMPANIES.map((b) => ({ name: b.name, domain: b.domain, phone: b.phone })),
    accounts: HQ_STAFF.length + COMPANIES.reduce((n, b) => n + 1 + b.staff.length + b.subAccounts.length, 0),
    added,
  }
}

const DELIVERY_COUNT = Object.keys(DELIVERY_FIELDS).length
const SIGN_COUNT = Object.keys(SIGN_FIELDS).length
const FORMATS = { 1: ['水泥发货单', '过磅单（发货）', '海螺水泥发货单'], 2: ['水泥收货单', '过磅单（收货）'] } as const
const FLAGS = [
  '毛重 49.86 减皮重 15.20 为 34.66 吨，与净重 36.46 吨不符，请核对',
  '车牌号“苏A8B2”格式不正确（应为省份简称 + 字母 + 5~6 位字母或数字），请核对',
  '皮重大于毛重，请核对',
]
const FAILURES = ['图片无法读取，请重新拍摄上传', '文件不是图片（仅支持 JPG、PNG、WebP）']

/**
 * About eight ticket readings per base over the last six weeks, as the ticket reader logs them:
 * mostly complete, some needing a check (告警), now and then a picture that could not be read.
 * The same every run (a fixed pseudo-random sequence); an entry already there is not added again.
 */
async function addLogs(db: Db, now: Date, uploaders: { companyId: number; uploader: string }[]) {
  const rand = seededRandom(20250301)
  const entries: (typeof logEntries.$inferInsert)[] = []
  for (const { companyId, uploader } of uploaders) {
    for (let k = 0; k < 8; k++) {
      const type = (rand(2) + 1) as 1 | 2
      const kind = type === 1 ? '发货单' : '收货单'
      const total = type === 1 ? DELIVERY_COUNT : SIGN_COUNT
      const createTime = daysBefore(now, 42 - k * 5 - rand(4), 8 + rand(10), rand(60))
      const roll = rand(10)
      if (roll === 0) {
        entries.push({ companyId, phone: uploader, level: 1, createTime, errorMes: `${kind}识别失败：${FAILURES[rand(FAILURES.length)]}` })
        continue
      }
      const serialNumber = `${type === 1 ? 'XS' : 'SH'}2025${String(100000 + rand(900000))}`
      const format = FORMATS[type][rand(FORMATS[type].length)]
      const filled = total - 3 - rand(4)
      const flag = roll <= 2 ? `；需核对：${FLAGS[rand(FLAGS.length)]}` : ''
      entries.push({
        companyId, phone: uploader, level: flag ? 1 : 0, serialNumber, createTime,
        errorMes: `${kind}识别完成：格式“${format}”，识别出 ${filled}/${total} 个字段，用时 ${900 + rand(2400)} ms${flag}`,
      })
    }
  }
  const existing = await db.select({ companyId: logEntries.companyId, errorMes: logEntries.errorMes }).from(logEntries)
    .where(inArray(logEntries.companyId, uploaders.map((b) => b.companyId)))
  const key = (e: { companyId?: number | null; errorMes: string }) => `${e.companyId}\n${e.errorMes}`
  const seen = new Set(existing.map(key))
  const missing = entries.filter((e) => !seen.has(key(e)) && seen.add(key(e)))
  if (missing.length) await db.insert(logEntries).values(missing)
  return missing.length
}
