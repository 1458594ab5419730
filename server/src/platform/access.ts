import type { Permission } from '@app/contract'
import { Msg, ResultCode } from '@app/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/client.js'
import { ForbiddenError, SessionError } from './errors.js'
import type { RoleInfo, RoleRegistry } from './roles.js'
import { resolveSession, type SessionUser } from './sessions.js'
import { isHeadquarters } from './tenancy.js'

/**
 * Every API route declares who may call it: 'public', any signed-in 'session', a permission key, or
 * `{ anyOf: [...] }`, a user holding one of several permissions; `{ permission, hq: true }` also
 * limits it to headquarters' users, whatever their role allows.
 * A route without a declaration fails at start-up, so nothing is open by omission.
 */
export type Access = 'public' | 'session' | Permission | { permission: 'session' | Permission; hq: true } | { anyOf: readonly Permission[] }

/** Who may call a route: 'public', any signed-in user ('session'), or a user holding one of the permissions. */
export type Allowed = 'public' | 'session' | readonly Permission[]

function accessRule(access: Access): { allowed: Allowed; hq: boolean } {
  const permit = (p: 'public' | 'session' | Permission): Allowed => (p === 'public' || p === 'session' ? p : [p])
  if (typeof access === 'string') return { allowed: permit(access), hq: false }
  if ('anyOf' in access) return { allowed: access.anyOf, hq: false }
  return { allowed: permit(access.permission), hq: access.hq }
}

/** The signed-in caller as services see it. */
export type Auth = SessionUser & { role: RoleInfo }

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
  interface FastifyRequest {
    auth: (Auth & { token: string }) | null
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice(7).trim()
  const alt = req.headers.token
  return typeof alt === 'string' && alt ? alt : null
}

/** The signed-in user of a route that is not public (the hook guarantees it is there). */
export function authOf(req: FastifyRequest) {
  if (!req.auth) throw new SessionError(ResultCode.ILLEGAL_TOKEN)
  return req.auth
}

export interface ApiRoute {
  method: string
  url: string
  /** who may call it; `hq`: headquarters' users only */
  access: Allowed
  hq: boolean
  /** `consumes` and `produces`: the content types it takes and answers where not JSON (an upload, a PDF) */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; consumes?: string[]; produces?: string[] }
}

/** Registers the access hooks; `routes` collects every API route (tests walk them all). */
export function registerAccess(app: FastifyInstance, db: Db, roles: RoleRegistry, routes: ApiRoute[]) {
  app.decorateRequest('auth', null)

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return
    if (!route.config?.access) throw new Error(`route ${route.method} ${route.url} declares no access`)
    const { allowed, hq } = accessRule(route.config.access)
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: allowed, hq, schema: route.schema as ApiRoute['schema'] })
    }
  })

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access
    if (!access || access === 'public') return
    const token = bearerToken(req)
    if (!token) throw new SessionError(ResultCode.ILLEGAL_TOKEN)
    const session = await resolveSession(db, token)
    const role = roles.get(session.roleId)
    req.auth = { ...session, role, token }
    const { allowed, hq } = accessRule(access)
    if (typeof allowed !== 'string' && !allowed.some((p) => role.permissions.has(p))) throw new ForbiddenError()
    if (hq && !isHeadquarters(session)) throw new ForbiddenError(Msg.headquartersOnly)
  })
}
