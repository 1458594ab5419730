import { extractionRuleBody, extractionRuleQuery, extractionRuleUpdateBody, receiptFormatBody, receiptFormatQuery } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context.js'
import { crudRoutes } from '../../platform/crudRoutes.js'
import { formatExport, ruleExport } from './exports.js'
import * as formats from './service.js'

/** Ticket formats (票据格式) and their extraction rules (取值规则): shared by every base, kept by headquarters. */
export function receiptFormatRoutes(app: FastifyInstance, ctx: AppContext) {
  const config = { access: 'receipt_format' as const }

  crudRoutes(app, {
    path: '/receiptFormat', noun: '票据格式', config,
    summary: { findCenter: '全部票据格式（选择框用）', delete: '删除票据格式及其取值规则' },
    query: receiptFormatQuery, centerSize: 1000, find: (_req, q) => formats.findFormats(ctx.db, q),
    body: receiptFormatBody, save: (_req, body) => formats.saveFormat(ctx.db, body),
    updateBody: receiptFormatBody, update: (_req, id, body) => formats.updateFormat(ctx.db, id, body),
    remove: (_req, id) => formats.deleteFormat(ctx.db, id),
    // formats are shared by every base: the export's base is not asked
    exporter: formatExport, exportRows: () => formats.allFormats(ctx.db),
  })

  crudRoutes(app, {
    path: '/rule', noun: '取值规则', config,
    summary: { update: '编辑取值规则（字段不可改）' },
    query: extractionRuleQuery, centerSize: 5000, find: (_req, q) => formats.findRules(ctx.db, q),
    body: extractionRuleBody, save: (_req, body) => formats.saveRule(ctx.db, body),
    updateBody: extractionRuleUpdateBody, update: (_req, id, body) => formats.updateRule(ctx.db, id, body),
    remove: (_req, id) => formats.deleteRule(ctx.db, id),
    exporter: ruleExport, exportRows: () => formats.allRules(ctx.db),
  })
}
