/**
 * Invented ticket contents for the generator: companies, goods, grades, plates, places, people,
 * and the label synonyms real plants print. Everything is drawn from a seeded generator, so a seed
 * always gives the same tickets.
 */

/** mulberry32: small, fast, seedable */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    float: (lo: number, hi: number) => lo + next() * (hi - lo),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
    shuffle: <T>(xs: readonly T[]): T[] => {
      const out = [...xs]
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        ;[out[i], out[j]] = [out[j]!, out[i]!]
      }
      return out
    },
  }
}
export type Rng = ReturnType<typeof rng>

const CITIES = ['唐山', '邯郸', '芜湖', '铜陵', '宜昌', '襄阳', '洛阳', '新乡', '泰安', '临沂', '淄博', '徐州', '常州', '湖州', '赣州', '九江', '柳州', '贵港', '遵义', '曲靖', '绵阳', '广元', '宝鸡', '咸阳', '天水', '包头', '大同', '长治', '吉林', '本溪', '牡丹江', '安阳', '荆门', '株洲', '韶关', '英德', '福州', '龙岩']
const BRANDS = ['海螺', '冀东', '金隅', '华新', '中联', '南方', '山水', '红狮', '天瑞', '亚泰', '华润', '台泥', '葛洲坝', '同力', '祁连山', '尧柏', '拉法基', '万年青', '塔牌', '上峰', '鼎鑫', '鹿泉', '磐石', '太行', '永安', '振兴', '金峰', '东方', '长城', '宏达']
const ORG_WORDS = ['建设', '建工', '路桥', '城建', '市政', '交通', '水利', '中铁', '中建', '安装', '基础', '房地产开发', '混凝土', '建材', '管桩', '商砼', '构件']
const ORG_HEADS = ['宏远', '鑫源', '恒通', '华宇', '瑞丰', '天成', '中原', '长江', '黄河', '嘉禾', '永兴', '盛达', '鸿基', '利民', '金石', '新星', '广厦', '泰和', '德润', '腾飞', '润泽', '众诚', '博远', '汇通']
const LEGAL = ['有限公司', '有限公司', '有限公司', '有限责任公司', '股份有限公司', '集团有限公司']
const CARRIER_WORDS = ['物流', '运输', '汽车运输', '货运', '物流运输', '供应链']
const GOODS_BULK = ['普通硅酸盐水泥', '复合硅酸盐水泥', '矿渣硅酸盐水泥', '硅酸盐水泥', '粉煤灰硅酸盐水泥', '火山灰质硅酸盐水泥', '道路硅酸盐水泥', '中热硅酸盐水泥']
/** the standard grades and the goods each belongs to */
export const GRADES: [string, string][] = [
  ['P.O42.5', '普通硅酸盐水泥'], ['P.O42.5R', '普通硅酸盐水泥'], ['P.O52.5', '普通硅酸盐水泥'], ['P.O52.5R', '普通硅酸盐水泥'],
  ['P.C32.5R', '复合硅酸盐水泥'], ['P.C42.5', '复合硅酸盐水泥'], ['P.C42.5R', '复合硅酸盐水泥'],
  ['P.S.A32.5', '矿渣硅酸盐水泥'], ['P.S.A42.5', '矿渣硅酸盐水泥'], ['P.S.B32.5', '矿渣硅酸盐水泥'],
  ['P.II52.5', '硅酸盐水泥'], ['P.II42.5R', '硅酸盐水泥'], ['P.I52.5', '硅酸盐水泥'], ['P.I42.5', '硅酸盐水泥'],
  ['P.F32.5', '粉煤灰硅酸盐水泥'], ['P.F42.5', '粉煤灰硅酸盐水泥'], ['P.P32.5R', '火山灰质硅酸盐水泥'],
]
const DISTRICTS = ['新华区', '开发区', '高新区', '经开区', '城东区', '江宁区', '雁塔区', '历城区', '龙华区', '金水区', '武侯区', '鼓楼区', '天河区', '滨湖区', '城关区']
const ROADS = ['建设路', '人民路', '解放路', '长江路', '黄河大道', '中山路', '工业大道', '滨江路', '文化路', '新华路', '迎宾大道', '北环路', '学府路', '和平街', '胜利路']
const SITES = ['项目部', '工地', '搅拌站', '二标段', '三期工程', '物流园', '安置小区', '']
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰建国志红文斌波辉鹏飞宇浩凯健俊帆帅旭宁林峰海'
export const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼'
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ'

export const company = (r: Rng, words: readonly string[]) =>
  `${r.chance(0.6) ? r.pick(CITIES) + '市' : r.pick(CITIES)}${r.pick(ORG_HEADS)}${r.pick(words)}${r.pick(LEGAL)}`.replace(/市(?=[\u4e00-\u9fff]{2}市)/, '')
export const manufacturer = (r: Rng) =>
  r.chance(0.5) ? `${r.pick(BRANDS)}水泥${r.pick(CITIES)}${r.pick(LEGAL)}` : `${r.pick(CITIES)}${r.pick(BRANDS)}水泥${r.pick(LEGAL)}`
export const customer = (r: Rng) => company(r, ORG_WORDS)
export const carrier = (r: Rng) => `${r.pick(CITIES)}${r.pick(ORG_HEADS)}${r.pick(CARRIER_WORDS)}${r.pick(['有限公司', '有限公司', '有限责任公司'])}`
export const person = (r: Rng) => r.pick([...SURNAMES]) + (r.chance(0.6) ? r.pick([...GIVEN]) + r.pick([...GIVEN]) : r.pick([...GIVEN]))
export const place = (r: Rng) => `${r.pick(CITIES)}市${r.pick(DISTRICTS)}${r.pick(ROADS)}${r.int(1, 999)}号${r.pick(SITES)}`

export function plate(r: Rng): string {
  const prov = PROVINCES[r.int(0, PROVINCES.length - 1)]!
  const letter = PLATE_LETTERS[r.int(0, PLATE_LETTERS.length - 1)]!
  if (r.chance(0.1)) return prov + letter + r.pick(['D', 'F']) + String(r.int(0, 99999)).padStart(5, '0')
  let tail = ''
  for (let i = 0; i < 5; i++) tail += r.chance(0.7) ? String(r.int(0, 9)) : PLATE_LETTERS[r.int(0, PLATE_LETTERS.length - 1)]
  return prov + letter + tail
}

export interface Ticket {
  fileType: 1 | 2
  manufacturer: string
  customer: string
  goods: string
  /** as printed before any spacing variant, e.g. P.O42.5-2608F */
  specific: string
  grade: string
  batch: string
  plate: string
  carrier: string
  number: string
  /** YYYY-MM-DD HH:mm:ss */
  time: string
  gross: number
  tare: number
  net: number
  bagged: boolean
  bags: number
  /** receiving notes */
  name: string
  place: string
  user: string
  settlement: string
  driver: string
  phone: string
  remark: string
}

const pad = (n: number) => String(n).padStart(2, '0')

export function ticket(r: Rng, fileType: 1 | 2): Ticket {
  const [grade, goodsOfGrade] = r.pick(GRADES)
  const bagged = r.chance(0.3)
  const goods = bagged ? `袋装${goodsOfGrade}` : r.chance(0.25) ? `散装${goodsOfGrade}` : goodsOfGrade
  const batch = `${r.int(24, 26)}${pad(r.int(1, 99))}${r.pick([...'ABCDEFGHK'])}`
  const tare = Math.round(r.float(12.5, 19.5) * 100) / 100
  const net = bagged ? r.int(20, 40) : Math.round(r.float(28, 49) * 100) / 100
  const gross = Math.round((tare + net) * 100) / 100
  const y = 2026
  const mo = r.int(1, 12)
  const d = r.int(1, 28)
  const time = `${y}-${pad(mo)}-${pad(d)} ${pad(r.int(0, 23))}:${pad(r.int(0, 59))}:${pad(r.int(0, 59))}`
  const prefix = fileType === 1 ? r.pick(['FH', 'XS', 'CK', 'TH', '']) : r.pick(['SH', 'QS', 'RK', ''])
  const number = `${prefix}${y}${pad(mo)}${pad(d)}${String(r.int(0, 9999)).padStart(r.pick([3, 4]), '0')}`
  const cust = customer(r)
  return {
    fileType, manufacturer: manufacturer(r), customer: cust, goods, specific: `${grade}-${batch}`, grade, batch,
    plate: plate(r), carrier: carrier(r), number, time, gross, tare, net, bagged, bags: bagged ? Math.round(net * 20) : 0,
    name: r.chance(0.4) ? cust : customer(r), place: place(r), user: person(r), settlement: r.chance(0.5) ? cust : customer(r),
    driver: person(r), phone: `1${r.pick(['3', '5', '8'])}${String(r.int(0, 999999999)).padStart(9, '0')}`,
    remark: r.pick(['无', '', '按时送达', '轻装轻卸', '注意防潮', '']),
  }
}

/** label synonyms a generated ticket may print, per field */
export const LABELS = {
  manufacturer: ['生产厂家', '生产单位', '供货单位', '发货单位', '厂家名称', '生产企业'],
  customer: ['购货单位', '客户名称', '需方', '订货单位', '购买单位', '客户'],
  goods: ['产品名称', '品种', '品名', '物料名称', '货物名称', '商品名称'],
  specific: ['水泥编号', '批号', '出厂编号', '水泥批号', '批次号', '编号'],
  plate: ['车牌号', '车号', '车牌号码', '运输车号', '车辆号码'],
  carrier: ['承运单位', '承运商', '运输单位', '物流公司', '承运人'],
  number1: ['单号', '发货单号', '单据编号', 'NO.', '票号', '流水号', '提货单号'],
  number2: ['收货单号', '单据编号', 'NO.', '票号', '流水号', '签收单号'],
  time1: ['发货时间', '发货日期', '出厂时间', '过磅时间', '日期'],
  time2: ['收货时间', '收货日期', '签收时间', '到货时间', '日期'],
  net: ['净重', '实发净重', '实重', '净重量'],
  gross: ['毛重', '总重', '毛重量'],
  tare: ['皮重', '空车重', '车重', '皮重量'],
  bags: ['袋数', '包数', '件数'],
  name: ['收货单位', '收货方', '到货单位', '到站'],
  place: ['收货地址', '送货地点', '卸货地点', '交货地点', '工地地址'],
  user: ['签收人', '收货人', '验收人', '收料员'],
  settlement: ['结算单位', '付款单位', '结算客户'],
  remark: ['备注', '附注'],
} as const

/** Chinese capital amount: 14656.6 -> 壹万肆仟陆佰伍拾陆元陆角 */
export function amountInWords(v: number): string {
  const digits = '零壹贰叁肆伍陆柒捌玖'
  const units = ['', '拾', '佰', '仟']
  const fen = Math.round(v * 100)
  const yuan = Math.floor(fen / 100)
  const jiao = Math.floor(fen / 10) % 10
  const f = fen % 10
  const section = (n: number) => {
    let s = ''
    let zero = false
    for (let i = 3; i >= 0; i--) {
      const d = Math.floor(n / 10 ** i) % 10
      if (d === 0) zero = s !== ''
      else {
        if (zero) s += '零'
        s += digits[d] + units[i]
        zero = false
      }
    }
    return s
  }
  const wan = Math.floor(yuan / 10000)
  const rest = yuan % 10000
  let s = (wan ? section(wan) + '万' : '') + (wan && rest < 1000 && rest > 0 ? '零' : '') + section(rest)
  s = (s || '零') + '元'
  if (!jiao && !f) return s + '整'
  return s + (jiao ? digits[jiao] + '角' : '零') + (f ? digits[f] + '分' : '')
}
