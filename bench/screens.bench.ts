// Big screens (issue 36), on PGlite and on PostgreSQL:
// 1. A screen's refresh cost: today's figures read from the roll-ups and today's indexed rows, with a
//    year behind them (200 bases; measurement_daily and transport_daily for 365 days, 400,000 reports
//    and 200,000 bookings of the past year), uncached, for every base and for one. Target ≤ 50 ms p50.
// 2. Fifty screens open at once: the load scenario of load.bench.ts run three times in one server,
//    without, with and again without fifty pollers (fifty embed links of fifty bases, so the server's
//    per-scope cache saves nothing, each asking every SCREEN_REFRESH_MS as the page does). Target: the p99
//    with pollers within 10 % of the mean p99 of the runs around it.
//   SCREENS_SECONDS (default 30, each load run), LOAD_SESSIONS (default 200), SCREENS_DATABASES (default "pglite,postgres"),
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server
import { SCREEN_REFRESH_MS } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { Database } from '../server/src/db/client.js'
import { screenFigures } from '../server/src/modules/screens/figures.js'
import { benchDatabase, percentile, report, startBuiltServer } from './lib.js'
import { buildFixture, LOAD_PASSWORD, run } from './loadScenario.js'

const SECONDS = Number(process.env.SCREENS_SECONDS ?? 30)
const SESSIONS = Number(process.env.LOAD_SESSIONS ?? 200)
const SCREENS = 50
const DATABASES = (process.env.SCREENS_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim())
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PROVINCES = ['浙江省', '江苏省', '山东省', '广东省', '河北省', '四川省', '湖北省', '安徽省']

/** A year of the screens' sources for the load fixture's 200 bases (ids 2-201), today included. */
async function yearOfFigures(database: Database) {
  const db = database.db
  await db.execute(sql`update company set province = (array[${sql.join(PROVINCES.map((p) => sql`${p}`), sql`, `)}])[id % ${PROVINCES.length} + 1] where id > 1`)
  await db.execute(sql`insert into machine (company_id, type, device_no, secret_hash) select c.id, '一体机', 'BENCH-' || c.id || '-' || m, repeat('0', 64)
    from company c cross join generate_series(1, 2) m where c.id > 1`)
  // per machine and day: all, and the measures' conclusions (about 4,000 rows a day)
  await db.execute(sql`
    insert into measurement_daily (day, machine_id, company_id, province, measure, conclusion, count)
    select ((now() at time zone 'UTC') + interval '8 hours')::date - d, m.id, m.company_id, coalesce(c.province, ''), x.measure, x.conclusion, 1 + (m.id + d) % 20
    from machine m join company c on c.id = m.company_id cross join generate_series(0, 364) d
    cross join (values ('all', ''), ('bp', '正常'), ('bp', '正常高值'), ('bp', '高血压1级'), ('sugar', '正常'), ('sugar', '糖尿病'), ('bmi', '正常'), ('bmi', '超重'), ('bmi', '肥胖')) as x(measure, conclusion)`)
  await db.execute(sql`
    insert into transport_daily (day, company_id, count, pound_alerts)
    select ((now() at time zone 'UTC') + interval '8 hours')::date - d, c.id, 20 + (c.id + d) % 30, (c.id + d) % 4
    from company c cross join generate_series(0, 364) d where c.id > 1`)
  await db.execute(sql`
    insert into report (company_id, report_number, license_number, tanker_type, contact_name, phone, verify_token, status, result, create_time, sign_time)
    select g % 200 + 2, 'JCB' || g, '浙A' || lpad((g % 100000)::text, 5, '0'), '常压车辆', '司机', '13900000000', 'bench-' || g, g % 7,
      case when g % 7 = 6 then (case when g % 5 = 0 then '不合格' else '合格' end) end,
      now() - ((g * 79 % 525600) || ' minutes')::interval,
      case when g % 7 = 6 then now() - ((g * 79 % 525600) || ' minutes')::interval end
    from generate_series(1, 400000) g`)
  await db.execute(sql`insert into reservation_plan (company_id, reserve_time, reserve_period, tanker_type, total_count)
    select c.id, ((now() at time zone 'UTC') + interval '8 hours')::date, '上午', '常压车辆', 100 from company c where c.id > 1`)
  await db.execute(sql`
    insert into reservation (company_id, plan_id, license_number, contact_name, phone, tanker_type, reserve_time, reserve_period, status)
    select p.company_id, p.id, '浙B' || lpad(g::text, 6, '0'), '司机', '13900000001', '常压车辆', p.reserve_time - (g % 365), '上午', g % 4
    from generate_series(1, 200000) g join reservation_plan p on p.company_id = g % 200 + 2`)
  await db.execute(sql`analyze`)
}

async function refreshCost(kind: string, database: Database) {
  for (const [label, scope] of [['every base', null], ['one base', 57]] as const) {
    await screenFigures(database.db, scope)
    const times: number[] = []
    for (let i = 0; i < 40; i++) {
      const t = performance.now()
      await screenFigures(database.db, scope)
      times.push(performance.now() - t)
    }
    report(`${kind} refresh, ${label}, uncached: p50`, percentile(times, 50), 'ms', '≤ 50 ms')
    report(`${kind} refresh, ${label}, uncached: p99`, percentile(times, 99), 'ms')
  }
  const plan = await database.db.execute<{ 'QUERY PLAN': string }>(sql`explain select company_id, measure, conclusion, sum(count) from measurement_daily
    where day = ((now() at time zone 'UTC') + interval '8 hours')::date group by 1, 2, 3`)
  console.log(`${kind} measurement_daily today's plan: ${plan.rows.map((r) => r['QUERY PLAN'].trim()).join(' | ')}`)
}

/** Fifty screens asking for their figures every SCREEN_REFRESH_MS, started spread over the first period, until `stop`. */
function pollers(base: string, links: string[], stop: () => boolean) {
  const times: number[] = []
  let errors = 0
  const done = Promise.all(links.map(async (link, i) => {
    await new Promise((r) => setTimeout(r, (i * SCREEN_REFRESH_MS) / links.length))
    while (!stop()) {
      const t = performance.now()
      const res = await fetch(`${base}/api/screen/embed/data?${link}`)
      if ((await res.json() as { code: number }).code !== 200) errors++
      times.push(performance.now() - t)
      const next = performance.now() + SCREEN_REFRESH_MS
      while (!stop() && performance.now() < next) await new Promise((r) => setTimeout(r, 200))
    }
  }))
  return { times, errors: () => errors, done }
}

async function measure(kind: string) {
  const { database, dataDir, env, drop } = await benchDatabase(kind, 'bench_screens', PG_SERVER)
  const tokens = await buildFixture(database, SESSIONS)
  await yearOfFigures(database)
  await refreshCost(kind, database)
  await database.close()
  const server = await startBuiltServer({ ...env, ADMIN_PASSWORD: LOAD_PASSWORD }, dataDir)
  try {
    const links: string[] = []
    for (let i = 0; i < SCREENS; i++) {
      const res = await fetch(`${server.base}/api/screen/embed/link`, {
        method: 'POST', headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' }, body: JSON.stringify({ companyId: 2 + i * 3 }),
      })
      const body = await res.json() as { code: number; message: string; data: { url: string } }
      if (body.code !== 200) throw new Error(`link: ${body.message}`)
      links.push(new URL(body.data.url).search.slice(1))
    }
    const warm = await run(server.base, tokens, 2)
    if (warm.errors) throw new Error(`warm-up: ${warm.firstError}`)
    const before = await run(server.base, tokens, SECONDS)
    let stopped = false
    const screens = pollers(server.base, links, () => stopped)
    const withScreens = await run(server.base, tokens, SECONDS)
    stopped = true
    await screens.done
    const after = await run(server.base, tokens, SECONDS)
    const p99 = (r: { times: number[] }) => percentile(r.times, 99)
    const baseline = (p99(before) + p99(after)) / 2
    report(`${kind} load p99 without screens (before)`, p99(before), 'ms')
    report(`${kind} load p99 with ${SCREENS} screens polling`, p99(withScreens), 'ms')
    report(`${kind} load p99 without screens (after)`, p99(after), 'ms')
    report(`${kind} load p99 with screens / without`, p99(withScreens) / baseline, '×', '≤ 1.10')
    report(`${kind} load throughput with screens / without`, (withScreens.requests / withScreens.seconds) / (((before.requests / before.seconds) + (after.requests / after.seconds)) / 2), '×')
    report(`${kind} screen refreshes during the load run`, screens.times.length, 'requests')
    report(`${kind} screen refresh over HTTP under load: p50`, percentile(screens.times, 50), 'ms')
    report(`${kind} screen refresh errors`, screens.errors() + before.errors + withScreens.errors + after.errors, 'requests', '0')
  } finally {
    await server.stop()
    await drop()
  }
}

for (const kind of DATABASES) await measure(kind)
