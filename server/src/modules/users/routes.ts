import { idParam, Msg, updatePasswordBody } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import * as users from './service.js'

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['用户']
  const idParams = z.object({ id: idParam().describe('用户编号') })

  r.get('/users/info', { config: { access: 'session' }, schema: { tags, summary: '当前用户信息、菜单与权限' } },
    async (req) => users.userInfo(ctx.db, ctx.menus, authOf(req)))

  r.get('/users/getProfile/:id', { config: { access: 'session' }, schema: { tags, summary: '个人信息', params: idParams } },
    async (req) => users.getProfile(ctx.db, authOf(req), req.params.id))

  r.post('/users/updatePassword/:id', {
    config: { access: 'session' },
    schema: { tags, summary: '修改自己的密码（其他会话随之失效）', params: idParams, body: updatePasswordBody },
  }, async (req) => {
    await users.updateOwnPassword(ctx.db, ctx.cipher, authOf(req), req.params.id, req.body.password)
    return done(null, Msg.passwordUpdated)
  })

  r.post('/users/changeCompany/:companyId/:userId', {
    config: { access: 'session' },
    schema: {
      tags, summary: '切换当前所属基地',
      params: z.object({ companyId: idParam().describe('基地编号'), userId: idParam().describe('用户编号') }),
    },
  }, async (req) => done(await users.changeCompany(ctx.db, authOf(req), req.params.companyId, req.params.userId), Msg.companyChanged))
}
