import { materialBody, materialFilters, materialQuery, materialTypeBody, materialTypeFilters, materialTypeQuery, materialUpdateBody } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { crudRoutes } from '../../platform/crudRoutes.js'
import * as service from './service.js'

/**
 * 物料类型 (/materialType/*) and 物料 (/material/*): headquarters' lists (permissions materialType and
 * material), and `/material/options`, the materials in use for every base's stock, order and sale forms.
 */
export function materialRoutes(app: FastifyInstance, ctx: AppContext) {
  crudRoutes(app, {
    path: '/materialType', noun: '物料类型', config: { access: { permission: 'materialType', hq: true } },
    query: materialTypeQuery, centerSize: 1000, find: (_req, q) => service.findMaterialTypes(ctx.db, q),
    body: materialTypeBody, save: (req, body) => service.saveMaterialType(ctx.db, authOf(req), body),
    updateBody: materialTypeBody, update: (req, id, body) => service.updateMaterialType(ctx.db, authOf(req), id, body),
    remove: (req, id) => service.deleteMaterialType(ctx.db, authOf(req), id),
    exportQuery: materialTypeFilters, exporter: service.materialTypeExport,
    exportRows: (_auth, q) => service.allMaterialTypes(ctx.db, q),
  })

  crudRoutes(app, {
    path: '/material', noun: '物料', config: { access: { permission: 'material', hq: true } },
    summary: { update: '编辑物料（只改所传字段；停用、启用传 retired）', delete: '删除物料（已有库存或记录的物料只能停用）' },
    query: materialQuery, centerSize: 1000, find: (_req, q) => service.findMaterials(ctx.db, q),
    body: materialBody, save: (req, body) => service.saveMaterial(ctx.db, authOf(req), body),
    updateBody: materialUpdateBody, update: (req, id, body) => service.updateMaterial(ctx.db, authOf(req), id, body),
    remove: (req, id) => service.deleteMaterial(ctx.db, authOf(req), id),
    exportQuery: materialFilters, exporter: service.materialExport,
    exportRows: (_auth, q) => service.allMaterials(ctx.db, q),
  })

  app.withTypeProvider<ZodTypeProvider>().post('/material/options', {
    config: { access: { anyOf: ['material', 'company_material', 'sale'] } },
    schema: { tags: ['物料'], summary: '在用物料（库存、供货、销售选择用，最多1000种）', body: materialFilters.omit({ status: true }).optional() },
  }, async (req) => service.materialOptions(ctx.db, req.body ?? {}))
}
