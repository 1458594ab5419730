import { logisticsCompanyBody, logisticsCompanyFilters, logisticsCompanyIdQuery, logisticsCompanyQuery } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { crudRoutes } from '../../platform/crudRoutes.js'
import * as service from './service.js'

/** `/lCompany/*` (spec 001 §7): the logistics company list of the transport menu (permission transport). */
export function logisticsCompanyRoutes(app: FastifyInstance, ctx: AppContext) {
  const noun = '物流公司'
  const config = { access: 'transport' as const }
  crudRoutes(app, {
    path: '/lCompany', noun, config,
    summary: { find: '物流公司列表（名称、联系人、联系电话）', findCenter: '物流公司（不分页，最多 1000 个）' },
    query: logisticsCompanyQuery, centerSize: 1000, find: (req, q) => service.findLogisticsCompanies(ctx.db, authOf(req), q),
    body: logisticsCompanyBody, save: (req, body) => service.saveLogisticsCompany(ctx.db, authOf(req), body),
    updateBody: logisticsCompanyBody, update: (req, id, body) => service.updateLogisticsCompany(ctx.db, authOf(req), id, body),
    remove: (req, id) => service.deleteLogisticsCompany(ctx.db, authOf(req), id),
    exportQuery: logisticsCompanyFilters,
    exporter: service.logisticsCompanyExport,
    exportRows: (auth, q) => service.allLogisticsCompanies(ctx.db, auth, q),
  })

  app.withTypeProvider<ZodTypeProvider>().get('/lCompany/get/getLCompany', {
    config,
    schema: { tags: [noun], summary: '物流公司详情', querystring: logisticsCompanyIdQuery },
  }, async (req) => service.getLogisticsCompany(ctx.db, authOf(req), req.query.id))
}
