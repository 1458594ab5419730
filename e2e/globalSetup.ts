import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTemplate } from '../server/test/databaseTemplate'
import { DATA_TEMPLATE_ENV, startServer } from './server'

/**
 * Before the browser tests: what a first start leaves behind, which each test server then starts
 * from instead of creating, migrating and seeding its own database (~6 s a server, ~2 s from a
 * copy). On PGlite a data directory the built server made on its first start; on PostgreSQL
 * (TEST_DATABASE_URL) a migrated, seeded template database.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return createTemplate(process.env.TEST_DATABASE_URL)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-template-'))
  const server = await startServer({ DATA_DIR: dir })
  await server.stop()
  process.env[DATA_TEMPLATE_ENV] = dir
  return async () => fs.rmSync(dir, { recursive: true, force: true })
}
