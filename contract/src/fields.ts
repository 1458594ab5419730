import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MOBILE_RE, TRANSPORT_MAX_PAGE_SIZE } from './constants.js'
import { textToNumber, type Paging } from './zod.js'

/**
 * Field builders whose every message names the field (`.describe()` labels only reach type errors,
 * not the checks after them, so each check carries its own text here).
 */
/** Required text, trimmed: '{label}不能为空', '{label}不能超过{max}个字符'. */
export const text = (label: string, max: number) =>
  z.string({ error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}格式不正确`) })
    .trim().min(1, { error: `${label}不能为空` }).max(max, { error: `${label}不能超过${max}个字符` })
    .describe(label)

/** Optional text, trimmed; empty becomes null. */
export const optText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    z.string({ error: `${label}格式不正确` }).max(max, { error: `${label}不能超过${max}个字符` }).nullable().optional(),
  ).describe(label)

/** A search filter: trimmed, empty means "any". */
export const filterText = (label: string, max = 100) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v ?? undefined),
    z.string({ error: `${label}格式不正确` }).max(max, { error: `${label}不能超过${max}个字符` }).optional(),
  ).describe(label)

/** The filters of a list of parties with a contact (bases, logistics companies): their name, contact person and phone contain the texts. */
export const contactFilters = (nameLabel: string) => ({
  name: filterText(nameLabel),
  contactor: filterText('联系人'),
  phone: filterText('联系电话'),
})

/** An 11-digit mainland mobile number. */
export const mobileField = (label: string) =>
  z.string({ error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}格式不正确`) })
    .trim().min(1, { error: `${label}不能为空` })
    .regex(MOBILE_RE, { error: `${label}格式不正确，请输入正确的11位手机号` })
    .describe(label)

/** An integer from JSON or text: '{label}不能为空', '{label}必须是整数', range messages. */
export const int = (label: string, min: number, max: number) =>
  z.preprocess(
    textToNumber,
    z.number({ error: (iss) => (iss.input === undefined ? `${label}不能为空` : `${label}必须是整数`) })
      .int({ error: `${label}必须是整数` })
      .min(min, { error: `${label}不能小于${min}` })
      .max(max, { error: `${label}不能大于${max}` }),
  ).describe(label)

export const optInt = (label: string, min: number, max: number) =>
  z.preprocess(
    textToNumber,
    z.number({ error: `${label}必须是整数` })
      .int({ error: `${label}必须是整数` })
      .min(min, { error: `${label}不能小于${min}` })
      .max(max, { error: `${label}不能大于${max}` })
      .optional(),
  ).describe(label)

/** A database id (positive 32-bit integer). */
export const idField = (label: string) => int(label, 1, 2_147_483_647)
export const optIdField = (label: string) => optInt(label, 1, 2_147_483_647)

/** One of a fixed set of values (numbers may come as text). */
export const oneOf = <T extends string>(label: string, values: readonly [T, ...T[]], allowed = values.join('、')) =>
  z.enum(values, { error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}只能是${allowed}`) }).describe(label)

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** A calendar date 'YYYY-MM-DD'. */
export const dateField = (label: string) =>
  z.string({ error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}格式不正确`) })
    .trim().min(1, { error: `${label}不能为空` })
    .regex(DATE_RE, { error: `${label}格式不正确，应为 YYYY-MM-DD` })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: `${label}不是有效的日期` })
    .describe(label)

/**
 * A creation-time range: `[from, to]` (dates or date-times) or the text "from,to". A date-only end
 * includes that whole day. Either end may be empty.
 */
export const dateRange = (label = '创建时间') =>
  z.preprocess(
    (v) => {
      if (v == null || v === '') return undefined
      if (typeof v === 'string') return v.split(/[,~]/).map((s) => s.trim())
      return v
    },
    z.array(
      z.union([z.string().trim().regex(DATE_TIME_RE, { error: `${label}格式不正确` }).refine((s) => !Number.isNaN(Date.parse(s.replace(' ', 'T'))), { error: `${label}格式不正确` }), z.literal(''), z.null()],
        { error: `${label}格式不正确` }),
      { error: `${label}格式不正确` },
    ).max(2, { error: `${label}格式不正确` }).optional(),
  ).describe(label)

/**
 * Page and size of a list request (`page`/`size` or `pageNo`/`pageSize`). The request's schema
 * (`paging`, `pagingUpTo`) already refused a size over the list's maximum; the ceiling here only
 * bounds callers inside the server (exports, option lists).
 */
export function resolvePaging(p: Paging, defaultSize = DEFAULT_PAGE_SIZE) {
  const page = p.page ?? p.pageNo ?? 1
  const size = Math.min(p.size ?? p.pageSize ?? defaultSize, TRANSPORT_MAX_PAGE_SIZE)
  return { page, size, offset: (page - 1) * size }
}

/** The products' clock is China Standard Time (UTC+8, no daylight saving). */
const CST_OFFSET_MS = 8 * 60 * 60 * 1000

/** 'YYYY-MM-DD HH:mm:ss' in China Standard Time. */
export function formatDateTime(d: Date | string | null | undefined): string {
  if (!d) return ''
  const t = new Date(new Date(d).getTime() + CST_OFFSET_MS).toISOString()
  return `${t.slice(0, 10)} ${t.slice(11, 19)}`
}

/** A date or date-time as `optDateTime` takes it, in China Standard Time when no zone is given; a date is its midnight. */
export function parseDateTime(s: string): Date {
  if (DATE_RE.test(s)) return new Date(`${s}T00:00:00+08:00`)
  const iso = s.replace(' ', 'T')
  return new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}+08:00`)
}

/** Parses the bounds of a `dateRange` (China Standard Time when no zone is given). */
export function rangeBounds(range: (string | null)[] | undefined): { from?: Date; to?: Date } {
  const [a, b] = range ?? []
  const parse = (s: string | null | undefined, end: boolean) => {
    if (!s) return undefined
    const start = parseDateTime(s)
    return DATE_RE.test(s) && end ? new Date(start.getTime() + 24 * 60 * 60 * 1000 - 1) : start
  }
  return { from: parse(a, false), to: parse(b, true) }
}

/** An optional date-time ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss]' or ISO); empty becomes null. */
export const optDateTime = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    z.string({ error: `${label}格式不正确` })
      .regex(DATE_TIME_RE, { error: `${label}格式不正确，应为 YYYY-MM-DD HH:mm:ss` })
      .refine((s) => !Number.isNaN(Date.parse(s.replace(' ', 'T'))), { error: `${label}不是有效的时间` })
      .nullable().optional(),
  ).describe(label)

/** The heaviest weight a field takes, in tons (a ticket of a truck is well under). */
export const WEIGHT_MAX_TONS = 1000

/** An optional weight in tons from JSON or text; empty becomes null. The server rounds it to 2 decimals. */
export const optWeight = (label: string) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : textToNumber(v)),
    z.number({ error: `${label}必须是数字` })
      .refine(Number.isFinite, { error: `${label}必须是数字` })
      .min(0, { error: `${label}不能小于0` })
      .max(WEIGHT_MAX_TONS, { error: `${label}不能大于${WEIGHT_MAX_TONS}吨` })
      .nullable().optional(),
  ).describe(label)
