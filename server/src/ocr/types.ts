/**
 * Shared types of the ticket analysis, taken from the contract's stored formats and rules: the
 * reader needs only the fields that choose a format and read a value.
 */
import type { ExtractionRule as StoredRule, ReceiptFormat as StoredFormat, TicketAnalysis, TicketType } from '@app/contract'
import type { PictureSize } from '../platform/pictureEncoding.js'
import type { KeptPicture } from './image.js'

export type FileType = TicketType

/**
 * 票据格式 as the reader applies it. `regular` is a regular expression, or a keyword list: groups
 * separated by `,` `，` or white space must all occur, `|` separates alternatives inside a group;
 * empty matches every ticket of the type. `excludeKeywords` (same separators): any of them excludes
 * the format. The highest `rankcom` among the matching formats wins. `requiredFields` must come out,
 * or the next format is tried; a bare suffix ('NetWeight') stands for the type's field.
 */
export type ReceiptFormat = Pick<StoredFormat, 'id' | 'name' | 'type' | 'regular' | 'rankcom'>
  & Partial<Pick<StoredFormat, 'excludeKeywords' | 'description'>>
  & { requiredFields?: string[] | null }

/**
 * 取值规则 as the reader applies it: `valueNameRegular` finds the label, `valueRegular` the value
 * (group 1 if present, else the whole match). `property` is the output field as stored; a bare
 * suffix such as 'NetWeight' is accepted too.
 */
export type ExtractionRule = Pick<StoredRule, 'id' | 'receiptFormatId'>
  & Partial<Pick<StoredRule, 'valueName' | 'valueNameRegular' | 'valueRegular'>>
  & { property: string }

export type { FieldMeta, FieldSource, FieldValue, TicketAnalysis } from '@app/contract'

export interface AnalyzeInput {
  buffer: Uint8Array
  fileType: FileType
  formats?: ReceiptFormat[]
  rules?: ExtractionRule[]
  /** names the base saved before (findList), per field suffix: Manufactory, Customer, Carrier, Settlement, Name */
  savedNames?: Partial<Record<string, readonly string[]>>
  /** answer the picture to keep too, this big (see PrepareOptions.keep) */
  keep?: PictureSize
}

/** An analysis, with the picture to keep when AnalyzeInput.keep asked for it. */
export type TicketReading = TicketAnalysis & { kept?: KeptPicture }
