import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { framedPolicy } from './securityHeaders.js'

/**
 * The built web app (web/dist), served from the same origin as the API.
 *
 * - Files under assets/ carry a content hash in their name (Vite): cached for good (`immutable`).
 *   The page (index.html) is revalidated on every load (`no-cache`), so a new release is picked up
 *   at once; the few other files without a hash (favicon.svg) are kept a day.
 * - The build leaves a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file
 *   (web/precompress.ts); the copy the browser accepts is sent as it is, Brotli first. Nothing is
 *   compressed while answering, and files already compressed (pictures, woff2) have no copies.
 * - The app's own routes (/login, /by_agent/index, ...) all answer index.html, held in memory with
 *   its copies and a weak ETag, so a reload over a slow link costs one small 304.
 * - A route named in `framed` may be shown in other sites' frames (the sites given), every other page
 *   in none.
 */
export const HASHED_FILE_CACHE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'
export const UNHASHED_FILE_CACHE = 'public, max-age=86400'

export type ContentEncoding = 'br' | 'gzip'

/**
 * The encoding to answer with for an Accept-Encoding header: Brotli when accepted, else gzip,
 * else none. A token with q=0 is refused; `*` stands for the tokens not named.
 */
export function acceptedEncoding(header: string | string[] | undefined, available: readonly ContentEncoding[] = ['br', 'gzip']): ContentEncoding | null {
  if (!header) return null
  const q = new Map<string, number>()
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';')
    if (!token) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = qParam ? Number(qParam.slice(2)) : 1
    q.set(token, Number.isFinite(value) ? value : 0)
  }
  for (const encoding of available) {
    if ((q.get(encoding) ?? q.get('*') ?? 0) > 0) return encoding
  }
  return null
}

interface IndexPage {
  etag: string
  bodies: { identity: Buffer } & Partial<Record<ContentEncoding, Buffer>>
}

const readIfPresent = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined)

function loadIndexPage(webDist: string): IndexPage | null {
  const file = path.join(webDist, 'index.html')
  const identity = readIfPresent(file)
  if (!identity) return null
  const br = readIfPresent(`${file}.br`)
  const gzip = readIfPresent(`${file}.gz`)
  return {
    // weak: the same page whichever encoding carries it
    etag: `W/"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    bodies: { identity, ...(br && { br }), ...(gzip && { gzip }) },
  }
}

export interface WebApp {
  /** answers index.html (for the app's routes); false when the request is not a page load */
  sendPage(req: FastifyRequest, reply: FastifyReply): boolean
  /** serves the files of web/dist */
  register(app: FastifyInstance): Promise<void>
}

/** The web app in `webDist`, or null when there is none (tests, a server built without it). */
export function loadWebApp(webDist: string | undefined, framed: Record<string, string[]> = {}): WebApp | null {
  if (!webDist) return null
  const framedPolicies = new Map(Object.entries(framed).map(([route, ancestors]) => [route, framedPolicy(ancestors)]))
  const page = loadIndexPage(webDist)
  if (!page) return null
  const available = (['br', 'gzip'] as const).filter((e) => page.bodies[e])
  const assetsDir = path.join(webDist, 'assets') + path.sep
  // the served file may be the .br or .gz copy
  const cachePolicy = (filePath: string) =>
    filePath.startsWith(assetsDir) ? HASHED_FILE_CACHE : /\.html(\.br|\.gz)?$/.test(filePath) ? REVALIDATE : UNHASHED_FILE_CACHE

  return {
    sendPage(req, reply) {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url.startsWith('/api/')) return false
      const policy = framedPolicies.get(req.url.split('?')[0]!)
      if (policy) {
        reply.header('content-security-policy', policy)
        // helmet set it on the raw answer as the request came in
        reply.raw.removeHeader('x-frame-options')
      }
      reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', 'accept-encoding').header('etag', page.etag)
      if (req.headers['if-none-match']?.split(',').some((t) => t.trim() === page.etag)) {
        reply.code(304).send()
        return true
      }
      const encoding = acceptedEncoding(req.headers['accept-encoding'], available)
      if (encoding) reply.header('content-encoding', encoding)
      reply.send(page.bodies[encoding ?? 'identity'])
      return true
    },

    async register(app) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        preCompressed: true,
        // the copies are found beside their file; they are not URLs of their own
        globIgnore: ['**/*.br', '**/*.gz'],
        // set per file below
        cacheControl: false,
        setHeaders(res, filePath) {
          res.setHeader('cache-control', cachePolicy(filePath))
          res.setHeader('vary', 'accept-encoding')
        },
      })
    },
  }
}
