import {
  assignQuery, idParam, IMPORT_MAX_BYTES, importQuery, listUserAllQuery, Msg, nickNameParams, nickNameQuery, paging, relaDeleteQuery,
  resetPasswordBody, selectByCompanyQuery, updatePasswordBody, USER_IMPORT_TEMPLATE_NAME, UserAdminMsg, userFindBody, userImportMessage,
  userSaveBody, userUpdateBody,
} from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { contentDisposition, XLSX_TYPE } from '../../platform/download.js'
import { readUploadedFile } from '../../platform/upload.js'
import * as admin from './admin.js'
import { importTemplate, importUsers } from './import.js'
import * as lists from './list.js'
import * as users from './service.js'

const idParams = z.object({ id: idParam().describe('用户编号') })

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const deps: lists.UserAdminDeps = { db: ctx.db, cipher: ctx.cipher, roles: ctx.roles }
  const tags = ['用户']

  r.get('/users/info', { config: { access: 'session' }, schema: { tags, summary: '当前用户信息、菜单与权限' } },
    async (req) => users.userInfo(ctx.db, ctx.menus, authOf(req)))

  r.get('/users/getProfile/:id', { config: { access: 'session' }, schema: { tags, summary: '个人信息', params: idParams } },
    async (req) => users.getProfile(ctx.db, authOf(req), req.params.id))

  r.post('/users/updatePassword/:id', {
    config: { access: 'session' },
    schema: { tags, summary: '修改自己的密码（须输入当前密码；其他会话随之失效）', params: idParams, body: updatePasswordBody },
  }, async (req) => {
    await users.updateOwnPassword(ctx.db, ctx.cipher, authOf(req), req.params.id, req.body, req.ip)
    return done(null, Msg.passwordUpdated)
  })

  r.post('/users/changeCompany/:companyId/:userId', {
    config: { access: 'session' },
    schema: {
      tags, summary: '切换当前所属基地',
      params: z.object({ companyId: idParam().describe('基地编号'), userId: idParam().describe('用户编号') }),
    },
  }, async (req) => done(await users.changeCompany(deps, authOf(req), req.params.companyId, req.params.userId), Msg.companyChanged))

  adminRoutes(app, ctx, deps)
}

/** User administration (access 'user'): base administrators manage their own base, headquarters all. */
function adminRoutes(app: FastifyInstance, ctx: AppContext, deps: lists.UserAdminDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['用户管理']

  r.post('/users/find', {
    config: { access: 'user' },
    schema: { tags, summary: '用户列表（树形：主账号及其子账号；总部可按基地筛选）', body: userFindBody.optional() },
  }, async (req) => lists.findUsers(deps, authOf(req), req.body ?? {}))

  r.get('/users/listUserAll', {
    config: { access: 'user' },
    schema: { tags, summary: '全部用户（平铺，groupId 为基地）', querystring: listUserAllQuery },
  }, async (req) => lists.listUserAll(deps, authOf(req), req.query))

  r.post('/userComRela/get/selectByCompanyId', {
    config: { access: 'user' },
    schema: { tags, summary: '某基地的用户（数组）', querystring: selectByCompanyQuery, body: paging.optional() },
  }, async (req) => lists.usersOfCompany(deps, authOf(req), req.query.id, req.body ?? {}))

  r.route({
    method: ['DELETE', 'POST'], url: '/userComRela/deleteB',
    config: { access: 'user' },
    schema: { tags, summary: '把用户移出基地（账号保留）', querystring: relaDeleteQuery },
    handler: async (req) => {
      await admin.removeFromCompany(deps, authOf(req), req.query.userId, req.query.companyId)
      return done(null, Msg.deleted)
    },
  })

  // the lead-inspector picker of 开始检验 (trace); other roles need the user permission
  r.get('/users/getByNickName/:nickName', {
    config: { access: 'trace' },
    schema: {
      tags, summary: '某角色的用户（如检验员），限本基地；不含账号（手机号），只含尾号',
      params: nickNameParams,
      querystring: nickNameQuery,
    },
  }, async (req) => lists.usersByNickName(deps, authOf(req), req.params.nickName, req.query.companyId))

  r.get('/users/getOperatorAndBaseAdmin/:id', {
    config: { access: 'user' },
    schema: { tags, summary: '基地的操作员和基地管理员', params: z.object({ id: idParam().describe('基地编号') }) },
  }, async (req) => lists.operatorsAndBaseAdmins(deps, authOf(req), req.params.id))

  r.get('/users/roles', {
    config: { access: 'user' },
    schema: { tags, summary: '当前用户可分配的角色' },
  }, async (req) => admin.assignableRoles(ctx.roles, authOf(req)))

  r.post('/users/save', {
    config: { access: 'user' },
    schema: { tags, summary: '新增用户（parentId 时为子账号）', body: userSaveBody },
  }, async (req) => done(await admin.saveUser(deps, authOf(req), req.body), Msg.created))

  r.post('/users/assign', {
    config: { access: 'user' },
    schema: { tags, summary: '按手机号把用户分配到基地', querystring: assignQuery },
  }, async (req) => done(await admin.assignUser(deps, authOf(req), req.query.phone, req.query.companyId), Msg.assigned))

  r.route({
    method: ['POST', 'PUT'], url: '/users/update/:id',
    config: { access: 'user' },
    schema: { tags, summary: '编辑用户', params: idParams, body: userUpdateBody },
    handler: async (req) => done(await admin.updateUser(deps, authOf(req), req.params.id, req.body), Msg.updated),
  })

  r.post('/users/resetPassword/:id', {
    config: { access: 'user' },
    schema: { tags, summary: '管理员重置密码（用户下次登录须修改，现有登录失效）', params: idParams, body: resetPasswordBody },
  }, async (req) => {
    await admin.resetPassword(deps, authOf(req), req.params.id, req.body)
    return done(null, UserAdminMsg.passwordReset)
  })

  r.route({
    method: ['POST', 'DELETE'], url: '/users/delete/:id',
    config: { access: 'user' },
    schema: { tags, summary: '删除用户（主账号和自己不能删除）', params: idParams },
    handler: async (req) => {
      await admin.deleteUser(deps, authOf(req), req.params.id)
      return done(null, Msg.deleted)
    },
  })

  r.get('/users/importTemplate', {
    config: { access: 'user' },
    schema: { tags, summary: '下载用户导入模板（xlsx）' },
  }, async (req, reply) => {
    const file = await importTemplate(ctx.roles, authOf(req))
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(USER_IMPORT_TEMPLATE_NAME)).send(file)
  })

  r.post('/users/import', {
    config: { access: 'user' },
    schema: { tags, summary: '从 xlsx 导入用户（逐行校验，错误行返回行号，其余照常导入）', querystring: importQuery, consumes: ['multipart/form-data'] },
  }, async (req) => {
    const file = await readUploadedFile(req, IMPORT_MAX_BYTES, { empty: UserAdminMsg.importFileRequired, tooLarge: UserAdminMsg.importTooLarge })
    const result = await importUsers({ ...deps, fileJobs: ctx.fileJobs }, authOf(req), file.buffer, req.query.companyId)
    return done(result, userImportMessage(result))
  })
}
