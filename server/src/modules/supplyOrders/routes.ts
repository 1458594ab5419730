import { CompanyMsg, idParam, materialOrderFindBody, materialOrderSaveBody, Msg } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import * as service from './service.js'

export function supplyOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['基地']
  /** supply is set by headquarters; bases only read theirs */
  const hqConfig = { access: { permission: 'company_material' as const, hq: true as const } }

  r.post('/companyMaterialOrder/save', {
    config: hqConfig,
    schema: { tags, summary: '供货设置：采购基地从供货基地进货', body: materialOrderSaveBody },
  }, async (req) => done(await service.saveMaterialOrder(ctx.db, authOf(req), req.body), CompanyMsg.supplySaved))

  r.post('/companyMaterialOrder/find', {
    config: { access: 'company_material' },
    schema: { tags, summary: '供货关系列表', body: materialOrderFindBody.optional() },
  }, async (req) => service.findMaterialOrders(ctx.db, authOf(req), req.body?.buyCompanyId))

  r.route({
    method: ['DELETE', 'POST'], url: '/companyMaterialOrder/delete/:id',
    config: hqConfig,
    schema: { tags, summary: '删除供货关系', params: z.object({ id: idParam().describe('供货关系编号') }) },
    handler: async (req) => {
      await service.deleteMaterialOrder(ctx.db, req.params.id)
      return done(null, Msg.deleted)
    },
  })
}
