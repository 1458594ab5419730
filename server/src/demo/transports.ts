import fs from 'node:fs'
import path from 'node:path'
import {
  ATTACHMENT_TYPES, attachmentUrl, DEFAULT_TOLERANCE, DELIVERY_FIELDS, formatDateTime, round2, SIGN_FIELDS, sumTons, TONS_PER_BAG,
  TransportStatus, type DestinationBody, type FieldValue, type TicketField, type TransportBody,
} from '@app/contract'
import { and, eq, sql } from 'drizzle-orm'
import { computedWeights, destinationRows, destinationsOf, recordOf, TICKET_PICTURE_SIZE, ticketValues } from '../modules/transports/index.js'
import { storeAttachment, type AttachmentDeps } from '../platform/attachments.js'
import type { Db, Executor } from '../db/client.js'
import { daysBefore, seededRandom } from './kit.js'
import { attachments, companies, logisticsCompanies, ticketReadings, transportDestinations, transports } from '../db/schema/index.js'

/**
 * The transport part of `npm run seed:demo`: a few logistics companies per base (their names are the
 * carriers on its transports, with phones for the SMS) and two months of transports with the
 * repository's test ticket photos as their pictures, each with the ticket readings it came from.
 * Most are complete; some are over the pound-difference tolerance (dangerLevel 1/3), some saved with
 * weights changed from what was read (2), some only temporarily saved (status 1), a few invalid (3),
 * some with extra destinations; now and then a reading failed. Totals, pound differences and danger
 * levels are the transport module's own arithmetic (computedWeights). The same every run; a base
 * that has its demo transports already gets none again (each base is one transaction).
 */

export interface DemoTransportBase {
  companyId: number
  /** 1-based, for the base's ticket numbers */
  index: number
  province: string
  city: string
  district: string
  /** who photographs the tickets: the main account and its sub-accounts */
  uploaders: number[]
}

export interface DemoTransportsAdded {
  logisticsCompanies: number
  transports: number
  readings: number
}

/** Transports a base gets. */
export const DEMO_TRANSPORTS_PER_BASE = 60
/** Over how many days before today they were uploaded (the newest demo base is older). */
const SPAN_DAYS = 35

const CARRIERS: [name: string, contactor: string][] = [
  ['顺通危险品运输有限公司', '陈永刚'], ['万里通物流有限公司', '李建华'], ['恒通达物流有限公司', '周国平'],
  ['长运物流集团有限公司', '吴海涛'], ['宏远货运有限公司', '郑文斌'], ['捷安汽车运输有限公司', '孙志明'],
]
const CARRIERS_PER_BASE = 4
/** Area codes of the demo bases' cities, for the one carrier a base reaches by landline. */
const AREA_CODES: Record<string, string> = { 南京市: '025', 宁波市: '0574', 成都市: '028', 广州市: '020', 淄博市: '0533' }

const MANUFACTORIES = ['安徽海螺水泥股份有限公司', '华新水泥股份有限公司', '冀东水泥唐山有限责任公司', '山水集团济南水泥有限公司', '中国建材南方水泥有限公司', '红狮控股集团兰溪水泥有限公司']
const CUSTOMERS = ['江苏苏中建设集团股份有限公司', '山东高速路桥集团股份有限公司', '河南五建建设集团有限公司', '合肥建工集团有限公司', '上海城建市政工程集团有限公司']
const GOODS: [name: string, specific: string][] = [['普通硅酸盐水泥', 'P.O42.5'], ['复合硅酸盐水泥', 'P.C32.5R'], ['矿渣硅酸盐水泥', 'P.S.A32.5'], ['硅酸盐水泥', 'P.II52.5']]
const SETTLEMENTS = ['中建三局集团有限公司', '北京城乡建设集团有限责任公司', '浙江宏达商品混凝土有限公司']
const SIGN_USERS = ['张伟', '刘洋', '杨帆', '王建国', '吴刚', '赵敏']
const SITES = ['项目部一号搅拌站', '东区施工现场', '高架桥三标段', '物流园仓库']
export const PLATE_PREFIX: Record<string, string> = { 江苏省: '苏A', 浙江省: '浙B', 四川省: '川A', 广东省: '粤A', 山东省: '鲁C' }
const PLATE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'
const FORMAT_NAMES = { 1: ['水泥发货单', '过磅单（发货）'], 2: ['水泥收货单', '过磅单（收货）'] } as const
const FAILURES = ['图片无法读取，请重新拍摄上传', '未识别到票据内容，请对准票据重新拍摄', '文件不是图片（仅支持 JPG、PNG、WebP）']

// the repository's test tickets, from server/src/db or from the bundle in server/dist
const TICKETS_DIR = path.resolve(import.meta.dirname, import.meta.url.endsWith('.js') ? '../test/fixtures/tickets' : '../../test/fixtures/tickets')

/** The test tickets' photos by side: *1_* are delivery notes, *2_* receiving notes. */
function ticketPhotos() {
  const files = fs.readdirSync(TICKETS_DIR).filter((f) => f.endsWith('.jpg')).sort()
  return { 1: files.filter((f) => f[1] === '1'), 2: files.filter((f) => f[1] === '2') }
}

type AttachmentRow = typeof attachments.$inferSelect

/**
 * Pictures of one base: a photo's first use is stored as any upload is (re-encoded, content-addressed,
 * charged to the base); each later use is a row of its own on the same blob, charged too.
 */
function basePictures(deps: AttachmentDeps, companyId: number) {
  const stored = new Map<string, AttachmentRow>()
  const unused = new Set<string>()
  return {
    async store(file: string) {
      if (stored.has(file)) return
      const info = await storeAttachment(deps, {
        buffer: fs.readFileSync(path.join(TICKETS_DIR, file)), companyId, userId: null, fileType: ATTACHMENT_TYPES.ticketPicture, name: file,
        ...TICKET_PICTURE_SIZE,
      })
      const [row] = await deps.db.select().from(attachments).where(eq(attachments.id, info.id))
      stored.set(file, row!)
      unused.add(file)
    },
    /** a row of a stored photo for `userId` at `createTime`: the stored one the first time, then copies */
    async use(tx: Executor, file: string, userId: number, createTime: Date) {
      const { id, ...row } = stored.get(file)!
      if (unused.delete(file)) {
        await tx.update(attachments).set({ userId, createTime }).where(eq(attachments.id, id))
        return id
      }
      const [copy] = await tx.insert(attachments).values({ ...row, userId, createTime }).returning({ id: attachments.id })
      await tx.update(companies).set({ storageUsed: sql`${companies.storageUsed} + ${row.size}` }).where(eq(companies.id, companyId))
      return copy!.id
    },
  }
}

/** The raw text a reading keeps: one `label：value` line a field. */
const originText = (fields: Record<string, FieldValue>, labels: Record<string, string>) =>
  Object.entries(fields).filter(([, v]) => v != null).map(([k, v]) => `${labels[k] ?? k}：${v}`).join('\n')

export async function addDemoTransports(deps: AttachmentDeps, now: Date, bases: DemoTransportBase[]): Promise<DemoTransportsAdded> {
  const added: DemoTransportsAdded = { logisticsCompanies: 0, transports: 0, readings: 0 }
  const photos = ticketPhotos()
  for (const base of bases) {
    const carriers = await addCarriers(deps.db, base)
    added.logisticsCompanies += carriers.added
    const plan = planTransports(base, now, carriers.names, photos)
    const [done] = await deps.db.select({ id: transports.id }).from(transports)
      .where(and(eq(transports.companyId, base.companyId), eq(transports.deliveryNumber, plan[0]!.body.deliveryNumber as string)))
    if (done) continue
    const pictures = basePictures(deps, base.companyId)
    for (const file of [...photos[1], ...photos[2]]) await pictures.store(file)
    const counts = await deps.db.transaction((tx) => writeTransports(tx, base, plan, pictures))
    added.transports += counts.transports
    added.readings += counts.readings
  }
  return added
}

/** The base's carriers (made once: the name is unique in a base); one is reached by landline. */
async function addCarriers(db: Db, base: DemoTransportBase) {
  const picked = Array.from({ length: CARRIERS_PER_BASE }, (_, k) => CARRIERS[(base.index + k) % CARRIERS.length]!)
  const rows = picked.map(([name, contactor], k) => ({
    companyId: base.companyId, name, contactor, province: base.province, city: base.city, district: base.district,
    phone: k === CARRIERS_PER_BASE - 1
      ? `${AREA_CODES[base.city] ?? '010'}-8${String(6_100_000 + base.index * 1000 + k * 37).padStart(7, '0')}`
      : `139${String(base.index).padStart(2, '0')}${String(610_000 + k * 1_013).padStart(6, '0')}`,
    remarks: k === 0 ? '长期合作承运商，磅差超标短信通知联系人' : null,
  }))
  const inserted = await db.insert(logisticsCompanies).values(rows).onConflictDoNothing().returning({ id: logisticsCompanies.id })
  return { names: picked.map(([name]) => name), added: inserted.length }
}

interface PlannedTransport {
  body: TransportBody
  status: number
  userId: number
  createTime: Date
  /** the readings' weights where the user changed them (else what was saved) */
  misread: Partial<Record<TicketField, number>>
  deliveryPhoto: string
  signPhoto: string | null
  /** a failed reading just before this upload */
  failedFirst: string | null
  formats: [string, string]
}

/** What a base's transports hold, decided by a fixed pseudo-random sequence (no database). */
function planTransports(base: DemoTransportBase, now: Date, carriers: string[], photos: { 1: string[]; 2: string[] }): PlannedTransport[] {
  const rand = seededRandom(20250600 + base.index)
  const pick = <T>(list: readonly T[]) => list[rand(list.length)]!
  const tons = (min: number, spread: number) => round2(min + rand(Math.round(spread * 100)) / 100)
  const plate = () => `${PLATE_PREFIX[base.province] ?? '京A'}${Array.from({ length: 5 }, () => PLATE_CHARS[rand(PLATE_CHARS.length)]).join('')}`
  const minutesBefore = (t: Date, minutes: number) => new Date(t.getTime() - minutes * 60_000)

  return Array.from({ length: DEMO_TRANSPORTS_PER_BASE }, (_, k): PlannedTransport => {
    const uploaded = daysBefore(now, Math.floor(((DEMO_TRANSPORTS_PER_BASE - 1 - k) * SPAN_DAYS) / DEMO_TRANSPORTS_PER_BASE), 8 + rand(10), rand(60))
    const createTime = uploaded > now ? minutesBefore(now, DEMO_TRANSPORTS_PER_BASE - k) : uploaded
    const signTime = minutesBefore(createTime, 30 + rand(150))
    const deliveryTime = minutesBefore(signTime, 180 + rand(1000))
    const roll = rand(100)
    const status = roll < 6 ? TransportStatus.TEMP : roll < 9 ? TransportStatus.INVALID : TransportStatus.DONE
    const danger = rand(100)
    const overTolerance = danger < 16
    const modified = danger >= 12 && danger < 22

    const bags = rand(5) === 0 ? 560 + rand(300) : 0
    const deliveryNet = bags ? round2(bags * TONS_PER_BAG) : tons(28, 17)
    const deliveryTare = tons(13, 5)
    // the receiving scale mostly reads a little less than the delivery one
    const diff = overTolerance ? (rand(4) ? 1 : -1) * tons(1, 1.5) : tons(-0.3, 0.8)
    const received = sumTons(deliveryNet, -diff)
    const destinations: DestinationBody[] = status === TransportStatus.DONE && rand(8) === 0
      ? Array.from({ length: 1 + rand(2) }, (): DestinationBody => ({
          dest: pick(CUSTOMERS), address: `${base.city}${pick(SITES)}`, signTime: formatDateTime(minutesBefore(signTime, -(20 + rand(100)))),
          weight: tons(4, 6), bags: 0, signUser: pick(SIGN_USERS), signSettlement: pick(SETTLEMENTS), signAdditional: null,
        }))
      : []
    const firstNet = sumTons(received, ...destinations.map((d) => -(d.weight ?? 0)))
    const signTare = sumTons(deliveryTare, tons(-0.2, 0.4))
    const [goods, grade] = pick(GOODS)
    const customer = pick(CUSTOMERS)
    const delivery = {
      deliveryManufactory: pick(MANUFACTORIES), deliveryCustomer: customer, deliveryGoodsName: goods,
      deliverySpecific: `${grade}-26${String(10 + rand(80))}${'ABCDEF'[rand(6)]}`, deliveryPlateNumber: plate(), deliveryCarrier: pick(carriers),
      deliveryNumber: `FH2025${base.index}${String(k + 1).padStart(5, '0')}`, deliveryTime: formatDateTime(deliveryTime),
      deliveryNetWeight: deliveryNet, deliveryBags: bags, deliveryGrossWeight: sumTons(deliveryNet, deliveryTare), deliveryTareWeight: deliveryTare,
    }
    const sign = status === TransportStatus.TEMP ? {} : {
      signManufactory: delivery.deliveryManufactory, signCustomer: customer, signGoodsName: goods, signSpecific: delivery.deliverySpecific,
      signPlateNumber: delivery.deliveryPlateNumber, signCarrier: delivery.deliveryCarrier, signName: customer,
      signPlace: `${base.province}${base.city}${pick(SITES)}`, signNumber: `SH2025${base.index}${String(k + 1).padStart(5, '0')}`,
      signTime: formatDateTime(signTime), signFirstNetWeight: firstNet, signBags: bags ? Math.round(firstNet / TONS_PER_BAG) : 0,
      signGrossWeight: sumTons(firstNet, signTare), signTareWeight: signTare, signUser: pick(SIGN_USERS), signSettlement: pick(SETTLEMENTS),
    }
    // a weight the reading got wrong by 1-3 t and the user corrected
    const misreadField: TicketField = status !== TransportStatus.TEMP && rand(2) ? 'signFirstNetWeight' : 'deliveryNetWeight'
    const saved = (misreadField === 'signFirstNetWeight' ? firstNet : deliveryNet)
    return {
      body: { ...delivery, ...sign, destinations },
      status, userId: base.uploaders[k % base.uploaders.length]!, createTime,
      misread: modified ? { [misreadField]: sumTons(saved, (rand(2) ? 1 : -1) * tons(1, 2)) } : {},
      deliveryPhoto: photos[1][k % photos[1].length]!,
      signPhoto: status === TransportStatus.TEMP ? null : photos[2][k % photos[2].length]!,
      failedFirst: rand(12) === 0 ? pick(FAILURES) : null,
      formats: [pick(FORMAT_NAMES[1]), pick(FORMAT_NAMES[2])],
    }
  })
}

const FIELDS_OF = { 1: Object.keys(DELIVERY_FIELDS), 2: Object.keys(SIGN_FIELDS) } as const
const LABELS: Record<string, string> = { ...DELIVERY_FIELDS, ...SIGN_FIELDS }

/** The base's transports with their pictures, readings and destinations. */
async function writeTransports(tx: Executor, base: DemoTransportBase, plan: PlannedTransport[], pictures: ReturnType<typeof basePictures>) {
  let readings = 0
  for (const t of plan) {
    const deliveryPicId = await pictures.use(tx, t.deliveryPhoto, t.userId, t.createTime)
    const signPicId = t.signPhoto ? await pictures.use(tx, t.signPhoto, t.userId, t.createTime) : null
    const record = recordOf({ ...t.body, deliveryPicId, signPicId: signPicId ?? undefined })
    const destinations = destinationsOf(t.body)
    // what each picture's reading found: the saved fields, but for the weight the user corrected
    const read = (type: 1 | 2) => Object.fromEntries(FIELDS_OF[type].filter((f) => record[f as TicketField] != null)
      .map((f) => [f, t.misread[f as TicketField] ?? record[f as TicketField]])) as Record<string, FieldValue>
    const deliveryRead = read(1)
    const signRead = signPicId ? read(2) : {}
    const originals = { ...deliveryRead, ...signRead }
    const deliveryOrigin = originText(deliveryRead, LABELS)
    const signOrigin = signPicId ? originText(signRead, LABELS) : null
    const readingTime = (minutes: number) => new Date(t.createTime.getTime() - minutes * 60_000)
    const reading = { companyId: base.companyId, userId: t.userId, ok: true, ms: 1200 + (t.createTime.getTime() % 1800) }
    await tx.insert(ticketReadings).values([
      ...(t.failedFirst ? [{ ...reading, fileType: 1, ok: false, error: t.failedFirst, createTime: readingTime(9) }] : []),
      { ...reading, fileType: 1, attachmentId: deliveryPicId, fields: deliveryRead, formatName: t.formats[0], origin: deliveryOrigin, createTime: readingTime(6) },
      ...(signPicId ? [{ ...reading, fileType: 2, attachmentId: signPicId, fields: signRead, formatName: t.formats[1], origin: signOrigin, createTime: readingTime(2) }] : []),
    ])
    readings += 1 + (signPicId ? 1 : 0) + (t.failedFirst ? 1 : 0)
    const [row] = await tx.insert(transports).values({
      companyId: base.companyId, userId: t.userId, status: t.status, ...ticketValues(record),
      ...computedWeights(record, destinations, DEFAULT_TOLERANCE, originals),
      originals, deliveryOrigin, signOrigin, createTime: t.createTime, updateTime: t.createTime, updatedBy: t.userId,
    }).returning({ id: transports.id })
    if (destinations.length) {
      const withPictures: DestinationBody[] = []
      for (const d of destinations) withPictures.push({ ...d, picUrl: attachmentUrl(await pictures.use(tx, t.signPhoto!, t.userId, t.createTime)) })
      await tx.insert(transportDestinations).values(destinationRows(row!.id, withPictures))
    }
  }
  return { transports: plan.length, readings }
}
