import {
  companyDomainQuery, companyFilters, companyFindBody, CompanyMsg, companySaveBody, companyUpdateBody, idParam, Msg,
} from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { readPublicPicture } from '../../platform/attachments.js'
import { NotFoundError } from '../../platform/errors.js'
import { exportRoute } from '../../platform/exportRoute.js'
import { deregisterCompany } from './deregister.js'
import * as service from './service.js'

export function companyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const deps: service.CompanyDeps = { db: ctx.db, cipher: ctx.cipher, roles: ctx.roles }
  const tags = ['基地']
  const config = { access: 'agent' as const }
  /** only headquarters manages bases */
  const hqConfig = { access: { permission: 'agent' as const, hq: true as const } }
  const idParams = z.object({ id: idParam().describe('基地编号') })

  r.post('/company/find', {
    config,
    schema: { tags, summary: '基地列表（名称、联系人、联系电话）', body: companyFindBody.optional() },
  }, async (req) => service.findCompanies(ctx.db, authOf(req), req.body ?? {}))

  r.post('/company/save', {
    config: hqConfig,
    schema: { tags, summary: '新增基地（联系电话为主账号的账号）', body: companySaveBody },
  }, async (req) => done(await service.createCompany(deps, authOf(req), req.body), Msg.created))

  r.route({
    method: ['POST', 'PUT'], url: '/company/update/:id',
    config: hqConfig,
    schema: { tags, summary: '编辑基地（总部不可编辑，联系电话不可修改）', params: idParams, body: companyUpdateBody },
    handler: async (req) => done(await service.updateCompany(deps, authOf(req), req.params.id, req.body), Msg.updated),
  })

  r.route({
    method: ['DELETE', 'POST'], url: '/company/delete/:id',
    config: hqConfig,
    schema: { tags, summary: '注销基地：删除该基地的全部用户和数据（总部不可注销）', params: idParams },
    handler: async (req) => done(await deregisterCompany(ctx, req.params.id), CompanyMsg.deregistered),
  })

  exportRoute(app, {
    url: '/company/export', config, tags, summary: '导出基地列表（CSV，UTF-8 BOM）', query: companyFilters,
    exporter: service.companyExport, rows: (auth, q) => service.allCompanies(ctx.db, auth, q),
  })

  r.get('/company/getByDomain', {
    config: { access: 'public' },
    schema: { tags, summary: '按子域名查基地（登录页）', querystring: companyDomainQuery },
  }, async (req) => service.getByDomain(ctx.db, ctx.config.domainSuffix, req.query.domain))

  // what the base's own login page shows: its picture, to anyone who opens its sub-domain
  r.get('/company/picture', {
    config: { access: 'public' },
    schema: { tags, summary: '按子域名取基地图片（登录页；缩略图）', querystring: companyDomainQuery, produces: ['image/jpeg', 'image/png', 'image/webp'] },
  }, async (req, reply) => {
    const base = await service.getByDomain(ctx.db, ctx.config.domainSuffix, req.query.domain)
    if (!base.picId) throw new NotFoundError(CompanyMsg.noPicture)
    const file = await readPublicPicture(ctx, base.picId, req.headers['if-none-match'])
    reply.header('etag', file.etag).header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff')
    if (file.notModified) return reply.code(304).send()
    return reply.header('content-type', file.mime).send(file.data)
  })

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
}
