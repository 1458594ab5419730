/** Date ranges of the list search forms: sent as two 'YYYY-MM-DD' days, earliest first. */
import type { ProColumns } from '@ant-design/pro-components'

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
    fieldProps: { placeholder: ['开始日期', '结束日期'] },
    search: { transform: (value: unknown) => ({ createTimeQuery: toDateRange(value) }) },
    render: (_, r) => r.createTimeStr,
  }
}
