import { describe, expect, test } from 'vitest'
import { checkedDays, statisticsPeriods, statisticsRange, StatisticsMsg, STATISTICS_MAX_DAYS } from '@app/contract'
import { chartDataOption, defaultDays, drillFromMeasures, measuresOption, provinceCsv, provinceOption } from '../src/pages/statistics/statisticsValues'

describe('the statistics ranges', () => {
  test('by default the last 12 months from the first of a month, today included', () => {
    expect(statisticsRange(undefined, new Date('2025-03-16T04:00:00Z'))).toEqual({ from: '2024-04-01', to: '2025-03-16' })
    expect(defaultDays(new Date('2025-01-05T04:00:00Z'))).toEqual(['2024-02-01', '2025-01-05'])
    expect(statisticsPeriods('2024-04-01', '2025-03-16', 'month')).toHaveLength(12)
  })
  test('reversed or too long ranges are refused in Chinese', () => {
    expect(checkedDays('2025-03-02', '2025-03-01')).toEqual({ error: StatisticsMsg.rangeReversed })
    expect(checkedDays('2020-01-01', '2025-01-01')).toEqual({ error: StatisticsMsg.rangeTooLong })
    expect(StatisticsMsg.rangeTooLong).toContain(String(STATISTICS_MAX_DAYS))
    expect(statisticsPeriods('2024-02-27', '2024-03-01', 'day')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01'])
  })
})

describe('the charts', () => {
  const rows = [{ province: '江苏省', total: 4, abnormal: 3, abnormalRate: 75 }, { province: '=浙江"省', total: 1, abnormal: 1, abnormalRate: 100 }]
  test('the province bars and the 数据列表 CSV hold the same numbers', () => {
    const option = provinceOption(rows)
    expect((option.series as { data: number[] }[]).map((s) => s.data)).toEqual([[4, 1], [3, 1]])
    expect(provinceCsv(rows)).toBe('\uFEFF省份,测量次数,异常次数,异常率（%）\r\n江苏省,4,3,75\r\n"\'=浙江""省",1,1,100\r\n')
  })
  test('the spec\'s chart data as stacked bars or lines', () => {
    const data = { xAxisData: ['2024-01', '2024-02'], datas: [{ machineName: 'BP-1', totalNumber: [3, 4] }] }
    expect(chartDataOption(data, 'bar').series).toEqual([{ name: 'BP-1', type: 'bar', stack: 'machines', data: [3, 4] }])
    expect((chartDataOption(data, 'line').series as { type: string }[])[0]!.type).toBe('line')
  })
  test('a click on an abnormal conclusion drills into it; 正常 opens nothing', () => {
    const option = measuresOption([])
    expect((option.series as { id: string }[]).map((s) => s.id)).toContain('1:高血压1级')
    expect(drillFromMeasures('1:高血压1级')).toEqual({ examItemId: 1, conclusion: '高血压1级' })
    expect(drillFromMeasures('1:正常')).toBeNull()
    expect(drillFromMeasures('2:高血压1级')).toBeNull()
    expect(drillFromMeasures(undefined)).toBeNull()
  })
})
