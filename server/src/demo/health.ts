import { chinaToday, formatDateTime, idCheckChar, parseDateTime } from '@app/contract'
import { and, count, eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { activities, machines, measurements, testees } from '../db/schema/index.js'
import { createActivity } from '../modules/activities/index.js'
import { authenticateDevice, recordMeasurement, saveMachine } from '../modules/measurements/index.js'
import { townsOfProvince } from '../platform/towns.js'
import { saveMember } from '../modules/members/index.js'
import type { Auth } from '../platform/access.js'
import { daysBefore, seededRandom } from './kit.js'

/**
 * The health-check part of `npm run seed:demo`: per base a health-check day (活动), members with
 * valid ID numbers (GB 11643 check digit) in three departments, two devices and readings over the
 * last four weeks, a good share of them abnormal. Everything goes through the module services, so the
 * conclusions and the day counts (measurement_daily) are what a device's post makes. A base with
 * devices gets no readings again; members, devices and the activity are looked up before being added.
 */

export interface DemoHealthBase {
  companyId: number
  index: number
  province: string
  domain: string
}
export interface DemoHealthAdded { activities: number; members: number; machines: number; measurements: number }

export const DEMO_MEMBERS_PER_BASE = 30
export const DEMO_MEASUREMENTS_PER_BASE = 60
/** district codes of the five demo bases' cities (the first six digits of their people's ID numbers) */
const REGIONS = ['320102', '330106', '510104', '440103', '370102']
const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗'
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '建国', '海燕', '志强', '晓东', '丽华']
const DEPARTMENTS = ['运输部', '安全部', '综合办公室']
const JOBS = ['驾驶员', '押运员', '安全员', '调度员', '办公室职员']

/** A valid 18-digit ID number: region, birthday, sequence (odd for men) and its check character. */
function demoIdNo(region: string, birthday: Date, seq: number, male: boolean) {
  const ymd = formatDateTime(birthday).slice(0, 10).replace(/-/g, '')
  const order = String(seq * 2 + (male ? 1 : 0)).padStart(3, '0').slice(-3)
  const first17 = `${region}${ymd}${order}`
  return `${first17}${idCheckChar(first17)}`
}

export async function addDemoHealth(db: Db, hq: Auth, now: Date, bases: DemoHealthBase[]): Promise<DemoHealthAdded> {
  const added: DemoHealthAdded = { activities: 0, members: 0, machines: 0, measurements: 0 }
  for (const b of bases) {
    const rand = seededRandom(3500 + b.index)
    const title = `${b.province}职工健康检测日`
    const [activity] = await db.select({ id: activities.id }).from(activities).where(and(eq(activities.companyId, b.companyId), eq(activities.title, title)))
    if (!activity) {
      await createActivity(db, hq, {
        title, place: '基地培训中心一楼', organizer: '基地安全部', companyId: b.companyId, picture: null,
        startTime: formatDateTime(daysBefore(now, 21, 8)), endTime: formatDateTime(daysBefore(now, 21, 17)),
        content: '<p>为驾驶员、押运员免费测量<strong>血压、空腹血糖和身高体重</strong>，请空腹前来。</p><ul><li>测量后扫描设备上的二维码查看本人报告</li></ul>',
      })
      added.activities++
    }

    const people: string[] = []
    for (let i = 0; i < DEMO_MEMBERS_PER_BASE; i++) {
      const male = rand(10) < 7
      const birthday = new Date(Date.UTC(1962 + rand(38), rand(12), 1 + rand(28)))
      const idNo = demoIdNo(REGIONS[(b.index - 1) % REGIONS.length]!, birthday, 100 + i, male)
      people.push(idNo)
      // drawn whether or not the member is there, so a second run draws the same sequence
      const name = `${SURNAMES[rand(SURNAMES.length)]}${GIVEN[rand(GIVEN.length)]}`
      const nation = rand(10) < 9 ? '汉族' : '回族'
      const job = JOBS[rand(JOBS.length)]
      const [found] = await db.select({ id: testees.id }).from(testees).where(and(eq(testees.companyId, b.companyId), eq(testees.idNo, idNo)))
      if (found) continue
      await saveMember(db, hq, {
        name, idNo, nation, department: DEPARTMENTS[i % DEPARTMENTS.length], job,
        phone: `139${String(b.index).padStart(2, '0')}${String(100000 + i * 37).slice(-6)}`, companyId: b.companyId,
      })
      added.members++
    }

    const deviceNos = [`DEMO-${b.domain.toUpperCase()}-1`, `DEMO-${b.domain.toUpperCase()}-2`]
    const [measured] = await db.select({ n: count() }).from(measurements).where(eq(measurements.companyId, b.companyId))
    if (measured!.n > 0) continue
    const devices = []
    // each device stands in a town of the base's province, for 数据统计's towns
    const towns = townsOfProvince(b.province)
    for (const [k, deviceNo] of deviceNos.entries()) {
      await db.delete(machines).where(eq(machines.deviceNo, deviceNo))
      const townCode = towns.length ? towns[(b.index * 37 + k * 11) % towns.length]!.townId : null
      const saved = await saveMachine(db, hq, { type: k === 0 ? '血压血糖一体机' : '身高体重血压一体机', deviceNo, companyId: b.companyId, townCode })
      devices.push(await authenticateDevice(db, { deviceNo, secret: saved.secret }))
      added.machines++
    }
    for (let i = 0; i < DEMO_MEASUREMENTS_PER_BASE; i++) {
      const device = devices[i % 2]!
      // about one in three with raised pressure, one in five with raised sugar
      const high = rand(3) === 0
      const systolic = high ? 140 + rand(45) : 100 + rand(38)
      const diastolic = Math.min(systolic - 20, high ? 88 + rand(22) : 62 + rand(24))
      const sugar = rand(5) === 0 ? 6.1 + rand(25) / 10 : 4.2 + rand(18) / 10
      const height = 152 + rand(33)
      const weight = Math.round(((height / 100) ** 2) * (17.5 + rand(130) / 10) * 10) / 10
      const withBody = device === devices[1] || rand(2) === 0
      await recordMeasurement(db, device, {
        requestId: `demo-${b.domain}-${i}`, idNo: people[rand(people.length)]!,
        measuredTime: formatDateTime(measuredAt(now, i, daysBefore(now, 1 + rand(27), 8 + rand(9), rand(60)))),
        systolic, diastolic, sugar: Math.round(sugar * 10) / 10,
        height: withBody ? height : undefined, weight: withBody ? weight : undefined,
      })
      added.measurements++
    }
  }
  return added
}

/**
 * When demo reading `i` was taken: one in twelve today, in the hours before `now` (never before today's
 * midnight nor after now), so the big screens have today's figures; the rest on an earlier day.
 */
function measuredAt(now: Date, i: number, earlier: Date): Date {
  if (i % 12 !== 0) return earlier
  const midnight = parseDateTime(chinaToday(now)).getTime()
  return new Date(Math.max(midnight, now.getTime() - (1 + ((i * 37) % 300)) * 60_000))
}
