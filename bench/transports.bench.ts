// The transport grid at scale (issue 10): 1,000,000 transports generated in bulk, then through the built
// server on PostgreSQL and on PGlite:
//   - a filtered page of 100 of the grid (a base's user, carrier and delivery-date filters): p50 ≤ 50 ms on PostgreSQL,
//     ≤ 150 ms on PGlite; and, without a target, the same with a carrier the base never had
//   - a 100,000-row page of the grid (/logistics/grid, packed): ≤ 2 s, and ≤ 1.5× the raw query (the same rows read
//     straight from the database in this run); the spec's list of objects (/logistics/find) beside it
//   - a 100,000-row data export: ≤ 15 s, server RSS growth ≤ 300 MB
//   TRANSPORTS (default 1000000), BENCH_DATABASES (default "postgres,pglite"),
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
import { IDLE_TIMEOUT_MS } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { Database } from '../server/src/db/client.js'
import { seed } from '../server/src/seed.js'
import { hashPassword } from '../server/src/platform/passwords.js'
import { createSession } from '../server/src/platform/sessions.js'
import { benchDatabase, percentile, report, rssOf, startBuiltServer } from './lib.js'

const TRANSPORTS = Number(process.env.TRANSPORTS ?? 1_000_000)
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim())
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PASSWORD = 'Bench@123456'
const BASES = 20
const BIG_PAGE = 100_000

const CARRIERS = ['顺达物流', '长运汽运', '恒通运输', '安达储运', '鑫源物流', '通达车队', '华远运输', '宏发物流']
const PLANTS = ['海螺水泥', '华新水泥', '冀东水泥', '天山水泥', '祁连山水泥']
const CUSTOMERS = ['城建集团', '中铁十局', '路桥公司', '市政工程', '住建二公司', '交投建设']
const arr = (xs: string[]) => `array['${xs.join("','")}']`

/** Bases 2..21, their users and 1M transports spread over two years; answers a base user's and headquarters' tokens. */
async function buildFixture(database: Database) {
  const db = database.db
  await database.migrate()
  await seed(db, { adminPassword: PASSWORD })
  const hash = await hashPassword(PASSWORD)
  await db.execute(sql`
    insert into company (name, contactor, phone, domain, remaining_times, user_amount)
    select '基地' || g, '联系人' || g, '139' || lpad(g::text, 8, '0'), 'base' || g, 100, 10 from generate_series(1, ${BASES}) g`)
  await db.execute(sql`
    insert into app_user (phone, name, password_hash, role_id, is_create)
    select '13' || lpad(g::text, 9, '0'), '用户' || g, ${hash}, (select id from role where nick_name = 'base admin'), 1
    from generate_series(1, ${BASES}) g`)
  await db.execute(sql`
    insert into user_company (user_id, company_id)
    select u.id, c.id from app_user u join company c on c.name = '基地' || substring(u.phone from 3)::int where u.phone like '13%'`)
  const t0 = performance.now()
  await db.execute(sql.raw(`
    insert into transport (company_id, user_id, status, delivery_manufactory, delivery_customer, delivery_goods_name, delivery_specific,
      delivery_plate_number, delivery_carrier, delivery_number, delivery_time, delivery_net_weight, delivery_bags,
      delivery_gross_weight, delivery_tare_weight, sign_manufactory, sign_customer, sign_goods_name, sign_specific,
      sign_plate_number, sign_carrier, sign_name, sign_place, sign_number, sign_time, sign_net_weight, sign_first_net_weight,
      sign_gross_weight, sign_tare_weight, sign_user, sign_settlement, originals, pound_diff, danger_level, create_time, update_time)
    select c.id, u.id, case when g % 20 = 0 then 1 else 2 end,
      m, cu, 'P.O 42.5', 'SN' || (g % 997), '皖A' || lpad((g % 99999)::text, 5, '0'), ca, 'FH' || lpad(g::text, 9, '0'),
      t - interval '6 hours', w, 0, w + 17.3, 17.3, m, cu, 'P.O 42.5', 'SN' || (g % 997), '皖A' || lpad((g % 99999)::text, 5, '0'), ca,
      '收货单位' || (g % 50), '工地' || (g % 300) || '号', 'SH' || lpad(g::text, 9, '0'), t, w - d, w - d, w - d + 17.3, 17.3,
      '签收人' || (g % 40), cu, '{}'::jsonb, d, case when abs(d) >= 1 then 1 else null end, t, t
    from (
      select g, now() - ((g * 37 % 1051200) || ' minutes')::interval as t,
        round((30 + (g % 400) / 10.0)::numeric, 2) as w,
        round(((g % 23) / 10.0 - 0.3)::numeric, 2) as d,
        -- g / BASES: every base has every plant, customer and carrier (g % 8 would give a base two carriers of eight)
        (${arr(PLANTS)})[1 + (g / ${BASES}) % ${PLANTS.length}] as m,
        (${arr(CUSTOMERS)})[1 + (g / ${BASES}) % ${CUSTOMERS.length}] as cu,
        (${arr(CARRIERS)})[1 + (g / ${BASES}) % ${CARRIERS.length}] as ca,
        '基地' || (1 + g % ${BASES}) as base
      from generate_series(1, ${TRANSPORTS}) g
    ) x
    join company c on c.name = x.base
    join app_user u on u.phone = '13' || lpad(substring(x.base from 3), 9, '0')`))
  // one transport in ten has an extra destination
  await db.execute(sql`
    insert into transport_destination (transport_id, ordinal, dest, address, sign_time, weight, sign_user, sign_settlement)
    select id, 2, '第二工地', '工地二号', sign_time, 1.5, '签收人', sign_settlement from transport where id % 10 = 0`)
  // vacuumed and analyzed as a server leaves a table it has run with for a while: PostgreSQL's autovacuum, or the
  // embedded database's upkeep (db/upkeep.ts), whose first round runs a minute after the start
  await db.execute(sql`vacuum (analyze)`)
  report(`generated ${TRANSPORTS} transports in`, (performance.now() - t0) / 1000, 's')
  const [base] = (await db.execute<{ id: number; company: number }>(sql`
    select u.id, uc.company_id as company from app_user u join user_company uc on uc.user_id = u.id where u.phone = '13000000001'`)).rows
  const [admin] = (await db.execute<{ id: number }>(sql`select id from app_user where phone = 'admin'`)).rows
  return {
    base: await createSession(db, base!.id, base!.company, IDLE_TIMEOUT_MS),
    hq: await createSession(db, admin!.id, 1, IDLE_TIMEOUT_MS),
  }
}

/** The 100,000 newest transports with their destinations, read straight from the database: what the big page must approach. */
async function rawBigPage(database: Database) {
  const t = performance.now()
  const rows = (await database.db.execute<{ id: number }>(sql`
    select t.*, c.name as company_name, u.phone from transport t join company c on c.id = t.company_id left join app_user u on u.id = t.user_id
    order by t.create_time desc, t.id desc limit ${BIG_PAGE}`)).rows
  const ids = rows.map((r) => r.id)
  await database.db.execute(sql`select * from transport_destination where transport_id = any(${`{${ids.join(',')}}`}::int[])`)
  return performance.now() - t
}

/** `encoding`: what the client accepts (fetch's default takes Brotli and gzip, as a browser does) */
async function post(base: string, token: string, url: string, body: unknown, encoding?: string) {
  const t = performance.now()
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  if (encoding) headers['accept-encoding'] = encoding
  const res = await fetch(base + url, { method: 'POST', headers, body: JSON.stringify(body) })
  const buf = Buffer.from(await res.arrayBuffer())
  if (!res.ok) throw new Error(`${url}: ${res.status} ${buf.toString('utf8', 0, 300)}`)
  return { ms: performance.now() - t, bytes: buf.length, body: buf }
}


async function measure(kind: string) {
  const { database, dataDir, env, drop } = await benchDatabase(kind, 'bench_transports', PG_SERVER)
  try {
    const tokens = await buildFixture(database)
    await rawBigPage(database)
    const raw: number[] = []
    for (let i = 0; i < 3; i++) raw.push(await rawBigPage(database))
    await database.close()
    const server = await startBuiltServer({ ...env, ADMIN_PASSWORD: PASSWORD }, dataDir)
    try {
      // a base's user filtering by a carrier of the base (what the filter suggests) and a delivery period; then by
      // a carrier the base never had (nothing matches: every transport of the base in the period is looked at)
      for (const [name, carrier, target] of [
        ['filtered page of 100', (i: number) => CARRIERS[i % CARRIERS.length]!, kind === 'postgres' ? '≤ 50 ms' : '≤ 150 ms'],
        ['filtered page matching nothing', () => '没有的承运单位', ''],
      ] as const) {
        const times: number[] = []
        for (let i = 0; i < 40; i++) {
          const day = 1 + (i % 28)
          const r = await post(server.base, tokens.base, '/api/logistics/grid', {
            page: 1 + (i % 3), size: 100, deliveryCarrier: carrier(i),
            deliveryTimeQuery: [`2026-0${1 + (i % 9)}-${String(day).padStart(2, '0')}`, '2026-11-30'],
          })
          if (i >= 5) times.push(r.ms)
        }
        report(`${kind} ${name} p50`, percentile(times, 50), 'ms', target)
        report(`${kind} ${name} p90`, percentile(times, 90), 'ms')
      }

      // the grid's packed page (what the browser asks for), and the spec's list of objects; both uncompressed,
      // like the raw query they are compared with, then the grid's as a browser takes it (Brotli)
      const rawMs = Math.min(...raw)
      report(`${kind} raw query of ${BIG_PAGE} rows (best of 3)`, rawMs, 'ms')
      const pages: [string, string, string][] = [['grid', '/api/logistics/grid', '≤ 2000 ms'], ['list', '/api/logistics/find', '']]
      for (const [name, url, target] of pages) {
        const times: number[] = []
        let bytes = 0
        for (let i = 0; i < 3; i++) {
          const r = await post(server.base, tokens.hq, url, { page: 1, size: BIG_PAGE }, 'identity')
          times.push(r.ms)
          bytes = r.bytes
        }
        const ms = Math.min(...times)
        report(`${kind} ${BIG_PAGE}-row ${name} page ${url} (best of 3)`, ms, 'ms', target)
        report(`${kind} ${BIG_PAGE}-row ${name} page / raw query`, ms / rawMs, '×', target && '≤ 1.5×')
        report(`${kind} ${BIG_PAGE}-row ${name} page JSON`, bytes / 1024 / 1024, 'MB')
      }
      const brotli = await post(server.base, tokens.hq, '/api/logistics/grid', { page: 1, size: BIG_PAGE }, 'br')
      report(`${kind} ${BIG_PAGE}-row grid page with Brotli (as a browser asks for it)`, brotli.ms, 'ms')

      const before = rssOf(server.child.pid!)
      let peak = before
      const poll = setInterval(() => { peak = Math.max(peak, rssOf(server.child.pid!)) }, 50)
      try {
        const r = await post(server.base, tokens.hq, '/api/logistics/export', {
          exportColumns: ['createTime', 'deliveryTimeStr', 'signTimeStr', 'deliveryCarrier', 'deliveryPlateNumber', 'deliveryManufactory',
            'signName', 'signPlace', 'signSettlement', 'deliveryGoodsName', 'deliveryNetWeight', 'signNetWeight', 'poundDiff'],
          // upload times are spread evenly over two years (1,051,200 minutes): the newest tenth is about 100,000 rows
          createTimeQuery: [new Date(Date.now() - 105_120 * 60_000).toISOString(), ''],
        })
        report(`${kind} data export`, r.ms / 1000, 's', '≤ 15 s')
        report(`${kind} data export file`, r.bytes / 1024 / 1024, 'MB')
      } finally {
        clearInterval(poll)
      }
      report(`${kind} server RSS growth during the export`, (peak - before) / 1024 / 1024, 'MB', '≤ 300 MB')
    } finally {
      await server.stop()
    }
  } finally {
    await drop()
  }
}

for (const kind of DATABASES) await measure(kind)
