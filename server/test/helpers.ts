import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { buildApp, type App } from '../src/app.js'
import { testConfig, type Config } from '../src/config.js'
import { openDatabase, type Database } from '../src/db/client.js'
import { seed } from '../src/seed.js'
import { encryptPassword } from '../src/platform/rsa.js'
import { ADMIN_PASSWORD, pgliteTemplate } from './databaseTemplate.js'
import { createScratchDatabase, TEMPLATE_DATABASE_ENV } from './scratchDatabase.js'

export { ADMIN_PASSWORD }

export type TestApp = App

/**
 * A server on a database of its own: in-memory PGlite, or, with TEST_DATABASE_URL, a fresh
 * PostgreSQL database that `close()` drops again.
 */
export async function createTestApp(overrides: Partial<Config> = {}, beforeReady?: (app: App) => void) {
  const config = testConfig(overrides)
  let database: Database
  let drop = async () => {}
  const serverUrl = process.env.TEST_DATABASE_URL
  // a copy of the run's template is migrated and seeded already
  let copied: boolean
  if (serverUrl) {
    const templateDatabase = process.env[TEMPLATE_DATABASE_ENV]
    const scratch = await createScratchDatabase(serverUrl, 't', templateDatabase)
    database = await openDatabase({ databaseUrl: scratch.url, migrationsDir: config.migrationsDir })
    drop = scratch.drop
    copied = Boolean(templateDatabase)
  } else {
    const template = pgliteTemplate()
    database = await openDatabase({ inMemory: true, template, migrationsDir: config.migrationsDir })
    copied = Boolean(template)
  }
  if (!copied) {
    await database.migrate()
    await seed(database.db, { adminPassword: ADMIN_PASSWORD })
  }
  const app = await buildApp(config, database)
  try {
    beforeReady?.(app)
    await app.ready()
  } catch (err) {
    await app.close().catch(() => undefined)
    await drop()
    throw err
  }
  return {
    app,
    ctx: app.ctx,
    db: database.db,
    async close() {
      await app.close()
      await drop()
    },
    encrypt: (password: string, ts?: number) => encryptPassword(app.ctx.cipher.publicKeyPem, password, ts),
    async login(username: string, password: string, extra: Record<string, unknown> = {}) {
      const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password: encryptPassword(app.ctx.cipher.publicKeyPem, password), ...extra } })
      return res
    },
    /** GET/POST with a bearer token; answers the parsed envelope plus the HTTP status */
    async call(token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
      return answerOf(await app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as never }))
    },
    /** POSTs a `multipart()` body with a bearer token; answers like `call` */
    async upload(token: string, url: string, form: Multipart) {
      return answerOf(await app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...bearer(token) } }))
    },
    async token(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await this.login(username, password)
      const body = res.json()
      if (body.code !== 200) throw new Error(`login failed: ${res.body}`)
      return body.data.token as string
    },
  }
}

export type TestEnv = Awaited<ReturnType<typeof createTestApp>>

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The parsed envelope plus the HTTP status; a body that is not JSON comes back as the message. */
function answerOf(res: LightMyRequestResponse) {
  let body: { code: number; message: string; data: any }
  try { body = res.json() } catch { body = { code: res.statusCode, message: res.body, data: null } }
  return { status: res.statusCode, ...body }
}

/** A file of a multipart body; `type` is application/octet-stream unless given. */
export interface FilePart { name: string; type?: string; data: Buffer }
export type Multipart = ReturnType<typeof multipart>

/** A multipart/form-data body for `app.inject` (`payload`, `headers`): the text fields first, then the file as field "file". */
export function multipart({ file, fields = {} }: { file?: FilePart; fields?: Record<string, string> }) {
  const boundary = `----test${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  if (file) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`
    parts.push(Buffer.from(head), file.data, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
