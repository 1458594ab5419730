import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { testConfig } from '../../src/config.js'
import { openDatabase, type Database } from '../../src/db/client.js'

// the embedded database only: PostgreSQL runs queries on connections of its own.
// On its own thread (the default) up to 3 works are sent ahead to the database thread.
describe.each([
  { mode: 'on its own thread', thread: true, ahead: 2 },
  { mode: 'on the main thread (PGLITE_THREAD=0)', thread: false, ahead: 0 },
])('the embedded database under load, $mode', ({ thread, ahead }) => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true, migrationsDir: testConfig().migrationsDir, thread })
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

  test('queued queries let the event loop in between, so requests arriving meanwhile are read', async () => {
    const order: string[] = []
    const queries = Array.from({ length: 20 }, (_, i) => query(`q${i}`, order))
    // stands for a socket with a new request on it: it is read at the next turn of the event loop
    const read = new Promise<number>((resolve) => setImmediate(() => resolve(order.length)))
    await Promise.all(queries)
    expect(await read).toBeLessThan(3)
  })

  test('a request that has started is served before requests that arrived after it, but for those already sent ahead', async () => {
    const order: string[] = []
    const { release, held } = holdDatabase()
    const first = (async () => {
      for (let i = 1; i <= 3; i++) await query(`first ${i}`, order)
    })()
    // later requests are read from their sockets while the first waits for the database
    const later = new Promise((r) => setTimeout(r, 5)).then(() => Promise.all([1, 2, 3, 4, 5].map((i) => query(`later ${i}`, order))))
    await new Promise((r) => setTimeout(r, 20))
    release()
    await Promise.all([held, first, later])
    const at = (name: string) => order.indexOf(name)
    expect(at('first 1')).toBe(0)
    expect(at('first 2') - at('first 1') - 1).toBeLessThanOrEqual(ahead)
    expect(at('first 3') - at('first 2') - 1).toBeLessThanOrEqual(ahead)
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
