/** Pure logic of the usage statistics page (unit-tested in web/test/use.test.ts). */
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import type { ComposeOption } from 'echarts/core'
import { USAGE_FIGURES, type UsageChart, type UsageFigure, type UsageFilters } from '@app/contract'
import { toDateRange } from '../../components/dateRange'
import { cleanFilters } from '../../components/listQuery'

export type UsageChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>

/** The search form's values as the list's (and the chart's and the export's) filters. */
export function usageFilters(values: Record<string, unknown>): UsageFilters {
  const { name, companyId, createTimeQuery } = cleanFilters(values)
  return {
    name: name as string | undefined,
    companyId: companyId === undefined ? undefined : Number(companyId),
    createTimeQuery: toDateRange(createTimeQuery),
  }
}

/** Failed readings as a share of uploads, e.g. '12.5%' ('—' without uploads). */
export const failureRate = (uploads: number, failed: number) => (uploads ? `${Math.round((failed / uploads) * 1000) / 10}%` : '—')

const COUNTS: UsageFigure[] = ['useTimes', 'uploadErrors', 'poundErrors']
const TONS: UsageFigure[] = ['deliveryWeight', 'signWeight']
const COLORS: Record<UsageFigure, string> = {
  useTimes: '#1677ff', uploadErrors: '#faad14', poundErrors: '#f5222d', deliveryWeight: '#13c2c2', signWeight: '#722ed1',
}

/** Counts as bars on the left axis, tons as lines on the right, one point a day (MM-DD on the axis). */
export function usageChartOption(chart: UsageChart): UsageChartOption {
  const series = (f: UsageFigure) => chart.days.map((d) => d[f])
  return {
    color: [...COUNTS, ...TONS].map((f) => COLORS[f]),
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 56, top: 40, bottom: 28 },
    xAxis: { type: 'category', data: chart.days.map((d) => d.day.slice(5)) },
    yAxis: [
      { type: 'value', name: '次数', minInterval: 1 },
      { type: 'value', name: '吨', splitLine: { show: false } },
    ],
    series: [
      ...COUNTS.map((f): BarSeriesOption => ({ name: USAGE_FIGURES[f], type: 'bar', yAxisIndex: 0, data: series(f), barMaxWidth: 16 })),
      ...TONS.map((f): LineSeriesOption => ({ name: USAGE_FIGURES[f], type: 'line', yAxisIndex: 1, data: series(f), smooth: true, showSymbol: chart.days.length <= 31 })),
    ],
  }
}
