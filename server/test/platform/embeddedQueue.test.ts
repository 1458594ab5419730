import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { testConfig } from '../../src/config.js'
import { openDatabase, type Database } from '../../src/db/client.js'

// the embedded database only: PostgreSQL runs queries on connections of its own
let database: Database
beforeAll(async () => {
  database = await openDatabase({ inMemory: true, migrationsDir: testConfig().migrationsDir })
})
afterAll(async () => database?.close())
// each test is new work: it starts after the previous test's answers have been taken
beforeEach(() => new Promise<void>((resolve) => setImmediate(resolve)))

const query = (tag: string, order: string[]) =>
  database.db.execute(sql`select count(*) from generate_series(1, 20000)`).then(() => { order.push(tag) })

/** Holds the database in a transaction until `release` is called, so that queries queue up behind it. */
function holdDatabase() {
  let release!: () => void
  const released = new Promise<void>((resolve) => { release = resolve })
  const held = database.db.transaction(async () => released)
  return { release, held }
}

describe('the embedded database under load', () => {
  test('queued queries let the event loop in between, so requests arriving meanwhile are read', async () => {
    const order: string[] = []
    const queries = Array.from({ length: 20 }, (_, i) => query(`q${i}`, order))
    // stands for a socket with a new request on it: it is read at the next turn of the event loop
    const read = new Promise<number>((resolve) => setImmediate(() => resolve(order.length)))
    await Promise.all(queries)
    expect(await read).toBeLessThan(3)
  })

  test('a request that has started is served before requests that arrived after it', async () => {
    const order: string[] = []
    const request = async (name: string, queries: number) => {
      for (let i = 1; i <= queries; i++) await query(`${name} ${i}`, order)
    }
    const { release, held } = holdDatabase()
    const first = request('first', 3)
    // the second request is read from its socket later, while the first waits for the database
    const second = new Promise((r) => setTimeout(r, 5)).then(() => request('second', 2))
    await new Promise((r) => setTimeout(r, 20))
    release()
    await Promise.all([held, first, second])
    expect(order).toEqual(['first 1', 'first 2', 'first 3', 'second 1', 'second 2'])
  })

  test('a long run of queries takes its place at the back after a few turns', async () => {
    const order: string[] = []
    const { release, held } = holdDatabase()
    const exporting = (async () => {
      for (let i = 1; i <= 20; i++) await query(`export ${i}`, order)
    })()
    const other = new Promise((r) => setTimeout(r, 5)).then(() => query('other', order))
    await new Promise((r) => setTimeout(r, 20))
    release()
    await Promise.all([held, exporting, other])
    expect(order.indexOf('other')).toBeLessThan(12)
  })

  test('transactions take their turn in the same queue as queries', async () => {
    const order: string[] = []
    const { release, held } = holdDatabase()
    const q = query('query', order)
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`select 1`)
      order.push('transaction')
    })
    release()
    await Promise.all([held, q, tx])
    expect(order).toEqual(['query', 'transaction'])
  })
})
