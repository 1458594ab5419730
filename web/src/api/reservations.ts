/** Reservation plans, bookings and reception (server modules/reservations). */
import type {
  Page, PlanBatchResult, ReceptionQuery, Reservation, ReservationBody, ReservationMonth, ReservationMonthBody, ReservationPlanFindBody,
  ReservationPlanBatchBody, ReservationPlanCopyWeekBody, ReservationPlanListRow, ReservationPlanSaveBody, ReservationQuery, ReservationStatus, RevealAnswer,
} from '@app/contract'
import { http, type RequestOptions } from './request'

// ---- plans (预约设置, 预约日历)
export const findPlans = (q: ReservationPlanFindBody, opts?: RequestOptions) => http.post<Page<ReservationPlanListRow>>('/reservationPlan/find', q, opts)
export const savePlan = (body: ReservationPlanSaveBody, opts?: RequestOptions) => http.post<ReservationPlanListRow>('/reservationPlan/save', body, opts)
export const batchPlans = (body: ReservationPlanBatchBody, opts?: RequestOptions) => http.post<PlanBatchResult>('/reservationPlan/batch', body, opts)
export const copyLastWeek = (body: ReservationPlanCopyWeekBody, opts?: RequestOptions) => http.post<PlanBatchResult>('/reservationPlan/copyWeek', body, opts)
export const deletePlan = (id: number, opts?: RequestOptions) => http.delete<null>(`/reservationPlan/delete/${id}`, undefined, opts)
export const planMonth = (body: ReservationMonthBody, opts?: RequestOptions) => http.post<ReservationMonth>('/reservationPlan/month', body, opts)

// ---- bookings (预约)
export const findReservations = (q: ReservationQuery, opts?: RequestOptions) => http.post<Page<Reservation>>('/reservation/find', q, opts)
export const book = (body: ReservationBody, opts?: RequestOptions) => http.post<Reservation>('/reservation/save', body, opts)
export const changeStatus = (id: number, status: ReservationStatus, opts?: RequestOptions) =>
  http.post<Reservation>(`/reservation/upStatus/${id}`, { status }, opts)
/** the driver's whole phone (lists show it masked; admins only, each reveal logged) */
export const revealPhone = (id: number, opts?: RequestOptions) => http.post<RevealAnswer>(`/reservation/reveal/${id}`, { field: 'phone' }, opts)

// ---- reception (接待)
export const todaysReservations = (q: ReceptionQuery, opts?: RequestOptions) => http.post<Page<Reservation>>('/reception/today', q, opts)
export const checkIn = (id: number, opts?: RequestOptions) => http.post<Reservation>(`/reception/checkIn/${id}`, undefined, opts)
