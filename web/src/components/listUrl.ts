/**
 * A list's search-form filters, page and page size in the address (?phone=138&level=1&page=3&size=50),
 * so a reload, the browser's back and the page tabs bring the list back as it was left. Values are text:
 * a day YYYY-MM-DD, a date range two days joined by ~, a choice its value (a number again where the
 * choice's values are numbers). `searchFields` also gives the filter tags their labels and choices.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'
import dayjs from 'dayjs'
import type { ProColumns } from '@ant-design/pro-components'

export const PAGE_KEY = 'page'
export const SIZE_KEY = 'size'
const RANGE_SEP = '~'
const DAY = /^\d{4}-\d{2}-\d{2}$/
const RANGE_TYPES = new Set(['dateRange', 'dateTimeRange'])
const DAY_TYPES = new Set(['date', 'dateTime'])
/** types whose values are numbers when they look like one and no choice says otherwise (choices still loading) */
const NUMERIC_TYPES = new Set(['select', 'radio', 'radioButton', 'digit'])

export interface Choice {
  value: unknown
  label: ReactNode
}

/** A field of a list's search form: its form name, label, type and choices. */
export interface SearchField {
  name: string
  label: ReactNode
  valueType: string
  choices: Choice[]
}

/** The values of a search form by field name (dayjs for dates, as the form holds them). */
export type FormValues = Record<string, unknown>

export interface ListUrlState {
  values: FormValues
  current?: number
  pageSize?: number
}

type AnyColumn = ProColumns<any> & { formItemProps?: unknown; fieldProps?: unknown }

function choicesOf(column: AnyColumn): Choice[] {
  const props = typeof column.fieldProps === 'object' && column.fieldProps ? column.fieldProps as { options?: unknown[] } : {}
  const flat = (list: unknown[]): Choice[] => list.flatMap((o) => {
    const opt = o as { value?: unknown; label?: ReactNode; options?: unknown[] }
    return Array.isArray(opt.options) ? flat(opt.options) : [{ value: opt.value, label: opt.label }]
  })
  if (Array.isArray(props.options)) return flat(props.options)
  const valueEnum = column.valueEnum as Record<string, unknown> | Map<unknown, unknown> | undefined
  if (!valueEnum || typeof valueEnum === 'function') return []
  const entries = valueEnum instanceof Map ? [...valueEnum.entries()] : Object.entries(valueEnum)
  return entries.map(([value, v]) => ({ value, label: (typeof v === 'object' && v ? (v as { text?: ReactNode }).text : v) as ReactNode }))
}

/** The search form's fields of these columns (what ProTable puts in its search form). */
export function searchFields(columns: readonly ProColumns<any>[] = []): SearchField[] {
  return (columns as AnyColumn[]).flatMap((c) => {
    if (c.hideInSearch || c.search === false || c.valueType === 'option') return []
    const name = typeof c.dataIndex === 'string' ? c.dataIndex : typeof c.key === 'string' ? c.key : undefined
    if (!name) return []
    const itemLabel = typeof c.formItemProps === 'object' && c.formItemProps ? (c.formItemProps as { label?: ReactNode }).label : undefined
    const label = itemLabel ?? (typeof c.title === 'function' ? name : c.title)
    return [{ name, label, valueType: typeof c.valueType === 'string' ? c.valueType : 'text', choices: choicesOf(c) }]
  })
}

const isDayjs = (v: unknown): v is { format: (f: string) => string } =>
  !!v && typeof (v as { format?: unknown }).format === 'function'

/** A form value as text (undefined: blank, or nothing the address can hold). */
export function valueText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v === 'string') return v.trim() || undefined
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (isDayjs(v)) return v.format('YYYY-MM-DD')
  if (Array.isArray(v) && v.length === 2) {
    const [a, b] = v.map(valueText)
    return a && b ? `${a}${RANGE_SEP}${b}` : undefined
  }
  return undefined
}

/** A field's value from its text in the address, as its form input takes it (undefined: not a value it takes). */
export function parseValue(field: SearchField, text: string): unknown {
  if (RANGE_TYPES.has(field.valueType)) {
    const days = text.split(RANGE_SEP)
    return days.length === 2 && days.every((d) => DAY.test(d)) ? days.map((d) => dayjs(d)) : undefined
  }
  if (DAY_TYPES.has(field.valueType)) return DAY.test(text) ? dayjs(text) : undefined
  const choice = field.choices.find((c) => String(c.value) === text)
  if (choice) return choice.value
  if (NUMERIC_TYPES.has(field.valueType) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  return text
}

const positive = (text: string | null) => {
  const n = Number(text)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** What the address holds of a list: its filters, page and page size. */
export function readListUrl(params: URLSearchParams, fields: SearchField[]): ListUrlState {
  const values: FormValues = {}
  for (const f of fields) {
    const text = params.get(f.name)
    const value = text === null ? undefined : parseValue(f, text)
    if (value !== undefined) values[f.name] = value
  }
  return { values, current: positive(params.get(PAGE_KEY)), pageSize: positive(params.get(SIZE_KEY)) }
}

/**
 * The address with the list's filters, page and page size (page 1 and the default size left out),
 * the other parameters kept as they were.
 */
export function writeListUrl(params: URLSearchParams, fields: SearchField[], state: ListUrlState, defaultSize: number): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const key of [...fields.map((f) => f.name), PAGE_KEY, SIZE_KEY]) next.delete(key)
  for (const f of fields) {
    const text = valueText(state.values[f.name])
    if (text !== undefined) next.set(f.name, text)
  }
  if (state.current && state.current > 1) next.set(PAGE_KEY, String(state.current))
  if (state.pageSize && state.pageSize !== defaultSize) next.set(SIZE_KEY, String(state.pageSize))
  return next
}

/**
 * The list's state as the address held it when the list opened (`initial`), and `save(state)`, which
 * puts the list's state in the address in place of the current entry (paging does not fill the history).
 * Off (`enabled` false): nothing read, nothing written.
 */
export function useListUrl(fields: SearchField[], defaultSize: number, enabled: boolean) {
  const [params, setParams] = useSearchParams()
  const latest = useRef(params)
  latest.current = params
  const [initial] = useState<ListUrlState>(() => (enabled ? readListUrl(params, fields) : { values: {} }))
  const save = useCallback((state: ListUrlState) => {
    if (!enabled) return
    const next = writeListUrl(latest.current, fields, state, defaultSize)
    if (next.toString() !== latest.current.toString()) setParams(next, { replace: true })
  }, [enabled, fields, defaultSize, setParams])
  return { initial, save }
}
