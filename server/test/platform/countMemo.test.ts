/**
 * List totals on the embedded database are kept until a table the count reads is written; the total a
 * user sees is never one write behind, whether the write came alone, in a transaction, or as raw SQL.
 * The grid's suggestion lists are kept the same way.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CountMemo, countMemoOf } from '../../src/db/countMemo.js'
import { logEntries, transports } from '../../src/db/schema/index.js'
import { createTestApp, type TestEnv } from '../helpers.js'

describe('what the memo takes for a write', () => {
  test('selects and read-only CTEs write nothing; a write names its table; anything else is taken as every table', () => {
    const memo = new CountMemo()
    expect(memo.noteStatement('  select 1')).toEqual([])
    expect(memo.noteStatement('with recursive tree as (select 1 from user_company) select * from tree')).toEqual([])
    expect(memo.noteStatement('insert into "log_entry" ("level") values ($1)')).toEqual(['log_entry'])
    expect(memo.noteStatement('update report set warned_days = $1')).toEqual(['report'])
    expect(memo.noteStatement('with gone as (delete from "session" where id = 1 returning id) select count(*) from gone')).toEqual(['session'])
    expect(memo.noteStatement('truncate log_entry')).toBeNull()
    expect(memo.noteStatement('-- a comment\nselect 1')).toBeNull()
  })

  test('a count is asked again after a write to a table it reads, and only then', async () => {
    const memo = new CountMemo()
    let runs = 0
    const count = (sqlText: string) => memo.remember(sqlText, sqlText, async () => ++runs)
    const logs = 'select count(*) from (select "id" from "log_entry" join "company" on true) as matches'
    expect(await count(logs)).toBe(1)
    expect(await count(logs)).toBe(1)
    memo.noteStatement('update "session" set last_seen_at = now()')
    expect(await count(logs)).toBe(1)
    memo.noteStatement('update "company" set name = $1')
    expect(await count(logs)).toBe(2)
    memo.noteStatement('vacuum')
    expect(await count(logs)).toBe(3)
  })

  test('a write issued while a count runs makes its answer stale at once', async () => {
    const memo = new CountMemo()
    let runs = 0
    const key = 'select count(*) from "log_entry"'
    await memo.remember(key, key, async () => {
      memo.noteStatement('insert into log_entry (level) values (1)')
      return ++runs
    })
    expect(await memo.remember(key, key, async () => ++runs)).toBe(2)
  })
})

describe('through the application', () => {
  let env: TestEnv
  let token: string
  beforeAll(async () => {
    env = await createTestApp()
    token = await env.token()
  })
  afterAll(async () => env?.close())

  const total = async () => (await env.call(token, 'POST', '/api/log/find/', { page: 1, size: 10 })).data.totalCount as number

  test('only the embedded database keeps totals (PostgreSQL is shared by processes that do not see each other\'s writes)', () => {
    expect(countMemoOf(env.db) !== null).toBe(!process.env.TEST_DATABASE_URL)
  })

  test('the log list\'s total follows every kind of write', async () => {
    const db = env.db
    const before = await total()
    await db.insert(logEntries).values({ serialNumber: 'SN-MEMO-1', errorMes: '识别完成', level: 0, companyId: 1 })
    expect(await total()).toBe(before + 1)
    await db.transaction(async (tx) => {
      await tx.insert(logEntries).values({ serialNumber: 'SN-MEMO-2', errorMes: '识别完成', level: 0, companyId: 1 })
    })
    expect(await total()).toBe(before + 2)
    await db.execute(sql`delete from log_entry where serial_number like 'SN-MEMO-%'`)
    expect(await total()).toBe(before)
    await expect(db.transaction(async (tx) => {
      await tx.insert(logEntries).values({ serialNumber: 'SN-MEMO-3', errorMes: '识别完成', level: 0, companyId: 1 })
      throw new Error('rolled back')
    })).rejects.toThrow('rolled back')
    expect(await total()).toBe(before)
  })

  test('the grid\'s suggestions follow a new transport, its removal and a user\'s new phone', async () => {
    const lists = async () => (await env.call(token, 'POST', '/api/logistics/findList')).data as { deliveryCarriers: string[]; phones: string[] }
    const before = await lists()
    const [user] = await env.db.execute<{ id: number; phone: string }>(sql`select id, phone from app_user where phone = 'admin'`).then((r) => r.rows)
    const [row] = await env.db.insert(transports).values({ companyId: 1, userId: user!.id, deliveryCarrier: '记忆测试物流' }).returning()
    expect((await lists()).deliveryCarriers).toContain('记忆测试物流')
    expect((await lists()).phones).toContain('admin')
    await env.db.execute(sql`update app_user set phone = 'admin-memo' where id = ${user!.id}`)
    expect((await lists()).phones).toContain('admin-memo')
    await env.db.execute(sql`update app_user set phone = 'admin' where id = ${user!.id}`)
    await env.db.execute(sql`delete from transport where id = ${row!.id}`)
    expect(await lists()).toEqual(before)
  })

  test('the formats and rules every ticket reading loads follow a new format, a rule\'s edit and their removal', async () => {
    const text = ['记忆水泥发货单', '编号：AB12345678', '净重：30.50吨'].join('\n')
    const read = async () => (await env.call(token, 'POST', '/api/rule/test', { fileType: 1, text })).data as { format: { name: string } | null; fields: Record<string, unknown> }
    expect((await read()).format?.name).not.toBe('记忆水泥发货单')
    const format = await env.call(token, 'POST', '/api/receiptFormat/save', { name: '记忆水泥发货单', type: 1, regular: '记忆水泥发货单', rankcom: 99 })
    expect((await read()).format?.name).toBe('记忆水泥发货单')
    const rule = await env.call(token, 'POST', '/api/rule/save', { property: 'deliveryNumber', receiptFormatId: format.data.id, valueName: '编号', valueRegular: 'AB(\\d+)' })
    expect((await read()).fields.deliveryNumber).toBe('12345678')
    await env.call(token, 'PUT', `/api/rule/update/${rule.data.id}`, { property: 'deliveryNumber', receiptFormatId: format.data.id, valueName: '编号', valueRegular: 'AB(\\d{4})' })
    expect((await read()).fields.deliveryNumber).toBe('1234')
    await env.call(token, 'DELETE', `/api/receiptFormat/delete/${format.data.id}`)
    expect((await read()).format?.name).not.toBe('记忆水泥发货单')
  })
})
