/** Pure logic of 数据统计 (unit-tested in web/test/statistics.test.ts): chart options, the 数据列表 CSV, what a click drills into. */
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import type { ComposeOption } from 'echarts/core'
import {
  EXAM_ITEMS, isAbnormal, statisticsRange,
  type ChartData, type CompanyTotal, type MachineTypeTotal, type MeasureCount, type ProvinceCount,
} from '@app/contract'

export type StatisticsChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>

/** The range every chart starts with: the last 12 months (contract's default), as [from, to]. */
export function defaultDays(now = new Date()): [string, string] {
  const r = statisticsRange(undefined, now) as { from: string; to: string }
  return [r.from, r.to]
}

const grid = { left: 48, right: 24, top: 40, bottom: 40, containLabel: true }

/** 测量次数 and 异常次数 per province. */
export function provinceOption(rows: ProvinceCount[]): StatisticsChartOption {
  return {
    tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid,
    xAxis: { type: 'category', data: rows.map((r) => r.province), axisLabel: { interval: 0, rotate: rows.length > 8 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { id: 'total', name: '测量次数', type: 'bar', data: rows.map((r) => r.total) },
      { id: 'abnormal', name: '异常次数', type: 'bar', data: rows.map((r) => r.abnormal) },
    ],
  }
}

const csvCell = (v: string | number | null) => {
  let s = v == null ? '' : String(v)
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** 数据列表 (spec 001 §2, §9): the per-province bars' numbers as CSV, with a BOM so Excel reads the Chinese. */
export function provinceCsv(rows: ProvinceCount[]): string {
  const lines = [['省份', '测量次数', '异常次数', '异常率（%）'], ...rows.map((r) => [r.province, r.total, r.abnormal, r.abnormalRate])]
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`
}

/** The spec's chart data (`xAxisData`, `datas` of machineName and totalNumber) as bars (stacked) or lines. */
export function chartDataOption(data: ChartData, kind: 'bar' | 'line'): StatisticsChartOption {
  return {
    tooltip: { trigger: 'axis' }, legend: { top: 0, type: 'scroll' }, grid,
    xAxis: { type: 'category', data: data.xAxisData },
    yAxis: { type: 'value', minInterval: 1 },
    series: data.datas.map((d) => (kind === 'bar'
      ? { name: d.machineName, type: 'bar' as const, stack: 'machines', data: d.totalNumber }
      : { name: d.machineName, type: 'line' as const, smooth: true, data: d.totalNumber })),
  }
}

/** Bars of 测量次数 and 异常次数 by a name (a device type, a base). */
export function namedTotalsOption(rows: { name: string; total: number; abnormal: number }[]): StatisticsChartOption {
  return {
    tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid,
    xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '测量次数', type: 'bar', data: rows.map((r) => r.total) },
      { name: '异常次数', type: 'bar', data: rows.map((r) => r.abnormal) },
    ],
  }
}
export const machineTypeRows = (rows: MachineTypeTotal[]) => rows.map((r) => ({ name: r.type, total: r.total, abnormal: r.abnormal }))
export const companyRows = (rows: CompanyTotal[]) => rows.map((r) => ({ name: r.companyName, total: r.total, abnormal: r.abnormal }))

/**
 * Each examined item a bar stacked by its conclusions (abnormal ones in warm colours); a series per
 * conclusion id'd `<examItemId>:<conclusion>` so that a click names both.
 */
export function measuresOption(measures: MeasureCount[]): StatisticsChartOption {
  const series: BarSeriesOption[] = []
  for (const item of EXAM_ITEMS) {
    item.conclusions.forEach((conclusion) => {
      series.push({
        id: `${item.id}:${conclusion}`, name: conclusion, type: 'bar', stack: 'conclusions',
        data: EXAM_ITEMS.map((i) => (i.id === item.id ? measures.find((m) => m.examItemId === i.id)?.conclusions.find((c) => c.conclusion === conclusion)?.count ?? 0 : 0)),
        itemStyle: isAbnormal(conclusion) ? undefined : { color: '#91cc75' },
      })
    })
  }
  return {
    tooltip: { trigger: 'item' }, grid,
    xAxis: { type: 'category', data: EXAM_ITEMS.map((i) => i.label) },
    yAxis: { type: 'value', minInterval: 1 },
    series,
  }
}

/** The abnormal conclusion a click on the measures chart names, or null (a 正常 part opens nothing). */
export function drillFromMeasures(seriesId: string | undefined): { examItemId: number; conclusion: string } | null {
  const [id, conclusion] = (seriesId ?? '').split(':')
  const item = EXAM_ITEMS.find((i) => String(i.id) === id)
  if (!item || !conclusion || !isAbnormal(conclusion) || !(item.conclusions as readonly string[]).includes(conclusion)) return null
  return { examItemId: item.id, conclusion }
}
