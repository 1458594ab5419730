import {
  CompanyMsg, idParam, Msg, RECHARGE_TYPES, rechargeAmountQuery, rechargeFilters, rechargeFindBody,
  rechargeQuery, rechargeSaveBody, rechargeUpdateBody,
} from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { exportRoute } from '../../platform/exportRoute.js'
import * as service from './service.js'

export function rechargeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['充值记录']
  const config = { access: 'recharge' as const }
  /** only headquarters tops bases up (a base never tops itself up) */
  const hqConfig = { access: { permission: 'recharge' as const, hq: true as const } }
  const idParams = z.object({ id: idParam().describe('充值记录编号') })

  r.post('/rechargeRecord/recharge', {
    config: hqConfig,
    schema: { tags, summary: '充值上传次数（记录操作人）', querystring: rechargeQuery },
  }, async (req) => done(await service.recharge(ctx.db, authOf(req), req.query, RECHARGE_TYPES.times), CompanyMsg.recharged))

  r.post('/rechargeRecord/rechargeAmount', {
    config: hqConfig,
    schema: { tags, summary: '扩容：增加子账号数量（记录操作人）', querystring: rechargeAmountQuery },
  }, async (req) => done(await service.recharge(ctx.db, authOf(req), req.query, RECHARGE_TYPES.userAmount), CompanyMsg.expanded))

  const find = {
    config,
    schema: { tags, summary: '充值记录列表（充值基地、充值时间）', body: rechargeFindBody.optional() },
  }
  r.post('/rechargeRecord/find', find, async (req) => service.findRecords(ctx.db, authOf(req), req.body ?? {}))
  r.post('/rechargeRecord/findCenter', find, async (req) => service.findRecords(ctx.db, authOf(req), req.body ?? {}))

  r.post('/rechargeRecord/save', {
    config: hqConfig,
    schema: { tags, summary: '新增充值记录（同时充值）', body: rechargeSaveBody },
  }, async (req) => done((await service.recharge(ctx.db, authOf(req), req.body, req.body.type)).record, Msg.created))

  r.route({
    method: ['PUT', 'POST'], url: '/rechargeRecord/update/:id',
    config: hqConfig,
    schema: { tags, summary: '修改充值次数（基地计数随之调整）', params: idParams, body: rechargeUpdateBody },
    handler: async (req) => done(await service.updateRecord(ctx.db, req.params.id, req.body.times), Msg.updated),
  })

  r.route({
    method: ['DELETE', 'POST'], url: '/rechargeRecord/delete/:id',
    config: hqConfig,
    schema: { tags, summary: '撤销充值记录（基地计数退回）', params: idParams },
    handler: async (req) => {
      await service.deleteRecord(ctx.db, req.params.id)
      return done(null, Msg.deleted)
    },
  })

  exportRoute(app, {
    url: '/rechargeRecord/export', config, tags, summary: '导出充值记录（CSV，UTF-8 BOM）；路径为总部时导出全部基地', query: rechargeFilters,
    exporter: service.rechargeExport, rows: (auth, q) => service.allRecords(ctx.db, auth, q),
  })
}
