import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isEmbedded } from '../../src/db/client.js'
import { scheduleUpkeep, tidyTables } from '../../src/db/upkeep.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let embedded: boolean
beforeAll(async () => {
  env = await createTestApp()
  embedded = isEmbedded(env.db)
})
afterAll(async () => env?.close())

const CARRIERS = ['顺达物流', '长运汽运', '恒通运输', '安达储运']

/** 6000 transports of headquarters over a year, written in one statement as an import would */
async function writeInBulk() {
  await env.db.execute(sql`
    insert into transport (company_id, user_id, status, delivery_carrier, delivery_customer, delivery_time, delivery_net_weight, sign_place)
    select 1, (select id from app_user where phone = 'admin'), 2, (${sql.param(CARRIERS)}::text[])[1 + g % 4], '城建集团',
      timestamptz '2025-01-01' + g * interval '88 minutes', 32.5, repeat('工地', 40)
    from generate_series(1, 6000) g`)
  await env.db.execute(sql`analyze transport`)
  await inserted(6000)
}

/**
 * Until the statistics count `rows` inserts into transport since its last vacuum: a connection reports its
 * counters when it next goes idle, up to a second later, and a report arriving after a round's vacuum would
 * count the same inserts again in the next round.
 */
async function inserted(rows: number) {
  // a second on a quiet machine, more on a busy one
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    await env.db.execute(sql`select pg_stat_force_next_flush()`)
    const [t] = (await env.db.execute<{ n: number }>(sql`select n_ins_since_vacuum::int as n from pg_stat_user_tables where relname = 'transport'`)).rows
    if (t!.n >= rows) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`the statistics never counted ${rows} inserts into transport`)
}

const IN_PERIOD = sql`company_id = 1 and delivery_carrier like '%顺达%' and delivery_time between '2025-03-01' and '2025-04-01'`

/** the plan of a query on a carrier in a period (the grid's count, and the ids of its third page), the table's scan priced out */
async function planOf(query: 'count' | 'page ids') {
  return env.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    await tx.execute(sql`set local enable_bitmapscan = off`)
    const plan = await tx.execute<Record<string, string>>(query === 'count'
      ? sql`explain (analyze, costs off) select count(*) from transport where ${IN_PERIOD}`
      : sql`explain (analyze, costs off) select id from transport where ${IN_PERIOD} order by create_time desc, id desc limit 20 offset 40`)
    return plan.rows.map((r) => Object.values(r)[0]).join('\n')
  })
}

describe('upkeep of the embedded database (what autovacuum does on PostgreSQL)', () => {
  test('a table written in bulk is vacuumed, after which a carrier\'s count in a period and the ids of its page read the index alone', async () => {
    await writeInBulk()
    expect(await planOf('count')).toMatch(/Heap Fetches: [1-9]/)
    expect(await tidyTables(env.db)).toContain('vacuum transport')
    for (const query of ['count', 'page ids'] as const) {
      const plan = await planOf(query)
      expect(plan).toMatch(/Index Only Scan using transport_company_delivery_time_idx/)
      expect(plan).toMatch(/Heap Fetches: 0\b/)
    }
    // nothing changed since: the next round leaves it alone
    expect(await tidyTables(env.db)).not.toContain('vacuum transport')
  })

  test('a table of another schema (drizzle keeps its migrations in one) is tidied too, not taken for a missing public table', async () => {
    await env.db.execute(sql`create schema upkeep_side`)
    try {
      await env.db.execute(sql`create table upkeep_side.notes as select g, repeat('记', 200) as body from generate_series(1, 3000) g`)
      await env.db.execute(sql`analyze upkeep_side.notes`)
      expect(await tidyTables(env.db)).toContain('vacuum notes')
    } finally {
      await env.db.execute(sql`drop schema upkeep_side cascade`)
    }
  })

  test('rows deleted since are vacuumed away, rows changed are analyzed (counters of this process)', async (ctx) => {
    // PostgreSQL reports a connection's counters when it goes idle, up to a second later: autovacuum reads them there
    if (!embedded) ctx.skip()
    await env.db.execute(sql`delete from transport where delivery_customer = '城建集团' and id % 3 = 0`)
    await env.db.execute(sql`select pg_stat_force_next_flush()`)
    await env.db.execute(sql`select 1`)
    expect(await tidyTables(env.db)).toContain('vacuum transport')
    const [stats] = (await env.db.execute<{ dead: number }>(sql`select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'transport'`)).rows
    expect(stats!.dead).toBe(0)
    await env.db.execute(sql`update transport set delivery_customer = '路桥公司' where delivery_customer = '城建集团' and id % 3 = 1`)
    await env.db.execute(sql`select pg_stat_force_next_flush()`)
    await env.db.execute(sql`select 1`)
    expect(await tidyTables(env.db)).toContain('vacuum transport')
  })

  test('the server runs it on the embedded database on its own, and leaves PostgreSQL to autovacuum', async () => {
    const said: string[] = []
    const log = { info: (m: string) => said.push(m), warn: (_: unknown, m: string) => said.push(m) } as unknown as FastifyBaseLogger
    await env.db.execute(sql`update transport set sign_place = '一号工地' where delivery_customer = '路桥公司'`)
    await env.db.execute(sql`analyze transport`)
    await env.db.execute(sql`update transport set sign_place = '二号工地' where sign_place = '一号工地'`)
    if (embedded) {
      await env.db.execute(sql`select pg_stat_force_next_flush()`)
      await env.db.execute(sql`select 1`)
    }
    const upkeep = scheduleUpkeep({ kind: embedded ? 'pglite' : 'postgres', db: env.db }, log, 50)
    await new Promise((r) => setTimeout(r, 400))
    await upkeep.stop()
    if (embedded) expect(said.join('\n')).toMatch(/^database upkeep in \d+ ms: .*vacuum transport/m)
    else expect(said).toEqual([])
  })
})
