/**
 * The transport detail's pure rules: every field beside what the ticket reading found (its ud- original),
 * and whether the two differ: weights to the hundredth, times to the second, text ignoring spaces.
 */
import { Msg, originalKey, TICKET_FIELDS, type FieldValue, type TicketField, type TransportDetail } from '@app/contract'
import { fieldKind, fieldsOf, toNumber } from '../../features/ticketForm/uploadValues'
import { formatTons } from '../../features/transports/transportValues'
import type { RequestOptions } from '../../api/request'

/** The transport queries (detail, edit); a write to a transport drops them, so no screen shows it as it was. */
export const TRANSPORTS_KEY = ['transports'] as const

/** useRecordById's options for a transport page reading `load`. */
export const transportRecord = <T>(name: string, load: (id: number, opts: RequestOptions) => Promise<T>) => ({
  key: [...TRANSPORTS_KEY, name],
  load,
  missing: '缺少运单编号',
  failed: (message: string) => `${Msg.fetchFailed}：${message}`,
})

export interface FieldLine {
  field: TicketField
  label: string
  value: string
  /** what the reading found; null when it did not read the field */
  original: string | null
  differs: boolean
}

const timeOf = (v: FieldValue) => {
  const ms = typeof v === 'string' ? Date.parse(v.trim().replace(' ', 'T')) : NaN
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000)
}

/** Whether the saved value is not what the reading found; a field the reading did not find never differs. */
export function differsFromOriginal(field: TicketField, value: FieldValue | undefined, original: FieldValue | undefined): boolean {
  if (original == null || original === '') return false
  const kind = fieldKind(field)
  if (kind === 'weight' || kind === 'bags') {
    const [a, b] = [toNumber(value), toNumber(original)]
    return a === null || b === null ? a !== b : Math.round(a * 100) !== Math.round(b * 100)
  }
  if (kind === 'time') {
    const [a, b] = [timeOf(value ?? null), timeOf(original)]
    if (a !== null && b !== null) return a !== b
  }
  return String(value ?? '').replace(/\s+/g, '') !== String(original).replace(/\s+/g, '')
}

/** A value as the detail shows it: weights with two decimals, nothing for an empty one. */
export function shownValue(field: TicketField, v: FieldValue | undefined): string {
  if (v == null || v === '') return ''
  return fieldKind(field) === 'weight' ? formatTons(toNumber(v)) : String(v)
}

type Vo = TransportDetail['dResponseVO'] | TransportDetail['sResponseVO']

/** The lines of one ticket's block, in the ticket's field order. */
export function fieldLines(type: 1 | 2, vo: Vo): FieldLine[] {
  const values = vo as unknown as Record<string, FieldValue | undefined>
  return fieldsOf(type).map((field) => {
    const original = values[originalKey(field)]
    return {
      field,
      label: TICKET_FIELDS[field],
      value: shownValue(field, values[field]),
      original: original == null || original === '' ? null : shownValue(field, original),
      differs: differsFromOriginal(field, values[field], original),
    }
  })
}

export const INVALID_CONFIRM = '是否需要判定为无效'

/** `?active=…`: opened from another screen (the goods list): no 关闭, 删除 or 保存 (spec 001 §2). */
export const isEmbedded = (params: URLSearchParams) => params.has('active')
