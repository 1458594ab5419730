import { z } from 'zod'
import { dateRange, filterText, idField, int, oneOf, optInt, optText, text } from './fields.js'
import { TicketMsg, RULE_TEST_TEXT_MAX } from './ticketMessages.js'
import { numberFromText, paging } from './zod.js'

/** Ticket types: 1 发货单 (delivery note), 2 收货单 (receiving note). */
export const TICKET_TYPES = { 1: '发货单', 2: '收货单' } as const
export type TicketType = 1 | 2

/** Fields a delivery note fills (spec 001 §3, prefix delivery). */
export const DELIVERY_FIELDS = {
  deliveryManufactory: '生产厂家', deliveryCustomer: '购货单位', deliveryGoodsName: '商品名称',
  deliverySpecific: '水泥编号', deliveryPlateNumber: '车牌号', deliveryCarrier: '承运单位',
  deliveryNumber: '发货单号', deliveryTime: '发货时间', deliveryNetWeight: '发货净重',
  deliveryBags: '袋数', deliveryGrossWeight: '毛重', deliveryTareWeight: '皮重', deliveryAdditional: '备注',
} as const

/** Fields a receiving note fills (spec 001 §3, prefix sign). */
export const SIGN_FIELDS = {
  signManufactory: '生产厂家', signCustomer: '购货单位', signGoodsName: '商品名称', signSpecific: '水泥编号',
  signPlateNumber: '车牌号', signCarrier: '承运单位', signName: '收货单位', signPlace: '收货地址',
  signNumber: '收货单号', signTime: '收货时间', signNetWeight: '收货净重', signFirstNetWeight: '第一收货净重',
  signBags: '袋数', signGrossWeight: '毛重', signTareWeight: '皮重', signUser: '签收人',
  signSettlement: '结算单位', signAdditional: '备注',
} as const

export type TicketField = keyof typeof DELIVERY_FIELDS | keyof typeof SIGN_FIELDS
export const TICKET_FIELDS = { ...DELIVERY_FIELDS, ...SIGN_FIELDS } as Record<TicketField, string>
const FIELD_KEYS = Object.keys(TICKET_FIELDS) as [TicketField, ...TicketField[]]
/** The fields of each ticket type, in form order. */
export const FIELDS_BY_TYPE = { 1: DELIVERY_FIELDS, 2: SIGN_FIELDS } as const satisfies Record<TicketType, object>
/** Every field of a ticket type starts with its prefix: deliveryNetWeight, signNetWeight. */
export const FIELD_PREFIX = { 1: 'delivery', 2: 'sign' } as const satisfies Record<TicketType, string>

/** 1 or 2, from JSON or a query string. */
const ticketTypeField = (error: string) =>
  z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.union([z.literal(1), z.literal(2)], { error })).describe('票据类型')

/** The format that may not be deleted (spec 001 §2, the generic fallback). */
export const PROTECTED_FORMAT_ID = 3
/** A format's weight (rankcom): when several formats match a ticket, the highest wins. */
export const FORMAT_RANK = { min: 0, max: 10_000 } as const

export const receiptFormatBody = z.object({
  name: text('票据格式名称', 100),
  type: ticketTypeField(TicketMsg.formatTypeInvalid),
  /** empty matches every ticket of the type (the fallback formats) */
  regular: optText('匹配规则', 1000),
  rankcom: int('权重', FORMAT_RANK.min, FORMAT_RANK.max),
  excludeKeywords: optText('排除关键字', 500),
  requiredFields: z.array(oneOf('必填字段', FIELD_KEYS, '发货单或收货单的字段名')).max(40).optional().describe('必填字段'),
  description: optText('描述', 500),
})
export type ReceiptFormatBody = z.infer<typeof receiptFormatBody>

export const receiptFormatQuery = paging.extend({
  name: filterText('票据格式名称'),
  type: optInt('票据类型', 1, 2),
})
export type ReceiptFormatQuery = z.infer<typeof receiptFormatQuery>

export interface ReceiptFormat {
  id: number
  name: string
  type: TicketType
  regular: string
  rankcom: number
  excludeKeywords: string | null
  requiredFields: TicketField[]
  description: string | null
  ruleCount: number
  createTime: string
}

export const extractionRuleBody = z.object({
  property: oneOf('字段', FIELD_KEYS, '发货单或收货单的字段名'),
  receiptFormatId: idField('票据格式'),
  valueName: optText('字段名称', 100),
  valueNameRegular: optText('名称表达式', 500),
  valueRegular: optText('取值表达式', 500),
})
export type ExtractionRuleBody = z.infer<typeof extractionRuleBody>
/** The property of a rule is fixed once created (spec 001 §2: read-only when editing). */
export const extractionRuleUpdateBody = extractionRuleBody.omit({ property: true }).extend({ property: z.string().optional() })

export const extractionRuleQuery = paging.extend({
  property: filterText('字段', 60),
  receiptFormatId: optInt('票据格式', 1, 2_147_483_647),
})
export type ExtractionRuleQuery = z.infer<typeof extractionRuleQuery>

export interface ExtractionRule {
  id: number
  property: TicketField
  receiptFormatId: number
  receiptFormatName: string
  valueName: string | null
  valueNameRegular: string | null
  valueRegular: string | null
}

/** A rule from the rule form, tried before it is saved: `id` stands in for the stored rule of that id. */
export const candidateRule = extractionRuleBody.extend({ id: numberFromText(z.number().int().positive()).optional() })
export type CandidateRule = z.infer<typeof candidateRule>

/**
 * `POST /logistics/analysis?fileType=`: companyId and userId are accepted for the old clients; the session decides both, and
 * a number naming another base or user is refused rather than quietly replaced.
 */
export const ticketAnalysisQuery = z.object({
  fileType: ticketTypeField(TicketMsg.typeInvalid), companyId: z.string().max(20).optional(), userId: z.string().max(20).optional(),
})
/** `POST /rule/testImage?fileType=` (the picture and the form field `rule`, a candidate rule's JSON, come as multipart). */
export const ruleTestImageQuery = z.object({ fileType: ticketTypeField(TicketMsg.typeInvalid) })
/** `POST /rule/test`: the rule tester on pasted OCR text. */
export const ruleTestBody = ruleTestImageQuery.extend({
  text: z.string().trim().min(1, { error: TicketMsg.textEmpty }).max(RULE_TEST_TEXT_MAX, { error: TicketMsg.textTooLong }),
  rule: candidateRule.optional(),
})
export type RuleTestBody = z.infer<typeof ruleTestBody>

/** Log types (spec 001 §9). */
/** Export file names (without extension) of the format, rule and log lists. */
export const FORMAT_EXPORT_NAME = '票据格式'
export const RULE_EXPORT_NAME = '取值规则'
export const LOG_EXPORT_NAME = '日志列表'
/** The rule list shows this many rules a page unless the request says otherwise. */
export const RULE_PAGE_SIZE = 50

export const LOG_LEVELS = { 0: '日志', 1: '告警' } as const
export type LogLevel = keyof typeof LOG_LEVELS

export const logBody = z.object({
  errorMes: text('日志内容', 2000),
  level: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.union([z.literal(0), z.literal(1)], { error: '类型只能是日志或告警' })).describe('类型'),
  serialNumber: optText('流水号', 64),
  phone: optText('账号', 64),
})
export type LogBody = z.infer<typeof logBody>

export const logQuery = paging.extend({
  keyword: filterText('关键字'),
  level: optInt('类型', 0, 1),
  createTimeQuery: dateRange('时间'),
  companyId: optInt('基地', 1, 2_147_483_647),
})
export type LogQuery = z.infer<typeof logQuery>

export interface LogEntry {
  id: number
  serialNumber: string | null
  errorMes: string
  level: LogLevel
  phone: string | null
  companyId: number | null
  createTimeStr: string
}

export type FieldValue = string | number | null
export type FieldSource = 'rule' | 'synonym' | 'title'

/** One field the ticket reader filled: where on the picture it came from and how sure it is. */
export interface FieldMeta {
  confidence: number
  box: number[][] | null
  source: FieldSource
  /** what the picture said before a domain correction changed it (the confidence is lowered then) */
  raw?: string
  correction?: FieldCorrection
}

/**
 * Domain corrections of a reading: a company's legal form completed (…有限公 -> …有限公司), a cement
 * grade snapped to the standard set, a goods name to the cement its grade stands for, a plate's 0/O 8/B 1/I resolved by position, a name the base
 * has saved before within one or two similar characters, an address's town by the region data, a
 * party's name printed twice or more and read differently agreed by its readings, a character the
 * recogniser doubted taken from what else it saw there when place names, the trade's words or a
 * surname explain that reading better, a weight that does not add up with the other two made what they
 * make it, a document number's last letter read as a digit restored by the date after it.
 */
export type FieldCorrection = 'legalSuffix' | 'grade' | 'goods' | 'plate' | 'savedName' | 'place' | 'repeatedName' | 'otherReading' | 'weights' | 'numberLetter'

/** What reading one ticket gives (the OCR pool's answer, and the rule tester's). */
export interface TicketAnalysis {
  fields: Record<string, FieldValue>
  /** raw OCR text, one box per line, in reading order */
  origin: string
  format: { id: number; name: string } | null
  meta: Record<string, FieldMeta>
  /** field -> Chinese message of a failed consistency check (the value is left as read) */
  flags: Record<string, string>
  /** size of the (EXIF-oriented) uploaded image; boxes are in this pixel space */
  width: number
  height: number
}
