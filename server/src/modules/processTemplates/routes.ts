import { idParam, templateBody, templateFilters, templateQuery, type Permission } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { crudRoutes } from '../../platform/crudRoutes.js'
import * as service from './service.js'

/**
 * `/model/*` (车辆类型: process templates, permission model) and `/indicatorOut/*` (non-process
 * templates, permission indicator_out): the same routes over one table, headquarters only. Besides
 * the list kit: `get/{id}` (with its current steps), `versions/{id}` (history), `version/{versionId}`
 * (one frozen version), and `/model/options` for the screens that start an inspection.
 */
export function processTemplateRoutes(app: FastifyInstance, ctx: AppContext) {
  templateRoutes(app, ctx, { path: '/model', noun: '检验模板', permission: 'model', isOut: false })
  templateRoutes(app, ctx, { path: '/indicatorOut', noun: '非流程模板', permission: 'indicator_out', isOut: true })

  app.withTypeProvider<ZodTypeProvider>().get('/model/options', {
    config: { access: 'trace' },
    schema: { tags: ['检验模板'], summary: '可选的检验模板（开始检验时选择车辆类型）' },
  }, async () => service.templateOptions(ctx.db))
}

function templateRoutes(app: FastifyInstance, ctx: AppContext, { path, noun, permission, isOut }: { path: string; noun: string; permission: Permission; isOut: boolean }) {
  const config = { access: { permission, hq: true as const } }
  const kind = { isOut }
  crudRoutes(app, {
    path, noun, config,
    query: templateQuery, centerSize: 1000, find: (_req, q) => service.findTemplates(ctx.db, kind, q),
    body: templateBody, save: (req, body) => service.saveTemplate(ctx.db, authOf(req), kind, body),
    updateBody: templateBody, update: (req, id, body) => service.updateTemplate(ctx.db, authOf(req), kind, id, body),
    remove: (_req, id) => service.deleteTemplate(ctx.db, kind, id),
    exportQuery: templateFilters,
    exporter: service.templateExport(isOut),
    exportRows: (_auth, q) => service.allTemplates(ctx.db, kind, q),
  })

  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = [noun]
  const idParams = z.object({ id: idParam().describe(`${noun}编号`) })
  r.get(`${path}/get/:id`, { config, schema: { tags, summary: `${noun}详情（当前版本的步骤和检验项）`, params: idParams } },
    async (req) => service.getTemplate(ctx.db, kind, req.params.id))
  r.get(`${path}/versions/:id`, { config, schema: { tags, summary: `${noun}的历史版本`, params: idParams } },
    async (req) => service.templateVersions(ctx.db, kind, req.params.id))
  r.get(`${path}/version/:versionId`, {
    config,
    schema: { tags, summary: `${noun}的某个版本（保存后不再改变）`, params: z.object({ versionId: idParam().describe('版本编号') }) },
  }, async (req) => service.getTemplateVersion(ctx.db, kind, req.params.versionId))
}
