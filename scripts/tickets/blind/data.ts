/**
 * Contents of the blind families' tickets: other plants, other customers, other places, plates,
 * grades, batches and document numbers than ../data.ts draws. Seeded like the rest of the generator.
 */
import type { Rng } from '../data.js'

const CITIES = ['盘锦', '营口', '锦州', '鞍山', '抚顺', '通辽', '赤峰', '鄂尔多斯', '乌海', '榆林', '延安', '汉中', '商洛', '平凉', '庆阳', '酒泉', '张掖', '西宁', '银川', '吴忠', '石嘴山', '昭通', '大理', '玉溪', '六盘水', '毕节', '达州', '南充', '宜宾', '泸州', '乐山', '攀枝花', '怀化', '邵阳', '永州', '郴州', '吉安', '上饶', '宁德', '莆田', '漳州', '梅州', '清远', '肇庆', '钦州', '百色', '河池', '黄冈', '孝感', '十堰', '信阳', '周口', '驻马店', '商丘', '聊城', '德州', '菏泽', '日照', '滨州', '宿迁', '盐城', '连云港', '阜阳', '亳州', '六安', '丽水', '衢州', '忻州', '吕梁', '晋城', '承德', '张家口', '衡水', '沧州', '廊坊']
const DISTRICTS = ['西岗区', '双台子区', '红山区', '东胜区', '榆阳区', '宝塔区', '崆峒区', '兴庆区', '翠屏区', '江阳区', '市中区', '鹤城区', '北湖区', '吉州区', '信州区', '蕉城区', '清城区', '端州区', '钦南区', '右江区', '黄州区', '孝南区', '茅箭区', '浉河区', '川汇区', '东昌府区', '德城区', '牡丹区', '东港区', '宿城区', '亭湖区', '海州区', '颍州区', '谯城区', '金安区', '莲都区', '柯城区', '忻府区', '离石区', '双桥区', '桥西区', '桃城区', '运河区', '广阳区']
const TOWNS = ['罕台镇', '新桥镇', '柳林镇', '大王庄乡', '白马镇', '城南街道', '河西街道', '石桥镇', '高庙乡', '龙泉镇', '官庄镇', '太平镇']
const ROADS = ['振兴大街', '迎春路', '纬二路', '经三路', '创业大道', '团结路', '育才路', '站前街', '光明路', '富民大道', '金桥路', '朝阳北路', '环城西路', '产业大道']
const BRANDS = ['蒙西', '赛马', '天山', '青松', '金圆', '星火', '狮头', '昆钢', '嘉华', '峨胜', '双马', '北方', '燕新', '中材', '西南', '红塔', '畅达', '鲁南', '沂州', '泉兴', '恒威', '鱼峰', '华蓥', '珠江', '越堡', '金牛', '科元', '豫鹤', '孟电', '富平']
const HEADS = ['正和', '兴业', '宏昌', '东升', '宇通', '恒泰', '金辉', '海川', '新城', '华建', '远大', '中兴', '荣达', '安泰', '福源', '天元', '锦程', '宏业', '明珠', '聚源', '顺达', '凯旋', '和信', '浩宇', '开元', '银河', '百川', '鼎盛']
const ORG_WORDS = ['建筑工程', '公路工程', '桥梁工程', '水电工程', '港航工程', '商品混凝土', '预拌混凝土', '新型建材', '管廊工程', '隧道工程', '置业', '实业', '装配式建筑', '建材科技', '市政工程', '电力建设']
const LEGAL = ['有限公司', '有限公司', '有限责任公司', '股份有限公司', '集团股份有限公司']
const CARRIER_TAILS = ['汽运有限公司', '运输车队', '汽车运输队', '运输服务有限公司', '货运部', '陆运有限公司', '储运有限公司', '运业有限公司', '物流园有限公司', '车队']
const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十四', '十五', '十七', '十八', '十九', '二十', '二十一', '二十二', '二十三', '二十四', '二十五']
const SURNAMES = ['柴', '岳', '鲍', '柏', '宁', '樊', '靳', '祁', '翟', '阎', '焦', '卜', '康', '景', '裴', '庞', '聂', '包', '单', '桑', '巩', '牛', '成', '温', '乔', '边', '房', '甘', '甄', '冉', '滕', '穆', '伍', '农', '欧阳', '司马', '上官', '尉迟']
const GIVEN = '振德永胜利福贵宝春秋冬雪梅琴晓晨铭泽睿轩昊然博宏兴发庆怡婷彤佳雨欣颖琳世保长有根柱喜'
/** provinces of the plates, the north-west and the border regions more often */
const PROVINCES = '蒙蒙宁宁青青甘甘新新藏黑黑吉吉辽晋陕川贵云桂琼闽赣湘鄂皖豫鲁冀苏浙粤渝京津沪'
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ'

/** [grade, the cement it belongs to]: grades ../data.ts does not draw */
export const GRADES: [string, string][] = [
  ['P.MH42.5', '中热硅酸盐水泥'], ['P.LH42.5', '低热硅酸盐水泥'], ['P.HSR42.5', '高抗硫酸盐硅酸盐水泥'],
  ['P.MSR42.5', '中抗硫酸盐硅酸盐水泥'], ['P.W32.5', '白色硅酸盐水泥'], ['P.W42.5', '白色硅酸盐水泥'],
  ['M32.5', '砌筑水泥'], ['M22.5', '砌筑水泥'], ['P.R7.5', '道路硅酸盐水泥'], ['R.SAC42.5', '快硬硫铝酸盐水泥'],
  ['P.S.A52.5', '矿渣硅酸盐水泥'], ['P.C32.5', '复合硅酸盐水泥'], ['P.II62.5', '硅酸盐水泥'], ['P.I62.5R', '硅酸盐水泥'],
  ['P.O42.5', '普通硅酸盐水泥'], ['P.O52.5', '普通硅酸盐水泥'],
]

export const pad = (n: number) => String(n).padStart(2, '0')
const cn = (r: Rng, most = NUMERALS.length) => r.pick(NUMERALS.slice(0, most))

function company(r: Rng): string {
  const city = r.pick(CITIES)
  switch (r.int(0, 5)) {
    case 0: return `中铁${cn(r)}局集团${r.chance(0.5) ? `第${cn(r, 6)}工程` : ''}有限公司${r.chance(0.5) ? `${city}项目经理部` : ''}`
    case 1: return `中交${cn(r, 4)}公局${r.chance(0.5) ? `第${cn(r, 9)}工程` : ''}有限公司`
    case 2: return `中国水利水电第${cn(r, 14)}工程局有限公司${r.chance(0.4) ? `${city}项目部` : ''}`
    default: return `${r.chance(0.5) ? city + '市' : city}${r.pick(HEADS)}${r.pick(ORG_WORDS)}${r.pick(LEGAL)}`
  }
}
function manufacturer(r: Rng): string {
  const [city, brand] = [r.pick(CITIES), r.pick(BRANDS)]
  switch (r.int(0, 3)) {
    case 0: return `${brand}水泥（${city}）有限公司`
    case 1: return `${city}${brand}水泥有限责任公司`
    case 2: return `${brand}水泥集团${city}水泥有限公司`
    default: return `${city}市${brand}建材有限公司`
  }
}
const carrier = (r: Rng) => `${r.pick(CITIES)}${r.chance(0.3) ? '市' : ''}${r.pick(HEADS)}${r.pick(CARRIER_TAILS)}`
export function person(r: Rng): string {
  const s = r.pick(SURNAMES)
  const g = [...GIVEN]
  return s + (s.length === 2 || r.chance(0.4) ? r.pick(g) : r.pick(g) + r.pick(g))
}
function address(r: Rng): string {
  const city = r.pick(CITIES)
  switch (r.int(0, 3)) {
    case 0: return `${city}市${r.pick(DISTRICTS)}${r.pick(ROADS)}${r.int(2, 888)}号`
    case 1: return `${city}市${r.pick(DISTRICTS)}${r.pick(TOWNS)}${r.pick(['工业园区', '物流园', '安置区'])}${r.pick(['一期', '二期', 'A区', ''])}`
    case 2: return `${city}市${r.pick(ROADS)}与${r.pick(ROADS)}交叉口${r.pick(['东', '西', '南', '北'])}${r.int(1, 9) * 100}米`
    default: return `${r.pick(['G', 'S'])}${r.int(2, 99)}${r.pick(['高速', '国道'])}${r.pick(['改扩建', '新建'])}工程第${cn(r)}标段${r.int(1, 4)}号拌合站`
  }
}
export function plate(r: Rng): string {
  const prov = r.pick([...PROVINCES])
  const letter = r.pick([...PLATE_LETTERS])
  // a large new-energy truck: five digits, then D or F
  if (r.chance(0.12)) return `${prov}${letter}${String(r.int(0, 99999)).padStart(5, '0')}${r.pick(['D', 'F'])}`
  // at most two letters among the five
  const letters = r.pick([0, 0, 1, 1, 1, 2, 2])
  const at = r.shuffle([0, 1, 2, 3, 4]).slice(0, letters)
  let tail = ''
  for (let i = 0; i < 5; i++) tail += at.includes(i) ? r.pick([...PLATE_LETTERS]) : String(r.int(0, 9))
  return prov + letter + tail
}
/** a batch made before the ticket's day (yy, mm, dd) */
function batch(r: Rng, year: number, month: number, day: number): string {
  // earlier the same month, or any day of the month before
  const sameMonth = r.chance(0.5) && day > 1
  const mm = sameMonth ? month : month === 1 ? 12 : month - 1
  const yy = (sameMonth || month > 1 ? year : year - 1) % 100
  const dd = sameMonth ? r.int(1, day - 1) : r.int(1, 28)
  switch (r.int(0, 4)) {
    case 0: return `${yy}${pad(mm)}-${String(r.int(1, 999)).padStart(3, '0')}`
    case 1: return `${r.pick([...'FKSMZ'])}${yy}${pad(mm)}${String(r.int(1, 99)).padStart(2, '0')}`
    case 2: return `${yy}${r.pick([...'ABCDE'])}${String(r.int(1, 299)).padStart(3, '0')}`
    case 3: return `${yy}-${String(r.int(1, 365)).padStart(3, '0')}`
    default: return `${yy}${pad(mm)}${pad(dd)}${r.pick([...'ABC'])}`
  }
}
function docNumber(r: Rng, fileType: 1 | 2, y: number, mo: number, d: number): string {
  const yy = String(y).slice(2)
  const seq = (n: number) => String(r.int(1, 10 ** n - 1)).padStart(n, '0')
  if (fileType === 1) {
    switch (r.int(0, 3)) {
      case 0: return `${yy}${pad(mo)}${pad(d)}${seq(4)}`
      case 1: return `BD-${yy}${pad(mo)}${pad(d)}-${seq(3)}`
      case 2: return `NX${y}${pad(mo)}${seq(5)}`
      default: return seq(7)
    }
  }
  switch (r.int(0, 3)) {
    case 0: return `RK${yy}${pad(mo)}${pad(d)}${seq(3)}`
    case 1: return `SL-${y}${pad(mo)}${pad(d)}-${seq(3)}`
    case 2: return `YS${yy}${pad(mo)}${seq(5)}`
    default: return seq(7)
  }
}

export interface BlindTicket {
  fileType: 1 | 2
  manufacturer: string
  customer: string
  goods: string
  grade: string
  batch: string
  /** grade-batch, as the truth writes it */
  specific: string
  plate: string
  carrier: string
  number: string
  /** YYYY-MM-DD HH:mm:ss */
  time: string
  /** tonnes */
  gross: number
  tare: number
  net: number
  bagged: boolean
  bags: number
  name: string
  place: string
  user: string
  settlement: string
  driver: string
  phone: string
  weighman: string
}

export function blindTicket(r: Rng, fileType: 1 | 2): BlindTicket {
  const [grade, cement] = r.pick(GRADES)
  const bagged = r.chance(0.3)
  const goods = bagged ? `袋装${cement}` : r.chance(0.3) ? `散装${cement}` : cement
  const y = r.pick([2025, 2026, 2026])
  const [mo, d] = [r.int(1, 12), r.int(1, 28)]
  const b = batch(r, y, mo, d)
  // weighbridges weigh to 20 kg
  const tare = r.int(710, 1090) / 50
  const bags = bagged ? r.int(16, 32) * 25 : 0
  const net = bagged ? bags / 20 : r.int(1400, 1950) / 50
  const gross = Math.round((tare + net) * 100) / 100
  const time = `${y}-${pad(mo)}-${pad(d)} ${pad(r.int(0, 23))}:${pad(r.int(0, 59))}:${pad(r.int(0, 59))}`
  const customer = company(r)
  return {
    fileType, manufacturer: manufacturer(r), customer, goods, grade, batch: b, specific: `${grade}-${b}`,
    plate: plate(r), carrier: carrier(r), number: docNumber(r, fileType, y, mo, d), time, gross, tare, net, bagged, bags,
    name: r.chance(0.35) ? customer : company(r), place: address(r), user: person(r), settlement: r.chance(0.4) ? customer : company(r),
    driver: person(r), phone: `1${r.pick(['3', '7', '9'])}${String(r.int(0, 999999999)).padStart(9, '0')}`, weighman: person(r),
  }
}

/** date-time as a ticket prints it; `style` names the shape */
export type TimeStyle = 'iso' | 'iso-s' | 'yy-dash' | 'yy-slash' | 'yy-cn' | 'cn-shifen' | 'yy-cn-shifen' | 'dmy' | 'dot' | 'time-first' | 'compact'
export function formatTime(time: string, style: TimeStyle): string {
  const [date, clock] = time.split(' ')
  const [Y, M, D] = date!.split('-')
  const [h, m, s] = clock!.split(':')
  const yy = Y!.slice(2)
  const n = (x: string) => String(Number(x))
  switch (style) {
    case 'iso': return `${Y}-${M}-${D} ${h}:${m}`
    case 'iso-s': return `${Y}-${M}-${D} ${h}:${m}:${s}`
    case 'yy-dash': return `${yy}-${M}-${D} ${h}:${m}`
    case 'yy-slash': return `${yy}/${M}/${D} ${h}:${m}`
    case 'yy-cn': return `${yy}年${M}月${D}日 ${h}:${m}`
    case 'cn-shifen': return `${Y}年${n(M!)}月${n(D!)}日${h}时${m}分`
    case 'yy-cn-shifen': return `${yy}年${M}月${D}日 ${h}时${m}分`
    // day first only where it cannot be taken for a month
    case 'dmy': return Number(D) > 12 ? `${D}/${M}/${Y} ${h}:${m}` : `${Y}-${M}-${D} ${h}:${m}`
    case 'dot': return `${Y}.${n(M!)}.${n(D!)} ${h}:${m}`
    case 'time-first': return `${h}:${m}:${s} ${Y}-${M}-${D}`
    default: return `${Y}${M}${D} ${h}:${m}`
  }
}

/** a weight in kg, grouped or not */
export const kg = (t: number, grouped: boolean) => {
  const v = String(Math.round(t * 1000))
  return grouped ? v.replace(/\B(?=(\d{3})+$)/, ',') : v
}
