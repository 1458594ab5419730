/** 销售 (server modules/stock, /sale/*): sales, refunds, the receipt PDF and the daily and monthly summaries. */
import {
  SALE_EXPORT_NAME, SALE_SUMMARY_EXPORT_NAME,
  type Material, type MaterialQuery, type Page, type RefundBody, type Sale, type SaleRequest, type SaleQuery, type SaleSummary, type SaleSummaryQuery,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'

type Filters<Q> = Omit<Q, 'page' | 'size' | 'pageNo' | 'pageSize'>

export const findSales = (q: SaleQuery, opts?: RequestOptions) => http.post<Page<Sale>>('/sale/find', q, opts)
export const saveSale = (body: SaleRequest, opts?: RequestOptions) => http.post<Sale>('/sale/save', body, opts)
export const refundSale = (id: number, body: RefundBody, opts?: RequestOptions) => http.post<Sale>(`/sale/refund/${id}`, body, opts)
/** the printable receipt (PDF, 80 mm) */
export const saleReceipt = (id: number, opts?: RequestOptions) => download(`/sale/receipt/${id}`, opts)
export const exportSales = (companyId: number, q: Filters<SaleQuery> = {}, opts?: RequestOptions) =>
  download(`/sale/export/${companyId}`, {
    filename: `${SALE_EXPORT_NAME}.xlsx`,
    ...opts,
    params: { companyId: q.companyId, customer: q.customer, paymentMethod: q.paymentMethod, kind: q.kind, createTimeQuery: q.createTimeQuery?.join(',') },
  })

export const saleSummary = (q: SaleSummaryQuery, opts?: RequestOptions) => http.post<Page<SaleSummary>>('/sale/summary', q, opts)
export const exportSaleSummary = (companyId: number, q: Partial<Filters<SaleSummaryQuery>> = {}, opts?: RequestOptions) =>
  download(`/sale/summary/export/${companyId}`, {
    filename: `${SALE_SUMMARY_EXPORT_NAME}.xlsx`,
    ...opts,
    params: { companyId: q.companyId, by: q.by, group: q.group, createTimeQuery: q.createTimeQuery?.join(',') },
  })

/** the materials in use, for a line's picker (supply orders and sales) */
export const materialOptions = (q: Pick<MaterialQuery, 'name' | 'typeId'> = {}, opts?: RequestOptions) =>
  http.post<Material[]>('/material/options', q, opts)
