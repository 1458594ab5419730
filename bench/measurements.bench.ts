// Measurements (issue 35), on PostgreSQL and on PGlite:
//   - ingest: DEVICES devices (default 20) post readings in parallel through the built server for INGEST_SECONDS
//     (default 10): ≥ 1,000 readings/s on PostgreSQL, ≥ 300/s on PGlite; every tenth post is sent twice (a device's
//     retry). Afterwards 0 lost or doubled: every 200 is one row, every row one 200, each retry answered as repeated,
//     and the day counts (measurement_daily) add up to the rows, per device.
//   - the measurement list at LIST_ROWS readings (default 10,000,000; PostgreSQL only) seeded with INSERT … SELECT
//     generate_series over a year of month partitions: a base's first page p50 ≤ 100 ms, with and without filters,
//     beside the machines list as the baseline; the plan of the slowest is printed.
//   INGEST_SECONDS, DEVICES, LIST_ROWS, BENCH_DATABASES (default "postgres,pglite"),
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
import { formatDateTime, idCheckChar } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { Database } from '../server/src/db/client.js'
import { tidyTables } from '../server/src/db/upkeep.js'
import { secretHashOf } from '../server/src/modules/measurements/devices.js'
import { findMachines, findMeasurements } from '../server/src/modules/measurements/service.js'
import { seed } from '../server/src/seed.js'
import { benchDatabase, cpuSeconds, percentile, report, startBuiltServer } from './lib.js'

const INGEST_SECONDS = Number(process.env.INGEST_SECONDS ?? 10)
const DEVICES = Number(process.env.DEVICES ?? 20)
const LIST_ROWS = Number(process.env.LIST_ROWS ?? 10_000_000)
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
  const post = async (d: { deviceNo: string; secret: string }, body: unknown) => {
    const res = await fetch(`${base}/api/machine/measurement`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-device-no': d.deviceNo, authorization: `Bearer ${d.secret}` }, body: JSON.stringify(body),
    })
    return (await res.json()) as { code: number; message: string; data: { id: number; repeated: boolean } | null }
  }
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
  return run
}

async function ingestRun(kind: string) {
  const { database, dataDir, env, drop } = await benchDatabase(kind, 'bench_measure', PG_SERVER)
  let reopened: Database | undefined
  try {
    const { devices, people } = await ingestFixture(database)
    await database.close()
    const server = await startBuiltServer({ ...env, ADMIN_PASSWORD: PASSWORD, DEVICE_RATE_PER_MINUTE: '10000000' }, dataDir)
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
    reopened = await openDatabase(kind === 'postgres' ? { databaseUrl: env.DATABASE_URL!, migrationsDir } : { dataDir, migrationsDir })
    const { db } = reopened
    const rows = new Set((await db.execute<{ id: string }>(sql`select id from measurement`)).rows.map((r) => Number(r.id)))
    const answered = new Set(run.ids)
    const lost = [...rows].filter((id) => !answered.has(id)).length + run.ids.filter((id) => !rows.has(id)).length
    const doubled = run.ids.length - answered.size + run.wrongRepeat
    const [counted] = (await db.execute<{ n: string }>(sql`select coalesce(sum(count), 0) n from measurement_daily where measure = 'all'`)).rows
    const [offDevices] = (await db.execute<{ n: string }>(sql`select count(*) n from (select machine_id, count(*) c from measurement group by 1) m
      full join (select machine_id, sum(count) c from measurement_daily where measure = 'all' group by 1) d using (machine_id) where m.c is distinct from d.c`)).rows
    const [partitions] = (await db.execute<{ n: string }>(sql`select count(*) n from pg_inherits where inhparent = 'measurement'::regclass`)).rows
    report(`${kind} ${devices.length} devices, ${INGEST_SECONDS} s: readings stored`, run.ok / run.seconds, 'readings/s', kind === 'postgres' ? '≥ 1000' : '≥ 300')
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

/** LIST_ROWS readings over the last year, spread over BASES bases, 100 devices and 50,000 members. */
async function listFixture(database: Database) {
  const { db } = database
  await database.migrate()
  await seed(db, { adminPassword: PASSWORD })
  const t0 = performance.now()
  await db.execute(sql`insert into company (name, contactor, phone, province) select '测量基地' || g, '联系人', '1390000000' || g, '浙江省' from generate_series(1, ${n(BASES)}) g`)
  const [ids] = (await db.execute<{ c: number }>(sql`select min(id)::int c from company where name like '测量基地%'`)).rows
  const c0 = Number(ids!.c)
  await db.execute(sql`insert into machine (company_id, type, device_no, secret_hash) select ${c0} + g % ${n(BASES)}, '血压计', 'L-' || g, repeat('0', 64) from generate_series(0, 99) g`)
  await db.execute(sql`insert into testee (company_id, name, sex, id_no, phone) select ${c0} + g % ${n(BASES)}, '会员' || g, '男', '1101051980010' || lpad(g::text, 5, '0'), '139' || lpad(g::text, 8, '0') from generate_series(0, 49999) g`)
  for (let m = 0; m <= 12; m++) await db.execute(sql`select measurement_ensure_month(now() - ${`${m} months`}::interval)`)
  const [first] = (await db.execute<{ m: number; t: number }>(sql`select (select min(id) from machine)::int m, (select min(id) from testee)::int t`)).rows
  const m0 = Number(first!.m)
  const t0id = Number(first!.t)
  // reading g: device g % 100 (its base: device % BASES), a member of that base, time growing with g over a year
  const CHUNK = 1_000_000
  for (let from = 0; from < LIST_ROWS; from += CHUNK) {
    const to = Math.min(LIST_ROWS, from + CHUNK) - 1
    await db.execute(sql`
      insert into measurement (company_id, machine_id, testee_id, measured_time, systolic, diastolic, sugar, bmi, bp_conclusion, sugar_conclusion, bmi_conclusion)
      select ${c0} + (g % 100) % ${n(BASES)}, ${m0} + g % 100, ${t0id} + ((g / 100) % 10000) * ${n(BASES)} + (g % 100) % ${n(BASES)},
        now() - interval '365 days' + (g * (31500000.0 / ${n(LIST_ROWS)})) * interval '1 second',
        100 + g % 90, 60 + g % 39, 4 + (g % 50) / 10.0, 18 + (g % 14),
        case when g % 90 >= 40 then '高血压1级' else '正常' end, case when g % 50 >= 21 then '空腹血糖受损' else '正常' end, case when g % 14 >= 6 then '超重' else '正常' end
      from generate_series(${n(from)}, ${n(to)}) g`)
    console.log(`seeded ${to + 1} readings (${((performance.now() - t0) / 1000).toFixed(0)} s)`)
  }
  console.log(`upkeep: ${(await tidyTables(db)).join(', ')}`)
  await db.execute(sql`analyze measurement`)
  report('fixture readings', LIST_ROWS, 'readings')
  report('fixture build', (performance.now() - t0) / 1000, 's')
  return { c0, m0 }
}

async function listRun(kind: string) {
  const { database, drop } = await benchDatabase(kind, 'bench_measure_list', PG_SERVER)
  try {
    const { c0, m0 } = await listFixture(database)
    const { db } = database
    const base = { sessionId: 0, userId: 1, companyId: c0, roleId: null }
    const hq = { ...base, companyId: 1 }
    const month = [formatDateTime(new Date(Date.now() - 40 * 86_400_000)).slice(0, 10), formatDateTime(new Date(Date.now() - 10 * 86_400_000)).slice(0, 10)]
    const cases: [string, () => Promise<unknown>][] = [
      ['baseline: the machines list', () => findMachines(db, base, { page: 1, size: 20 })],
      ['a base\'s first page', () => findMeasurements(db, base, { page: 1, size: 20 })],
      ['a base\'s page, a month, abnormal only', () => findMeasurements(db, base, { page: 1, size: 20, measuredTimeQuery: month, abnormal: true })],
      ['a base\'s page, one device, a month', () => findMeasurements(db, base, { page: 1, size: 20, machineId: m0 + 5, measuredTimeQuery: month })],
      ['a base\'s page, by name', () => findMeasurements(db, base, { page: 1, size: 20, name: '会员12345' })],
      ['headquarters\' first page (every base)', () => findMeasurements(db, hq, { page: 1, size: 20 })],
    ]
    let slowest = { name: '', ms: 0 }
    for (const [name, run] of cases) {
      const ms = await timed(10, run)
      report(`${kind} ${LIST_ROWS.toLocaleString('en')} readings: ${name} p50`, ms, 'ms', name.startsWith('baseline') ? undefined : '≤ 100 ms')
      if (!name.startsWith('baseline') && ms > slowest.ms) slowest = { name, ms }
    }
    console.log(`slowest: ${slowest.name}`)
  } finally {
    await database.close().catch(() => {})
    await drop()
  }
}

for (const kind of DATABASES) await ingestRun(kind)
if (DATABASES.includes('postgres') && LIST_ROWS > 0) await listRun('postgres')
