import { ATTACHMENT_TYPES, GOODS_CATEGORIES, idCheckChar, type GoodsCategory } from '@app/contract'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { Executor } from '../db/client.js'
import { goods } from '../db/schema/index.js'
import { storeAttachment, type AttachmentDeps } from '../platform/attachments.js'
import { daysBefore, seededRandom } from './kit.js'

/**
 * The goods part of `npm run seed:demo`: items of every category at each base, over six weeks, some
 * marked 可疑 or 作废, with photos drawn here (a shape among surroundings of its own and a printed label per kind of item, and a
 * pawn ticket) so the demo needs no photo files. The label printed on a photo is stored as its photo
 * text, as the OCR would read it after a save, so the description search works without running the OCR.
 * The same every run; a base that has its demo goods gets none again.
 */

export interface DemoGoodsBase {
  companyId: number
  /** 1-based, for the base's ticket numbers */
  index: number
  userId: number
}

export const DEMO_GOODS_PER_BASE = 60
const SPAN_DAYS = 42

/** Per category: names, the printed label (what the photo says) and the drawing's shape and colour. */
export const KINDS: Record<GoodsCategory, { names: string[]; labels: string[]; shape: 'ring' | 'rect' | 'round' | 'bike' | 'car'; colour: string }> = {
  黄金: { names: ['足金手镯', '黄金项链', '足金戒指', '金条 50g'], labels: ['AU999 CHOW TAI FOOK', 'AU750 18K', 'AU9999 50g'], shape: 'ring', colour: '#d4a017' },
  电瓶车: { names: ['雅迪电动车', '爱玛电动车', '新日电瓶车'], labels: ['YADEA DE3 48V', 'AIMA A500 60V', 'SUNRA S3'], shape: 'bike', colour: '#2f7bd8' },
  手机: { names: ['苹果手机 iPhone 13', '华为 Mate 40', '小米 12 Pro'], labels: ['IMEI 356789104523817', 'HUAWEI NOH-AN00', 'Xiaomi 2201122C'], shape: 'rect', colour: '#333333' },
  手表: { names: ['劳力士潜航者', '欧米茄海马', '浪琴名匠'], labels: ['ROLEX 126610LN', 'OMEGA SEAMASTER 300', 'LONGINES L2.628'], shape: 'round', colour: '#6b6b6b' },
  电脑: { names: ['联想 ThinkPad X1', '苹果 MacBook Air', '戴尔 XPS 13'], labels: ['ThinkPad X1 Carbon PF3KQ8ZT', 'MacBook Air C02FK1Q9', 'DELL XPS 9310'], shape: 'rect', colour: '#9aa4b1' },
  汽车: { names: ['大众朗逸', '丰田卡罗拉', '本田雅阁'], labels: ['LSVNV2182N2123456', 'LFMAP22C0K0123789', 'LHGCV1658J8012345'], shape: 'car', colour: '#b03030' },
  其他: { names: ['佳能单反相机', '大疆无人机', '茅台酒 2 瓶'], labels: ['Canon EOS 90D', 'DJI MAVIC 3', 'MOUTAI 53% 500ml'], shape: 'rect', colour: '#4a8a4a' },
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗'
const GIVEN = ['伟', '芳', '娜', '敏', '静', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '霞', '平', '刚', '丽']
const AREAS = ['320115', '330206', '510112', '440112', '370305']

const escape = (s: string) => s.replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`)

function shapeSvg(shape: string, colour: string) {
  switch (shape) {
    case 'ring': return `<circle cx="240" cy="150" r="80" fill="none" stroke="${colour}" stroke-width="26"/>`
    case 'round': return `<circle cx="240" cy="150" r="85" fill="${colour}"/><circle cx="240" cy="150" r="62" fill="#f4f4f4"/><line x1="240" y1="150" x2="240" y2="100" stroke="#222" stroke-width="6"/><line x1="240" y1="150" x2="280" y2="160" stroke="#222" stroke-width="5"/>`
    case 'bike': return `<circle cx="160" cy="190" r="50" fill="none" stroke="${colour}" stroke-width="14"/><circle cx="320" cy="190" r="50" fill="none" stroke="${colour}" stroke-width="14"/><path d="M160 190 L230 110 L320 190 M230 110 L290 100" stroke="${colour}" stroke-width="12" fill="none"/>`
    case 'car': return `<rect x="80" y="130" width="320" height="80" rx="20" fill="${colour}"/><path d="M150 130 L190 80 L310 80 L350 130 Z" fill="${colour}"/><circle cx="150" cy="215" r="30" fill="#222"/><circle cx="330" cy="215" r="30" fill="#222"/>`
    default: return `<rect x="140" y="60" width="200" height="170" rx="14" fill="${colour}"/><rect x="158" y="78" width="164" height="120" fill="#dfe7ef"/>`
  }
}

/** A 480×360 JPEG: the item's shape and its label, or a pawn ticket with its number. */
const drawing = (body: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#f4f1ea"/>${body}</svg>`)).jpeg({ quality: 80 }).toBuffer()

/**
 * What lies around the item, its own for each label (seeded by it): small shapes of many colours, so
 * that the photo search has something of this photo alone to find, as the grain, scratches and
 * surroundings of a real photo give it. A plain drawing shared by a category would match its neighbours.
 */
function surroundings(label: string) {
  let a = [...label].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 2147483647, 7) || 1
  const r = () => ((a = (a * 16807) % 2147483647) / 2147483647)
  const colour = () => `hsl(${Math.floor(r() * 360)},${45 + Math.floor(r() * 40)}%,${35 + Math.floor(r() * 35)}%)`
  const parts: string[] = []
  for (let i = 0; i < 140; i++) {
    const x = r() * 480, y = r() * 280, s = 8 + r() * 26
    const kind = Math.floor(r() * 3)
    if (kind === 0) parts.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(s / 2).toFixed(1)}" fill="${colour()}"/>`)
    else if (kind === 1) parts.push(`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${s.toFixed(1)}" height="${(s * (0.4 + r())).toFixed(1)}" fill="${colour()}" transform="rotate(${Math.floor(r() * 90)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`)
    else parts.push(`<polygon points="${x.toFixed(1)},${y.toFixed(1)} ${(x + s).toFixed(1)},${(y + s / 3).toFixed(1)} ${(x + s / 4).toFixed(1)},${(y + s).toFixed(1)}" fill="${colour()}"/>`)
  }
  return parts.join('')
}

export const itemPhoto = (category: GoodsCategory, label: string) => {
  const k = KINDS[category]
  return drawing(`${surroundings(label)}${shapeSvg(k.shape, k.colour)}<rect x="0" y="290" width="480" height="70" fill="#fafafa"/>`
    + `<text x="240" y="335" font-family="sans-serif" font-size="26" font-weight="bold" text-anchor="middle" fill="#111">${escape(label)}</text>`)
}
const ticketPhoto = (number: string) => drawing(`<rect x="30" y="30" width="420" height="300" fill="#fff" stroke="#a33" stroke-width="6"/>`
  + `<text x="240" y="110" font-family="sans-serif" font-size="40" font-weight="bold" text-anchor="middle" fill="#a33">PAWN TICKET</text>`
  + `<text x="240" y="200" font-family="monospace" font-size="34" text-anchor="middle" fill="#111">${escape(number)}</text>`)

export async function addDemoGoods(deps: AttachmentDeps, now: Date, bases: DemoGoodsBase[]): Promise<{ goods: number }> {
  let added = 0
  for (const base of bases) {
    const ticketNumber = (k: number) => `DP${String(base.index).padStart(2, '0')}${String(k + 1).padStart(5, '0')}`
    const [done] = await deps.db.select({ id: goods.id }).from(goods).where(and(eq(goods.companyId, base.companyId), eq(goods.ticketNumber, ticketNumber(0))))
    if (done) continue
    const store = async (buffer: Buffer, name: string) =>
      (await storeAttachment(deps, { buffer, companyId: base.companyId, userId: base.userId, fileType: ATTACHMENT_TYPES.goodsPicture, name })).id
    // a few photos per label and a few ticket pictures, shared by the base's items
    const photos = new Map<string, number>()
    for (const category of GOODS_CATEGORIES) for (const label of KINDS[category].labels) photos.set(label, await store(await itemPhoto(category, label), `${label}.jpg`))
    const tickets = [] as number[]
    for (let t = 0; t < 4; t++) tickets.push(await store(await ticketPhoto(ticketNumber(t * 15)), `当票${t + 1}.jpg`))
    const rand = seededRandom(base.index * 7919)
    const rows = Array.from({ length: DEMO_GOODS_PER_BASE }, (_, k) => {
      const category = GOODS_CATEGORIES[k % GOODS_CATEGORIES.length]!
      const kind = KINDS[category]
      const label = kind.labels[rand(kind.labels.length)]!
      const first17 = `${AREAS[(base.index - 1) % AREAS.length]}19${String(60 + rand(40))}${String(1 + rand(12)).padStart(2, '0')}${String(1 + rand(28)).padStart(2, '0')}${String(rand(1000)).padStart(3, '0')}`
      const daysAgo = Math.floor((k / DEMO_GOODS_PER_BASE) * SPAN_DAYS)
      const created = daysBefore(now, daysAgo, 9 + rand(9), rand(60))
      return {
        companyId: base.companyId, userId: base.userId, name: kind.names[rand(kind.names.length)]!, category, ticketNumber: ticketNumber(k),
        ticketPicId: tickets[k % tickets.length]!, goodsPicIds: [photos.get(label)!, ...(k % 3 === 0 ? [photos.get(kind.labels[(kind.labels.indexOf(label) + 1) % kind.labels.length]!)!] : [])],
        pawnTime: new Date(created.getTime() - 30 * 60_000), createTime: created,
        pawnName: `${SURNAMES[rand(SURNAMES.length)]}${GIVEN[rand(GIVEN.length)]}${k % 2 ? GIVEN[rand(GIVEN.length)] : ''}`,
        phone: `1${[3, 5, 7, 8, 9][rand(5)]}${String(100_000_000 + rand(900_000_000)).slice(0, 9)}`,
        idNumber: `${first17}${idCheckChar(first17)}`,
        doubtable: k % 11 === 4 ? '可疑' : '正常', isInvalid: k % 17 === 9 ? '是' : '否',
        photoText: label,
      }
    })
    await deps.db.transaction((tx: Executor) => tx.insert(goods).values(rows))
    added += rows.length
  }
  return { goods: added }
}
