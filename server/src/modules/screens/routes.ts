import { HQ_COMPANY_ID, Msg, screenEmbedQuery, screenLinkBody, screenLinkLifetime, ScreenMsg, screenQuery, type ScreenData } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { authOf, type Auth } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { ForbiddenError } from '../../platform/errors.js'
import { perIpPerMinute } from '../../platform/rateLimit.js'
import { scopeCompany } from '../../platform/tenancy.js'
import { ShortCache } from './cache.js'
import { screenFigures } from './figures.js'
import { existingLinkKey, makeScreenLink, verifyScreenLink } from './links.js'

/** How long a scope's figures are served from memory: a few seconds, well under a screen's 30 s refresh. */
export const SCREEN_CACHE_MS = 5_000
/** How long a scope's link key is kept once found: keys are made once and never change. */
export const SCREEN_KEY_CACHE_MS = 10 * 60_000
/** Embed-page reads a minute from one client address: a wall of fifty screens behind one address takes 100. */
export const SCREEN_EMBED_PER_MINUTE = 600

/**
 * The scope a signed-in user's screen shows: a base (its own, or for headquarters the one named), or
 * null for every base, which headquarters' own id also means and which needs the permission `screen`.
 */
export function screenScope(auth: Auth, requested?: number | null): number | null {
  const company = scopeCompany(auth, requested)
  const scope = company === HQ_COMPANY_ID ? null : company
  if (scope === null && !auth.role.permissions.has('screen')) throw new ForbiddenError(Msg.forbidden)
  return scope
}

/**
 * Big screens (数据大屏): today's figures for a signed-in user (permission screen or base_screen), a
 * signed embed link, and the public figures of such a link. Figures are kept per scope for
 * SCREEN_CACHE_MS and the link keys for SCREEN_KEY_CACHE_MS, so a refresh of an open screen reads the
 * database at most once per scope and period (two statements: the bases and the figures).
 */
export function screenRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { access: { anyOf: ['screen', 'base_screen'] as const } }
  const tags = ['数据大屏']
  const figures = new ShortCache<ScreenData>(SCREEN_CACHE_MS)
  const keys = new ShortCache<string | null>(SCREEN_KEY_CACHE_MS)
  // a scope without a key yet is not remembered as such: its first link must open at once
  const keyOf = async (companyId: number) => {
    const key = await keys.get(String(companyId), () => existingLinkKey(ctx.db, companyId))
    if (key === null) keys.forget(String(companyId))
    return key
  }
  const figuresOf = (scope: number | null) => figures.get(String(scope ?? 'all'), () => screenFigures(ctx.db, scope))

  r.get('/screen/data', { config, schema: { tags, summary: '大屏数据：今日检验、预约、运单与磅差告警、测量与异常占比（总部全部或按基地，基地本基地）', querystring: screenQuery } },
    async (req) => figuresOf(screenScope(authOf(req), req.query.companyId)))

  r.post('/screen/embed/link', { config, schema: { tags, summary: '生成大屏嵌入链接（基地、时间与签名；默认24小时内有效）', body: screenLinkBody } },
    async (req) => {
      const link = await makeScreenLink(ctx.db, screenScope(authOf(req), req.body.companyId), `${req.protocol}://${req.host}`, ctx.config.screenLinkMs)
      return done(link, ScreenMsg.linkCreated(screenLinkLifetime(ctx.config.screenLinkMs)))
    })

  r.get('/screen/embed/data', {
    config: { access: 'public', ...perIpPerMinute('screen', SCREEN_EMBED_PER_MINUTE) },
    schema: { tags, summary: '公开：嵌入链接的大屏数据（companyId、timestamp 与 signature；签名不符或过期则拒绝）', querystring: screenEmbedQuery },
  }, async (req) => {
    const scope = await verifyScreenLink(req.query, keyOf, ctx.config.screenLinkMs)
    return figuresOf(scope)
  })
}
