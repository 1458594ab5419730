/**
 * Date ranges of the list search forms: sent as two 'YYYY-MM-DD' days, earliest first. Every range
 * picker offers the same presets (今天 … 上月, DATE_PRESETS).
 */
import type { ProColumns } from '@ant-design/pro-components'
import dayjs, { type Dayjs } from 'dayjs'

const DAY = /^\d{4}-\d{2}-\d{2}/

/** The search form's date range (strings or dayjs-like values) as ['YYYY-MM-DD', 'YYYY-MM-DD']. */
export function toDateRange(v: unknown): [string, string] | undefined {
  if (!Array.isArray(v) || v.length !== 2) return undefined
  const day = (x: unknown): string | null => {
    if (typeof x === 'string') return DAY.exec(x)?.[0] ?? null
    if (x && typeof (x as { format?: unknown }).format === 'function') return (x as { format: (f: string) => string }).format('YYYY-MM-DD')
    return null
  }
  const [a, b] = [day(v[0]), day(v[1])]
  if (!a || !b) return undefined
  return a <= b ? [a, b] : [b, a]
}

export type DayRange = [Dayjs, Dayjs]

/** The previous calendar month, first to last day. */
export const lastMonth = (today: Dayjs = dayjs()): DayRange => {
  const month = today.subtract(1, 'month')
  return [month.startOf('month'), month.endOf('month')]
}

/** The presets' ranges as of `today` (a week starts on Monday, as in the zh-CN calendar). */
export function presetRanges(today: Dayjs = dayjs()): { label: string; range: DayRange }[] {
  const day = today.startOf('day')
  const monday = day.subtract((day.day() + 6) % 7, 'day')
  return [
    { label: '今天', range: [day, day] },
    { label: '昨天', range: [day.subtract(1, 'day'), day.subtract(1, 'day')] },
    { label: '本周', range: [monday, monday.add(6, 'day')] },
    { label: '本月', range: [day.startOf('month'), day.endOf('month').startOf('day')] },
    { label: '上月', range: lastMonth(day).map((d) => d.startOf('day')) as DayRange },
  ]
}

/** antd RangePicker `presets`: each works out its range when picked, so a page left open overnight is not a day behind. */
export const DATE_PRESETS = presetRanges().map(({ label }, i) => ({ label, value: () => presetRanges()[i]!.range }))

/** What every date range picker (a RangePicker or a search form's valueType 'dateRange') is given. */
export const DATE_RANGE_PROPS = { placeholder: ['开始日期', '结束日期'] as [string, string], presets: DATE_PRESETS }

/**
 * The created-time column of a list: the row's `createTimeStr` in the table, and in the search form a
 * date range the list call gets as `createTimeQuery` (through toDateRange).
 */
export function createTimeColumn<T extends { createTimeStr: string }>(title: string, width: number): ProColumns<T> {
  return {
    title,
    dataIndex: 'createTimeStr',
    width,
    valueType: 'dateRange',
    fieldProps: DATE_RANGE_PROPS,
    search: { transform: (value: unknown) => ({ createTimeQuery: toDateRange(value) }) },
    render: (_, r) => r.createTimeStr,
  }
}
