/**
 * Issue 38 on synthetic OCR lines: labels the reader knows from the trade's vocabulary rather than a
 * list, captions printed under their values, times as other terminals write them, and the values the
 * domain does not explain marked for a look (confidence under the form's 0.8).
 */
import { describe, expect, it } from 'vitest'
import { analyzeLines } from '../../src/ocr/analyze.js'
import { L, size } from './syntheticLines.js'

const LOW = 0.8

describe('labels composed from the trade\'s words', () => {
  it('reads other words and abbreviations for carrier, consignee, unloading point, settlement and signer', () => {
    const lines = [
      L('承运车队：芜湖天成运输有限公司', 20, 40), L('收方单位：铜陵市金石建材有限公司', 20, 80), L('卸点：株洲市天河区迎宾大道770号', 20, 120),
      L('结算：常州新星建设有限公司', 20, 160), L('签收员：段英峰', 20, 200), L('净重：35.03', 20, 240),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields).toMatchObject({
      signCarrier: '芜湖天成运输有限公司', signName: '铜陵市金石建材有限公司', signPlace: '株洲市天河区迎宾大道770号',
      signSettlement: '常州新星建设有限公司', signUser: '段英峰', signNetWeight: 35.03,
    })
  })
})

describe('labels no list holds, read by their words', () => {
  it('fills the fields the known labels left empty, the last of the trade\'s words deciding', () => {
    const lines = [
      L('运输车辆：苏AD2345', 20, 40), L('用户单位：南京市鼓楼建材有限公司', 20, 80), L('点收人：王建国', 20, 120), L('净重：35.03', 20, 160),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    // 运输车辆 is a vehicle, not a carrier
    expect(r.fields).toMatchObject({ signPlateNumber: '苏AD2345', signCustomer: '南京市鼓楼建材有限公司', signUser: '王建国', signCarrier: null, signNetWeight: 35.03 })
  })

  it('in a grid of boxes with each label above its value, an English name beside it', () => {
    const lines = [
      L('运输车辆 Truck', 40, 100, 160), L('货品', 400, 100, 60),
      L('皖K7Q338', 40, 140, 120), L('散装普通硅酸盐水泥', 400, 140, 220),
    ]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields).toMatchObject({ deliveryPlateNumber: '皖K7Q338', deliveryGoodsName: '散装普通硅酸盐水泥' })
  })

  it('leaves a name, a place or a company alone', () => {
    const lines = [L('收货人：', 20, 40), L('毛建国', 140, 40, 60), L('发货单位：', 20, 80), L('芜湖海螺水泥有限公司', 160, 80, 200)]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signUser).toBe('毛建国')
    expect(r.fields.signGrossWeight).toBeNull()
  })
})

describe('captions under their values', () => {
  it('pairs each caption with the value over it, not with the next row\'s value under it', () => {
    const lines = [
      L('辽Q6QT55', 40, 100, 120), L('遵义众诚运输有限公司', 500, 100, 280),
      L('车号', 80, 140, 40), L('承运商', 600, 140, 60),
      L('48400 kg', 40, 190, 120), L('15130kg', 500, 190, 110),
      L('毛重', 80, 230, 40), L('车重', 600, 230, 40),
      L('33270kg', 40, 280, 110), L('26年09月05日02时19分', 500, 280, 300),
      L('实发净重', 60, 320, 80), L('出厂时间', 620, 320, 80),
    ]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields).toMatchObject({
      deliveryPlateNumber: '辽Q6QT55', deliveryCarrier: '遵义众诚运输有限公司', deliveryGrossWeight: 48.4, deliveryTareWeight: 15.13,
      deliveryNetWeight: 33.27, deliveryTime: '2026-09-05 02:19:00',
    })
  })
})

describe('bilingual weight labels with their unit', () => {
  it('takes the unit after the English name, read with an O as 0, the one nearest the value where two are printed', () => {
    const lines = [
      L('毛重量(公斤)Gr0SS:56410', 20, 40), L('皮重量Tare(kg)：16790', 20, 80), L('净重(t)NetWeight(kg)：39620', 20, 120),
    ]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields).toMatchObject({ deliveryGrossWeight: 56.41, deliveryTareWeight: 16.79, deliveryNetWeight: 39.62 })
  })

  it('under a value, as its caption', () => {
    const lines = [
      L('39940', 40, 100, 80), L('14940', 500, 100, 80),
      L('毛重量Gross(kg)', 40, 140, 160), L('皮重量Tare(kg)', 500, 140, 150),
      L('25000', 40, 190, 80),
      L('净重量Net(kg)', 40, 230, 150),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields).toMatchObject({ signGrossWeight: 39.94, signTareWeight: 14.94, signNetWeight: 25 })
  })
})

describe('a delivery note\'s consignee', () => {
  it('is its customer, under the consignee\'s words (收货客户, 收方单位)', () => {
    for (const label of ['收货客户', '收方单位']) {
      const r = analyzeLines({ lines: [L(`${label}：株洲市华宇房地产开发有限责任公司`, 20, 40)], fileType: 1, ...size })
      expect(r.fields.deliveryCustomer).toBe('株洲市华宇房地产开发有限责任公司')
    }
  })
})

describe('a date whose order the text leaves open', () => {
  it('is read as the likelier day and marked, where the order is plain it is not', () => {
    // a day of the last year whose day and month could change places, both falling in that year
    const DAY = 86_400_000
    const now = Date.now()
    const day = [...Array(360).keys()].map((k) => new Date(now - (k + 20) * DAY)).find((t) => {
      const [mo, d] = [t.getUTCMonth() + 1, t.getUTCDate()]
      const swapped = Date.UTC(t.getUTCFullYear(), d - 1, mo)
      return d <= 12 && d !== mo && swapped < now - 2 * DAY && swapped > now - 380 * DAY
    })!
    const [y, mo, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()].map((n) => String(n).padStart(2, '0'))
    const open = analyzeLines({ lines: [L(`收货时间：${d}/${mo}/${y} 18:28`, 20, 40)], fileType: 2, ...size })
    expect(open.fields.signTime).toMatch(/^\d{4}-\d{2}-\d{2} 18:28:00$/)
    expect(open.meta.signTime!.confidence).toBeLessThan(LOW)
    const plain = analyzeLines({ lines: [L('收货时间：13/09/2026 18:28', 20, 40)], fileType: 2, ...size })
    expect(plain.fields.signTime).toBe('2026-09-13 18:28:00')
    expect(plain.meta.signTime!.confidence).toBeGreaterThanOrEqual(LOW)
  })
})

describe('times as terminals print them', () => {
  it.each([
    ['26-09-12 13:03', '2026-09-12 13:03:00'], ['26/09/0108:51:35', '2026-09-01 08:51:35'], ['2026年01月07日13时55分', '2026-01-07 13:55:00'],
    ['13:55 2026-01-07', '2026-01-07 13:55:00'],
  ])('%s', (printed, want) => {
    const r = analyzeLines({ lines: [L(`发货时间：${printed}`, 20, 40)], fileType: 1, ...size })
    expect(r.fields.deliveryTime).toBe(want)
  })
})

describe('values the domain does not explain are marked', () => {
  it('a party that is no organisation, a signer who is no person, weights that do not add up', () => {
    const lines = [
      L('承运单位：车队', 20, 40), L('签收人：常州泰和货运有限公司', 20, 80), L('收货单位：铜陵市金石建材有限公司', 20, 120),
      L('毛重：50.71', 20, 160), L('皮重：15.68', 20, 200), L('净重：30.03', 20, 240),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    for (const f of ['signCarrier', 'signUser', 'signGrossWeight', 'signTareWeight']) expect(r.meta[f]!.confidence, f).toBeLessThan(LOW)
    expect(r.flags.signNetWeight).toBeTruthy()
    expect(r.meta.signName!.confidence).toBeGreaterThanOrEqual(LOW)
  })

  it('a cement number with no standard grade, a time read without its time of day', () => {
    const r = analyzeLines({ lines: [L('水泥编号：P.0.5-2482G', 20, 40), L('发货时间：2026-09-12', 20, 80), L('车号：皖A12345', 20, 120)], fileType: 1, ...size })
    expect(r.meta.deliverySpecific!.confidence).toBeLessThan(LOW)
    expect(r.meta.deliveryTime!.confidence).toBeLessThan(LOW)
    expect(r.meta.deliveryPlateNumber!.confidence).toBeGreaterThanOrEqual(LOW)
  })
})
