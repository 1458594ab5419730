/** Shared types of the ticket analysis. */

export type FileType = 1 | 2

/** 票据格式 (receipt format) */
export interface ReceiptFormat {
  id: number
  name: string
  /** 1 发货单 delivery, 2 收货单 receiving */
  type: FileType
  /**
   * match rule: a regular expression, or a keyword list. Keyword list: groups separated by
   * `,` `，` or white space must all occur; `|` separates alternatives inside a group.
   */
  regular: string
  /** weight: the highest-ranked matching format wins */
  rankcom: number
  /** keywords (same separators) any of which excludes the format */
  excludeKeywords?: string | null
  /** fields (e.g. 'deliveryNetWeight' or 'NetWeight') that must come out, or the next format is tried */
  requiredFields?: string[] | null
  description?: string | null
}

/** 取值规则 (extraction rule) */
export interface ExtractionRule {
  id: number
  /** output field, e.g. deliveryNetWeight (a bare suffix such as NetWeight is accepted too) */
  property: string
  receiptFormatId: number
  /** display name of the label, e.g. 净重 */
  valueName?: string | null
  /** regular expression finding the label */
  valueNameRegular?: string | null
  /** regular expression finding the value (group 1 if present, else the whole match) */
  valueRegular?: string | null
}

export type { FieldMeta, FieldSource, FieldValue, TicketAnalysis } from '@app/contract'

export interface AnalyzeInput {
  buffer: Uint8Array
  fileType: FileType
  formats?: ReceiptFormat[]
  rules?: ExtractionRule[]
}
