/** Pure logic of 检验统计 (unit-tested in web/test/kpi.test.ts): filters, chart options and what a click drills into. */
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import type { ComposeOption } from 'echarts/core'
import {
  KPI_FIGURES, KPI_GRANULARITY_NAMES, type KpiDetailFilters, type KpiFigure, type KpiFilters, type KpiGranularity, type KpiStepTemplate, type KpiSummary,
} from '@app/contract'
import { toDateRange } from '../../components/dateRange'

export type KpiChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>

/** The filter bar's values as the summary's (and every drill-down's) filters. */
export function kpiFilters(values: { range?: unknown; companyId?: number | null; granularity?: string }): KpiFilters {
  const granularity = (KPI_GRANULARITY_NAMES as string[]).includes(values.granularity ?? '') ? values.granularity as KpiGranularity : 'day'
  return { range: toDateRange(values.range), companyId: values.companyId ?? undefined, granularity }
}

/** 66.7% / — */
export const rateText = (rate: number | null) => (rate == null ? '—' : `${rate}%`)
/** 75 分钟 / 1.5 小时 / — */
export function minutesText(minutes: number | null): string {
  if (minutes == null) return '—'
  return minutes >= 120 ? `${Math.round(minutes / 6) / 10} 小时` : `${minutes} 分钟`
}

/** What the reports table below the charts shows: the figure and whose or which period's reports. */
export interface Drill {
  figure: KpiFigure
  period?: string
  inspectorId?: number
  companyId?: number
  /** e.g. '03-10周 · 已签发', '李检验 · 合格' */
  title: string
}

/** The detail's query: the summary's filters narrowed by the drill (a base or inspector clicked replaces the filter's). */
export function detailFilters(filters: KpiFilters, drill: Drill): KpiDetailFilters {
  return {
    ...filters,
    figure: drill.figure,
    period: drill.period,
    inspectorId: drill.inspectorId ?? filters.inspectorId,
    companyId: drill.companyId ?? filters.companyId,
  }
}

const COLORS: Record<KpiFigure | 'passRate', string> = {
  registered: '#8c8c8c', started: '#1677ff', finished: '#13c2c2', signed: '#722ed1', passed: '#52c41a', failed: '#f5222d', passRate: '#fa8c16',
}
const PERIOD_FIGURES: KpiFigure[] = ['registered', 'started', 'finished', 'signed']

/** Counts per period as bars (their series id is the figure), the pass rate as a line on the right axis. */
export function periodChartOption(s: KpiSummary): KpiChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 44, right: 52, top: 40, bottom: 28 },
    xAxis: { type: 'category', data: s.periods.map((p) => p.label) },
    yAxis: [
      { type: 'value', name: '报告数', minInterval: 1 },
      { type: 'value', name: '合格率', min: 0, max: 100, axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
    ],
    series: [
      ...PERIOD_FIGURES.map((f): BarSeriesOption => ({
        id: f, name: KPI_FIGURES[f], type: 'bar', data: s.periods.map((p) => p[f]), barMaxWidth: 18, itemStyle: { color: COLORS[f] }, cursor: 'pointer',
      })),
      {
        id: 'passRate', name: '合格率', type: 'line', yAxisIndex: 1, data: s.periods.map((p) => p.passRate), connectNulls: true,
        itemStyle: { color: COLORS.passRate }, tooltip: { valueFormatter: (v) => (v == null ? '—' : `${v}%`) },
      },
    ],
  }
}

/** Signed reports per lead inspector, 合格 and 不合格 stacked (series ids passed / failed), busiest on top. */
export function inspectorChartOption(s: KpiSummary): KpiChartOption {
  const rows = [...s.inspectors].reverse()
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 80, right: 24, top: 32, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((i) => i.inspectorName) },
    series: (['passed', 'failed'] as const).map((f): BarSeriesOption => ({
      id: f, name: KPI_FIGURES[f], type: 'bar', stack: 'signed', data: rows.map((i) => i[f]), barMaxWidth: 18, itemStyle: { color: COLORS[f] }, cursor: 'pointer',
    })),
  }
}

/** Mean minutes per step (the longest in the tooltip), in the template's order. */
export function stepChartOption(t: KpiStepTemplate): KpiChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 44, right: 16, top: 24, bottom: 48 },
    xAxis: { type: 'category', data: t.steps.map((s) => s.stepName), axisLabel: { interval: 0, rotate: t.steps.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', name: '分钟' },
    series: [
      { id: 'avg', name: '平均用时（分钟）', type: 'bar', data: t.steps.map((s) => s.avgMinutes), barMaxWidth: 28, itemStyle: { color: COLORS.started } },
      { id: 'max', name: '最长用时（分钟）', type: 'bar', data: t.steps.map((s) => s.maxMinutes), barMaxWidth: 28, itemStyle: { color: '#d9d9d9' } },
    ],
  }
}

/** What a click on a chart's bar (its series id and index) drills into, or null (the pass-rate line, a stray click). */
export function drillFromChart(chart: 'period' | 'inspector', s: KpiSummary, click: { seriesId?: string; dataIndex?: number }): Drill | null {
  const figure = click.seriesId as KpiFigure
  if (!(figure in KPI_FIGURES) || click.dataIndex == null) return null
  if (chart === 'period') {
    const p = s.periods[click.dataIndex]
    return p ? { figure, period: p.period, title: `${p.label} · ${KPI_FIGURES[figure]}` } : null
  }
  const i = [...s.inspectors].reverse()[click.dataIndex]
  return i ? { figure, inspectorId: i.inspectorId, title: `${i.inspectorName} · ${KPI_FIGURES[figure]}` } : null
}
