/** Pure logic of the 物流公司 and 使用统计 screens. */
import { describe, expect, it } from 'vitest'
import { logisticsCompanyBody as bodySchema, type LogisticsCompany, type UsageChart } from '@app/contract'
import { zodRule } from '../src/components/zodRule'
import { formValuesOf, logisticsCompanyBody } from '../src/pages/logisticsCompanies/logisticsCompanyValues'
import { failureRate, usageChartOption, usageFilters } from '../src/pages/usage/usageValues'

describe('logistics company form', () => {
  it('sends trimmed text, empty as null, and the region cascader\'s path as province, city, district', () => {
    expect(logisticsCompanyBody({ name: ' 顺丰物流 ', contactor: '  ', phone: ' 13912345678 ', region: ['江苏省', '南京市'], remarks: '' })).toEqual({
      name: '顺丰物流', contactor: null, phone: '13912345678', province: '江苏省', city: '南京市', district: null, remarks: null, companyId: undefined,
    })
    expect(logisticsCompanyBody({ name: '甲', companyId: 7 })).toMatchObject({ province: null, city: null, district: null, companyId: 7 })
  })

  it('opens a row with its values, the region as the cascader\'s path', () => {
    const row: LogisticsCompany = {
      id: 1, companyId: 3, companyName: '基地', name: '德邦物流', contactor: null, phone: '0571-88886666',
      province: '浙江省', city: '杭州市', district: null, remarks: null, createTimeStr: '2026-01-01 00:00:00',
    }
    expect(formValuesOf(row)).toEqual({ name: '德邦物流', contactor: '', phone: '0571-88886666', region: ['浙江省', '杭州市'], remarks: '', companyId: 3 })
  })

  it('checks the phone as the server does: a mobile or a landline with its area code, or nothing', async () => {
    const rule = zodRule(bodySchema.shape.phone)
    expect(rule.required).toBe(false)
    for (const ok of ['', undefined, '13912345678', '0571-88886666', '010 12345678']) await expect(rule.validator(null, ok)).resolves.toBeUndefined()
    await expect(rule.validator(null, '12345')).rejects.toThrow('联系电话格式不正确，请输入11位手机号或带区号的固定电话（如 0571-88886666）')
    expect(zodRule(bodySchema.shape.name).required).toBe(true)
  })
})

describe('usage statistics', () => {
  it('turns the search form into filters: the date range as two days, the base as a number', () => {
    expect(usageFilters({ name: ' 张 ', companyId: '5', createTimeQuery: ['2026-01-31', '2026-01-01'], _timestamp: 1 }))
      .toEqual({ name: '张', companyId: 5, createTimeQuery: ['2026-01-01', '2026-01-31'] })
    expect(usageFilters({})).toEqual({ name: undefined, companyId: undefined, createTimeQuery: undefined })
  })

  it('says the failure rate to one decimal, a dash without uploads', () => {
    expect(failureRate(8, 1)).toBe('12.5%')
    expect(failureRate(3, 1)).toBe('33.3%')
    expect(failureRate(0, 0)).toBe('—')
  })

  it('charts counts as bars on the left axis and tons as lines on the right, a point a day', () => {
    const day = (d: string, n: number) => ({ day: d, useTimes: n, uploadErrors: 0, poundErrors: 1, deliveryWeight: 30.5, signWeight: 30 })
    const chart: UsageChart = { from: '2026-01-01', to: '2026-01-02', days: [day('2026-01-01', 2), day('2026-01-02', 5)], totals: day('', 7) }
    const option = usageChartOption(chart)
    expect(option.xAxis).toMatchObject({ data: ['01-01', '01-02'] })
    const series = option.series as { name: string; type: string; yAxisIndex: number; data: number[] }[]
    expect(series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['上传次数', 'bar', 0], ['识别失败次数', 'bar', 0], ['磅差超标运单', 'bar', 0], ['发货重量（吨）', 'line', 1], ['收货重量（吨）', 'line', 1],
    ])
    expect(series[0]!.data).toEqual([2, 5])
    expect(series[3]!.data).toEqual([30.5, 30.5])
  })
})
