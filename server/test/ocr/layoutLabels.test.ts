/**
 * Layout reasoning on synthetic OCR lines, how labels are found: never taken as values, cut short by the
 * recogniser, wrapped over lines of a narrow cell or printed one character a line, run into the box before
 * them, beside their English names, and the vocabulary of real tickets.
 */
import { describe, expect, it } from 'vitest'
import { analyzeLines } from '../../src/ocr/analyze.js'
import { L, size } from './syntheticLines.js'

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
