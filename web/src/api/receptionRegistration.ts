import type { Report } from '@app/contract'
import { http, type RequestOptions } from './request'

/** Reception's 接待登记: the booking is checked in and its inspection registration made in one step. */
export const registerFromReservation = (reservationId: number, opts?: RequestOptions) =>
  http.post<Report>(`/report/syncFromReservation/${reservationId}`, undefined, opts)
