/**
 * Layout reasoning on synthetic OCR lines, cells that wrap: a header row whose labels and units wrap above
 * their values, and names, addresses and times wrapped over lines of a cell, ended where the next field starts.
 */
import { describe, expect, it } from 'vitest'
import { analyzeLines } from '../../src/ocr/analyze.js'
import { L, size } from './syntheticLines.js'

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
