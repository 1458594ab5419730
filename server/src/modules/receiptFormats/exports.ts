import { FORMAT_EXPORT_NAME, RULE_EXPORT_NAME, TICKET_FIELDS, TICKET_TYPES, type ExtractionRule, type ReceiptFormat, type TicketField } from '@app/contract'
import { defineExport } from '../../platform/exports.js'

export const formatExport = defineExport<ReceiptFormat>({
  name: FORMAT_EXPORT_NAME, format: 'xlsx',
  columns: [
    { header: '编号', value: (f) => f.id, width: 8 },
    { header: '名称', value: (f) => f.name, width: 24 },
    { header: '类型', value: (f) => TICKET_TYPES[f.type], width: 10 },
    { header: '匹配规则', value: (f) => f.regular, width: 40 },
    { header: '权重', value: (f) => f.rankcom, width: 8 },
    { header: '排除关键字', value: (f) => f.excludeKeywords, width: 20 },
    { header: '取值规则数', value: (f) => f.ruleCount, width: 10 },
    { header: '描述', value: (f) => f.description, width: 30 },
  ],
})

export const ruleExport = defineExport<ExtractionRule>({
  name: RULE_EXPORT_NAME, format: 'xlsx',
  columns: [
    { header: '编号', value: (x) => x.id, width: 8 },
    { header: '票据格式', value: (x) => x.receiptFormatName, width: 24 },
    { header: '字段', value: (x) => `${TICKET_FIELDS[x.property as TicketField] ?? ''}（${x.property}）`, width: 28 },
    { header: '字段名称', value: (x) => x.valueName, width: 16 },
    { header: '名称表达式', value: (x) => x.valueNameRegular, width: 30 },
    { header: '取值表达式', value: (x) => x.valueRegular, width: 30 },
  ],
})
