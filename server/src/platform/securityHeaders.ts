import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * The Content-Security-Policy the built web app runs under: its own scripts only; styles inline too
 * (antd's CSS-in-JS writes <style> elements and style attributes); pictures also from data: and blob:
 * (upload previews); nobody may frame it (but the public big screen: `framedPolicy`). No upgrade-insecure-requests: the product is also served
 * over plain http on LAN addresses, where upgrading its requests to https would break every one.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

const policyText = (directives: Record<string, string[]>) =>
  Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`).join(';')

/**
 * The policy of a page other sites may show in a frame (the public big screen, whose signed link is all
 * it takes and which has nothing to click): the same, but framed by `ancestors`.
 */
export const framedPolicy = (ancestors: string[]) => policyText({ ...CONTENT_SECURITY_POLICY, 'frame-ancestors': ancestors })

/**
 * The same headers for the few answers Fastify's router gives before any hook runs (a bad URL
 * encoding, an over-long path segment), where helmet's hook cannot add them.
 */
export const ROUTER_ANSWER_HEADERS: Record<string, string> = {
  'content-security-policy': policyText(CONTENT_SECURITY_POLICY),
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
}

/**
 * Security headers on every answer (API, web app, static files, Swagger UI): the policy above,
 * X-Frame-Options DENY, Referrer-Policy no-referrer (sign-in links carry a token in their query),
 * X-Content-Type-Options nosniff. HSTS is left to the TLS terminator in front of the server.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  })
}
