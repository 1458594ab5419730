import { z } from 'zod'
import { DATE_RE, dateField, dateRange, formatDateTime, oneOf, optIdField } from './fields.js'
import { BMI_CONCLUSIONS, BP_CONCLUSIONS, SUGAR_CONCLUSIONS } from './measurements.js'
import { numberFromText, paging } from './zod.js'

/**
 * 数据统计 (issue 36, statistics half): the spec's legacy chart calls (000 §7 "Legacy data", 001 §7
 * "Charts and data") over the health measurements. Every figure counts readings of the caller's scope
 * (a base: its own devices; headquarters: every base, or the one it names) in a range of China days,
 * read from the daily roll-ups the ingest keeps, never from the readings themselves; only the
 * drill-down to the persons (`dialogByMeasuresException`) and the export page through readings.
 */

// --- examined items ----------------------------------------------------------------------------------

/**
 * The examined items (检测项目) a reading may hold, numbered: `examItemId` in the paths. A conclusion's
 * `score` is its place in the item's list (0 the first), as `/trace/{examItemId}/{townId}/{score}` names it.
 */
export const EXAM_ITEMS = [
  { id: 1, measure: 'bp', label: '血压', conclusions: BP_CONCLUSIONS },
  { id: 2, measure: 'sugar', label: '空腹血糖', conclusions: SUGAR_CONCLUSIONS },
  { id: 3, measure: 'bmi', label: 'BMI', conclusions: BMI_CONCLUSIONS },
] as const
export type ExamItem = (typeof EXAM_ITEMS)[number]
export type ExamMeasure = ExamItem['measure']
export const examItemById = (id: number): ExamItem | undefined => EXAM_ITEMS.find((i) => i.id === id)
export const examItemByMeasure = (measure: string): ExamItem | undefined => EXAM_ITEMS.find((i) => i.measure === measure)

// --- limits and messages -----------------------------------------------------------------------------

/** The range a chart counts when the request names none: the last 12 months (this month included). */
export const STATISTICS_DEFAULT_MONTHS = 12
/** The longest range one chart counts, in days (three years). */
export const STATISTICS_MAX_DAYS = 1096
/** A bar chart's series beyond these many are summed as 其他. */
export const STATISTICS_TOP_SERIES = 10
/** Departments `/data/byTopGroups` answers at most. */
export const STATISTICS_TOP_GROUPS = 10
export const STATISTICS_OTHERS = '其他'
export const NO_PROVINCE = '未填写省份'
export const NO_GROUP = '未分组'
/** The CSV of the per-province bar chart's numbers (spec 001 §9: export file 数据列表, csv). */
export const PROVINCE_CSV_NAME = '数据列表'

export const StatisticsMsg = {
  rangeReversed: '统计时间的开始日期不能晚于结束日期',
  rangeTooLong: `统计时间不能超过${STATISTICS_MAX_DAYS}天，请缩小范围`,
  machineNotFound: '设备不存在',
  examItemNotFound: `检测项目不存在（${EXAM_ITEMS.map((i) => `${i.id} ${i.label}`).join('、')}）`,
  scoreOutOfRange: (item: ExamItem) => `该检测项目的结论等级只能是0至${item.conclusions.length - 1}（${item.conclusions.map((c, i) => `${i} ${c}`).join('、')}）`,
  conclusionNotOfItem: (item: ExamItem) => `${item.label}的结论只能是${item.conclusions.join('、')}`,
  townNotFound: '乡镇（街道）不存在，请按行政区划代码（9位）选择',
} as const

// --- requests ----------------------------------------------------------------------------------------

export const STATISTICS_GRANULARITIES = { day: '按日', month: '按月' } as const
export type StatisticsGranularity = keyof typeof STATISTICS_GRANULARITIES
const GRANULARITY_NAMES = Object.keys(STATISTICS_GRANULARITIES) as [StatisticsGranularity, ...StatisticsGranularity[]]

/** Every chart's body: its range of China days ([from, to], either end may be empty) and, for headquarters, a base. */
export const statisticsFilters = z.object({
  range: dateRange('统计时间'),
  /** headquarters: one base or all; everyone else: their own (another's is refused) */
  companyId: optIdField('基地'),
})
export type StatisticsFilters = z.infer<typeof statisticsFilters>

/** A chart over time: per day or per month. */
export const seriesFilters = statisticsFilters.extend({
  granularity: oneOf('统计周期', GRANULARITY_NAMES, '按日、按月').default('month'),
})
export type SeriesFilters = z.infer<typeof seriesFilters>

/** `{from}/{to}` in a path: the first and last China day counted. */
export const dayRangeParams = z.object({ from: dateField('开始日期'), to: dateField('结束日期') })
export type DayRangeParams = z.infer<typeof dayRangeParams>

/** A body of the calls whose range is in the path: the base only. */
export const scopeBody = z.object({ companyId: optIdField('基地') })
export type ScopeBody = z.infer<typeof scopeBody>

/** `/data/dataByMeasuresException/{from}/{to}`: the base and per day (default) or month. */
export const exceptionBody = scopeBody.extend({
  granularity: oneOf('统计周期', GRANULARITY_NAMES, '按日、按月').default('day'),
})
export type ExceptionBody = z.infer<typeof exceptionBody>

/** `{companyId}` of the per-base calls: headquarters' own id (1) stands for every base, as in the exports. */
export const companyPathParams = z.object({ companyId: numberFromText(z.number().int().positive().max(2_147_483_647)).describe('基地编号（总部的编号：全部基地）') })

const examItemIdParam = numberFromText(z.number({ error: '检测项目编号必须是数字' }).int({ error: '检测项目编号必须是整数' })
  .refine((n) => examItemById(n) !== undefined, { error: StatisticsMsg.examItemNotFound })).describe('检测项目编号（1 血压、2 空腹血糖、3 BMI）')

/** A town (乡镇、街道) by its 9-digit code of the national division (the region data the project ships). */
export const townIdField = () => z.string({ error: (iss) => (iss.input == null ? '乡镇编号不能为空' : '乡镇编号格式不正确') })
  .trim().min(1, { error: '乡镇编号不能为空' }).regex(/^\d{9}$/, { error: '乡镇编号应为9位行政区划代码' }).describe('乡镇编号（9位行政区划代码）')

export const examItemParams = z.object({ examItemId: examItemIdParam })

/** The persons behind an abnormal figure: the item's abnormal readings (or one conclusion's) in the range, newest first. */
export const abnormalPersonQuery = paging.extend(statisticsFilters.shape).extend({
  /** one conclusion of the item (e.g. 高血压1级); without it every one but 正常 */
  conclusion: z.string().trim().max(10, { error: '结论不能超过10个字符' }).optional().describe('结论'),
  machineId: optIdField('设备'),
})
export type AbnormalPersonQuery = z.infer<typeof abnormalPersonQuery>

export const townTraceQuery = z.object({ townId: townIdField(), range: dateRange('统计时间'), companyId: optIdField('基地') })
export type TownTraceQuery = z.infer<typeof townTraceQuery>
export const townScoreParams = z.object({
  examItemId: examItemIdParam,
  townId: townIdField(),
  score: numberFromText(z.number({ error: '结论等级必须是数字' }).int({ error: '结论等级必须是整数' }).min(0, { error: '结论等级不能小于0' }).max(9, { error: '结论等级不能大于9' })).describe('结论等级（该项目结论列表中的位置，0起）'),
})
export type TownScoreParams = z.infer<typeof townScoreParams>
export const allTraceQuery = z.object({ range: dateRange('统计时间'), companyId: optIdField('基地') })
export type AllTraceQuery = z.infer<typeof allTraceQuery>

export const dataExportBody = z.object({
  companyId: optIdField('基地'),
  machineId: optIdField('设备'),
  abnormal: z.preprocess((v) => (v === '' || v == null ? undefined : v === 'true' || v === true ? true : v === 'false' || v === false ? false : v),
    z.boolean({ error: '是否异常只能是是或否' }).optional()).describe('是否异常'),
})
export type DataExportBody = z.infer<typeof dataExportBody>

// --- answers -----------------------------------------------------------------------------------------

/** Chart data as the spec has it (001 §3): the axis and one series per machine (or machine type). */
export interface ChartData {
  xAxisData: string[]
  datas: { machineName: string; totalNumber: number[] }[]
}

/** Readings over time: each period's total and how many of them had a conclusion other than 正常. */
export interface TimeSeries {
  from: string
  to: string
  granularity: StatisticsGranularity
  /** 'YYYY-MM-DD' per day, 'YYYY-MM' per month */
  xAxisData: string[]
  total: number[]
  abnormal: number[]
}

export interface ConclusionCount {
  conclusion: string
  score: number
  count: number
}

/** One examined item in a range: readings with it, abnormal among them, and each conclusion's count. */
export interface MeasureCount {
  examItemId: number
  measure: ExamMeasure
  label: string
  total: number
  abnormal: number
  conclusions: ConclusionCount[]
}

export interface ProvinceCount {
  province: string
  total: number
  abnormal: number
  /** abnormal / total in %, one decimal; null without readings */
  abnormalRate: number | null
}

export interface ProvinceTotals {
  province: string
  companies: number
  machines: number
  measurements: number
}

export interface MachineTotal {
  machineId: number
  deviceNo: string
  type: string
  companyId: number
  companyName: string
  total: number
  abnormal: number
}

export interface MachineTypeTotal {
  type: string
  machines: number
  total: number
  abnormal: number
}

export interface GroupTotal {
  /** 0: members in no department */
  groupId: number
  groupName: string
  companyId: number
  companyName: string
  total: number
  abnormal: number
}

/** `/data/byMachine/{machineId}` and `/data/byMachineDay/{machineId}`. */
export interface MachineSeries extends TimeSeries {
  machine: { id: number; deviceNo: string; type: string; companyId: number; companyName: string }
  measures: MeasureCount[]
}

export interface CompanyTotal {
  companyId: number
  companyName: string
  province: string
  total: number
  abnormal: number
}

/** `/data/byCompany/{companyId}`: the base's months (headquarters' own id: every base) and one row per base. */
export interface CompanySeries extends TimeSeries {
  bases: CompanyTotal[]
}

/** `/data/certificate/byCompany/{companyId}`: inspection certificates (reports 已签发) per month and per base. */
export interface CertificateSeries {
  from: string
  to: string
  xAxisData: string[]
  signed: number[]
  passed: number[]
  bases: { companyId: number; companyName: string; signed: number; passed: number }[]
}

/** `/data/basic/{companyId}`: a base's figures at a glance (headquarters' own id: every base). */
export interface BasicFigures {
  companyId: number
  companyName: string
  machines: number
  members: number
  /** readings in the range */
  measurements: number
  abnormal: number
  abnormalRate: number | null
  /** readings today (China day) */
  today: number
  from: string
  to: string
}

/** Exception counts over time (`/data/dataByMeasuresException/{from}/{to}`): one series per examined item. */
export interface ExceptionSeries {
  xAxisData: string[]
  datas: { examItemId: number; label: string; totalNumber: number[] }[]
}

/** One reading behind an abnormal figure, with its person (phone and ID number masked). */
export interface AbnormalPerson {
  measurementId: number
  testeeId: number
  name: string
  sex: string
  age: number
  phone: string
  idNo: string
  companyId: number
  companyName: string
  deviceNo: string
  measuredTime: string
  /** what was measured, e.g. '150/95 mmHg' */
  value: string
  conclusion: string
}

export interface Town {
  townId: string
  townName: string
  district: string
  city: string
  province: string
}

/** `GET /trace/townTrace`: each examined item's results in one town. */
export interface TownTrace extends Town {
  from: string
  to: string
  total: number
  items: MeasureCount[]
}

/** `POST /trace/{examItemId}/{townId}/{score}`: one conclusion of one item in one town, per month. */
export interface TownScoreSeries extends Town {
  examItemId: number
  label: string
  score: number
  conclusion: string
  from: string
  to: string
  xAxisData: string[]
  totalNumber: number[]
  total: number
}

/** `GET /trace/getAllTrace`: every town with readings in the range, most readings first. */
export interface TownTotal extends Town {
  total: number
  items: { examItemId: number; label: string; total: number; abnormal: number }[]
}

// --- ranges ------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`)
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The China days a request counts, or the message refusing it: by default the last 12 months from the first of a month. */
export function statisticsRange(range: (string | null)[] | undefined, now = new Date()): { from: string; to: string } | { error: string } {
  const today = formatDateTime(now).slice(0, 10)
  const [a, b] = (range ?? []).map((s) => (s ? s.slice(0, 10) : ''))
  const to = b || today
  let from = a
  if (!from) {
    const [y, m] = to.split('-').map(Number) as [number, number]
    const back = new Date(Date.UTC(y, m - STATISTICS_DEFAULT_MONTHS, 1))
    from = dayOf(back.getTime())
  }
  return checkedDays(from, to)
}

/** `{from}/{to}` days checked: in order and not too far apart. */
export function checkedDays(from: string, to: string): { from: string; to: string } | { error: string } {
  if (!DATE_RE.test(from) || !DATE_RE.test(to)) return { error: StatisticsMsg.rangeReversed }
  if (from > to) return { error: StatisticsMsg.rangeReversed }
  if ((dayMs(to) - dayMs(from)) / DAY_MS + 1 > STATISTICS_MAX_DAYS) return { error: StatisticsMsg.rangeTooLong }
  return { from, to }
}

/** Every period of [from, to]: days 'YYYY-MM-DD' or months 'YYYY-MM'. */
export function statisticsPeriods(from: string, to: string, granularity: StatisticsGranularity): string[] {
  const out: string[] = []
  if (granularity === 'day') {
    for (let t = dayMs(from); t <= dayMs(to); t += DAY_MS) out.push(dayOf(t))
    return out
  }
  let [y, m] = from.split('-').map(Number) as [number, number]
  const last = to.slice(0, 7)
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`
    out.push(month)
    if (month >= last) return out
    m += 1
    if (m > 12) { m = 1; y += 1 }
  }
}

/** abnormal / total in %, one decimal */
export const abnormalRate = (abnormal: number, total: number) => (total ? Math.round((abnormal / total) * 1000) / 10 : null)
