import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { bigint, customType, date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testConfig } from '../../src/config.js'
import { openDatabase, type Database } from '../../src/db/client.js'
import { MAX_STATEMENTS } from '../../src/db/pglitePrepared.js'
import { isUniqueViolation } from '../../src/platform/query.js'

// the embedded database on its own thread (the default) against PGlite on this thread
const migrationsDir = testConfig().migrationsDir
let threaded: Database
let inline: Database
beforeAll(async () => {
  ;[threaded, inline] = await Promise.all([
    openDatabase({ inMemory: true, migrationsDir }),
    openDatabase({ inMemory: true, migrationsDir, thread: false }),
  ])
  for (const database of [threaded, inline]) {
    await database.migrate()
    await database.db.execute(sql.raw(createSample))
  }
})
afterAll(() => Promise.all([threaded?.close(), inline?.close()]))

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })
const sample = pgTable('sample', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  at: timestamp('at', { withTimezone: true }),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
  day: date('day'),
  tons: numeric('tons', { precision: 10, scale: 2, mode: 'number' }),
  exact: numeric('exact', { precision: 10, scale: 2 }),
  big: bigint('big', { mode: 'number' }),
  data: jsonb('data').$type<{ name: string; tags: string[] }>(),
  bytes: bytea('bytes'),
  parent: integer('parent'),
})
const createSample = `
  create table sample (
    id serial primary key,
    code text not null constraint sample_code_key unique,
    at timestamptz, at_text timestamptz, day date, tons numeric(10,2), exact numeric(10,2), big bigint,
    data jsonb, bytes bytea, parent integer references sample(id)
  )`

const row = (code: string) => ({
  code,
  at: new Date('2024-03-01T08:30:00.123Z'),
  atText: '2024-03-01 16:30:00+08',
  day: '2024-03-01',
  tons: 32.5,
  exact: '12.30',
  big: 9_007_199_254_740_991,
  data: { name: '基地一', tags: ['甲', '乙'] },
  bytes: new Uint8Array([0, 1, 254, 255]),
})

describe('PGlite on its own thread', () => {
  test('migrations ran through it', async () => {
    const tables = await threaded.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_tables where tablename = 'transport'`)
    expect(tables.rows[0]!.n).toBe(1)
  })

  test('answers the same values as PGlite on the main thread, through the query builder and raw SQL', async () => {
    const answers = await Promise.all([threaded, inline].map(async ({ db }) => {
      const [inserted] = await db.insert(sample).values(row('same')).returning()
      const built = await db.select().from(sample).where(eq(sample.code, 'same'))
      const raw = await db.execute(sql`select *, array[at, at] as stamps, array[tons] as tonses, count(*) over () as total from sample where code = 'same'`)
      return { inserted, built, raw: raw.rows, fields: raw.fields }
    }))
    expect(answers[0]).toEqual(answers[1])
    const [built] = answers[0]!.built
    expect(built!.at).toEqual(new Date('2024-03-01T08:30:00.123Z'))
    expect(built!.tons).toBe(32.5)
    expect(built!.exact).toBe('12.30')
    expect(built!.data).toEqual({ name: '基地一', tags: ['甲', '乙'] })
    expect(answers[0]!.raw[0]).toMatchObject({ at: '2024-03-01 08:30:00.123+00', day: '2024-03-01', total: 1 })
  })

  test('a unique violation keeps its PostgreSQL fields, so services can answer 409', async () => {
    await threaded.db.insert(sample).values({ code: 'dup' })
    const err = await threaded.db.insert(sample).values({ code: 'dup' }).catch((e: unknown) => e)
    expect(isUniqueViolation(err, 'sample_code_key')).toBe(true)
    expect((err as Error).cause).toMatchObject({
      code: '23505', constraint: 'sample_code_key', table: 'sample', detail: 'Key (code)=(dup) already exists.', severity: 'ERROR',
    })
    const fk = await threaded.db.insert(sample).values({ code: 'orphan', parent: 999_999 }).catch((e: unknown) => e)
    expect((fk as Error).cause).toMatchObject({ code: '23503', constraint: 'sample_parent_fkey' })
  })

  test('a transaction commits when its callback returns and rolls back when it throws', async () => {
    const { db } = threaded
    const id = await db.transaction(async (tx) => {
      const [a] = await tx.insert(sample).values({ code: 'tx-kept' }).returning({ id: sample.id })
      await tx.insert(sample).values({ code: 'tx-child', parent: a!.id })
      return a!.id
    })
    expect(await db.$count(sample, eq(sample.parent, id))).toBe(1)

    const failed = await db.transaction(async (tx) => {
      await tx.insert(sample).values({ code: 'tx-lost' })
      await tx.insert(sample).values({ code: 'dup' })
    }).catch((e: unknown) => e)
    expect(isUniqueViolation(failed)).toBe(true)
    expect(await db.$count(sample, eq(sample.code, 'tx-lost'))).toBe(0)

    await expect(db.transaction(async (tx) => {
      await tx.insert(sample).values({ code: 'tx-rolled-back' })
      tx.rollback()
    })).rejects.toThrow('Rollback')
    expect(await db.$count(sample, eq(sample.code, 'tx-rolled-back'))).toBe(0)
  })

  test('a nested transaction rolls back to its savepoint only', async () => {
    const { db } = threaded
    await db.transaction(async (tx) => {
      await tx.insert(sample).values({ code: 'outer' })
      await tx.transaction(async (inner) => {
        await inner.insert(sample).values({ code: 'inner' })
        throw new Error('inner fails')
      }).catch(() => {})
      await tx.insert(sample).values({ code: 'outer after' })
    })
    const codes = await db.select({ code: sample.code }).from(sample).where(sql`${sample.code} in ('outer', 'inner', 'outer after')`)
    expect(codes.map((c) => c.code).sort()).toEqual(['outer', 'outer after'])
  })

  test('a transaction sees its own writes and others wait for it', async () => {
    const { db } = threaded
    const order: string[] = []
    const tx = db.transaction(async (t) => {
      await t.insert(sample).values({ code: 'unseen' })
      expect(await t.$count(sample, eq(sample.code, 'unseen'))).toBe(1)
      await new Promise((r) => setTimeout(r, 30))
      order.push('transaction')
      throw new Error('undo')
    }).catch(() => {})
    const reader = new Promise((r) => setTimeout(r, 5))
      .then(() => db.$count(sample, eq(sample.code, 'unseen')))
      .then((n) => { order.push(`reader ${n}`) })
    await Promise.all([tx, reader])
    expect(order).toEqual(['transaction', 'reader 0'])
  })

  test('a statement named once answers every later call with its own values, past the number kept named', async () => {
    const { db } = threaded
    const first = (n: number) => db.execute<{ n: number }>(sql`select ${n}::int * 2 as n`)
    expect((await first(1)).rows).toEqual([{ n: 2 }])
    expect((await first(21)).rows).toEqual([{ n: 42 }])
    // more distinct statements than are kept: the oldest are closed and named again when asked
    for (let i = 0; i < MAX_STATEMENTS + 20; i++) {
      const res = await db.execute<{ n: number }>(sql.raw(`select ${i} + 1 as n`))
      expect(res.rows[0]!.n).toBe(i + 1)
    }
    expect((await first(50)).rows).toEqual([{ n: 100 }])
    // arrays, nulls, dates and JSON as parameters, as PGlite's own query takes them
    const at = new Date('2024-03-01T08:30:00.123Z')
    const mixed = await db.execute<{ ids: number[]; nothing: null; at: string; name: string }>(
      sql`select ${sql.param([3, 1, 2])}::int[] as ids, ${null}::text as nothing, ${at}::timestamptz as at, ${JSON.stringify({ name: '基地' })}::jsonb ->> 'name' as name`)
    expect(mixed.rows[0]).toEqual({ ids: [3, 1, 2], nothing: null, at: '2024-03-01 08:30:00.123+00', name: '基地' })
  })

  test('a table that changes after a statement reading it was named: the statement is named again', async () => {
    const { db } = threaded
    await db.execute(sql.raw('create table widened (id int primary key)'))
    await db.execute(sql.raw('insert into widened values (1)'))
    const read = () => db.execute(sql.raw('select * from widened where id = 1'))
    expect((await read()).rows).toEqual([{ id: 1 }])
    await db.execute(sql.raw("alter table widened add column label text default '新列'"))
    expect((await read()).rows).toEqual([{ id: 1, label: '新列' }])
    // schema changes inside a transaction go through too (they are never named)
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw('alter table widened add column extra int'))
      await tx.execute(sql.raw('update widened set extra = 7'))
    })
    expect((await db.execute(sql.raw('select extra from widened'))).rows).toEqual([{ extra: 7 }])
  })

  test('a parameter that cannot be copied to the thread fails that query only', async () => {
    const bad = threaded.db.execute(sql`select ${(() => 1) as unknown as number} as f`)
    await expect(bad).rejects.toThrow()
    const ok = await threaded.db.execute<{ one: number }>(sql`select 1 as one`)
    expect(ok.rows[0]!.one).toBe(1)
  })

  test('a data directory written through the thread is there after close and reopen', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'))
    try {
      const first = await openDatabase({ dataDir, migrationsDir })
      await first.migrate()
      await first.db.execute(sql`insert into company (name, domain) values ('落盘基地', 'disk')`)
      await first.close()
      await expect(first.db.execute(sql`select 1`)).rejects.toThrow()

      const again = await openDatabase({ dataDir, migrationsDir })
      try {
        const names = await again.db.execute<{ name: string }>(sql`select name from company where domain = 'disk'`)
        expect(names.rows).toEqual([{ name: '落盘基地' }])
      } finally {
        await again.close()
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
