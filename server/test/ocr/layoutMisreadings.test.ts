/**
 * Layout reasoning on synthetic OCR lines the recogniser misread: a label one character off, the second
 * look's other readings of a box, and a form printed twice whose surer copy is taken.
 */
import { describe, expect, it } from 'vitest'
import { analyzeLines } from '../../src/ocr/analyze.js'
import { oneEditApart } from '../../src/ocr/distance.js'
import { otherReadings, type OcrLine } from '../../src/ocr/ocrLine.js'
import { L, size } from './syntheticLines.js'

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
