import { gridLayout, USER_SETTING_MAX_BYTES, UserSettingMsg, userSettingParams } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import * as settings from './service.js'

/** A body this much over the value's limit is refused before it is parsed (413). */
const BODY_LIMIT = 4 * USER_SETTING_MAX_BYTES

/** Every signed-in user reads and writes their own settings, and no one else's (no user id in the URL). */
export function userSettingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['用户设置']

  r.get('/users/settings/:key', {
    config: { access: 'session' },
    schema: { tags, summary: '读取自己的设置（如运单列表的列顺序、隐藏列和列宽；未保存过为 null）', params: userSettingParams },
  }, async (req) => settings.getSetting(ctx.db, authOf(req), req.params.key))

  // every key holds a grid layout today; a key of another shape adds its schema to USER_SETTING_SCHEMAS
  r.put('/users/settings/:key', {
    config: { access: 'session' },
    bodyLimit: BODY_LIMIT,
    schema: { tags, summary: `保存自己的设置（不超过 ${USER_SETTING_MAX_BYTES / 1024} KB）`, params: userSettingParams, body: gridLayout },
  }, async (req) => done(await settings.putSetting(ctx.db, authOf(req), req.params.key, req.body), UserSettingMsg.saved))
}
