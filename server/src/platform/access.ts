import type { Permission } from '@app/contract'
import { ResultCode } from '@app/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/client.js'
import { ForbiddenError, SessionError } from './errors.js'
import type { RoleInfo, RoleRegistry } from './roles.js'
import { resolveSession, type SessionUser } from './sessions.js'

/**
 * Every API route declares who may call it: 'public', any signed-in 'session', or a permission key.
 * A route without a declaration fails at start-up, so nothing is open by omission.
 */
export type Access = 'public' | 'session' | Permission

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
  interface FastifyRequest {
    auth: (SessionUser & { role: RoleInfo; token: string }) | null
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
  access: Access
  schema?: { body?: unknown; querystring?: unknown; params?: unknown }
}

/** Registers the access hooks; `routes` collects every API route (tests walk them all). */
export function registerAccess(app: FastifyInstance, db: Db, roles: RoleRegistry, routes: ApiRoute[]) {
  app.decorateRequest('auth', null)

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return
    if (!route.config?.access) throw new Error(`route ${route.method} ${route.url} declares no access`)
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config.access, schema: route.schema as ApiRoute['schema'] })
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
    if (access !== 'session' && !role.permissions.has(access)) throw new ForbiddenError()
  })
}
