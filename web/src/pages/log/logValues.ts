/** Pure logic of the log page (unit-tested in web/test/tickets.test.ts). */
import { LOG_LEVELS } from '@app/contract'
import type { LogBody, LogLevel, LogQuery } from '../../api/logs'

export const LOG_LEVEL_OPTIONS = ([0, 1] as const).map((v) => ({ value: v, label: LOG_LEVELS[v] }))
export const LOG_LEVEL_ENUM = {
  0: { text: LOG_LEVELS[0], status: 'Default' },
  1: { text: LOG_LEVELS[1], status: 'Error' },
} as const
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

/** The list query of the search form's values (keyword trimmed, level as a number). */
export function logFilters(values: Record<string, unknown>): Omit<LogQuery, 'page' | 'size'> {
  const keyword = typeof values.keyword === 'string' && values.keyword.trim() ? values.keyword.trim() : undefined
  const level = values.level === undefined || values.level === null || values.level === '' ? undefined : (Number(values.level) as LogLevel)
  return { keyword, level, createTimeQuery: toDateRange(values.createTimeQuery) }
}
