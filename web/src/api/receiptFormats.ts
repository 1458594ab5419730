/**
 * 票据格式 (receipt formats) and 取值规则 (extraction rules): server module receiptFormats
 * (server/src/modules/receiptFormats/routes.ts). Formats and rules are shared by every base.
 */
import type {
  ExtractionRule, ExtractionRuleBody, ExtractionRuleQuery, Page, ReceiptFormat, ReceiptFormatBody, ReceiptFormatQuery,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'

// the contract's type, under the name the rule page imports from here
export type { ExtractionRuleQuery }

// ---- formats ----------------------------------------------------------------------------------

export const findFormats = (q: ReceiptFormatQuery, opts?: RequestOptions) =>
  http.post<Page<ReceiptFormat>>('/receiptFormat/find/', q, opts)

/** Every format (for selects). */
export const findAllFormats = (opts?: RequestOptions) =>
  http.post<ReceiptFormat[]>('/receiptFormat/findCenter', {}, opts)

export const saveFormat = (body: ReceiptFormatBody, opts?: RequestOptions) =>
  http.post<ReceiptFormat>('/receiptFormat/save', body, opts)

export const updateFormat = (id: number, body: ReceiptFormatBody, opts?: RequestOptions) =>
  http.put<ReceiptFormat>(`/receiptFormat/update/${id}`, body, opts)

/** Deletes the format and all its rules (the server refuses the fallback format, id 3). */
export const deleteFormat = (id: number, opts?: RequestOptions) =>
  http.delete<null>(`/receiptFormat/delete/${id}`, undefined, opts)

export const exportFormats = (companyId: number, opts?: RequestOptions) =>
  download(`/receiptFormat/export/${companyId}`, { filename: '票据格式.xlsx', ...opts })

// ---- extraction rules -------------------------------------------------------------------------

export const findRules = (q: ExtractionRuleQuery, opts?: RequestOptions) =>
  http.post<Page<ExtractionRule>>('/rule/find/', q, opts)

export const saveRule = (body: ExtractionRuleBody, opts?: RequestOptions) =>
  http.post<ExtractionRule>('/rule/save', body, opts)

/** The rule's property is fixed once created; the server ignores a changed one. */
export const updateRule = (id: number, body: ExtractionRuleBody, opts?: RequestOptions) =>
  http.put<ExtractionRule>(`/rule/update/${id}`, body, opts)

export const deleteRule = (id: number, opts?: RequestOptions) =>
  http.delete<null>(`/rule/delete/${id}`, undefined, opts)

export const exportRules = (companyId: number, opts?: RequestOptions) =>
  download(`/rule/export/${companyId}`, { filename: '取值规则.xlsx', ...opts })
