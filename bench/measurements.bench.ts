// Measurements (issue 35), on PostgreSQL and on PGlite:
//   - ingest: DEVICES devices (default 20) post readings in parallel through the built server for INGEST_SECONDS
//     (default 10): ≥ 1,000 readings/s on PostgreSQL, ≥ 300/s on PGlite; every tenth post is sent twice (a device's
//     retry). Afterwards 0 lost or doubled: every 200 is one row, every row one 200, each retry answered as repeated,
//     and the day counts (measurement_daily) add up to the rows, per device.
//   - the measurement list at LIST_ROWS readings (default 10,000,000; PostgreSQL only) seeded with INSERT … SELECT
//     generate_series over a year of month partitions: a base's first page p50 ≤ 100 ms, with and without filters,
//     beside the machines list as the baseline; the plan of the slowest is printed.
//   Before and after in the same run: with BASELINE_DIST (a server/dist built from the code before, e.g. main's), the
//   ingest runs first on that build and then on this one, each on a fresh database, and the ratio is printed; the
//   list times each case as it was counted before (count(*) over the readings, findMeasurementsCountingRows) and as
//   it is (the day counts), and prints EXPLAIN ANALYZE of the page and of the totals.
//   The list fixture is seeded straight into each month's partition and into the day counts (measurement_daily).
//   INGEST_SECONDS, DEVICES, LIST_ROWS (comma-separated for several sizes, e.g. 2000000,10000000), BASELINE_DIST,
//   BENCH_DATABASES (default "postgres,pglite"),
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
import path from 'node:path'
import { formatDateTime, idCheckChar, parseDateTime } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { Database } from '../server/src/db/client.js'
import { tidyTables } from '../server/src/db/upkeep.js'
import { secretHashOf } from '../server/src/modules/measurements/devices.js'
import { monthOf } from '../server/src/modules/measurements/partitions.js'
import { findMachines, findMeasurements, findMeasurementsCountingRows } from '../server/src/modules/measurements/service.js'
import { seed } from '../server/src/seed.js'
import { benchDatabase, cpuSeconds, jsonClient, percentile, report, startBuiltServer } from './lib.js'

const INGEST_SECONDS = Number(process.env.INGEST_SECONDS ?? 10)
const DEVICES = Number(process.env.DEVICES ?? 20)
const LIST_SIZES = (process.env.LIST_ROWS ?? '10000000').split(',').map(Number).filter((x) => x > 0)
const BASELINE_DIST = process.env.BASELINE_DIST ? path.resolve(process.env.BASELINE_DIST) : undefined
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim())
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PASSWORD = 'Bench@123456'
const MEMBERS = 2_000
const BASES = 5
const n = (value: number) => sql.raw(String(value))

const idNoOf = (i: number) => {
  const first17 = `110105${19600101 + (i % 28) + 100 * (i % 12) + 10_000 * (i % 40)}${String(i % 1000).padStart(3, '0')}`
  return `${first17}${idCheckChar(first17)}`
}

/** One base in a province, DEVICES machines with known secrets and MEMBERS members with valid ID numbers. */
async function ingestFixture(database: Database) {
  const { db } = database
  await database.migrate()
  await seed(db, { adminPassword: PASSWORD })
  const [base] = (await db.execute<{ id: number }>(sql`insert into company (name, contactor, phone, province) values ('测量基地', '联系人', '13900000000', '浙江省') returning id`)).rows
  const companyId = Number(base!.id)
  const devices = Array.from({ length: DEVICES }, (_, i) => ({ deviceNo: `BENCH-${i + 1}`, secret: `bench-secret-${i + 1}-${'x'.repeat(20)}` }))
  for (const d of devices) await db.execute(sql`insert into machine (company_id, type, device_no, secret_hash) values (${companyId}, '血压计', ${d.deviceNo}, ${secretHashOf(d.secret)})`)
  const people = Array.from({ length: MEMBERS }, (_, i) => idNoOf(i))
  for (let k = 0; k < people.length; k += 500) {
    const chunk = people.slice(k, k + 500)
    await db.execute(sql`insert into testee (company_id, name, sex, id_no) select ${companyId}, '会员' || g, '男', unnest from unnest(string_to_array(${chunk.join(',')}, ',')) with ordinality as u(unnest, g) on conflict do nothing`)
  }
  return { companyId, devices, people }
}

interface Ingest { ok: number; repeated: number; wrongRepeat: number; errors: number; firstError?: string; seconds: number; times: number[]; ids: number[] }

async function ingest(base: string, devices: { deviceNo: string; secret: string }[], people: string[]): Promise<Ingest> {
  const run: Ingest = { ok: 0, repeated: 0, wrongRepeat: 0, errors: 0, seconds: 0, times: [], ids: [] }
  const t0 = performance.now()
  const end = t0 + INGEST_SECONDS * 1000
  const client = jsonClient(base, devices.length)
  const post = (d: { deviceNo: string; secret: string }, body: unknown) => client.post<{ code: number; message: string; data: { id: number; repeated: boolean } | null }>(
    '/api/machine/measurement', body, { 'x-device-no': d.deviceNo, authorization: `Bearer ${d.secret}` })
  await Promise.all(devices.map(async (d, s) => {
    for (let i = 0; performance.now() < end; i++) {
      // readings over the last 50 days: two month partitions or three
      const body = {
        requestId: `${d.deviceNo}-${i}`, idNo: people[(i * DEVICES + s) % people.length], measuredTime: formatDateTime(new Date(Date.now() - ((i * 7919 + s * 104729) % (50 * 86_400)) * 1000)),
        systolic: 100 + (i % 90), diastolic: 60 + (i % 39), sugar: 4 + (i % 50) / 10, height: 160 + (i % 30), weight: 50 + (i % 45),
      }
      const t = performance.now()
      try {
        const answer = await post(d, body)
        if (answer.code !== 200) throw new Error(`${answer.code} ${answer.message}`)
        if (answer.data!.repeated) run.wrongRepeat++
        run.ok++
        run.ids.push(answer.data!.id)
        if (i % 10 === 0) {
          const again = await post(d, body)
          if (again.code !== 200 || !again.data!.repeated || again.data!.id !== answer.data!.id) run.wrongRepeat++
          else run.repeated++
        }
      } catch (err) {
        run.errors++
        run.firstError ??= (err as Error).message
      }
      run.times.push(performance.now() - t)
    }
  }))
  run.seconds = (performance.now() - t0) / 1000
  client.close()
  return run
}

async function ingestRun(kind: string, build: 'before' | 'after', main?: string): Promise<number> {
  const { database, dataDir, env, drop } = await benchDatabase(kind, 'bench_measure', PG_SERVER)
  let reopened: Database | undefined
  kind = `${kind} (${build})`
  try {
    const { devices, people } = await ingestFixture(database)
    await database.close()
    const server = await startBuiltServer({ ...env, ADMIN_PASSWORD: PASSWORD, DEVICE_RATE_PER_MINUTE: '10000000' }, dataDir, main)
    let run: Ingest
    let serverCpu = 0
    try {
      // on a machine busy with other work the rate says little; what a reading costs the server's CPU does not depend on it
      const cpu0 = cpuSeconds(server.child.pid!)
      run = await ingest(server.base, devices, people)
      serverCpu = cpuSeconds(server.child.pid!) - cpu0
    } finally {
      await server.stop()
    }
    const { openDatabase } = await import('../server/src/db/client.js')
    const { root } = await import('./lib.js')
    const migrationsDir = `${root}/server/src/db/migrations`
    reopened = await openDatabase(kind.startsWith('postgres') ? { databaseUrl: env.DATABASE_URL!, migrationsDir } : { dataDir, migrationsDir })
    const { db } = reopened
    const rows = new Set((await db.execute<{ id: string }>(sql`select id from measurement`)).rows.map((r) => Number(r.id)))
    const answered = new Set(run.ids)
    const lost = [...rows].filter((id) => !answered.has(id)).length + run.ids.filter((id) => !rows.has(id)).length
    const doubled = run.ids.length - answered.size + run.wrongRepeat
    const [counted] = (await db.execute<{ n: string }>(sql`select coalesce(sum(count), 0) n from measurement_daily where measure = 'all'`)).rows
    const [offDevices] = (await db.execute<{ n: string }>(sql`select count(*) n from (select machine_id, count(*) c from measurement group by 1) m
      full join (select machine_id, sum(count) c from measurement_daily where measure = 'all' group by 1) d using (machine_id) where m.c is distinct from d.c`)).rows
    const [partitions] = (await db.execute<{ n: string }>(sql`select count(*) n from pg_inherits where inhparent = 'measurement'::regclass`)).rows
    report(`${kind} ${devices.length} devices, ${INGEST_SECONDS} s: readings stored`, run.ok / run.seconds, 'readings/s', kind.startsWith('postgres') ? '≥ 1000' : '≥ 300')
    report(`${kind} readings per CPU second of the server process`, (run.ok + run.repeated) / serverCpu, 'posts/CPU s')
    report(`${kind} post p50`, percentile(run.times, 50), 'ms')
    report(`${kind} post p99`, percentile(run.times, 99), 'ms')
    report(`${kind} retries answered as already recorded`, run.repeated, 'posts')
    report(`${kind} readings lost or doubled`, lost + doubled, 'readings', '0')
    report(`${kind} day counts minus rows`, Number(counted!.n) - rows.size, 'readings', '0')
    report(`${kind} devices whose day counts differ from their rows`, Number(offDevices!.n), 'devices', '0')
    report(`${kind} partitions of measurement (months + default)`, Number(partitions!.n), 'tables')
    report(`${kind} errors`, run.errors, 'requests', '0')
    if (run.firstError) console.log(`${kind} first error: ${run.firstError}`)
    return run.ok / run.seconds
  } finally {
    await (reopened ?? database).close().catch(() => {})
    await drop()
  }
}

/** p50 of `run` after 3 warm-ups. */
async function timed(times: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run(i)
  const t: number[] = []
  for (let i = 0; i < times; i++) {
    const t0 = performance.now()
    await run(i + 3)
    t.push(performance.now() - t0)
  }
  return percentile(t, 50)
}

/**
 * `rows` readings over the last year, spread over BASES bases, 100 devices and 50,000 members, written
 * straight into each month's partition (INSERT … SELECT generate_series over the readings of that month),
 * then the day counts (measurement_daily) of them all, as a device's posts would have left them.
 */
async function listFixture(database: Database, rows: number) {
  const { db } = database
  await database.migrate()
  await seed(db, { adminPassword: PASSWORD })
  const t0 = performance.now()
  await db.execute(sql`insert into company (name, contactor, phone, province) select '测量基地' || g, '联系人', '1390000000' || g, '浙江省' from generate_series(1, ${n(BASES)}) g`)
  const [ids] = (await db.execute<{ c: number }>(sql`select min(id)::int c from company where name like '测量基地%'`)).rows
  const c0 = Number(ids!.c)
  await db.execute(sql`insert into machine (company_id, type, device_no, secret_hash) select ${c0} + g % ${n(BASES)}, '血压计', 'L-' || g, repeat('0', 64) from generate_series(0, 99) g`)
  await db.execute(sql`insert into testee (company_id, name, sex, id_no, phone) select ${c0} + g % ${n(BASES)}, '会员' || g, '男', '1101051980010' || lpad(g::text, 5, '0'), '139' || lpad(g::text, 8, '0') from generate_series(0, 49999) g`)
  const [first] = (await db.execute<{ m: number; t: number }>(sql`select (select min(id) from machine)::int m, (select min(id) from testee)::int t`)).rows
  const m0 = Number(first!.m)
  const t0id = Number(first!.t)
  // reading g: device g % 100 (its base: device % BASES), a member of that base, time growing with g over a year
  const start = Date.now() - 365 * 86_400_000
  const step = 31_500_000_000 / rows // ms between readings
  const gAt = (t: number) => Math.min(rows, Math.max(0, Math.ceil((t - start) / step)))
  const CHUNK = 1_000_000
  for (let k = -12; k <= 0; k++) {
    // month k months from now (China Standard Time) and its partition; the readings whose times fall in it
    const month = monthOf(new Date(), k)
    const low = parseDateTime(`${month}-01`)
    const high = parseDateTime(`${monthOf(new Date(), k + 1)}-01`)
    await db.execute(sql`select measurement_ensure_month(${low.toISOString()}::timestamptz)`)
    const [part] = (await db.execute<{ r: string | null }>(sql`select to_regclass(${`measurement_${month.replace('-', '')}`})::text as r`)).rows
    const target = sql.identifier(part?.r ?? 'measurement')
    for (let from = gAt(low.getTime()), end = gAt(high.getTime()); from < end; from += CHUNK) {
      const to = Math.min(end, from + CHUNK) - 1
      await db.execute(sql`
        insert into ${target} (id, company_id, machine_id, testee_id, measured_time, systolic, diastolic, sugar, bmi, bp_conclusion, sugar_conclusion, bmi_conclusion)
        select nextval('measurement_id_seq'), ${c0} + (g % 100) % ${n(BASES)}, ${m0} + g % 100, ${t0id} + ((g / 100) % 10000) * ${n(BASES)} + (g % 100) % ${n(BASES)},
          ${new Date(start).toISOString()}::timestamptz + (g * ${n(step / 1000)}) * interval '1 second',
          100 + g % 90, 60 + g % 39, 4 + (g % 50) / 10.0, 18 + (g % 14),
          case when g % 90 >= 40 then '高血压1级' else '正常' end, case when g % 50 >= 21 then '空腹血糖受损' else '正常' end, case when g % 14 >= 6 then '超重' else '正常' end
        from generate_series(${n(from)}, ${n(to)}) g`)
      console.log(`seeded ${to + 1} readings into ${part?.r ?? 'measurement'} (${((performance.now() - t0) / 1000).toFixed(0)} s)`)
    }
  }
  // the day counts, as the posts would have left them (China Standard Time days)
  await db.execute(sql`
    insert into measurement_daily (day, machine_id, company_id, province, measure, conclusion, count)
    select (m.measured_time at time zone 'UTC' + interval '8 hours')::date, m.machine_id, m.company_id, '浙江省', v.measure, v.conclusion, count(*)
    from measurement m cross join lateral (values ('all', ''), ('bp', m.bp_conclusion), ('sugar', m.sugar_conclusion), ('bmi', m.bmi_conclusion)) as v(measure, conclusion)
    where v.conclusion is not null
    group by 1, 2, 3, 5, 6`)
  console.log(`upkeep: ${(await tidyTables(db)).join(', ')}`)
  await db.execute(sql`analyze measurement`)
  await db.execute(sql`analyze measurement_daily`)
  const [counted] = (await db.execute<{ rows: string; daily: string }>(sql`select (select count(*) from measurement) as rows, (select sum(count) from measurement_daily where measure = 'all') as daily`)).rows
  report('fixture readings', Number(counted!.rows), 'readings')
  report('fixture day counts minus readings', Number(counted!.daily) - Number(counted!.rows), 'readings', '0')
  report('fixture build', (performance.now() - t0) / 1000, 's')
  return { c0, m0, t0id }
}

/** EXPLAIN ANALYZE of a statement, printed under a title. */
async function explain(db: Database['db'], title: string, statement: ReturnType<typeof sql>) {
  const plan = (await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers, costs off) ${statement}`)).rows.map((r) => r['QUERY PLAN'])
  console.log(`\n--- EXPLAIN ${title}\n${plan.join('\n')}\n`)
}

async function listRun(kind: string, rows: number) {
  const { database, drop } = await benchDatabase(kind, 'bench_measure_list', PG_SERVER)
  try {
    const { c0, m0, t0id } = await listFixture(database, rows)
    const { db } = database
    const base = { sessionId: 0, userId: 1, companyId: c0, roleId: null }
    const hq = { ...base, companyId: 1 }
    const month = [formatDateTime(new Date(Date.now() - 40 * 86_400_000)).slice(0, 10), formatDateTime(new Date(Date.now() - 10 * 86_400_000)).slice(0, 10)]
    const cases: [string, typeof base, Parameters<typeof findMeasurements>[2]][] = [
      ['a base\'s first page', base, { page: 1, size: 20 }],
      ['a base\'s page, a month', base, { page: 1, size: 20, measuredTimeQuery: month }],
      ['a base\'s page, a month, abnormal only', base, { page: 1, size: 20, measuredTimeQuery: month, abnormal: true }],
      ['a base\'s page, one device, a month', base, { page: 1, size: 20, machineId: m0 + 5, measuredTimeQuery: month }],
      ['a base\'s page, by name', base, { page: 1, size: 20, name: '会员12345' }],
      ['a base\'s page, one member', base, { page: 1, size: 20, testeeId: t0id + 5 * 2469 }],
      ['headquarters\' first page (every base)', hq, { page: 1, size: 20 }],
      ['headquarters\' page, a month', hq, { page: 1, size: 20, measuredTimeQuery: month }],
    ]
    const label = `${kind} ${rows.toLocaleString('en')} readings`
    report(`${label}: baseline: the machines list p50`, await timed(10, () => findMachines(db, base, { page: 1, size: 20 })), 'ms')
    let slowest = { name: '', ms: 0 }
    for (const [name, who, q] of cases) {
      const before = await timed(5, () => findMeasurementsCountingRows(db, who, q))
      const after = await timed(10, () => findMeasurements(db, who, q))
      const [a, b] = await Promise.all([findMeasurementsCountingRows(db, who, q), findMeasurements(db, who, q)])
      if (a.totalCount !== b.totalCount || JSON.stringify(a.data) !== JSON.stringify(b.data)) console.log(`!! ${name}: totals differ (${a.totalCount} counted, ${b.totalCount} now)`)
      report(`${label}: ${name} p50 before (count(*) over the readings)`, before, 'ms')
      report(`${label}: ${name} p50 after`, after, 'ms', '≤ 100 ms')
      report(`${label}: ${name} before / after`, before / after, '×')
      if (after > slowest.ms) slowest = { name, ms: after }
    }
    console.log(`slowest after: ${slowest.name}`)
    // the statements the list runs (the page as drizzle writes it, the totals as dailyTotal does)
    const page = (where: ReturnType<typeof sql>) => sql`select m.*, t.name, t.sex, t.phone, t.id_no, mc.device_no from measurement m
      inner join testee t on t.id = m.testee_id inner join machine mc on mc.id = m.machine_id ${where} order by m.measured_time desc nulls last, m.id desc nulls last limit 20`
    await explain(db, 'a base\'s first page: the page', page(sql`where m.company_id = ${c0}`))
    await explain(db, 'a base\'s first page: the total', sql`select coalesce(sum(count), 0) from measurement_daily where measure = 'all' and company_id = ${c0}`)
    await explain(db, 'headquarters\' first page: the page', page(sql``))
    await explain(db, 'headquarters\' first page: the total', sql`select coalesce(sum(count), 0) from measurement_daily where measure = 'all'`)
    const from = parseDateTime(month[0]!)
    const to = new Date(parseDateTime(month[1]!).getTime() + 86_400_000 - 1)
    await explain(db, 'a base\'s month, abnormal only: the count', sql`select count(*) from measurement m where m.company_id = ${c0}
      and m.measured_time >= ${from.toISOString()}::timestamptz and m.measured_time <= ${to.toISOString()}::timestamptz
      and ((m.bp_conclusion is not null and m.bp_conclusion <> '正常') or (m.sugar_conclusion is not null and m.sugar_conclusion <> '正常') or (m.bmi_conclusion is not null and m.bmi_conclusion <> '正常'))`)
    await explain(db, 'before: a base\'s first page: count(*) over the readings', sql`select count(*) from measurement m inner join testee t on t.id = m.testee_id where m.company_id = ${c0}`)
  } finally {
    await database.close().catch(() => {})
    if (process.env.BENCH_KEEP) console.log('kept the list database (BENCH_KEEP)')
    else await drop()
  }
}

for (const kind of INGEST_SECONDS > 0 ? DATABASES : []) {
  const after = async () => ingestRun(kind, 'after')
  if (!BASELINE_DIST) {
    await after()
    continue
  }
  const before = await ingestRun(kind, 'before', path.join(BASELINE_DIST, 'main.js'))
  report(`${kind} ingest after / before`, (await after()) / before, '×')
}
if (DATABASES.includes('postgres')) for (const rows of LIST_SIZES) await listRun('postgres', rows)
