import { z } from 'zod'
import { dateField, dateRange, formatDateTime, oneOf, optIdField } from './fields.js'
import type { ReportResult, ReportStatus } from './reports.js'
import { paging } from './zod.js'

/**
 * 检验统计 (issue 12 KPI; permission keys kpi and kpi_detail): inspections per lead inspector, base
 * and period, pass rate, average time per step, and the reports behind every figure.
 *
 * Each figure counts reports by the moment of its own move, in China Standard Time:
 * - 登记 (registered): registered in the range;
 * - 开始 (started): 开始检验 in the range;
 * - 完成 (finished): finished (检验完成, 已审核 or 已签发) with its last 完成检验 in the range (a returned
 *   report no longer counts until it is finished again);
 * - 签发 (signed): 已签发 in the range. DESIGN §5: a report counts as finished for KPI at 已签发, so the
 *   pass rate (合格 of the signed ones), the inspection time (开始检验 to 完成检验, pauses included)
 *   and the time per step are figures of the reports signed in the range.
 * Reports belong to their base (companyId) and to their lead inspector (inspectorId, set at 开始检验).
 */

export const KPI_GRANULARITIES = { day: '按日', week: '按周', month: '按月' } as const
export type KpiGranularity = keyof typeof KPI_GRANULARITIES
export const KPI_GRANULARITY_NAMES = Object.keys(KPI_GRANULARITIES) as [KpiGranularity, ...KpiGranularity[]]

/** The figures, in the order the screen shows them, with their labels. */
export const KPI_FIGURES = { registered: '登记', started: '开始检验', finished: '检验完成', signed: '已签发', passed: '合格', failed: '不合格' } as const
export type KpiFigure = keyof typeof KPI_FIGURES
export const KPI_FIGURE_NAMES = Object.keys(KPI_FIGURES) as [KpiFigure, ...KpiFigure[]]

/** The range counted when the request names none: the last 30 days, today included. */
export const KPI_DEFAULT_DAYS = 30
/** The longest range one request counts, in days. */
export const KPI_MAX_DAYS = 366

export const KpiMsg = {
  rangeReversed: '统计时间的开始日期不能晚于结束日期',
  rangeTooLong: (days: number) => `统计时间不能超过${days}天，请缩小范围`,
  periodOutside: '所选周期不在统计时间内',
} as const

export const KPI_EXPORT_NAME = '检验统计明细'

export const kpiFilters = z.object({
  /** [from, to] as dates (China days); either end may be empty: the last 30 days by default */
  range: dateRange('统计时间'),
  /** headquarters: one base or all; everyone else: their own whatever they ask */
  companyId: optIdField('基地'),
  /** one lead inspector's reports */
  inspectorId: optIdField('检验负责人'),
  granularity: oneOf('统计周期', KPI_GRANULARITY_NAMES, '按日、按周、按月').default('day'),
})
export type KpiFilters = z.infer<typeof kpiFilters>

/** The reports behind one figure: of one period (its first day, as the summary names it), one result, one inspector or one base. */
export const kpiDetailFilters = kpiFilters.extend({
  figure: oneOf('统计指标', KPI_FIGURE_NAMES, Object.values(KPI_FIGURES).join('、')).default('signed'),
  period: dateField('统计周期').optional(),
})
export type KpiDetailFilters = z.infer<typeof kpiDetailFilters>
export const kpiDetailQuery = paging.extend(kpiDetailFilters.shape)
export type KpiDetailQuery = z.infer<typeof kpiDetailQuery>

/** Counts of one set of reports, its pass rate (% of the signed, one decimal) and mean inspection time (minutes). */
export interface KpiFigures {
  registered: number
  started: number
  finished: number
  signed: number
  passed: number
  failed: number
  /** 合格 / 签发 in %, null without signed reports */
  passRate: number | null
  /** mean 开始检验 -> 完成检验 of the signed reports, minutes (one decimal), null without any */
  avgMinutes: number | null
}

export interface KpiPeriod extends KpiFigures {
  /** first day of the period (YYYY-MM-DD; a week starts on Monday) */
  period: string
  /** what the axis shows: 'MM-DD', 'MM-DD周' or 'YYYY-MM' */
  label: string
}

export interface KpiInspector extends KpiFigures {
  inspectorId: number
  inspectorName: string
}

export interface KpiBase extends KpiFigures {
  companyId: number
  companyName: string
}

/** `POST /kpi/summary`. */
export interface KpiSummary {
  from: string
  to: string
  granularity: KpiGranularity
  totals: KpiFigures
  periods: KpiPeriod[]
  /** busiest first (most signed, then most started) */
  inspectors: KpiInspector[]
  bases: KpiBase[]
}

/** One step of a template: how many signed reports went through it and the mean and longest time it took. */
export interface KpiStep {
  stepKey: string
  stepName: string
  reports: number
  avgMinutes: number
  maxMinutes: number
}

/** `POST /kpi/steps`: per template, its steps in the template's order. */
export interface KpiStepTemplate {
  templateId: number
  templateName: string
  reports: number
  steps: KpiStep[]
}

/** A report behind a figure (`POST /kpi/detail`, its export). */
export interface KpiReport {
  id: number
  reportNumber: string
  licenseNumber: string
  tankerType: string
  companyId: number
  companyName: string
  inspectorName: string | null
  status: ReportStatus
  statusName: string
  result: ReportResult | null
  createTimeStr: string
  startTimeStr: string
  finishTimeStr: string
  signTimeStr: string
  /** 开始检验 -> 完成检验, minutes (one decimal), null until finished */
  minutes: number | null
}

const DAY_MS = 86_400_000
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The range a request counts ([from, to] China days), or the message refusing it. */
export function kpiRange(range: (string | null)[] | undefined, now = new Date()): { from: string; to: string } | { error: string } {
  const today = formatDateTime(now).slice(0, 10)
  const [a, b] = (range ?? []).map((s) => (s ? s.slice(0, 10) : ''))
  const to = b || today
  const from = a || dayOf(Date.parse(to) - (KPI_DEFAULT_DAYS - 1) * DAY_MS)
  if (from > to) return { error: KpiMsg.rangeReversed }
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > KPI_MAX_DAYS) return { error: KpiMsg.rangeTooLong(KPI_MAX_DAYS) }
  return { from, to }
}

/** The first day of the period holding `day` (weeks start on Monday). */
export function periodStart(day: string, granularity: KpiGranularity): string {
  if (granularity === 'month') return `${day.slice(0, 7)}-01`
  if (granularity === 'day') return day
  const ms = Date.parse(day)
  const weekday = (new Date(ms).getUTCDay() + 6) % 7
  return dayOf(ms - weekday * DAY_MS)
}

/** The day after the period starting at `start` ends. */
export function periodEnd(start: string, granularity: KpiGranularity): string {
  if (granularity === 'day') return dayOf(Date.parse(start) + DAY_MS)
  if (granularity === 'week') return dayOf(Date.parse(start) + 7 * DAY_MS)
  const [y, m] = start.split('-').map(Number) as [number, number]
  return dayOf(Date.UTC(y, m, 1))
}

/** Every period of the range, in order (the first may begin before `from`, the last end after `to`). */
export function kpiPeriods(from: string, to: string, granularity: KpiGranularity): string[] {
  const out: string[] = []
  for (let p = periodStart(from, granularity); p <= to; p = periodEnd(p, granularity)) out.push(p)
  return out
}

export function periodLabel(period: string, granularity: KpiGranularity): string {
  return granularity === 'month' ? period.slice(0, 7) : granularity === 'week' ? `${period.slice(5)}周` : period.slice(5)
}
