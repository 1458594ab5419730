/** 供货单 (server modules/stock, /supplyOrder/*): a base orders material from the base headquarters paired it with. */
import type { Page, SupplyOrder, SupplyOrderRequest, SupplyOrderQuery } from '@app/contract'
import { http, type RequestOptions } from './request'

export const findSupplyOrders = (q: SupplyOrderQuery, opts?: RequestOptions) => http.post<Page<SupplyOrder>>('/supplyOrder/find', q, opts)
export const saveSupplyOrder = (body: SupplyOrderRequest, opts?: RequestOptions) => http.post<SupplyOrder>('/supplyOrder/save', body, opts)
/** the supplier confirms and ships (its stock goes down) */
export const shipSupplyOrder = (id: number, opts?: RequestOptions) => http.post<SupplyOrder>(`/supplyOrder/ship/${id}`, undefined, opts)
/** the buyer receives (its stock goes up) */
export const receiveSupplyOrder = (id: number, opts?: RequestOptions) => http.post<SupplyOrder>(`/supplyOrder/receive/${id}`, undefined, opts)
export const cancelSupplyOrder = (id: number, opts?: RequestOptions) => http.post<SupplyOrder>(`/supplyOrder/cancel/${id}`, undefined, opts)
