import { z } from 'zod'
import { dateRange, filterText, formatDateTime, optIdField } from './fields.js'
import { paging } from './zod.js'

/**
 * Usage statistics (spec 000 menu key `use`; the user variant with useTimes, uploadErrors, poundErrors,
 * deliveryWeight, signWeight): per user and base, for a date range (this month unless chosen).
 * Uploads and failed readings count ticket readings; pound errors and tonnage count completed
 * transports (status 2), by the time they were uploaded.
 */

export const UsageMsg = {
  rangeReversed: '统计时间的开始日期不能晚于结束日期',
  rangeTooLong: (days: number) => `统计时间不能超过${days}天，请缩小范围`,
} as const

/** The longest range one request counts, in days. */
export const USAGE_MAX_DAYS = 366

/** The five figures, in the order the screen and the export show them, with their labels. */
export const USAGE_FIGURES = {
  useTimes: '上传次数',
  uploadErrors: '识别失败次数',
  poundErrors: '磅差超标运单',
  deliveryWeight: '发货重量（吨）',
  signWeight: '收货重量（吨）',
} as const
export type UsageFigure = keyof typeof USAGE_FIGURES
export type UsageFigures = Record<UsageFigure, number>

export const usageFilters = z.object({
  companyId: optIdField('基地'),
  /** the user's name or account (phone) contains it */
  name: filterText('用户'),
  createTimeQuery: dateRange('统计时间'),
})
export type UsageFilters = z.infer<typeof usageFilters>
export const usageQuery = paging.extend(usageFilters.shape)
export type UsageQuery = z.infer<typeof usageQuery>

/** One user in one base. */
export interface UsageRow extends UsageFigures {
  userId: number
  name: string
  phone: string
  companyId: number
  companyName: string
}

/** One day (China Standard Time) of the chart. */
export interface UsageDay extends UsageFigures {
  day: string
}

/** `POST /use/chart`: every day of the range (days without activity are zeros) and the range's totals. */
export interface UsageChart {
  from: string
  to: string
  days: UsageDay[]
  totals: UsageFigures
}

/** The range counted when the request names none: the first of this month to today (China Standard Time). */
export function thisMonthRange(now: Date = new Date()): [string, string] {
  const today = formatDateTime(now).slice(0, 10)
  return [`${today.slice(0, 8)}01`, today]
}

export const USAGE_EXPORT_NAME = '使用统计'
