import { loginBody, mobile, Msg, resetByCodeBody } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf, bearerToken } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { perIpPerMinute } from '../../platform/rateLimit.js'
import { revokeSessionByToken } from '../../platform/sessions.js'
import { sendResetCode } from './resetCode.js'
import * as auth from './service.js'

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const deps: auth.AuthDeps = { db: ctx.db, cipher: ctx.cipher, roles: ctx.roles, sessionIdleMs: ctx.config.sessionIdleMs }
  const tags = ['登录与会话']

  r.get('/users/publicKey', { config: { access: 'public' }, schema: { tags, summary: '获取密码加密公钥' } },
    async () => ({ publicKey: ctx.cipher.publicKeyPem }))

  for (const url of ['/users/login', '/users/actions/login']) {
    r.post(url, {
      config: { access: 'public', ...perIpPerMinute('login', ctx.config.loginRatePerMinute) },
      schema: { tags, summary: '登录', body: loginBody },
    }, async (req) => done(await auth.login(deps, req.body, req.ip), Msg.loginOk))
  }

  r.post('/users/actions/logout', {
    config: { access: 'public' },
    schema: { tags, summary: '退出登录', querystring: z.object({ token: z.string().max(200).optional() }) },
  }, async (req) => {
    const token = bearerToken(req) ?? req.query.token
    if (token) await revokeSessionByToken(ctx.db, token, 'logout')
    return done(null, Msg.logoutOk)
  })

  r.post('/users/sendMsg/:phone', {
    config: { access: 'public', ...perIpPerMinute('sms', ctx.config.smsRatePerMinute) },
    schema: { tags, summary: '发送找回密码验证码（未注册的手机号同样答复，但不发送）', params: z.object({ phone: mobile().describe('手机号') }) },
  }, async (req) => {
    await sendResetCode(ctx.db, ctx.sms, req.params.phone)
    return done(null, Msg.sendOk)
  })

  r.post('/users/forgetPassword', {
    config: { access: 'public', ...perIpPerMinute('login', ctx.config.loginRatePerMinute) },
    schema: { tags, summary: '验证码重置密码', body: resetByCodeBody },
  }, async (req) => {
    await auth.resetPasswordByCode(deps, req.body)
    return done(null, Msg.passwordResetByCode)
  })

  r.post('/users/loginToken', {
    config: { access: 'session' },
    schema: { tags, summary: '生成一次性登录令牌' },
  }, async (req) => {
    const a = authOf(req)
    return auth.issueLoginToken(ctx.db, a.userId, a.companyId)
  })

  const tokenQuery = z.object({ token: z.string().min(1).max(200).describe('令牌') })
  r.get('/users/getByToken', {
    config: { access: 'public', ...perIpPerMinute('loginToken', ctx.config.loginRatePerMinute) },
    schema: { tags, summary: '查看令牌对应的用户', querystring: tokenQuery },
  }, async (req) => auth.describeLoginToken(ctx.db, req.query.token))

  r.get('/users/getLoginByToken', {
    config: { access: 'public', ...perIpPerMinute('loginToken', ctx.config.loginRatePerMinute) },
    schema: { tags, summary: '令牌登录（一次性）', querystring: tokenQuery },
  }, async (req) => done(await auth.loginByToken(deps, req.query.token), Msg.loginOk))
}
