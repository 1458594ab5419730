import { z } from 'zod'
import { RESERVE_PERIODS, TANKER_TYPES, type ReservationPlanRow } from './companies.js'
import { dateField, dateRange, filterText, formatDateTime, idField, int, mobileField, oneOf, optIdField, optText, text } from './fields.js'
import { revealBody } from './personalData.js'
import { paging } from './zod.js'

/**
 * Bookings (预约) of a base's reservation plans, the month calendar of plans and bookings, and reception
 * (接待): spec 000 §3-§7 (`/reservationPlan/save`, `/reservation/upStatus/{id}`, 预约成功). The plans'
 * periods and tanker types are RESERVE_PERIODS and TANKER_TYPES (companies.ts).
 */

export const ReservationMsg = {
  booked: '预约成功',
  notFound: '预约不存在',
  /** what a reveal's log entry calls the booking (PersonalDataMsg.revealLog) */
  revealSubject: (id: number, plate: string) => `预约 ${id}（车牌 ${plate}）`,
  planNotFound: '预约设置不存在',
  noPlan: (day: string, period: string, tankerType: string) => `该基地 ${day} ${period} 未开放${tankerType}的预约，请选择其他时段`,
  full: (day: string, period: string, tankerType: string, total: number) =>
    `${day} ${period} 的${tankerType}预约已满（共 ${total} 个名额），请选择其他时段`,
  pastDay: '不能预约今天之前的日期',
  duplicate: (plate: string, day: string) => `车辆 ${plate} 在 ${day} 已有预约，请勿重复预约`,
  badMove: (from: string, to: string) => `预约当前状态为“${from}”，不能改为“${to}”`,
  statusChanged: '更改成功',
  checkedIn: '接待成功，车辆已到场',
  checkInNotToday: (day: string) => `该预约的日期是 ${day}，只能接待今天的预约`,
  noShowBeforeDay: (day: string) => `该预约的日期是 ${day}，还没到预约当天，不能标记为未到`,
  /** lowering a plan below what is booked */
  planBelowBooked: (booked: number) => `该时段已有 ${booked} 个有效预约，可预约数量不能少于 ${booked}`,
  planInUse: (booked: number) => `该预约设置下还有 ${booked} 个有效预约，请先取消这些预约再删除`,
  plateFormat: '车牌号格式不正确（如 苏A12345、苏AD12345 或 苏A1234挂）',
  monthFormat: '月份格式不正确，应为 YYYY-MM',
  // batch creation and 复制上周
  batchReversed: '结束日期不能早于开始日期',
  batchTooLong: (days: number) => `日期范围不能超过 ${days} 天`,
  batchPastStart: '开始日期不能早于今天',
  batchNone: '所选日期范围内没有符合所选星期的日期，请调整日期或星期',
  batchTooMany: (n: number, max: number) => `一次最多创建 ${max} 个预约时段，本次选择了 ${n} 个，请缩小日期范围或减少选项`,
  copyWeekPast: '目标周已经过去，不能复制到该周',
  copyWeekEmpty: (from: string, to: string) => `上周（${from} 至 ${to}）没有预约时段可复制`,
  batchDone: (created: number, existing: number, past = 0) =>
    `已创建 ${created} 个预约时段${existing ? `，跳过已存在的 ${existing} 个` : ''}${past ? `，跳过今天之前的 ${past} 个` : ''}`,
} as const

/** Today in China ('YYYY-MM-DD'): the plans' days are China days, whatever the clock's zone. */
export const chinaToday = (now = new Date()) => formatDateTime(now).slice(0, 10)

// ---- statuses and their moves ----

/** Status of a booking: what happened to it (stored as the number). */
export const RESERVATION_STATUS = { booked: 0, arrived: 1, cancelled: 2, noShow: 3 } as const
export type ReservationStatus = (typeof RESERVATION_STATUS)[keyof typeof RESERVATION_STATUS]
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  0: '已预约', 1: '已到场', 2: '已取消', 3: '未到',
}
export const RESERVATION_STATUS_VALUES = Object.values(RESERVATION_STATUS) as ReservationStatus[]

/**
 * The moves a booking may make. 已预约 -> 已到场 (check-in at reception), 已取消 (frees the place), 未到
 * (the slot passed without the vehicle); 未到 -> 已到场 (it came late that day after all). 已到场 and
 * 已取消 are final. Every other move is refused (409 naming both states).
 */
export const RESERVATION_MOVES: Record<ReservationStatus, readonly ReservationStatus[]> = {
  0: [RESERVATION_STATUS.arrived, RESERVATION_STATUS.cancelled, RESERVATION_STATUS.noShow],
  1: [],
  2: [],
  3: [RESERVATION_STATUS.arrived],
}
export const canMoveReservation = (from: ReservationStatus, to: ReservationStatus) => RESERVATION_MOVES[from].includes(to)
/** Statuses that hold a place of the plan (every one but 已取消). */
export const HOLDS_PLACE: readonly ReservationStatus[] = [RESERVATION_STATUS.booked, RESERVATION_STATUS.arrived, RESERVATION_STATUS.noShow]

// ---- plates ----

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领'
/**
 * A mainland licence plate: province, letter (no I/O), then 5 characters (6 for new-energy plates),
 * the last of which may be 挂 (trailer), 学, 警, 港 or 澳.
 */
export const LICENSE_PLATE_RE = new RegExp(`^[${PROVINCES}][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$`)
/** As people type it: spaces, dots and dashes dropped, letters upper-cased. */
export const normalizeLicensePlate = (s: string) => s.replace(/[\s·•・.\-_]/g, '').toUpperCase()

export const licensePlateField = (label = '车牌号') =>
  z.preprocess(
    (v) => (typeof v === 'string' ? normalizeLicensePlate(v) : v),
    z.string({ error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}格式不正确`) })
      .min(1, { error: `${label}不能为空` })
      .max(10, { error: ReservationMsg.plateFormat })
      .regex(LICENSE_PLATE_RE, { error: ReservationMsg.plateFormat }),
  ).describe(label)

// the spec's short form 常压车 / 承压车 is accepted too
export const tankerTypeField = (label = '车辆类型') => z.preprocess((v) => (v === '常压车' || v === '承压车' ? `${v}辆` : v === '' ? undefined : v), oneOf(label, TANKER_TYPES))
const tankerType = tankerTypeField()

// ---- bookings ----

export const reservationBody = z.object({
  /** headquarters books for the base it names; everyone else for their own */
  companyId: optIdField('基地'),
  licenseNumber: licensePlateField(),
  contactName: text('驾驶员姓名', 50),
  phone: mobileField('驾驶员电话'),
  tankerType,
  reserveTime: dateField('预约日期'),
  reservePeriod: oneOf('预约时段', RESERVE_PERIODS),
  remarks: optText('备注', 200),
})
export type ReservationBody = z.infer<typeof reservationBody>

const statusField = (label: string) => z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.literal(RESERVATION_STATUS_VALUES, {
    error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}只能是${RESERVATION_STATUS_VALUES.map((s) => `${s}（${RESERVATION_STATUS_LABELS[s]}）`).join('、')}`),
  }),
).describe(label)

/** `POST /reservation/upStatus/{id}`: the status to move to. */
export const reservationStatusBody = z.object({ status: statusField('预约状态') })
export type ReservationStatusBody = z.infer<typeof reservationStatusBody>

export const reservationFilters = z.object({
  companyId: optIdField('基地'),
  licenseNumber: filterText('车牌号', 20),
  contactName: filterText('驾驶员姓名', 50),
  /** the whole number: lists show it masked, and a part would let the count of matches spell it out */
  phone: filterText('驾驶员电话', 20),
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), statusField('预约状态').optional()),
  tankerType: z.preprocess((v) => (v === '' || v === null ? undefined : v), tankerType.optional()),
  reservePeriod: z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf('预约时段', RESERVE_PERIODS).optional()),
  reserveTime: dateRange('预约日期'),
})
export type ReservationFilters = z.infer<typeof reservationFilters>
export const reservationQuery = paging.extend(reservationFilters.shape)
export type ReservationQuery = z.infer<typeof reservationQuery>

/** `POST /reservation/reveal/{id}`: the driver's phone in full (roles of mayRevealPersonalData; logged). */
export const reservationRevealBody = revealBody(['phone'])

/** A booking as lists and answers show it: the phone masked (maskPhone). */
export interface Reservation {
  id: number
  companyId: number
  companyName: string
  planId: number
  licenseNumber: string
  contactName: string
  phone: string
  tankerType: string
  reserveTime: string
  reservePeriod: string
  status: ReservationStatus
  statusName: string
  remarks: string | null
  /** when it was checked in at reception ('' before) */
  arriveTimeStr: string
  createUserName: string
  createTimeStr: string
}

// ---- reception ----

/** `POST /reception/today`: today's bookings of the caller's base (headquarters names one, or sees all). */
export const receptionQuery = paging.extend({
  companyId: optIdField('基地'),
  licenseNumber: filterText('车牌号', 20),
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), statusField('预约状态').optional()),
})
export type ReceptionQuery = z.infer<typeof receptionQuery>

// ---- plans: delete and the month calendar ----

export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/

/** `POST /reservationPlan/month`: one base's month ('YYYY-MM'); a base user always gets their own. */
export const reservationMonthBody = z.object({
  companyId: optIdField('基地'),
  month: z.string({ error: (iss) => (iss.input == null ? '月份不能为空' : ReservationMsg.monthFormat) })
    .trim().regex(MONTH_RE, { error: ReservationMsg.monthFormat }).describe('月份'),
})
export type ReservationMonthBody = z.infer<typeof reservationMonthBody>

/** One plan of a day in the calendar: its places and how many a booking holds. */
export interface ReservationDayPlan {
  planId: number
  reservePeriod: string
  tankerType: string
  totalCount: number
  bookedCount: number
}
export interface ReservationMonth {
  companyId: number
  month: string
  /** the days of the month that have plans, in order */
  days: { date: string; plans: ReservationDayPlan[] }[]
}

/** A plan in the plan list, with the places its bookings hold. */
export interface ReservationPlanListRow extends ReservationPlanRow {
  bookedCount: number
}

// ---- plans made in bulk: a date range × weekdays × periods × tanker types, and 复制上周 ----

/** The most plans one batch call creates (a month of five bases' every slot is about 600). */
export const PLAN_BATCH_MAX = 1000
/** The longest date range of a batch, in days. */
export const PLAN_BATCH_MAX_DAYS = 366
/** ISO weekdays: 1 Monday … 7 Sunday, labelled 一 … 日. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const
export const WEEKDAY_LABELS = ['一', '二', '三', '四', '五', '六', '日'] as const

const DAY_MS = 86_400_000
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`)
/** `day` ('YYYY-MM-DD') moved by `n` days. */
export const addDays = (day: string, n: number) => new Date(dayMs(day) + n * DAY_MS).toISOString().slice(0, 10)
/** The ISO weekday (1 Monday … 7 Sunday) of a day. */
export const isoWeekday = (day: string) => new Date(dayMs(day)).getUTCDay() || 7
/** The Monday of the week `day` falls in. */
export const mondayOf = (day: string) => addDays(day, 1 - isoWeekday(day))
/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1

/** One plan's key within a base: its day, period and tanker type. */
export interface PlanSlot { reserveTime: string; reservePeriod: string; tankerType: string }

const nonEmptyList = <T extends z.ZodType>(item: T, label: string, empty: string) =>
  z.array(item, { error: (iss) => (iss.input == null ? empty : `${label}格式不正确`) })
    .min(1, { error: empty })
    .transform((xs) => [...new Set(xs)] as z.infer<T>[])
    .describe(label)

const weekday = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ error: '星期只能是 1（一）到 7（日）' }).int({ error: '星期只能是 1（一）到 7（日）' })
    .min(1, { error: '星期只能是 1（一）到 7（日）' }).max(7, { error: '星期只能是 1（一）到 7（日）' }),
)

/**
 * `POST /reservationPlan/batch`: one plan for every day of the range that falls on a chosen weekday,
 * for each chosen period and tanker type, each with `totalCount` places. Slots that have a plan are
 * skipped (their counts stay); the range's end may not come before its start.
 */
export const reservationPlanBatchBody = z.object({
  companyId: idField('基地'),
  from: dateField('开始日期'),
  to: dateField('结束日期'),
  weekdays: nonEmptyList(weekday, '星期', '请至少选择一个星期'),
  periods: nonEmptyList(oneOf('预约时段', RESERVE_PERIODS), '预约时段', '请至少选择一个时段'),
  tankerTypes: nonEmptyList(tankerType, '车辆类型', '请至少选择一个车辆类型'),
  totalCount: int('可预约数量', 1, 100_000),
}).superRefine((b, ctx) => {
  if (b.to < b.from) ctx.addIssue({ code: 'custom', path: ['to'], message: ReservationMsg.batchReversed })
  else if (daysBetween(b.from, b.to) > PLAN_BATCH_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: ReservationMsg.batchTooLong(PLAN_BATCH_MAX_DAYS) })
})
export type ReservationPlanBatchBody = z.infer<typeof reservationPlanBatchBody>

/** The slots a batch asks for, by day, period and tanker type (the web's preview counts the same list). */
export function planBatchSlots(b: Pick<ReservationPlanBatchBody, 'from' | 'to' | 'weekdays' | 'periods' | 'tankerTypes'>): PlanSlot[] {
  const slots: PlanSlot[] = []
  const days = Math.min(daysBetween(b.from, b.to), PLAN_BATCH_MAX_DAYS)
  for (let i = 0; i < days; i++) {
    const reserveTime = addDays(b.from, i)
    if (!b.weekdays.includes(isoWeekday(reserveTime) as (typeof WEEKDAYS)[number])) continue
    for (const reservePeriod of b.periods) for (const tankerType of b.tankerTypes) slots.push({ reserveTime, reservePeriod, tankerType })
  }
  return slots
}

/** `POST /reservationPlan/copyWeek`: the plans of the week before `weekOf`'s week, copied a week on (days before today are left out). */
export const reservationPlanCopyWeekBody = z.object({
  companyId: idField('基地'),
  /** any day of the week to fill */
  weekOf: dateField('目标周'),
})
export type ReservationPlanCopyWeekBody = z.infer<typeof reservationPlanCopyWeekBody>

/** What a batch or a copy did: plans created, slots skipped because they had one, days skipped as past. */
export interface PlanBatchResult {
  created: number
  existing: PlanSlot[]
  past: number
}
