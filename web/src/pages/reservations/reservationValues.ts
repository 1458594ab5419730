/** Pure logic of the reservation screens (unit-tested in web/test/reservations.test.ts). */
import {
  addDays, mondayOf, PLAN_BATCH_MAX, planBatchSlots, ReservationMsg, type ReservationPlanBatchBody, RESERVATION_MOVES, RESERVATION_STATUS, RESERVATION_STATUS_LABELS, RESERVATION_STATUS_VALUES,
  type Reservation, type ReservationDayPlan, type ReservationStatus,
} from '@app/contract'

/** Tag colours of the statuses. */
export const STATUS_COLORS: Record<ReservationStatus, string> = { 0: 'processing', 1: 'success', 2: 'default', 3: 'warning' }

/** The status filter's options. */
export const statusOptions = RESERVATION_STATUS_VALUES.map((s) => ({ label: RESERVATION_STATUS_LABELS[s], value: s }))

/**
 * The actions a row offers: the moves RESERVATION_MOVES allows, 到场 only on the booking's day, 未到 only
 * from that day on (the server refuses both otherwise). 取消预约 is destructive: red, and its
 * confirmation names the booking.
 */
export interface StatusAction { to: ReservationStatus; label: string; confirm?: string; danger?: boolean }
const ACTION_LABELS: Record<ReservationStatus, string> = { 0: '恢复预约', 1: '到场', 2: '取消预约', 3: '未到' }
type BookingOfRow = Pick<Reservation, 'status' | 'reserveTime' | 'reservePeriod' | 'licenseNumber' | 'contactName'>
export const bookingName = (r: BookingOfRow) => `${r.licenseNumber}（${r.contactName}，${r.reserveTime} ${r.reservePeriod}）`
export function statusActions(row: BookingOfRow, today: string): StatusAction[] {
  return RESERVATION_MOVES[row.status]
    .filter((to) => to !== RESERVATION_STATUS.arrived || row.reserveTime === today)
    .filter((to) => to !== RESERVATION_STATUS.noShow || row.reserveTime <= today)
    .map((to) => ({
      to, label: ACTION_LABELS[to],
      ...(to === RESERVATION_STATUS.cancelled && { danger: true, confirm: `确定取消 ${bookingName(row)}的预约吗？取消后名额将释放给其他车辆。` }),
      ...(to === RESERVATION_STATUS.noShow && { confirm: `确定将 ${bookingName(row)}的预约标记为未到吗？` }),
    }))
}

/** A plan of the calendar as a short line: '上午 常压 3/10'. */
export const planLine = (p: ReservationDayPlan) => `${p.reservePeriod} ${p.tankerType.replace('车辆', '')} ${p.bookedCount}/${p.totalCount}`

/** The calendar tag colour of a plan: full red, over half orange, else green; no places grey. */
export function planColor(p: Pick<ReservationDayPlan, 'bookedCount' | 'totalCount'>): string {
  if (p.totalCount === 0) return 'default'
  if (p.bookedCount >= p.totalCount) return 'red'
  return p.bookedCount * 2 >= p.totalCount ? 'orange' : 'green'
}

/** A date picker's value (dayjs, or the text a form keeps) as 'YYYY-MM-DD'; empty stays undefined. */
export const dayText = (v: unknown): string | undefined =>
  v == null || v === '' ? undefined : typeof v === 'string' ? v.slice(0, 10) : (v as { format: (f: string) => string }).format('YYYY-MM-DD')

/** The weeks of 复制上周: the target week's Monday to Sunday and the week before it, for the dialog to name. */
export function copyWeeks(weekOf: string) {
  const monday = mondayOf(weekOf)
  return { from: addDays(monday, -7), fromEnd: addDays(monday, -1), to: monday, toEnd: addDays(monday, 6) }
}

/** What the batch dialog's preview says: how many slots its choices make, or why none can be made. */
export function batchPreview(v: { range?: unknown[]; weekdays?: number[]; periods?: string[]; tankerTypes?: string[] }): { count: number; text: string; ok: boolean } {
  const [from, to] = (v.range ?? []).map(dayText)
  if (!from || !to || !v.weekdays?.length || !v.periods?.length || !v.tankerTypes?.length) {
    return { count: 0, text: '请选择日期范围、星期、时段和车辆类型', ok: false }
  }
  if (to < from) return { count: 0, text: ReservationMsg.batchReversed, ok: false }
  const count = planBatchSlots({ from, to, weekdays: v.weekdays as ReservationPlanBatchBody['weekdays'], periods: v.periods as ReservationPlanBatchBody['periods'], tankerTypes: v.tankerTypes as ReservationPlanBatchBody['tankerTypes'] }).length
  if (!count) return { count, text: ReservationMsg.batchNone, ok: false }
  if (count > PLAN_BATCH_MAX) return { count, text: ReservationMsg.batchTooMany(count, PLAN_BATCH_MAX), ok: false }
  return { count, text: `将创建 ${count} 个预约时段（已有的时段跳过，名额不变）`, ok: true }
}
