/** 充值记录 (top-ups): server module recharge (server/src/modules/recharge/routes.ts). */
import type { Page, RechargeRow } from '@app/contract'
import { download, http, requestEnvelope, type RequestOptions } from './request'

export interface RechargeQuery {
  page?: number
  size?: number
  companyId?: number
  type?: 1 | 2
  /** ['YYYY-MM-DD', 'YYYY-MM-DD'], the end day included */
  createTimeQuery?: [string, string]
}

interface RechargeAnswer {
  record: RechargeRow
  company: { id: number; remainingTimes: number; userAmount: number; useTimes: number }
}

/**
 * 充值: adds upload times; answers the server's message (充值成功). `requestId` (newRequestId(), one per
 * dialog opening) makes a double submit or a retry top up once.
 */
export const recharge = (companyId: number, times: number, requestId: string, opts?: RequestOptions) =>
  requestEnvelope<RechargeAnswer>('/rechargeRecord/recharge', { ...opts, method: 'POST', params: { companyId, times, requestId } })

/** 扩容: adds sub-account quota; answers the server's message (扩容成功). `requestId` as for recharge. */
export const rechargeAmount = (companyId: number, times: number, requestId: string, opts?: RequestOptions) =>
  requestEnvelope<RechargeAnswer>('/rechargeRecord/rechargeAmount', { ...opts, method: 'POST', params: { companyId, times, requestId } })

export const findRecords = (q: RechargeQuery, opts?: RequestOptions) => http.post<Page<RechargeRow>>('/rechargeRecord/find/', q, opts)

export const updateRecord = (id: number, times: number, opts?: RequestOptions) => http.put<RechargeRow>(`/rechargeRecord/update/${id}`, { times }, opts)

export const deleteRecord = (id: number, opts?: RequestOptions) => http.delete<null>(`/rechargeRecord/delete/${id}`, undefined, opts)

/** The filtered records as CSV (UTF-8 BOM). */
export const exportRecords = (companyId: number, q: Omit<RechargeQuery, 'page' | 'size'> = {}, opts?: RequestOptions) =>
  download(`/rechargeRecord/export/${companyId}`, {
    filename: '充值记录.csv', ...opts, params: { companyId: q.companyId, type: q.type, createTimeQuery: q.createTimeQuery?.join(',') },
  })
