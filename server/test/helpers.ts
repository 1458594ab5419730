import { buildApp, type App } from '../src/app.js'
import { testConfig, type Config } from '../src/config.js'
import { openDatabase, type Database } from '../src/db/client.js'
import { seed } from '../src/db/seed.js'
import { encryptPassword } from '../src/platform/rsa.js'
import { createScratchDatabase } from './scratchDatabase.js'

export const ADMIN_PASSWORD = 'Admin@123456'

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
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 't')
    database = await openDatabase({ databaseUrl: scratch.url, migrationsDir: config.migrationsDir })
    drop = scratch.drop
  } else {
    database = await openDatabase({ inMemory: true, migrationsDir: config.migrationsDir })
  }
  await database.migrate()
  await seed(database.db, { adminPassword: ADMIN_PASSWORD })
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
      const res = await app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: payload as never })
      let body: { code: number; message: string; data: any }
      try { body = res.json() } catch { body = { code: res.statusCode, message: res.body, data: null } }
      return { status: res.statusCode, ...body }
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
