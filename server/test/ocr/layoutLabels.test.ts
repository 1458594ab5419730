/** Layout reasoning on synthetic OCR lines: labels never taken as values, wrapped cells, the vocabulary of real tickets. */
import { describe, expect, it } from 'vitest'
import { analyzeLines } from '../../src/ocr/analyze.js'
import { oneEditApart } from '../../src/ocr/distance.js'
import { otherReadings, type OcrLine } from '../../src/ocr/ocrLine.js'

/** a text box at (x, y), 14 px per character, 20 px high unless told */
function L(text: string, x: number, y: number, w = text.length * 14, h = 20): OcrLine {
  return { text, score: 0.98, box: [[x, y], [x + w, y], [x + w, y + h], [x, y + h]] }
}
const size = { width: 1000, height: 800 }

describe('a value is never another label', () => {
  it('reads a header row of labels from the values in the row below, each in its column', () => {
    const lines = [
      L('某某水泥有限公司收货单', 300, 10),
      // two-character labels close together stay two labels (not one spaced-out label)
      L('总重', 100, 60), L('车重', 160, 60), L('实发净重', 220, 60), L('运输车号', 300, 60),
      L('48.41t', 96, 100, 50), L('17.02 T', 156, 100, 50), L('31.39T', 226, 100, 50), L('豫NF06879', 300, 100, 80),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signGrossWeight).toBe(48.41)
    expect(r.fields.signTareWeight).toBe(17.02)
    expect(r.fields.signNetWeight).toBe(31.39)
    expect(r.fields.signPlateNumber).toBe('豫NF06879')
  })

  it('reads a header row whose labels sit at different heights, a lower label\'s loose box reaching into the next column', () => {
    const lines = [
      L('毛重量', 100, 60), L('皮重量', 200, 63, 110), L('净重', 290, 52, 40), L('件数', 360, 62),
      L('42.78', 100, 110, 50), L('13.78', 205, 110, 50), L('29.00', 292, 110, 50), L('580', 362, 110, 40),
    ]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields).toMatchObject({ deliveryGrossWeight: 42.78, deliveryTareWeight: 13.78, deliveryNetWeight: 29, deliveryBags: 580 })
  })

  it('finds a one-line value under a header label in the middle of a row its wrapped neighbour makes taller', () => {
    const lines = [
      L('物料名称', 20, 60), L('总重', 140, 60), L('车重', 220, 60),
      L('普通硅', 20, 100), L('酸盐水', 20, 124), L('泥', 20, 148), L('48.41t', 140, 124, 50), L('17.02', 220, 100, 50),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields).toMatchObject({ signGrossWeight: 48.41, signTareWeight: 17.02, signGoodsName: '普通硅酸盐水泥' })
  })

  it('still joins a label printed with wide letter spacing', () => {
    const r = analyzeLines({ lines: [L('毛', 20, 60), L('重:', 60, 60), L('54.28', 200, 60)], fileType: 1, ...size })
    expect(r.fields.deliveryGrossWeight).toBe(54.28)
  })

  it('joins a spaced label whose colon came out full-width', () => {
    const r = analyzeLines({ lines: [L('包', 20, 60), L('数：', 80, 60), L('0包', 200, 60)], fileType: 1, ...size })
    expect(r.fields.deliveryBags).toBe(0)
  })

  it('takes a NO. label standing alone in its box', () => {
    const r = analyzeLines({ lines: [L('NO..', 20, 60), L('RK202602224348', 120, 60)], fileType: 2, ...size })
    expect(r.fields.signNumber).toBe('RK202602224348')
  })
})

describe('a header row whose cells wrap', () => {
  // 品名 | 运输车号 | 总重(公斤) | 车重(kg): labels and units wrapped in narrow cells, values centred below
  const lines = [
    L('品名', 120, 60), L('运输车号', 220, 60), L('总重(公', 340, 50), L('斤)', 354, 72), L('车重', 460, 50), L('(kg)', 460, 72, 40),
    L('袋装普通硅酸盐', 80, 110), L('京', 246, 110), L('42400', 346, 120, 60), L('19400', 452, 120, 60),
    L('水泥', 120, 134), L('G26Z42', 228, 134, 58),
  ]
  const r = analyzeLines({ lines, fileType: 1, ...size })

  it('passes over a unit printed under its label to the value below', () => {
    expect(r.fields.deliveryGrossWeight).toBe(42.4)
    expect(r.fields.deliveryTareWeight).toBe(19.4)
  })

  it('joins a cell\'s centred second line, and a province on a line of its own with the rest of the plate', () => {
    expect(r.fields.deliveryGoodsName).toBe('袋装普通硅酸盐水泥')
    expect(r.fields.deliveryPlateNumber).toBe('京G26Z42')
  })

  it('keeps short values of neighbouring cells apart (they are no letter-spaced label)', () => {
    const apart = analyzeLines({ lines: [L('品名', 100, 60), L('袋装普通硅酸盐', 100, 90), L('水泥', 100, 112), L('京', 150, 112)], fileType: 1, ...size })
    expect(apart.fields.deliveryGoodsName).toBe('袋装普通硅酸盐水泥')
  })

  it('reads the value beside a label whose unit wrapped under it', () => {
    const beside = analyzeLines({ lines: [L('总重', 20, 60), L('(kg)', 20, 84, 40), L('46100', 200, 76, 60)], fileType: 2, ...size })
    expect(beside.fields.signGrossWeight).toBe(46.1)
  })
})

describe('a label the recogniser cut short', () => {
  it('reads a box that is a label but its last character, with a value beside it, as that label', () => {
    const lines = [L('结算客', 20, 60), L('龙岩市新星构件有限公司', 140, 60), L('工地地', 20, 100), L('天水市新华区北环路769号搅拌站', 140, 100)]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signSettlement).toBe('龙岩市新星构件有限公司')
    expect(r.fields.signPlace).toBe('天水市新华区北环路769号搅拌站')
  })

  it('leaves such a box alone with nothing beside it (a title)', () => {
    const title = analyzeLines({ lines: [L('结算客', 300, 10), L('净重：30.50吨', 20, 60)], fileType: 2, ...size })
    expect(title.fields.signSettlement).toBeNull()
  })
})

describe('a label wrapped over three lines of a narrow cell', () => {
  it('joins 收货 / 单 / 位： and 商品 / 名 / 称： (商品 a label of its own) into the labels they make', () => {
    const lines = [
      L('收货', 20, 60), L('单', 20, 84), L('位：', 20, 108), L('大同市嘉禾中建有限公司', 120, 84),
      L('商品', 20, 150), L('名', 20, 174), L('称：', 20, 198), L('袋装普通硅酸盐水泥', 120, 174),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signName).toBe('大同市嘉禾中建有限公司')
    expect(r.fields.signGoodsName).toBe('袋装普通硅酸盐水泥')
  })

  it('leaves lines that make no label apart', () => {
    const lines = [L('收货', 20, 60), L('单', 20, 84), L('据', 20, 108), L('某某公司', 120, 84)]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signName).toBeNull()
    expect(r.origin.split('\n')).toHaveLength(4)
  })
})

describe('a label run into the box before it', () => {
  it('reads a label of three characters or more that ends a box as the next cell\'s label', () => {
    const lines = [L('大写金额', 20, 60), L('贰万零捌佰零伍元集分收货方', 120, 60), L('曲靖市博远中建股份有限公司', 320, 60)]
    expect(analyzeLines({ lines, fileType: 2, ...size }).fields.signName).toBe('曲靖市博远中建股份有限公司')
  })
})

describe('bilingual labels', () => {
  it('reads past a label\'s English name after it, in brackets, glued before it, or on the line under it', () => {
    const lines = [
      L('毛重 Gross Weight：54.28', 20, 60),
      L('品名(Product)：普通硅酸盐水泥', 20, 100),
      L('Supplier生产企业', 20, 140), L('柳州山水水泥有限责任公司', 300, 140),
      L('车牌号码TruckNo.：', 20, 180), L('京KF72706', 300, 180, 100), L('流水号 Ticket No.:', 500, 180), L('RK202608039241', 760, 180),
      L('购货单位', 20, 230), L('Customer', 20, 254, 90), L('安阳泰和市政有限责任公司', 300, 242),
    ]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields).toMatchObject({
      deliveryGrossWeight: 54.28, deliveryGoodsName: '普通硅酸盐水泥', deliveryManufactory: '柳州山水水泥有限责任公司',
      deliveryPlateNumber: '京KF72706', deliveryCustomer: '安阳泰和市政有限责任公司',
    })
    // the English name's No. is no label of the ticket number: the plate is not taken for it
    expect(r.fields.deliveryNumber).toBe('RK202608039241')
  })

  it('reads the label NO. after its English name ending with the same word, and no label in an English name alone', () => {
    const lines = [
      L('Ticket No.NO.', 300, 60, 120), L('CK202608035433', 460, 60),
      L('车牌号码', 20, 100), L('Plate No.', 20, 124, 90), L('川R93501', 140, 112, 90),
    ]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryNumber).toBe('CK202608035433')
    expect(r.fields.deliveryPlateNumber).toBe('川R93501')
  })

  it('never takes an English word for a goods name, an address or a batch number', () => {
    const lines = [L('品名', 20, 60), L('Material', 20, 84, 90), L('水泥批号', 20, 130), L('Lot No.', 20, 154, 80)]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryGoodsName).toBeNull()
    expect(r.fields.deliverySpecific).toBeNull()
  })

  it('keeps a grade and a unit after a label', () => {
    const r = analyzeLines({ lines: [L('规格 P.O 42.5R', 20, 60), L('毛重 kg：54280', 20, 100)], fileType: 1, ...size })
    expect(r.fields.deliverySpecific).toBe('P.O42.5R')
    const spaced = analyzeLines({ lines: [L('规格 PO 42.5R', 20, 60)], fileType: 1, ...size })
    expect(spaced.fields.deliverySpecific).toBe('P.O42.5R')
    expect(r.fields.deliveryGrossWeight).toBe(54.28)
  })
})

describe('a label misread by one character', () => {
  /** a box the recogniser doubts */
  const doubted = (line: OcrLine, score = 0.7): OcrLine => ({ ...line, score })

  it('tells one character changed, missing or extra from two or more', () => {
    expect(oneEditApart('雷方', '需方')).toBe(true)
    expect(oneEditApart('总量', '总重量')).toBe(true)
    expect(oneEditApart('总重量', '总量')).toBe(true)
    expect(oneEditApart('毛重', '毛重')).toBe(false)
    expect(oneEditApart('雷力', '需方')).toBe(false)
    expect(oneEditApart('重', '总重量')).toBe(false)
  })

  it('reads a doubtful box one character from a label as that label, with a colon or without', () => {
    const lines = [doubted(L('雷方：', 20, 60)), L('襄阳市新星城建有限公司', 140, 60), doubted(L('毛垂', 20, 100)), L('56.08', 140, 100, 60)]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryCustomer).toBe('襄阳市新星城建有限公司')
    expect(r.fields.deliveryGrossWeight).toBe(56.08)
  })

  it('leaves a clear reading alone: a label the reader does not know (毛利, one character from 毛重) is a label of its own', () => {
    const clear = analyzeLines({ lines: [L('毛利：', 20, 60), L('56.08', 140, 60, 60)], fileType: 1, ...size })
    expect(clear.fields.deliveryGrossWeight).toBeNull()
    const doubtful = analyzeLines({ lines: [doubted(L('毛利：', 20, 60)), L('56.08', 140, 60, 60)], fileType: 1, ...size })
    expect(doubtful.fields.deliveryGrossWeight).toBe(56.08)
  })

  it('leaves it alone when the labels one character away mean different things (总价: 总重 or 单价)', () => {
    const r = analyzeLines({ lines: [doubted(L('总价：', 20, 60)), L('56.08', 140, 60, 60)], fileType: 1, ...size })
    expect(r.fields.deliveryGrossWeight).toBeNull()
  })

  it('reads a doubted label one character from labels of several fields as the one whose field takes its value (车卖 beside a weight is 车重)', () => {
    const r = analyzeLines({ lines: [doubted(L('车卖：', 20, 60)), L('14460公斤', 140, 60, 90), doubted(L('车卖：', 20, 100)), L('皖A12345', 140, 100, 90)], fileType: 2, ...size })
    expect(r.fields.signTareWeight).toBe(14.46)
    expect(r.fields.signPlateNumber).toBe('皖A12345')
  })

  it('reads a doubted label whose misread start was left outside a shorter label (结牌客户 is 结算客户, not 客户)', () => {
    const lines = [doubted(L('结牌客户：本溪腾飞建工有限公司', 20, 60)), L('客户：天水鸿基市政有限公司', 20, 100)]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signSettlement).toBe('本溪腾飞建工有限公司')
    expect(r.fields.signCustomer).toBe('天水鸿基市政有限公司')
    // read clearly, a word before a label is the reader's to leave alone
    const clear = analyzeLines({ lines: [L('结牌客户：本溪腾飞建工有限公司', 20, 60)], fileType: 2, ...size })
    expect(clear.fields.signSettlement).toBeNull()
  })

  it('reads a clear box one character from a label as that label when the recogniser doubted that very character', () => {
    const doubtedAt = (line: OcrLine, at: number, other: string): OcrLine => ({ ...line, doubts: [{ at, others: [[other, 0.9]] }] })
    const lines = [
      doubtedAt(L('物澳公司：吉林众诚物流有限责任公司', 20, 60), 1, '汽'),
      // a header row of labels: the value under it
      L('车号', 20, 100), doubtedAt(L('毛承量', 120, 100), 1, '或'), L('皮重', 220, 100),
      L('皖A12345', 10, 130, 90), L('64.84t', 120, 130, 60), L('17.12吨', 220, 130, 60),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signCarrier).toBe('吉林众诚物流有限责任公司')
    expect(r.fields.signGrossWeight).toBe(64.84)
    expect(r.fields.signTareWeight).toBe(17.12)
    // another character doubted: the label is one the reader does not know
    const other = analyzeLines({ lines: [doubtedAt(L('物澳公司：吉林众诚物流有限责任公司', 20, 60), 6, '城')], fileType: 2, ...size })
    expect(other.fields.signCarrier).toBeNull()
  })

  it('reads a character the recogniser confuses with the label\'s even in a clear box (毛量 is 毛重; 总量 is 总重, not 数量)', () => {
    const r = analyzeLines({ lines: [L('毛量（公斤）：57870', 20, 60), doubted(L('总量：', 20, 100)), L('56.08', 140, 100, 60)], fileType: 1, ...size })
    expect(r.fields.deliveryGrossWeight).toBe(57.87)
    const sign = analyzeLines({ lines: [doubted(L('总量：', 20, 100)), L('56.08', 140, 100, 60)], fileType: 2, ...size })
    expect(sign.fields.signGrossWeight).toBe(56.08)
  })
})

describe('a second look\'s readings', () => {
  it('are kept once each, with the best score each was read with', () => {
    const read = [{ text: '54.71', score: 0.6 }, { text: '54.11', score: 0.9 }, { text: '54.71', score: 0.8 }, { text: '', score: 0.99 }]
    expect(otherReadings(read, '54.11')).toEqual([{ text: '54.71', score: 0.8 }])
  })

  const withAlternates = (line: OcrLine, ...alternates: string[]): OcrLine => ({ ...line, score: 0.7, alternates: alternates.map((text) => ({ text, score: 0.7 })) })

  it('takes the reading that holds a label the reader knows', () => {
    const lines = [withAlternates(L('可机：', 20, 60), '司机：'), L('张师傅', 140, 60), L('车号：', 20, 100), L('皖A12345', 140, 100, 90)]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryPlateNumber).toBe('皖A12345')
    // 张师傅 is the driver's: 司机 stops it from being taken for anything else
    expect(Object.values(r.fields)).not.toContain('张师傅')
  })

  it('takes the reading whose labels cover more of the box (商品名称 over 商品 + 名种)', () => {
    const lines = [withAlternates(L('商品名种', 20, 60), '商品名称'), L('袋装普通硅酸盐水泥', 140, 60, 140)]
    expect(analyzeLines({ lines, fileType: 2, ...size }).fields.signGoodsName).toBe('袋装普通硅酸盐水泥')
  })

  it('does not take another reading for a label of letters it holds (NO of a number read NO2026…)', () => {
    const lines = [L('流水号', 20, 60), withAlternates(L('N0202610104434', 140, 60), 'NO202610104434'), L('车号：皖A12345', 20, 100)]
    expect(analyzeLines({ lines, fileType: 1, ...size }).fields.deliveryNumber).toBe('NO202610104434')
  })

  it('takes a value box\'s other reading when its first is no value of the field, and keeps a first reading that is', () => {
    const lines = [L('净重：', 20, 60), withAlternates(L('三七', 140, 60, 60), '37.08'), L('毛重：', 20, 100), withAlternates(L('54.11', 140, 100, 60), '54.71')]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryNetWeight).toBe(37.08)
    expect(r.fields.deliveryGrossWeight).toBe(54.11)
  })

  it('of a name or an address, takes the reading that places and the legal form explain best, else the first', () => {
    const lines = [
      L('客户：', 20, 60), withAlternates(L('牡丹江利民市政设份有限公司', 140, 60, 300), '牡丹江利民市政股份有限公司'),
      L('工地地址：', 20, 100), withAlternates(L('邯辉市城关区建设路293号', 140, 100, 300), '邯郸市城关区建设路293号', '邯智市城关区理设路293号'),
      L('承运人：', 20, 140), withAlternates(L('唐山天成货运有限公司', 140, 140, 300), '唐山天或货运有限公司'),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signCustomer).toBe('牡丹江利民市政股份有限公司')
    expect(r.fields.signPlace).toBe('邯郸市城关区建设路293号')
    // as well explained: the recogniser's first reading
    expect(r.fields.signCarrier).toBe('唐山天成货运有限公司')
  })

  it('weighs the second look\'s readings of a value printed in its label\'s box too', () => {
    const lines = [withAlternates(L('需方：邯市恒通房地产开发有限公司', 20, 60, 400), '需方：邯郸市恒通房地产开发有限公司', '新方：邯物市恒通房地产开发有限公司')]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryCustomer).toBe('邯郸市恒通房地产开发有限公司')
  })

  it('weighs the value of a reading that lost its label\'s first character, beside one that holds the label', () => {
    const lines = [withAlternates(L('方：安阳鸿基管桩有限公司', 20, 60, 400), '需方：安阳离基管社有限公司')]
    expect(analyzeLines({ lines, fileType: 1, ...size }).fields.deliveryCustomer).toBe('安阳鸿基管桩有限公司')
  })

  it('never takes a grade for a ticket number, even one whose type letter was read as a digit', () => {
    const lines = [L('编号：', 20, 60), withAlternates(L('P.I152.5-2670C', 140, 60, 200), 'P.1152.5-2670C')]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryNumber).toBeNull()
    expect(r.fields.deliverySpecific).toBe('P.II52.5-2670C')
  })
})

describe('a form printed twice (two 联 side by side, or a stub)', () => {
  it('reads a value printed under the same label twice where the recogniser was surer of it', () => {
    const copy = (x: number, plate: string, gross: string, carrier: string, score: number) => [
      { ...L(`车号：${plate}`, x, 60), score }, { ...L(`毛重：${gross}`, x, 90), score }, { ...L(`承运单位：${carrier}`, x, 120), score },
    ]
    const lines = [...copy(20, '皖A1Z345', '36.19', '郴州广厦物流运输有限公司', 0.8), ...copy(500, '皖A12345', '36.79', '柳州广厦物流运输有限公司', 0.97)]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields).toMatchObject({ deliveryPlateNumber: '皖A12345', deliveryGrossWeight: 36.79, deliveryCarrier: '柳州广厦物流运输有限公司' })
  })

  it('keeps the first of values under one label that are not copies of each other', () => {
    const lines = [{ ...L('毛重：36.19', 20, 60), score: 0.8 }, L('毛重：52.80', 500, 60)]
    expect(analyzeLines({ lines, fileType: 1, ...size }).fields.deliveryGrossWeight).toBe(36.19)
  })
})

describe('wrapped cells', () => {
  it('joins a company name wrapped in a narrow cell beside a centred label', () => {
    const lines = [
      L('购货单位', 20, 110), L('遵义汇通建材有', 140, 98), L('限责任公司', 140, 122),
      L('承运单位', 20, 160), L('柳州博远运输有限公司', 140, 160),
    ]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryCustomer).toBe('遵义汇通建材有限责任公司')
    expect(r.fields.deliveryCarrier).toBe('柳州博远运输有限公司')
  })

  it('joins an address over three lines, and leaves the next row to its own label', () => {
    const lines = [
      L('卸货地点', 20, 134), L('韶关市江宁区人', 140, 110), L('民路889号物流', 140, 134), L('园', 140, 158),
      L('生产厂家', 20, 196), L('湖州金隅水泥股份有限公司', 140, 196),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signPlace).toBe('韶关市江宁区人民路889号物流园')
    expect(r.fields.signManufactory).toBe('湖州金隅水泥股份有限公司')
  })

  it.each([
    ['2026年02月12', '日 09:34', '2026-02-12 09:34:00'],
    ['2026年06月05日1', '8:32', '2026-06-05 18:32:00'],
    ['2026年07月16日21:', '42', '2026-07-16 21:42:00'],
    ['2026-03-01', '23:05', '2026-03-01 23:05:00'],
    // a next line that makes no time is not joined
    ['2026-03-01', '88号', '2026-03-01 00:00:00'],
  ])('joins a date and time wrapped in its cell: %s over %s', (first, second, time) => {
    const lines = [L('到货时间', 20, 110), L(first, 140, 98), L(second, 140, 122), L('车牌号码', 20, 160), L('苏A12345', 140, 160)]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signTime).toBe(time)
    expect(r.fields.signPlateNumber).toBe('苏A12345')
  })

  it('joins a time whose date is the line above, the label centred on the cell beside the time', () => {
    // the date's line is above the label's row: only '23' is beside the label
    const lines = [L('收货时间：', 20, 113), L('2026-09-05 06:', 140, 99, 110), L('23', 140, 122, 28), L('车牌号码', 20, 170), L('苏A12345', 140, 170)]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signTime).toBe('2026-09-05 06:23:00')
    expect(r.fields.signPlateNumber).toBe('苏A12345')
  })

  it('joins a "label：value" time wrapped under its label beside a column whose rows sit lower', () => {
    // the left column's "票号：…" is on the wrapped line's row too, but its value is in its own box
    const lines = [
      L('过磅时间：2026年02月11日', 350, 100, 330, 30), L('票号：202602112472', 20, 116, 250, 30), L('08:44:54', 352, 132, 110, 30),
      L('毛重(kg)：61400', 350, 180, 220, 30),
    ]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryTime).toBe('2026-02-11 08:44:54')
    expect(r.fields.deliveryNumber).toBe('202602112472')
  })

  it('ends a wrapped goods name or address at a bare number under it (another field\'s value)', () => {
    const lines = [
      L('工地地址', 20, 110), L('荆门市开发区滨江路489号', 140, 98), L('搅拌站', 140, 122), L('37.79', 140, 146),
      L('品名', 420, 110), L('袋装硅酸盐水泥', 520, 110), L('434.00', 520, 134),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signPlace).toBe('荆门市开发区滨江路489号搅拌站')
    expect(r.fields.signGoodsName).toBe('袋装硅酸盐水泥')
  })

  it('ends a cement\'s name at 水泥: the line under it is the next cell\'s, and joins a name wrapped before it', () => {
    const lines = [
      L('品名', 20, 110), L('普通硅酸盐水泥', 140, 110), L('韶关市江宁区人', 140, 134),
      L('商品名称', 420, 110), L('袋装普通硅酸盐', 540, 98), L('水泥', 540, 122),
    ]
    expect(analyzeLines({ lines: lines.slice(0, 3), fileType: 2, ...size }).fields.signGoodsName).toBe('普通硅酸盐水泥')
    expect(analyzeLines({ lines: lines.slice(3), fileType: 2, ...size }).fields.signGoodsName).toBe('袋装普通硅酸盐水泥')
  })

  it('does not join the next line of "label：value" lines', () => {
    const lines = [L('需方：本溪市瑞丰建工股份有限公司', 20, 60), L('运输单位：临沂黄河运输有限公司', 20, 90)]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryCustomer).toBe('本溪市瑞丰建工股份有限公司')
    expect(r.fields.deliveryCarrier).toBe('临沂黄河运输有限公司')
  })
})

describe('vocabulary of real tickets', () => {
  it('knows 品种, 包数, 到站, 送货地点 and converts kilograms to tons', () => {
    const lines = [
      L('品种：散装复合硅酸盐水泥', 20, 60),
      L('包数：580包', 20, 90),
      L('到站：咸阳市润泽商砼集团有限公司', 20, 120),
      L('送货地点：邯郸市天河区建设路942号二标段', 20, 150),
      L('总重(公斤)：46420', 20, 180),
      L('皮重：16740 kg', 20, 210),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signGoodsName).toBe('散装复合硅酸盐水泥')
    expect(r.fields.signBags).toBe(580)
    expect(r.fields.signName).toBe('咸阳市润泽商砼集团有限公司')
    expect(r.fields.signPlace).toBe('邯郸市天河区建设路942号二标段')
    expect(r.fields.signGrossWeight).toBe(46.42)
    expect(r.fields.signTareWeight).toBe(16.74)
  })

  it('takes the manufacturer from a heading that is the company alone, above every label', () => {
    const lines = [L('宏达水泥淄博有限公司', 90, 10, 300, 28), L('计量磅单', 200, 50), L('车号：藏S22498', 20, 90)]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryManufactory).toBe('宏达水泥淄博有限公司')
    expect(r.meta.deliveryManufactory.source).toBe('title')
  })

  it('reads the time of day after a date whose space was read as a dash', () => {
    // a 签收单: the default rules of 水泥收货单 read it
    const lines = [L('签收单', 100, 20), L('到货时间：', 20, 60), L('2026/07/26-08:45:13', 140, 60), L('净重：36.14', 20, 90)]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.format?.name).toBe('水泥收货单')
    expect(r.fields.signTime).toBe('2026-07-26 08:45:13')
  })

  it('does not take a print time for the ticket time', () => {
    const r = analyzeLines({ lines: [L('打印时间：2026-05-16', 20, 60), L('日期：2026年05月16日 13:45', 20, 90)], fileType: 1, ...size })
    expect(r.fields.deliveryTime).toBe('2026-05-16 13:45:00')
  })
})

describe('wrapped labels and values', () => {
  it('joins a label wrapped in a narrow cell, and a "label：value" line wrapped under its label', () => {
    const lines = [
      L('交货地', 20, 60), L('点：', 20, 84), L('长治市雁塔区滨江路666号', 120, 72),
      L('发货单位：鹿泉水泥徐州有', 20, 130), L('限公司', 20, 154),
      L('商品名', 20, 200), L('袋装普通硅酸盐水泥', 120, 200),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signPlace).toBe('长治市雁塔区滨江路666号')
    expect(r.fields.signManufactory).toBe('鹿泉水泥徐州有限公司')
    // '商品' + '名': the label cut short, its value beside it
    expect(r.fields.signGoodsName).toBe('袋装普通硅酸盐水泥')
  })
})

describe('labels one character a line', () => {
  /** a label printed down a narrow cell, one character a line, from (x, y) */
  const down = (chars: string[], x: number, y: number) => chars.map((ch, k) => L(ch, x, y + 24 * k))

  it('joins four lines into the longest label they make, also through a character the recogniser doubted', () => {
    const lines = [
      // 算 read as 箅, doubted (算 seen there too)
      L('结', 20, 60), { ...L('箅', 20, 84), score: 0.62, doubts: [{ at: 0, others: [['算', 0.178]] as [string, number][] }] }, ...down(['单', '位'], 20, 108),
      L('福州腾飞建工有限公司', 120, 96),
      // 签收 is a label of its own (the receiver), 签收时间 the longer one
      ...down(['签', '收', '时', '间'], 20, 200), L('2026-12-22', 120, 224, 100), L('07:48', 120, 248, 50),
      ...down(['运', '输', '单', '位'], 20, 330), L('绵阳泰和货运有限公司', 120, 366),
    ]
    const res = analyzeLines({ lines, fileType: 2, ...size })
    expect(res.fields.signSettlement).toBe('福州腾飞建工有限公司')
    expect(res.fields.signTime).toBe('2026-12-22 07:48:00')
    expect(res.fields.signUser).toBeNull()
    expect(res.fields.signCarrier).toBe('绵阳泰和货运有限公司')
  })

  it('does not read a clear character as another to make a label', () => {
    const lines = [L('结', 20, 60), L('箅', 20, 84), ...down(['单', '位'], 20, 108), L('福州腾飞建工有限公司', 120, 96)]
    expect(analyzeLines({ lines, fileType: 2, ...size }).fields.signSettlement).toBeNull()
  })
})
