/** Pure logic of the log page (unit-tested in web/test/tickets.test.ts). */
import { LOG_LEVELS, type LogBody, type LogLevel, type LogQuery } from '@app/contract'
import { toDateRange } from '../../components/dateRange'
import { cleanFilters } from '../../components/listQuery'

export const LOG_LEVEL_OPTIONS = ([0, 1] as const).map((v) => ({ value: v, label: LOG_LEVELS[v] }))
export const LOG_LEVEL_COLORS: Record<LogLevel, string> = { 0: 'default', 1: 'red' }

export interface LogFormValues {
  level: LogLevel
  errorMes: string
  serialNumber?: string
  phone?: string
}

const trimmedOrNull = (s: string | null | undefined) => (s ?? '').trim() || null

export function logBody(v: LogFormValues): LogBody {
  return { level: Number(v.level) as LogLevel, errorMes: v.errorMes.trim(), serialNumber: trimmedOrNull(v.serialNumber), phone: trimmedOrNull(v.phone) }
}

/** The list query of the search form's values (keyword trimmed, level as a number, the date range as two days). */
export function logFilters(values: Record<string, unknown>): Omit<LogQuery, 'page' | 'size'> {
  const { keyword, level, createTimeQuery } = cleanFilters(values)
  return {
    keyword: keyword as string | undefined,
    level: level === undefined ? undefined : (Number(level) as LogLevel),
    createTimeQuery: toDateRange(createTimeQuery),
  }
}
