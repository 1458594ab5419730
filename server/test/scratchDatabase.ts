import crypto from 'node:crypto'
import pg from 'pg'

/**
 * A fresh database on a PostgreSQL server (TEST_DATABASE_URL) for one test file or e2e run;
 * `drop()` removes it again, ending any connection still open, since the server outlives the tests.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await run(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}
