import { describe, expect, test } from 'vitest'
import { kpiPeriods, kpiRange, KpiMsg, periodEnd, periodLabel, periodStart, type KpiSummary } from '@app/contract'
import { detailFilters, drillFromChart, inspectorChartOption, kpiFilters, minutesText, periodChartOption, rateText } from '../src/pages/kpi/kpiValues'

const figures = (o: Partial<KpiSummary['totals']> = {}) => ({ registered: 0, started: 0, finished: 0, signed: 0, passed: 0, failed: 0, passRate: null, avgMinutes: null, ...o })
const summary: KpiSummary = {
  from: '2025-03-01', to: '2025-03-16', granularity: 'week', totals: figures({ signed: 3 }),
  periods: [
    { period: '2025-02-24', label: '02-24周', ...figures() },
    { period: '2025-03-03', label: '03-03周', ...figures({ registered: 4 }) },
    { period: '2025-03-10', label: '03-10周', ...figures({ signed: 3, passed: 2, failed: 1, passRate: 66.7 }) },
  ],
  inspectors: [
    { inspectorId: 7, inspectorName: '李检验', ...figures({ signed: 2, passed: 1, failed: 1 }) },
    { inspectorId: 9, inspectorName: '张检验', ...figures({ signed: 1, passed: 1 }) },
  ],
  bases: [],
}

describe('periods (China days)', () => {
  test('weeks start on Monday, months on the first; the periods cover the range', () => {
    expect(periodStart('2025-03-02', 'week')).toBe('2025-02-24')
    expect(periodStart('2025-03-03', 'week')).toBe('2025-03-03')
    expect(periodStart('2025-03-31', 'month')).toBe('2025-03-01')
    expect(periodEnd('2025-12-01', 'month')).toBe('2026-01-01')
    expect(kpiPeriods('2025-01-30', '2025-03-01', 'month')).toEqual(['2025-01-01', '2025-02-01', '2025-03-01'])
    expect(kpiPeriods('2024-02-27', '2024-03-01', 'day')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01'])
    expect([periodLabel('2025-03-03', 'day'), periodLabel('2025-03-03', 'week'), periodLabel('2025-03-01', 'month')]).toEqual(['03-03', '03-03周', '2025-03'])
  })

  test('the range: the last 30 days by default, refused when reversed or longer than a year', () => {
    expect(kpiRange(undefined, new Date('2025-03-31T20:00:00Z'))).toEqual({ from: '2025-03-03', to: '2025-04-01' })
    expect(kpiRange(['', '2025-03-30'])).toEqual({ from: '2025-03-01', to: '2025-03-30' })
    expect(kpiRange(['2025-03-02', '2025-03-01'])).toEqual({ error: KpiMsg.rangeReversed })
    expect(kpiRange(['2024-01-01', '2024-12-31'])).toEqual({ from: '2024-01-01', to: '2024-12-31' })
    expect(kpiRange(['2024-01-01', '2025-01-01'])).toEqual({ error: KpiMsg.rangeTooLong(366) })
  })
})

describe('the page', () => {
  test('filter bar values become the request', () => {
    expect(kpiFilters({ range: ['2025-03-01', '2025-03-31'], companyId: 5, granularity: 'week' }))
      .toEqual({ range: ['2025-03-01', '2025-03-31'], companyId: 5, granularity: 'week' })
    expect(kpiFilters({ granularity: 'year', companyId: null })).toEqual({ range: undefined, companyId: undefined, granularity: 'day' })
  })

  test('rates and times read as the screen shows them', () => {
    expect([rateText(66.7), rateText(null), rateText(0)]).toEqual(['66.7%', '—', '0%'])
    expect([minutesText(75), minutesText(150), minutesText(null)]).toEqual(['75 分钟', '2.5 小时', '—'])
  })

  test('a bar clicked opens the reports of its period or inspector; the pass-rate line opens nothing', () => {
    expect(drillFromChart('period', summary, { seriesId: 'signed', dataIndex: 2 })).toEqual({ figure: 'signed', period: '2025-03-10', title: '03-10周 · 已签发' })
    expect(drillFromChart('period', summary, { seriesId: 'passRate', dataIndex: 2 })).toBeNull()
    // the inspector chart lists the busiest on top (reversed axis)
    expect(drillFromChart('inspector', summary, { seriesId: 'failed', dataIndex: 1 })).toEqual({ figure: 'failed', inspectorId: 7, title: '李检验 · 不合格' })
    expect(inspectorChartOption(summary).yAxis).toMatchObject({ data: ['张检验', '李检验'] })
  })

  test('the drill narrows the summary filters', () => {
    const filters = { range: ['2025-03-01', '2025-03-16'] as string[], companyId: 3, granularity: 'week' as const }
    expect(detailFilters(filters, { figure: 'passed', inspectorId: 7, title: '' }))
      .toEqual({ ...filters, figure: 'passed', inspectorId: 7, period: undefined })
    expect(detailFilters(filters, { figure: 'registered', companyId: 4, period: '2025-03-03', title: '' }))
      .toMatchObject({ companyId: 4, period: '2025-03-03', figure: 'registered' })
  })

  test('the period chart: a bar series per count (ids are the figures), the pass rate on the right axis', () => {
    const option = periodChartOption(summary)
    const series = option.series as { id: string; type: string; data: unknown[]; yAxisIndex?: number }[]
    expect(series.map((s) => [s.id, s.type])).toEqual([['registered', 'bar'], ['started', 'bar'], ['finished', 'bar'], ['signed', 'bar'], ['passRate', 'line']])
    expect(series[0]!.data).toEqual([0, 4, 0])
    expect(series[4]).toMatchObject({ yAxisIndex: 1, data: [null, null, 66.7] })
    expect(option.xAxis).toMatchObject({ data: ['02-24周', '03-03周', '03-10周'] })
  })
})
