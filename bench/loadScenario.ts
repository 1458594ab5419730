// The load scenario of bench/load.bench.ts (Hardening issue), shared with bench/screens.bench.ts (which
// runs it with and without fifty big screens polling): 200 bases of 25 users, a year of logs, and
// headquarters administrators reading the list pages in turn.
import { IDLE_TIMEOUT_MS } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { Database } from '../server/src/db/client.js'
import { seed } from '../server/src/seed.js'
import { hashPassword } from '../server/src/platform/passwords.js'
import { createSession } from '../server/src/platform/sessions.js'
import { insertBenchBases } from './lib.js'

export const LOAD_PASSWORD = 'Bench@123456'

/**
 * 200 bases of 25 users, 20,000 log entries over a year, and one headquarters administrator per
 * session, each signed in once (the session row login writes); answers the bearer tokens.
 */
export async function buildFixture(database: Database, sessions: number): Promise<string[]> {
  const db = database.db
  await database.migrate()
  await seed(db, { adminPassword: LOAD_PASSWORD })
  const hash = await hashPassword(LOAD_PASSWORD)
  await insertBenchBases(db, 200)
  await db.execute(sql`
    insert into app_user (phone, name, password_hash, role_id, is_create, create_time)
    select '13' || lpad(g::text, 9, '0'), '用户' || g, ${hash},
      case when g % 25 = 1 then (select id from role where nick_name = 'base admin')
           when g % 2 = 0 then (select id from role where nick_name = 'operator')
           else (select id from role where nick_name = '检验员') end,
      case when g % 25 = 1 then 1 else 0 end,
      now() - ((g * 53 % 525600) || ' minutes')::interval
    from generate_series(1, 5000) g`)
  await db.execute(sql`
    insert into user_company (user_id, company_id)
    select u.id, c.id from app_user u
    join company c on c.name = '基地' || ((substring(u.phone from 3)::int - 1) / 25 + 1)
    where u.phone like '13%'`)
  await db.execute(sql`
    insert into app_user (phone, name, password_hash, role_id, is_create)
    select '15' || lpad(g::text, 9, '0'), '总部管理员' || g, ${hash}, (select id from role where nick_name = 'admin'), 0
    from generate_series(1, ${sessions}) g`)
  await db.execute(sql`insert into user_company (user_id, company_id) select id, 1 from app_user where phone like '15%'`)
  await db.execute(sql`
    insert into log_entry (serial_number, error_mes, level, phone, company_id, create_time)
    select 'SN' || lpad(g::text, 10, '0'), '识别完成：第' || g || '张单据', g % 2, '13' || lpad((g % 5000 + 1)::text, 9, '0'),
      g % 200 + 2, now() - ((g * 7 % 525600) || ' minutes')::interval
    from generate_series(1, 20000) g`)
  await db.execute(sql`analyze`)
  const admins = await db.execute<{ id: number }>(sql`select id from app_user where phone like '15%' order by id`)
  const tokens: string[] = []
  for (const { id } of admins.rows) tokens.push(await createSession(db, id, 1, IDLE_TIMEOUT_MS))
  return tokens
}

/** The calls a headquarters administrator's list pages make, taken in turn. */
export const calls: { name: string; method: 'GET' | 'POST'; url: string; body?: (i: number) => unknown }[] = [
  { name: 'info', method: 'GET', url: '/api/users/info' },
  { name: 'bases', method: 'POST', url: '/api/company/find/', body: (i) => ({ page: 1 + (i % 5), size: 20 }) },
  { name: 'users', method: 'POST', url: '/api/users/find/', body: (i) => ({ page: 1 + (i % 5), size: 20 }) },
  { name: 'logs', method: 'POST', url: '/api/log/find/', body: (i) => ({ page: 1 + (i % 5), size: 20 }) },
]

export interface Result { requests: number; errors: number; seconds: number; times: number[]; byCall: Map<string, number[]>; firstError?: string }

export async function run(base: string, tokens: string[], seconds: number): Promise<Result> {
  const times: number[] = []
  const byCall = new Map(calls.map((c) => [c.name, [] as number[]]))
  let errors = 0
  let firstError: string | undefined
  const t0 = performance.now()
  const end = t0 + seconds * 1000
  await Promise.all(tokens.map(async (token, s) => {
    for (let i = s; performance.now() < end; i++) {
      const call = calls[i % calls.length]!
      const t = performance.now()
      try {
        const res = await fetch(base + call.url, {
          method: call.method,
          headers: { authorization: `Bearer ${token}`, ...(call.body ? { 'content-type': 'application/json' } : {}) },
          body: call.body ? JSON.stringify(call.body(i)) : undefined,
        })
        const json = (await res.json()) as { code: number; message: string }
        if (json.code !== 200) throw new Error(`${call.name}: ${res.status} ${json.code} ${json.message}`)
      } catch (err) {
        errors++
        firstError ??= (err as Error).message
      }
      times.push(performance.now() - t)
      byCall.get(call.name)!.push(performance.now() - t)
    }
  }))
  return { requests: times.length, errors, seconds: (performance.now() - t0) / 1000, times, byCall, firstError }
}
