import crypto from 'node:crypto'
import pg from 'pg'

/** the PostgreSQL template database of the run (databaseTemplate.ts), named here for the light importers (e2e) */
export const TEMPLATE_DATABASE_ENV = 'TEST_TEMPLATE_DATABASE'

/**
 * A fresh database on a PostgreSQL server (TEST_DATABASE_URL) for one test file or e2e run, empty
 * or a copy of `template`; `drop()` removes it again, ending any connection still open, since the
 * server outlives the tests.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  await runOn(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => runOn(serverUrl, `drop database if exists ${name} with (force)`) }
}

export async function runOn(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
