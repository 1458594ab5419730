/** Pure logic of the reservation screens (unit-tested in web/test/reservations.test.ts). */
import {
  RESERVATION_MOVES, RESERVATION_STATUS, RESERVATION_STATUS_LABELS, RESERVATION_STATUS_VALUES,
  type ReservationDayPlan, type ReservationStatus,
} from '@app/contract'

/** Tag colours of the statuses. */
export const STATUS_COLORS: Record<ReservationStatus, string> = { 0: 'processing', 1: 'success', 2: 'default', 3: 'warning' }

/** The status filter's options. */
export const statusOptions = RESERVATION_STATUS_VALUES.map((s) => ({ label: RESERVATION_STATUS_LABELS[s], value: s }))

/** The buttons a row offers: the moves RESERVATION_MOVES allows, 到场 only on the booking's day. */
export interface StatusAction { to: ReservationStatus; label: string; confirm?: string }
const ACTION_LABELS: Record<ReservationStatus, string> = { 0: '恢复预约', 1: '到场', 2: '取消预约', 3: '未到' }
export function statusActions(status: ReservationStatus, reserveTime: string, today: string): StatusAction[] {
  return RESERVATION_MOVES[status]
    .filter((to) => to !== RESERVATION_STATUS.arrived || reserveTime === today)
    .map((to) => ({
      to, label: ACTION_LABELS[to],
      ...(to === RESERVATION_STATUS.cancelled && { confirm: '确定取消该预约吗？取消后名额将释放给其他车辆。' }),
      ...(to === RESERVATION_STATUS.noShow && { confirm: '确定将该预约标记为未到吗？' }),
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
