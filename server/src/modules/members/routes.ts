import { idParam, IMPORT_MAX_BYTES, MEMBER_IMPORT_TEMPLATE_NAME, memberBody, memberImportQuery, MemberImportMsg, memberFilters, memberFindQuery, memberRevealBody, memberUpdateBody, Msg, optIdField, paging } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { contentDisposition, XLSX_TYPE } from '../../platform/download.js'
import { exportRoute } from '../../platform/exportRoute.js'
import { readUploadedFile } from '../../platform/upload.js'
import { importMembers, memberImportTemplate } from './import.js'
import * as service from './service.js'

/**
 * The spec's member calls (001 §7 "Members"), the logged reveal of an ID number or phone, the
 * departments, the export of the filtered list (masked) and the import from the template. Permission member.
 */
export function memberRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { access: 'member' as const }
  const tags = ['会员']
  const idParams = z.object({ id: idParam().describe('会员编号') })

  r.post('/testee/find', {
    config, schema: { tags, summary: '会员列表（groupId、page、size 在查询串，其余筛选在 body；默认每页20条；身份证号、手机号打码）', querystring: memberFindQuery, body: memberFilters.optional() },
  }, async (req) => service.findMembers(ctx.db, authOf(req), { ...req.body, ...req.query }))

  r.get('/testee/memberList/:id', {
    config, schema: { tags, summary: '一个部门的会员（分页）', params: z.object({ id: idParam().describe('部门编号') }), querystring: paging },
  }, async (req) => service.membersOfGroup(ctx.db, authOf(req), req.params.id, req.query))

  r.get('/testee/get/getUser', { config, schema: { tags, summary: '会员详情（身份证号、手机号打码）', querystring: z.object({ id: idParam().describe('会员编号') }) } },
    async (req) => service.getMember(ctx.db, authOf(req), req.query.id))

  r.post('/testee/delete/:id', { config, schema: { tags, summary: '删除会员（已有测量记录的不能删除）', params: idParams } }, async (req) => {
    await service.deleteMember(ctx.db, authOf(req), req.params.id)
    return done(null, Msg.deleted)
  })

  r.post('/testee/saveNew', { config, schema: { tags, summary: '登记会员（性别、出生日期、年龄取自身份证号）', body: memberBody } },
    async (req) => done(await service.saveMember(ctx.db, authOf(req), req.body), Msg.created))

  r.post('/testee/update', { config, schema: { tags, summary: '编辑会员（只改所传字段）', body: memberUpdateBody } },
    async (req) => done(await service.updateMember(ctx.db, authOf(req), req.body), Msg.updated))

  r.post('/testee/reveal/:id', {
    config, schema: { tags, summary: '查看完整的身份证号或手机号（总部管理员、基地管理员；每次查看记入日志）', params: idParams, body: memberRevealBody },
  }, async (req) => service.revealMember(ctx.db, authOf(req), req.params.id, req.body.field))

  r.get('/testee/groups', { config, schema: { tags, summary: '部门列表（含会员数）', querystring: z.object({ companyId: optIdField('基地') }) } },
    async (req) => service.memberGroups(ctx.db, authOf(req), req.query.companyId))

  exportRoute(app, {
    url: '/testee/export', config, tags, summary: '导出会员列表（xlsx，身份证号、手机号打码）', query: memberFilters.extend({ groupId: optIdField('部门') }),
    exporter: service.memberExport,
    rows: (auth, q) => service.allMembers(ctx.db, auth, q),
  })

  r.get('/testee/import/template', { config, schema: { tags, summary: '下载会员导入模板（xlsx）' } }, async (req, reply) => {
    const file = await memberImportTemplate(authOf(req))
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(MEMBER_IMPORT_TEMPLATE_NAME)).send(file)
  })

  r.post('/testee/import', {
    config,
    schema: { tags, summary: '从 xlsx 导入会员（先逐行校验；任一行有错误时整个文件不导入，答复列出行号）', querystring: memberImportQuery, consumes: ['multipart/form-data'] },
  }, async (req) => {
    const file = await readUploadedFile(req, IMPORT_MAX_BYTES, { empty: MemberImportMsg.fileRequired, tooLarge: MemberImportMsg.tooLarge })
    const result = await importMembers(ctx.db, ctx.fileJobs, authOf(req), file.buffer, req.query.companyId)
    return done(result, MemberImportMsg.imported(result.imported))
  })
}
