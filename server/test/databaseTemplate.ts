import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { testConfig } from '../src/config.js'
import { openDatabase, type Db } from '../src/db/client.js'
import { seed } from '../src/seed.js'
import * as schema from '../src/db/schema/index.js'
import { PGLITE_EXTENSIONS } from '../src/db/pgliteExtensions.js'
import { runOn, TEMPLATE_DATABASE_ENV } from './scratchDatabase.js'

export const ADMIN_PASSWORD = 'Admin@123456'

/**
 * One migrated and seeded database per test run, which each test server's database starts as a copy
 * of: on PGlite a dump of its data directory (opening a copy takes ~0.8 s, creating, migrating and
 * seeding one ~3.3 s), on PostgreSQL a template database. The run's global set-up makes it and names it in
 * TEMPLATE_FILE_ENV or TEMPLATE_DATABASE_ENV; without them (a bench, a file run some other way) each
 * server migrates its own.
 */
export const TEMPLATE_FILE_ENV = 'TEST_PGLITE_TEMPLATE'

/** Makes the run's template; the answer removes it again. */
export async function createTemplate(serverUrl: string | undefined): Promise<() => Promise<void>> {
  const { migrationsDir } = testConfig()
  if (serverUrl) {
    const name = `tmpl_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
    await runOn(serverUrl, `create database ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const database = await openDatabase({ databaseUrl: url.toString(), migrationsDir })
    try {
      await database.migrate()
      await seed(database.db, { adminPassword: ADMIN_PASSWORD })
    } finally {
      await database.close()
    }
    process.env[TEMPLATE_DATABASE_ENV] = name
    return () => runOn(serverUrl, `drop database if exists ${name} with (force)`)
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
  const db = drizzle({ client, schema })
  await migrate(db, { migrationsFolder: migrationsDir })
  await seed(db as unknown as Db, { adminPassword: ADMIN_PASSWORD })
  const dump = await client.dumpDataDir('none')
  await client.close()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'))
  const file = path.join(dir, 'template.tar')
  fs.writeFileSync(file, new Uint8Array(await dump.arrayBuffer()))
  process.env[TEMPLATE_FILE_ENV] = file
  return async () => fs.rmSync(dir, { recursive: true, force: true })
}

let templateBytes: Uint8Array<ArrayBuffer> | undefined
/** The PGlite template's bytes, read once per test file. */
export function pgliteTemplate(): Uint8Array<ArrayBuffer> | undefined {
  const file = process.env[TEMPLATE_FILE_ENV]
  if (!file) return undefined
  templateBytes ??= new Uint8Array(fs.readFileSync(file))
  return templateBytes
}
