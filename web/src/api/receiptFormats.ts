/**
 * 票据格式 (receipt formats) and 取值规则 (extraction rules): server module receiptFormats
 * (server/src/modules/receiptFormats/routes.ts). Formats and rules are shared by every base.
 */
import {
  FORMAT_EXPORT_NAME, RULE_EXPORT_NAME,
  type ExtractionRule, type ExtractionRuleBody, type ExtractionRuleQuery, type ReceiptFormat, type ReceiptFormatBody, type ReceiptFormatQuery,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'
import { resourceCalls } from './resource'

// ---- formats ----------------------------------------------------------------------------------

/** `deleteFormat` deletes the format and all its rules (the server refuses the fallback format, id 3). */
export const { find: findFormats, save: saveFormat, update: updateFormat, remove: deleteFormat } =
  resourceCalls<ReceiptFormat, ReceiptFormatBody, ReceiptFormatQuery>('receiptFormat')

/** Every format (for selects). */
export const findAllFormats = (opts?: RequestOptions) =>
  http.post<ReceiptFormat[]>('/receiptFormat/findCenter', {}, opts)

export const exportFormats = (companyId: number, opts?: RequestOptions) =>
  download(`/receiptFormat/export/${companyId}`, { filename: `${FORMAT_EXPORT_NAME}.xlsx`, ...opts })

// ---- extraction rules -------------------------------------------------------------------------

/** A rule's property is fixed once created: `updateRule` may send it, the server ignores a changed one. */
export const { find: findRules, save: saveRule, update: updateRule, remove: deleteRule } =
  resourceCalls<ExtractionRule, ExtractionRuleBody, ExtractionRuleQuery>('rule')

export const exportRules = (companyId: number, opts?: RequestOptions) =>
  download(`/rule/export/${companyId}`, { filename: `${RULE_EXPORT_NAME}.xlsx`, ...opts })
