import { describe, expect, it } from 'vitest'
import { formatYuan, parseYuan, SupplyStatus } from '@app/contract'
import { linesText, repeatedMaterials, trimQuantity } from '../src/features/supplySales/materialChoices'
import { lineAmountOf, priceOf, quantityOf, saleBodyOf, saleTotalOf, yuanText } from '../src/pages/sales/saleValues'
import { stepsFor } from '../src/pages/supplyOrders/supplyOrderValues'

describe('yuan and fen', () => {
  it('reads a typed amount of yuan from its digits, never through a float', () => {
    expect(parseYuan('12')).toBe(1200)
    expect(parseYuan('12.5')).toBe(1250)
    expect(parseYuan(' 0.07 ')).toBe(7)
    // 1.15 * 100 is 114.99999999999999 in floating point
    expect(parseYuan('1.15')).toBe(115)
    expect(parseYuan('4.35')).toBe(435)
    expect(parseYuan('9999999.99')).toBe(999_999_999)
  })

  it('refuses what is not such an amount', () => {
    for (const bad of ['', '1.234', '-1', '1e3', '¥5', '1,000', '.5', '12.']) expect(parseYuan(bad)).toBeNull()
    // above the highest price the server takes (1,000,000 yuan)
    expect(priceOf('1000000.01')).toBeNull()
    expect(priceOf('1000000')).toBe(100_000_000)
  })

  it('writes fen as yuan with two places, negatives too', () => {
    expect(formatYuan(0)).toBe('0.00')
    expect(formatYuan(7)).toBe('0.07')
    expect(formatYuan(123456)).toBe('1234.56')
    expect(formatYuan(-1205)).toBe('-12.05')
    expect(yuanText(-3041)).toBe('-¥30.41')
    expect(yuanText(5)).toBe('¥0.05')
    for (const fen of [1, 99, 100, 115, 435, 999_999_999]) expect(parseYuan(formatYuan(fen))).toBe(fen)
  })
})

describe('the running total', () => {
  it('is each line price × quantity rounded half up, as the server sums it', () => {
    expect(quantityOf('1.5')).toBe(1500)
    expect(quantityOf('0')).toBeNull()
    expect(quantityOf('1.2345')).toBeNull()
    expect(lineAmountOf({ quantity: '1.5', price: '12.50' })).toBe(1875)
    // 3.33 × 0.5 = 1.665 → 1.67
    expect(lineAmountOf({ quantity: '0.5', price: '3.33' })).toBe(167)
    expect(saleTotalOf([{ quantity: '1.5', price: '12.50' }, { quantity: '1', price: '9.99' }, { quantity: '0.5', price: '3.33' }]))
      .toEqual({ total: 1875 + 999 + 167, incomplete: 0 })
    // 0.1 + 0.2 in yuan would not be 0.3 in floating point
    expect(saleTotalOf([{ quantity: '1', price: '0.1' }, { quantity: '1', price: '0.2' }]).total).toBe(30)
  })

  it('leaves out and counts the lines not yet complete', () => {
    expect(saleTotalOf([{ quantity: '2', price: '5' }, { quantity: '2' }, { price: 'abc', quantity: '1' }, undefined])).toEqual({ total: 1000, incomplete: 3 })
    expect(saleTotalOf(undefined)).toEqual({ total: 0, incomplete: 0 })
  })

  it('sends prices in fen and quantities as typed', () => {
    expect(saleBodyOf({ customer: ' 某运输公司 ', paymentMethod: '微信', lines: [{ materialId: 3, quantity: ' 1.5', price: '12.5' }], remark: ' ' }))
      .toEqual({ customer: '某运输公司', reportId: undefined, paymentMethod: '微信', lines: [{ materialId: 3, quantity: '1.5', price: 1250 }], remark: undefined })
  })
})

describe('material lines', () => {
  it('shows quantities without trailing zeros and finds a material picked twice', () => {
    expect(trimQuantity('12.500')).toBe('12.5')
    expect(trimQuantity('100.000')).toBe('100')
    expect(trimQuantity('0.010')).toBe('0.01')
    expect(linesText([{ materialName: '铅封', quantity: '10.000', unit: '个' }, { materialName: '标贴', quantity: '2.500', unit: '张' }])).toBe('铅封 10个，标贴 2.5张')
    expect([...repeatedMaterials([{ materialId: 1 }, { materialId: 2 }, {}, { materialId: 1 }])]).toEqual([1])
  })
})

describe('supply order steps', () => {
  const order = (status: number) => ({ status, companyId: 10, supplierCompanyId: 20 })
  it('offers each step only to the side that may take it', () => {
    expect(stepsFor(order(SupplyStatus.pending), 20)).toEqual(['ship', 'cancel'])
    expect(stepsFor(order(SupplyStatus.pending), 10)).toEqual(['cancel'])
    expect(stepsFor(order(SupplyStatus.shipped), 10)).toEqual(['receive'])
    expect(stepsFor(order(SupplyStatus.shipped), 20)).toEqual([])
    expect(stepsFor(order(SupplyStatus.received), 10)).toEqual([])
    expect(stepsFor(order(SupplyStatus.cancelled), 20)).toEqual([])
    // headquarters looking on is neither side
    expect(stepsFor(order(SupplyStatus.pending), 1)).toEqual([])
  })
})
