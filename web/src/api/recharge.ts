/** 充值记录 (top-ups): server module recharge (server/src/modules/recharge/routes.ts). */
import { RECHARGE_EXPORT_NAME, type Page, type RechargeFindBody, type RechargeResult, type RechargeRow } from '@app/contract'
import { download, http, requestEnvelope, type RequestOptions } from './request'

/**
 * 充值: adds upload times; answers the server's message (充值成功). `requestId` (newRequestId(), one per
 * dialog opening) makes a double submit or a retry top up once.
 */
export const recharge = (companyId: number, times: number, requestId: string, opts?: RequestOptions) =>
  requestEnvelope<RechargeResult>('/rechargeRecord/recharge', { ...opts, method: 'POST', params: { companyId, times, requestId } })

/** 扩容: adds sub-account quota; answers the server's message (扩容成功). `requestId` as for recharge. */
export const rechargeAmount = (companyId: number, times: number, requestId: string, opts?: RequestOptions) =>
  requestEnvelope<RechargeResult>('/rechargeRecord/rechargeAmount', { ...opts, method: 'POST', params: { companyId, times, requestId } })

export const findRecords = (q: RechargeFindBody, opts?: RequestOptions) => http.post<Page<RechargeRow>>('/rechargeRecord/find/', q, opts)

export const updateRecord = (id: number, times: number, opts?: RequestOptions) => http.put<RechargeRow>(`/rechargeRecord/update/${id}`, { times }, opts)

export const deleteRecord = (id: number, opts?: RequestOptions) => http.delete<null>(`/rechargeRecord/delete/${id}`, undefined, opts)

/** The filtered records as CSV (UTF-8 BOM). */
export const exportRecords = (companyId: number, q: Omit<RechargeFindBody, 'page' | 'size'> = {}, opts?: RequestOptions) =>
  download(`/rechargeRecord/export/${companyId}`, {
    filename: `${RECHARGE_EXPORT_NAME}.csv`, ...opts, params: { companyId: q.companyId, type: q.type, createTimeQuery: q.createTimeQuery?.join(',') },
  })
