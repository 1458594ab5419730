/** Pure logic of the big screens (unit-tested in web/test/screens.test.ts): the cards' figures and the charts' options. */
import type { BarSeriesOption, PieSeriesOption } from 'echarts/charts'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import type { ComposeOption } from 'echarts/core'
import { screenPercent, type ScreenData, type ScreenFigures } from '@app/contract'

export type ScreenChartOption = ComposeOption<BarSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>

/** The screen's colours: a dark blue ground, cyan for counts, amber for warnings, red for alerts, green for passes. */
export const SCREEN_COLORS = {
  text: '#e6f0ff', muted: '#8fb3e8', line: '#1f4b8f', cyan: '#22d3ee', blue: '#3b82f6', green: '#34d399', amber: '#fbbf24', red: '#f87171', violet: '#a78bfa',
} as const

/** Bars shown at most in a by-base or by-province chart (the busiest; the rest are in the totals). */
export const SCREEN_MAX_BARS = 12

/** 66.7% / — */
export const percentText = (part: number, whole: number) => {
  const p = screenPercent(part, whole)
  return p === null ? '—' : `${p}%`
}

/** The headline cards, in the order the screen shows them. */
export interface ScreenCard {
  key: string
  label: string
  value: string
  /** the line under the figure */
  note: string
  tone: 'cyan' | 'green' | 'amber' | 'red' | 'violet' | 'blue'
}

export function screenCards(t: ScreenFigures): ScreenCard[] {
  return [
    { key: 'inspections', label: '今日检验', value: String(t.inspections), note: `今日签发 ${t.signed}`, tone: 'cyan' },
    { key: 'passRate', label: '合格率', value: percentText(t.passed, t.signed), note: `合格 ${t.passed} / 签发 ${t.signed}`, tone: 'green' },
    { key: 'reservations', label: '今日预约', value: String(t.reservations), note: `已到场 ${t.arrived}`, tone: 'blue' },
    { key: 'transports', label: '今日运单', value: String(t.transports), note: '不含作废', tone: 'violet' },
    { key: 'poundAlerts', label: '磅差告警', value: String(t.poundAlerts), note: `占运单 ${percentText(t.poundAlerts, t.transports)}`, tone: t.poundAlerts ? 'red' : 'green' },
    { key: 'measurements', label: '今日测量', value: String(t.measurements), note: `结果 ${t.results} 项`, tone: 'cyan' },
    { key: 'abnormalShare', label: '异常占比', value: percentText(t.abnormal, t.results), note: `异常 ${t.abnormal} / 结果 ${t.results}`, tone: t.abnormal ? 'amber' : 'green' },
  ]
}

/** 'HH:mm:ss' of the server's 'YYYY-MM-DD HH:mm:ss'. */
export const clockOf = (dateTime: string) => dateTime.slice(11, 19)

const axisText = { color: SCREEN_COLORS.muted, fontSize: 18 }
const legend = (names: string[]): LegendComponentOption => ({ data: names, top: 0, right: 10, textStyle: { color: SCREEN_COLORS.text, fontSize: 18 }, itemWidth: 18, itemHeight: 12 })
const tooltip: TooltipComponentOption = { trigger: 'axis', axisPointer: { type: 'shadow' }, textStyle: { fontSize: 16 } }
const grid: GridComponentOption = { left: 16, right: 16, top: 48, bottom: 8, containLabel: true }
const bar = (name: string, data: number[], color: string): BarSeriesOption => ({
  name, type: 'bar', data, barMaxWidth: 28, itemStyle: { color, borderRadius: [4, 4, 0, 0] },
  label: { show: true, position: 'top', color: SCREEN_COLORS.text, fontSize: 16, formatter: (p) => (Number(p.value) ? String(p.value) : '') },
})

/** Grouped bars of inspections, transports (with their alerts) and measurements per slice (a base or a province). */
export function sliceBarsOption(slices: { name: string; figures: ScreenFigures }[]): ScreenChartOption {
  const shown = slices.slice(0, SCREEN_MAX_BARS)
  const series = [
    bar('检验', shown.map((s) => s.figures.inspections), SCREEN_COLORS.cyan),
    bar('运单', shown.map((s) => s.figures.transports), SCREEN_COLORS.violet),
    bar('磅差告警', shown.map((s) => s.figures.poundAlerts), SCREEN_COLORS.red),
    bar('测量', shown.map((s) => s.figures.measurements), SCREEN_COLORS.green),
  ]
  return {
    animation: false,
    tooltip, grid, legend: legend(series.map((s) => String(s.name))),
    xAxis: { type: 'category', data: shown.map((s) => s.name), axisLabel: { ...axisText, interval: 0, overflow: 'truncate', width: 120 }, axisLine: { lineStyle: { color: SCREEN_COLORS.line } } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: axisText, splitLine: { lineStyle: { color: SCREEN_COLORS.line, type: 'dashed' } } },
    series,
  }
}

/** Today's registered reports by status, one bar each. */
export function statusBarsOption(data: ScreenData): ScreenChartOption {
  return {
    animation: false,
    tooltip, grid: { ...grid, top: 16 },
    xAxis: { type: 'category', data: data.inspectionsByStatus.map((s) => s.label), axisLabel: { ...axisText, interval: 0 }, axisLine: { lineStyle: { color: SCREEN_COLORS.line } } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: axisText, splitLine: { lineStyle: { color: SCREEN_COLORS.line, type: 'dashed' } } },
    series: [bar('报告', data.inspectionsByStatus.map((s) => s.count), SCREEN_COLORS.blue)],
  }
}

/**
 * The abnormal share: a ring of normal and abnormal results, and each measure's abnormal share as bars;
 * side by side in a wide, low panel (headquarters' board), the ring above the bars in a tall one (a
 * base's), where a ring beside the bars would be as wide as the panel and run into their labels.
 */
export function abnormalOption(data: ScreenData, tall = false): ScreenChartOption {
  const { results, abnormal } = data.totals
  const share = percentText(abnormal, results)
  return {
    animation: false,
    tooltip: { trigger: 'item', textStyle: { fontSize: 16 } },
    legend: { ...legend(['正常', '异常']), top: 'auto', bottom: 0, ...(!tall && { left: 20, right: 'auto' }) },
    grid: tall ? { left: 40, right: 90, top: '56%', bottom: 50, containLabel: true } : { left: '52%', right: 40, top: 30, bottom: 30, containLabel: true },
    // each bar carries its share: the axis would only crowd the panel
    xAxis: { type: 'value', max: 100, axisLabel: { show: false }, splitLine: { lineStyle: { color: SCREEN_COLORS.line, type: 'dashed' } } },
    yAxis: { type: 'category', data: data.measures.map((m) => m.label), axisLabel: { ...axisText, fontSize: 20 }, axisLine: { lineStyle: { color: SCREEN_COLORS.line } } },
    series: [
      {
        name: '测量结果', type: 'pie', radius: tall ? ['28%', '44%'] : ['42%', '64%'], center: tall ? ['50%', '27%'] : ['25%', '50%'],
        label: { show: true, position: 'center', formatter: () => `${share}\n异常`, color: SCREEN_COLORS.text, fontSize: 30, fontWeight: 'bold', lineHeight: 40 },
        data: [
          { name: '正常', value: results - abnormal, itemStyle: { color: SCREEN_COLORS.green } },
          { name: '异常', value: abnormal, itemStyle: { color: SCREEN_COLORS.amber } },
        ],
      },
      {
        name: '异常占比', type: 'bar', barMaxWidth: 26,
        data: data.measures.map((m) => screenPercent(m.abnormal, m.results) ?? 0),
        itemStyle: { color: SCREEN_COLORS.amber, borderRadius: [0, 4, 4, 0] },
        label: { show: true, position: 'right', color: SCREEN_COLORS.text, fontSize: 18, formatter: (p) => `${p.value}%` },
      },
    ],
  }
}

/** The two by-slice charts' rows: busiest first, as the server orders them. */
export const baseSlices = (data: ScreenData) => data.byBase.map((b) => ({ name: b.name, figures: b as ScreenFigures }))
export const provinceSlices = (data: ScreenData) => data.byProvince.map((p) => ({ name: p.province, figures: p as ScreenFigures }))
