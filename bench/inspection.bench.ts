// The inspection workflow at scale (issue 12): 200,000 reports generated in bulk, then through the built
// server on PostgreSQL and on PGlite:
//   - the registration list (a base's default page of 10; a status filter; headquarters by centre): p50 ≤ 30 ms on
//     PostgreSQL, ≤ 100 ms on PGlite
//   - saving one record (auto-save of a check item): p50 ≤ 20 ms
//   - the printable PDF of a fully entered report: ≤ 1 s
// Each is also given as a ratio to the cheapest authenticated call of the same server in the same run
// (/api/users/info), which holds when the machine's speed drifts.
//   REPORTS (default 200000), BENCH_DATABASES (default "postgres,pglite"),
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
import { IDLE_TIMEOUT_MS, type TemplateStep } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { Database } from '../server/src/db/client.js'
import { seed } from '../server/src/seed.js'
import { hashPassword } from '../server/src/platform/passwords.js'
import { createSession } from '../server/src/platform/sessions.js'
import { benchDatabase, percentile, report, startBuiltServer } from './lib.js'

const REPORTS = Number(process.env.REPORTS ?? 200_000)
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim())
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PASSWORD = 'Bench@123456'
const BASES = 20
const CENTERS = ['罐车一中心', '罐车二中心', '罐车三中心']

/** Bases with a main account (base admin) and an inspector each, stations under the three centres, and 200,000 reports over two years. */
async function buildFixture(database: Database) {
  const db = database.db
  await database.migrate()
  await seed(db, { adminPassword: PASSWORD })
  const hash = await hashPassword(PASSWORD)
  await db.execute(sql`
    insert into company (name, contactor, phone, domain, remaining_times, user_amount)
    select '基地' || g, '联系人' || g, '139' || lpad(g::text, 8, '0'), 'base' || g, 100, 10 from generate_series(1, ${BASES}) g`)
  for (const [prefix, role] of [['13', 'base admin'], ['15', '检验员']] as const) {
    await db.execute(sql`
      insert into app_user (phone, name, password_hash, role_id, is_create)
      select ${prefix} || lpad(g::text, 9, '0'), ${role} || g, ${hash}, (select id from role where nick_name = ${role}), 1
      from generate_series(1, ${BASES}) g`)
    await db.execute(sql`
      insert into user_company (user_id, company_id)
      select u.id, c.id from app_user u join company c on c.name = '基地' || substring(u.phone from 3)::int where u.phone like ${`${prefix}%`}`)
  }
  await db.execute(sql`
    insert into station_group (company_id, name, center) select c.id, '分组', (${sql.raw(`array['${CENTERS.join("','")}']`)})[1 + c.id % 3] from company c where c.id > 1`)
  await db.execute(sql`insert into station (group_id, company_id, name) select g.id, g.company_id, '一号工位' from station_group g`)
  const t0 = performance.now()
  await db.execute(sql`
    insert into report (company_id, report_number, license_number, tanker_type, tanker_number, org, contact_name, phone, latest_material, outdate,
      status, template_id, template_version_id, is_out, inspector_id, station_id, center, result, verify_token, create_time, update_time)
    select c.id, 'JC' || lpad(g::text, 12, '0'), '苏A' || lpad((g % 99999)::text, 5, '0'), case when g % 3 = 0 then '承压车辆' else '常压车辆' end,
      'GT-' || g, '运输公司' || (g % 300), '司机' || (g % 500), '138' || lpad((g % 99999999)::text, 8, '0'), '柴油', current_date + 365,
      s.status, t.id, t.current_version_id, false, u.id, st.id, sg.center,
      case when s.status >= 4 then case when g % 9 = 0 then '不合格' else '合格' end end, md5(g::text), x.t, x.t
    from (select g, now() - ((g * 37 % 1051200) || ' minutes')::interval as t, 1 + g % ${BASES} as base from generate_series(1, ${REPORTS}) g) x
    cross join lateral (select (array[0, 1, 2, 3, 4, 5, 6, 6, 6, 6])[1 + g % 10] as status) s
    join company c on c.name = '基地' || x.base
    join app_user u on u.phone = '15' || lpad(x.base::text, 9, '0')
    join station st on st.company_id = c.id
    join station_group sg on sg.id = st.group_id
    cross join (select id, current_version_id from process_template where name = '常压车辆' and not is_out) t`)
  // as autovacuum leaves a table after a bulk load: statistics and the visibility map (index-only counts)
  await db.execute(sql`vacuum analyze report`)
  report(`generated ${REPORTS} reports in`, (performance.now() - t0) / 1000, 's')
  const user = async (phone: string) => (await db.execute<{ id: number; company: number }>(sql`
    select u.id, uc.company_id as company from app_user u join user_company uc on uc.user_id = u.id where u.phone = ${phone}`)).rows[0]!
  const [base, inspector] = [await user('13000000001'), await user('15000000001')]
  const [admin] = (await db.execute<{ id: number }>(sql`select id from app_user where phone = 'admin'`)).rows
  return {
    base: await createSession(db, base.id, base.company, IDLE_TIMEOUT_MS),
    inspector: await createSession(db, inspector.id, inspector.company, IDLE_TIMEOUT_MS),
    inspectorId: inspector.id,
    hq: await createSession(db, admin!.id, 1, IDLE_TIMEOUT_MS),
  }
}

async function call(base: string, token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const t = performance.now()
  const res = await fetch(base + url, {
    method, headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const buf = Buffer.from(await res.arrayBuffer())
  if (!res.ok) throw new Error(`${url}: ${res.status} ${buf.toString('utf8', 0, 300)}`)
  return { ms: performance.now() - t, buf, json: () => JSON.parse(buf.toString('utf8')) }
}

/** p50 of `n` calls after `warm` unmeasured ones. */
async function p50(n: number, warm: number, run: (i: number) => Promise<{ ms: number }>) {
  const times: number[] = []
  for (let i = 0; i < n + warm; i++) {
    const { ms } = await run(i)
    if (i >= warm) times.push(ms)
  }
  return percentile(times, 50)
}

async function measure(kind: string) {
  const { database, dataDir, env, drop } = await benchDatabase(kind, 'bench_inspection', PG_SERVER)
  try {
    const tokens = await buildFixture(database)
    await database.close()
    const server = await startBuiltServer({ ...env, ADMIN_PASSWORD: PASSWORD }, dataDir)
    const s = server.base
    try {
      const baseline = await p50(40, 5, () => call(s, tokens.base, 'GET', '/api/users/info'))
      report(`${kind} baseline /api/users/info p50`, baseline, 'ms')
      const lists: [string, string, (i: number) => unknown][] = [
        ['a base\'s default page of 10', tokens.base, (i) => ({ page: 1 + (i % 3) })],
        ['a base, status filter', tokens.base, (i) => ({ status: i % 7, page: 1 })],
        ['headquarters by centre', tokens.hq, (i) => ({ center: CENTERS[i % 3], page: 1 + (i % 2) })],
        ['headquarters, everything', tokens.hq, (i) => ({ page: 1 + (i % 3) })],
        ['a base, plate search', tokens.base, (i) => ({ licenseNumber: `A${String(1000 + i)}` })],
      ]
      for (const [name, token, body] of lists) {
        const ms = await p50(40, 5, (i) => call(s, token, 'POST', '/api/report/find', body(i)))
        report(`${kind} list: ${name} p50`, ms, 'ms', kind === 'postgres' ? '≤ 30 ms' : '≤ 100 ms')
        report(`${kind} list: ${name} / baseline`, ms / baseline, '×')
      }

      const options = (await call(s, tokens.base, 'GET', '/api/model/options')).json().data as { id: number; name: string }[]
      const id = (await call(s, tokens.base, 'POST', '/api/report/saveFirst', {
        licenseNumber: '苏B12345', tankerType: '常压车辆', org: '测速运输有限公司', contactName: '王师傅', phone: '13912345678',
        latestMaterial: '柴油', outdate: '2028-01-01',
      })).json().data.id as number
      await call(s, tokens.base, 'POST', `/api/report/start/${id}`, { inspectorId: tokens.inspectorId, templateId: options.find((o) => o.name === '常压车辆')!.id })
      const steps = (await call(s, tokens.base, 'POST', `/api/report/getDetail/${id}`)).json().data.steps as TemplateStep[]
      const items = steps.flatMap((st) => st.items).filter((it) => it.kind !== 'photo')
      const value = (it: TemplateStep['items'][number], i: number) =>
        it.kind === 'pass_fail' ? i % 2 === 0 : it.kind === 'number' ? (it.min ?? 0) + (i % 5) : it.kind === 'choice' ? it.options[i % it.options.length]! : `记录${i}`
      const record = await p50(100, 10, (i) => {
        const it = items[i % items.length]!
        return call(s, tokens.inspector, 'POST', `/api/report/record/${id}`, { itemKey: it.key, value: value(it, i) })
      })
      report(`${kind} save one record p50`, record, 'ms', '≤ 20 ms')
      report(`${kind} save one record / baseline`, record / baseline, '×')

      const pdf: number[] = []
      let bytes = 0
      for (let i = 0; i < 6; i++) {
        const r = await call(s, tokens.base, 'GET', `/api/report/pdf/${id}`)
        if (i === 0) report(`${kind} report PDF, the first (reads the font)`, r.ms, 'ms')
        else pdf.push(r.ms)
        bytes = r.buf.length
      }
      report(`${kind} report PDF p50`, percentile(pdf, 50), 'ms', '≤ 1000 ms')
      report(`${kind} report PDF size`, bytes / 1024, 'KB')
    } finally {
      await server.stop()
    }
  } finally {
    await drop()
  }
}

for (const kind of DATABASES) await measure(kind)
