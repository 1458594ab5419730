import { LOGIN_LOCK, SESSION_MAX_AGE_MS } from '@app/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pruneExpired, schedulePruning } from '../../src/platform/prune.js'
import { RETIRED_KEY_VALID_MS } from '../../src/platform/rsa.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
beforeAll(async () => {
  env = await createTestApp()
})
afterAll(async () => env?.close())

const MIN = 60_000
const DAY = 24 * 60 * MIN
const ago = (ms: number) => new Date(Date.now() - ms)
const ahead = (ms: number) => new Date(Date.now() + ms)

/** One row that has served its time and one still in use, in each table the pruning keeps small. */
async function fillTables() {
  await env.db.execute(sql`truncate session, login_failure, rate_counter, sms_code, password_nonce`)
  const admin = (await env.db.execute<{ id: number }>(sql`select id from app_user where phone = 'admin'`)).rows[0]!.id
  const session = (tag: string, idleMs: number, createdAgo: number, seenAgo: number, revoked = false) => env.db.execute(sql`
    insert into session (token_hash, user_id, company_id, idle_ms, created_at, last_seen_at, revoked_at, revoke_reason)
    values (${tag.padEnd(64, '0')}, ${admin}, 1, ${idleMs}, ${ago(createdAgo)}, ${ago(seenAgo)}, ${revoked ? new Date() : null}, ${revoked ? 'forced' : null})`)
  await session('a-idle', 30 * MIN, 2 * DAY, 31 * MIN)
  await session('b-too-old', 7 * DAY, SESSION_MAX_AGE_MS + MIN, MIN)
  await session('c-ended-and-idle', 30 * MIN, DAY, 40 * MIN, true)
  await session('d-live', 30 * MIN, 2 * DAY, 29 * MIN)
  await session('e-live-remembered', 7 * DAY, 29 * DAY, 6 * DAY)
  const windowOver = ago(LOGIN_LOCK.windowMs + MIN)
  await env.db.execute(sql`insert into login_failure (key, count, window_start, locked_until) values
    ('u:over', 2, ${windowOver}, null),
    ('u:lock-over', 5, ${windowOver}, ${ago(MIN)}),
    ('u:still-locked', 5, ${windowOver}, ${ahead(MIN)}),
    ('u:window-open', 2, ${ago(MIN)}, null)`)
  await env.db.execute(sql`insert into rate_counter (key, count, reset_at) values ('over', 3, ${ago(1000)}), ('open', 3, ${ahead(MIN)})`)
  await env.db.execute(sql`insert into sms_code (phone, code_hash, created_at, expires_at) values
    ('13900000001', 'x', ${ago(DAY + MIN)}, ${ago(DAY - 4 * MIN)}),
    ('13900000002', 'y', ${ago(DAY - MIN)}, ${ago(DAY - 6 * MIN)})`)
  await env.db.execute(sql`insert into password_nonce (hash, expires_at) values ('over', ${ago(1000)}), ('open', ${ahead(MIN)})`)
  // the current key stays whatever its age; a retired one only while a page may still use it
  await env.db.execute(sql`delete from rsa_key where not current`)
  await env.db.execute(sql`insert into rsa_key (private_pem, public_pem, current, created_at, retired_at) values
    ('retired-long-ago', 'p', false, ${ago(40 * DAY)}, ${ago(RETIRED_KEY_VALID_MS + MIN)}),
    ('retired-just-now', 'p', false, ${ago(30 * DAY)}, ${ago(MIN)})`)
}

async function left() {
  const keys = async (query: ReturnType<typeof sql>) => (await env.db.execute<{ k: string }>(query)).rows.map((r) => r.k).sort()
  return {
    session: (await keys(sql`select token_hash as k from session`)).map((h) => h.replace(/0+$/, '')),
    login_failure: await keys(sql`select key as k from login_failure`),
    rate_counter: await keys(sql`select key as k from rate_counter`),
    sms_code: await keys(sql`select phone as k from sms_code`),
    password_nonce: await keys(sql`select hash as k from password_nonce`),
    rsa_key: await keys(sql`select case when current then 'current' else private_pem end as k from rsa_key`),
  }
}

describe('pruning expired rows', () => {
  test('deletes what has served its time and keeps what is still in use', async () => {
    await fillTables()
    const deleted = await pruneExpired(env.db)
    expect(deleted).toEqual({ session: 3, login_failure: 2, rate_counter: 1, sms_code: 1, password_nonce: 1, rsa_key: 1 })
    expect(await left()).toEqual({
      session: ['d-live', 'e-live-remembered'],
      login_failure: ['u:still-locked', 'u:window-open'],
      rate_counter: ['open'],
      // a code sent 23 hours ago still counts toward the daily cap, though long expired
      sms_code: ['13900000002'],
      password_nonce: ['open'],
      rsa_key: ['current', 'retired-just-now'],
    })
    expect(await pruneExpired(env.db)).toEqual({ session: 0, login_failure: 0, rate_counter: 0, sms_code: 0, password_nonce: 0, rsa_key: 0 })
  })

  test('runs on a schedule until stopped', async () => {
    await fillTables()
    const pruning = schedulePruning(env.db, env.app.log, 20)
    // every 20 ms; the wait allows for a machine busy with other work
    await expect.poll(async () => (await left()).rate_counter, { timeout: 60_000 }).toEqual(['open'])
    await pruning.stop()
    await env.db.execute(sql`insert into rate_counter (key, count, reset_at) values ('later', 1, ${ago(1000)})`)
    await new Promise((r) => setTimeout(r, 100))
    expect((await left()).rate_counter).toEqual(['later', 'open'])
  })
})
