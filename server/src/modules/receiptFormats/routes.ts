import {
  extractionRuleBody, extractionRuleQuery, extractionRuleUpdateBody, idParam, Msg, receiptFormatBody, receiptFormatQuery,
} from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { done } from '../../platform/envelope.js'
import { exportParams } from '../../platform/exports.js'
import { formatExport, ruleExport } from './exports.js'
import * as formats from './service.js'

/** Ticket formats (票据格式) and their extraction rules (取值规则): shared by every base, kept by headquarters. */
export function receiptFormatRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { access: 'receipt_format' as const }

  {
    const tags = ['票据格式']
    const idParams = z.object({ id: idParam().describe('票据格式编号') })
    r.post('/receiptFormat/find', { config, schema: { tags, summary: '票据格式列表', body: receiptFormatQuery } },
      async (req) => formats.findFormats(ctx.db, req.body))
    r.post('/receiptFormat/findCenter', { config, schema: { tags, summary: '全部票据格式（选择框用）', body: receiptFormatQuery.optional() } },
      async (req) => (await formats.findFormats(ctx.db, { ...req.body, page: 1, size: 1000 })).data)
    r.post('/receiptFormat/save', { config, schema: { tags, summary: '新增票据格式', body: receiptFormatBody } },
      async (req) => done(await formats.saveFormat(ctx.db, req.body), Msg.created))
    r.put('/receiptFormat/update/:id', { config, schema: { tags, summary: '编辑票据格式', params: idParams, body: receiptFormatBody } },
      async (req) => done(await formats.updateFormat(ctx.db, req.params.id, req.body), Msg.updated))
    r.delete('/receiptFormat/delete/:id', { config, schema: { tags, summary: '删除票据格式及其取值规则', params: idParams } }, async (req) => {
      await formats.deleteFormat(ctx.db, req.params.id)
      return done(null, Msg.deleted)
    })
    // formats are shared by every base: the export's base is not asked
    r.get('/receiptFormat/export/:companyId', { config, schema: { tags, summary: '导出票据格式（xlsx）', params: exportParams } },
      async (_req, reply) => formatExport.send(reply, formats.allFormats(ctx.db)))
  }

  {
    const tags = ['取值规则']
    const idParams = z.object({ id: idParam().describe('取值规则编号') })
    r.post('/rule/find', { config, schema: { tags, summary: '取值规则列表', body: extractionRuleQuery } },
      async (req) => formats.findRules(ctx.db, req.body))
    r.post('/rule/findCenter', { config, schema: { tags, summary: '取值规则（不分页）', body: extractionRuleQuery.optional() } },
      async (req) => (await formats.findRules(ctx.db, { ...req.body, page: 1, size: 5000 })).data)
    r.post('/rule/save', { config, schema: { tags, summary: '新增取值规则', body: extractionRuleBody } },
      async (req) => done(await formats.saveRule(ctx.db, req.body), Msg.created))
    r.put('/rule/update/:id', { config, schema: { tags, summary: '编辑取值规则（字段不可改）', params: idParams, body: extractionRuleUpdateBody } },
      async (req) => done(await formats.updateRule(ctx.db, req.params.id, req.body), Msg.updated))
    r.delete('/rule/delete/:id', { config, schema: { tags, summary: '删除取值规则', params: idParams } }, async (req) => {
      await formats.deleteRule(ctx.db, req.params.id)
      return done(null, Msg.deleted)
    })
    r.get('/rule/export/:companyId', { config, schema: { tags, summary: '导出取值规则（xlsx）', params: exportParams } },
      async (_req, reply) => ruleExport.send(reply, formats.allRules(ctx.db)))
  }
}
