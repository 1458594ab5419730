import { activityBody, activityDetailQuery, activityEditBody, ActivityMsg, activityQuery, idParam, type ActivityBody } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import * as service from './service.js'

/** The spec's activity calls (000 §7 "Activities and files"); permission activity. */
export function activityRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { access: 'activity' as const }
  const tags = ['活动']
  const idParams = z.object({ id: idParam().describe('活动编号') })

  r.get('/active/list', { config, schema: { tags, summary: '活动列表（按标题、时间筛选，默认每页20条）', querystring: activityQuery } },
    async (req) => service.findActivities(ctx.db, authOf(req), req.query))

  r.get('/active/:id', { config, schema: { tags, summary: '活动详情（带 userId 时答该会员是否在活动期间测量过）', params: idParams, querystring: activityDetailQuery } },
    async (req) => service.getActivity(ctx.db, authOf(req), req.params.id, req.query.userId))

  r.post('/active', { config, schema: { tags, summary: '新增活动（内容经服务器净化）', body: activityBody } },
    async (req) => done(await service.createActivity(ctx.db, authOf(req), req.body), ActivityMsg.created))

  r.post('/active/:id', { config, schema: { tags, summary: '编辑活动；body 为 { remove: true } 时删除活动', params: idParams, body: activityEditBody } }, async (req) => {
    const auth = authOf(req)
    if (req.body.remove) {
      await service.removeActivity(ctx, auth, req.params.id)
      return done(null, ActivityMsg.removed)
    }
    // the body schema checked it whole as an activity (activityEditBody)
    return done(await service.editActivity(ctx, auth, req.params.id, req.body as ActivityBody), ActivityMsg.updated)
  })
}
