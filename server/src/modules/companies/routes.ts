import {
  companyFindBody, CompanyMsg, companySaveBody, companyUpdateBody, filterText, idParam, materialOrderFindBody,
  materialOrderSaveBody, Msg, reservationPlanFindBody, reservationPlanSaveBody,
} from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { exportCompany, exportParams } from '../../platform/exports.js'
import * as service from './service.js'

export function companyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const deps: service.CompanyDeps = { db: ctx.db, cipher: ctx.cipher, roles: ctx.roles, files: ctx.files }
  const tags = ['基地']
  const idParams = z.object({ id: idParam().describe('基地编号') })

  r.post('/company/find', {
    config: { access: 'agent' },
    schema: { tags, summary: '基地列表（名称、联系人、联系电话）', body: companyFindBody.optional() },
  }, async (req) => service.findCompanies(ctx.db, authOf(req), req.body ?? {}))

  r.post('/company/save', {
    config: { access: 'agent' },
    schema: { tags, summary: '新增基地（联系电话为主账号登录名）', body: companySaveBody },
  }, async (req) => done(await service.createCompany(deps, authOf(req), req.body), Msg.created))

  r.route({
    method: ['POST', 'PUT'], url: '/company/update/:id',
    config: { access: 'agent' },
    schema: { tags, summary: '编辑基地（总部不可编辑，联系电话不可修改）', params: idParams, body: companyUpdateBody },
    handler: async (req) => done(await service.updateCompany(deps, authOf(req), req.params.id, req.body), Msg.updated),
  })

  r.route({
    method: ['DELETE', 'POST'], url: '/company/delete/:id',
    config: { access: 'agent' },
    schema: { tags, summary: '注销基地：删除该基地的全部用户和数据（总部不可注销）', params: idParams },
    handler: async (req) => done(await service.deregisterCompany(deps, authOf(req), req.params.id), CompanyMsg.deregistered),
  })

  r.get('/company/export/:companyId', {
    config: { access: 'agent' },
    schema: {
      tags, summary: '导出基地列表（CSV，UTF-8 BOM）', params: exportParams,
      querystring: z.object({ name: filterText('基地名称'), contactor: filterText('联系人'), phone: filterText('联系电话') }),
    },
  }, async (req, reply) => service.companyExport.send(reply, service.allCompanies(ctx.db, authOf(req), req.query)))

  r.get('/company/getByDomain', {
    config: { access: 'public' },
    schema: { tags, summary: '按子域名查基地（登录页）', querystring: z.object({ domain: z.string().trim().min(1, { error: '子域名不能为空' }).max(253, { error: '子域名不能超过253个字符' }).describe('子域名') }) },
  }, async (req) => service.getByDomain(ctx.db, ctx.config.domainSuffix, req.query.domain))

  r.get('/company/get/:id', {
    config: { access: 'session' },
    schema: { tags, summary: '基地详情（非总部只能查看自己的基地）', params: idParams },
  }, async (req) => service.getCompany(ctx.db, authOf(req), req.params.id))

  r.get('/company/options', {
    config: { access: 'session' },
    schema: { tags, summary: '基地下拉选项（总部为全部基地）' },
  }, async (req) => service.companyOptions(ctx.db, authOf(req)))

  r.get('/company/settings', {
    config: { access: 'session' },
    schema: { tags, summary: '基地表单设置（子域名后缀）' },
  }, async () => ({ domainSuffix: ctx.config.domainSuffix }))

  // ---- supply (feed) orders
  r.post('/companyMaterialOrder/save', {
    config: { access: 'company_material' },
    schema: { tags, summary: '供货设置：采购基地从供货基地进货', body: materialOrderSaveBody },
  }, async (req) => done(await service.saveMaterialOrder(ctx.db, authOf(req), req.body), CompanyMsg.supplySaved))

  r.post('/companyMaterialOrder/find', {
    config: { access: 'company_material' },
    schema: { tags, summary: '供货关系列表', body: materialOrderFindBody.optional() },
  }, async (req) => service.findMaterialOrders(ctx.db, authOf(req), req.body?.buyCompanyId))

  r.route({
    method: ['DELETE', 'POST'], url: '/companyMaterialOrder/delete/:id',
    config: { access: 'company_material' },
    schema: { tags, summary: '删除供货关系', params: z.object({ id: idParam().describe('供货关系编号') }) },
    handler: async (req) => {
      await service.deleteMaterialOrder(ctx.db, authOf(req), req.params.id)
      return done(null, Msg.deleted)
    },
  })

  // ---- reservation plans
  r.post('/reservationPlan/save', {
    config: { access: 'reservation_plan' },
    schema: { tags, summary: '预约设置（日期、上午/下午、罐车类型、数量）', body: reservationPlanSaveBody },
  }, async (req) => done(await service.saveReservationPlan(ctx.db, authOf(req), req.body), CompanyMsg.planSaved))

  r.post('/reservationPlan/find', {
    config: { access: 'reservation' },
    schema: { tags, summary: '预约设置列表', body: reservationPlanFindBody.optional() },
  }, async (req) => service.findReservationPlans(ctx.db, authOf(req), req.body ?? {}))
}
