/**
 * Default receipt formats and extraction rules, inserted by the server's seed. They read common
 * cement delivery notes, receiving notes and weighbridge slips with no configuration; the built-in
 * label synonyms (fieldCatalogue.ts) fill whatever the rules leave empty.
 * Format 3 is the generic fallback (the UI forbids deleting id 3): it matches every ticket.
 */
import type { ExtractionRule, ReceiptFormat } from './types.js'

export const GENERIC_FALLBACK_FORMAT_ID = 3

export const DEFAULT_RECEIPT_FORMATS: ReceiptFormat[] = [
  {
    id: 1, name: '水泥发货单', type: 1, rankcom: 10,
    regular: '发货单|出库单|提货单|发货通知单|销售单|出厂单',
    excludeKeywords: '', requiredFields: ['NetWeight'],
    description: '常见水泥发货单（表格或“标签：值”逐行排列）',
  },
  {
    id: 2, name: '水泥收货单', type: 2, rankcom: 10,
    regular: '收货单|签收单|验收单|到货单|收货确认|入库单',
    excludeKeywords: '', requiredFields: ['NetWeight'],
    description: '常见水泥收货单、收货确认单',
  },
  {
    id: 3, name: '通用票据（兜底）', type: 1, rankcom: 0,
    regular: '', excludeKeywords: '', requiredFields: [],
    description: '兜底格式：匹配所有发货票据，只用通用取值规则和内置同义词，不可删除',
  },
  {
    id: 4, name: '通用收货票据（兜底）', type: 2, rankcom: 0,
    regular: '', excludeKeywords: '', requiredFields: [],
    description: '兜底格式：匹配所有收货票据',
  },
  {
    id: 5, name: '过磅单（发货）', type: 1, rankcom: 20,
    regular: '过磅|磅单|称重|计量单', excludeKeywords: '', requiredFields: ['NetWeight', 'GrossWeight'],
    description: '地磅过磅单：毛重、皮重、净重逐行，标签与数值分列',
  },
  {
    id: 6, name: '过磅单（收货）', type: 2, rankcom: 20,
    regular: '过磅|磅单|称重|计量单', excludeKeywords: '', requiredFields: ['NetWeight', 'GrossWeight'],
    description: '收货地磅过磅单',
  },
]

const WEIGHT_VALUE = '\\d+(?:\\.\\d+)?\\s*(?:吨|t|T|kg|KG|公斤)?'
// the time of day after a space, or a dash or dot where the space was misread
const TIME_VALUE = '\\d{4}\\s*[-/.年]\\s*\\d{1,2}\\s*[-/.月]\\s*\\d{1,2}日?(?:[\\s.-]*\\d{1,2}\\s*:\\s*\\d{1,2}(?::\\s*\\d{1,2})?)?'
const PLATE_VALUE = '[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][·\\s]?[A-Z][·\\s]?[A-Z0-9]{4,6}'
const CODE_VALUE = '[A-Za-z]{0,4}\\d{6,}'

type RuleSeed = Omit<ExtractionRule, 'id' | 'receiptFormatId'>
type Ticket = 'delivery' | 'sign'

function weightRules(prefix: Ticket): RuleSeed[] {
  return [
    { property: `${prefix}NetWeight`, valueName: '净重', valueNameRegular: prefix === 'delivery' ? '(?:实发)?净\\s*重(?:量)?' : '(?:实收)?净\\s*重(?:量)?', valueRegular: WEIGHT_VALUE },
    { property: `${prefix}GrossWeight`, valueName: '毛重', valueNameRegular: '毛\\s*重(?:量)?', valueRegular: WEIGHT_VALUE },
    { property: `${prefix}TareWeight`, valueName: '皮重', valueNameRegular: '皮\\s*重(?:量)?', valueRegular: WEIGHT_VALUE },
    { property: `${prefix}PlateNumber`, valueName: '车牌号', valueNameRegular: '车\\s*(?:牌)?\\s*号(?:码)?', valueRegular: PLATE_VALUE },
  ]
}

/** `events`: the words before 时间/日期 on the label, e.g. '发货|出厂' */
const timeRule = (prefix: Ticket, valueName: string, events: string): RuleSeed =>
  ({ property: `${prefix}Time`, valueName, valueNameRegular: `(?:${events})(?:时间|日期)`, valueRegular: TIME_VALUE })
const numberRule = (prefix: Ticket, valueName: string, valueNameRegular: string): RuleSeed =>
  ({ property: `${prefix}Number`, valueName, valueNameRegular, valueRegular: CODE_VALUE })
const SLIP_NUMBER = '流水号|磅单号|过磅单号'

const seeds: [number, RuleSeed[]][] = [
  [1, [...weightRules('delivery'), timeRule('delivery', '发货时间', '发货|出厂|出库'), numberRule('delivery', '发货单号', '(?:发货|出库|提货)?单\\s*号|单据编号')]],
  [2, [...weightRules('sign'), timeRule('sign', '收货时间', '收货|签收|到货'), numberRule('sign', '收货单号', '(?:收货)?单\\s*号|单据编号')]],
  [3, weightRules('delivery')],
  [4, weightRules('sign')],
  [5, [...weightRules('delivery'), numberRule('delivery', '流水号', SLIP_NUMBER), timeRule('delivery', '过磅时间', '过磅|称重|出厂')]],
  [6, [...weightRules('sign'), numberRule('sign', '流水号', SLIP_NUMBER), timeRule('sign', '过磅时间', '过磅|称重|收货')]],
]

let nextId = 1
export const DEFAULT_EXTRACTION_RULES: ExtractionRule[] = seeds.flatMap(([receiptFormatId, rules]) =>
  rules.map((r) => ({ id: nextId++, receiptFormatId, ...r })),
)
