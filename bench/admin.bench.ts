// Administration figures of issue 3 (PGlite in memory, app.inject):
//   /users/find/ p50 with 10,000 users across 200 bases (target ≤ 20 ms)
//   base CSV export of 5,000 bases (target ≤ 1 s)
import { sql } from 'drizzle-orm'
import { buildApp } from '../server/src/app.js'
import { testConfig } from '../server/src/config.js'
import { openDatabase } from '../server/src/db/client.js'
import { seed } from '../server/src/seed.js'
import { hashPassword } from '../server/src/platform/passwords.js'
import { encryptPassword } from '../server/src/platform/rsa.js'
import { insertBenchBases, percentile, report } from './lib.js'

const PASSWORD = 'Bench@123456'
const config = testConfig({ loginRatePerMinute: 1_000_000 })
const database = await openDatabase({ inMemory: true, migrationsDir: config.migrationsDir })
await database.migrate()
await seed(database.db, { adminPassword: PASSWORD })
const app = await buildApp(config, database)
await app.ready()
const db = database.db

// 200 bases with 50 users each (10,000): per base one base admin (isCreate 1), 39 operators/inspectors
// and 10 sub-accounts of the base admin; creation times spread over a year.
const t0 = performance.now()
const hash = await hashPassword(PASSWORD)
await insertBenchBases(db, 200)
await db.execute(sql`
  insert into app_user (phone, name, password_hash, role_id, is_create, create_time)
  select '13' || lpad(g::text, 9, '0'), '用户' || g, ${hash},
    case when g % 50 = 1 then (select id from role where nick_name = 'base admin')
         when g % 50 > 40 or g % 50 = 0 then null
         when g % 2 = 0 then (select id from role where nick_name = 'operator')
         else (select id from role where nick_name = '检验员') end,
    case when g % 50 = 1 then 1 else 0 end,
    now() - ((g * 53 % 525600) || ' minutes')::interval
  from generate_series(1, 10000) g`)
await db.execute(sql`
  insert into user_company (user_id, company_id)
  select u.id, c.id from app_user u
  join company c on c.name = '基地' || ((substring(u.phone from 3)::int - 1) / 50 + 1)
  where u.phone <> 'admin'`)
// sub-accounts hang under their base admin
await db.execute(sql`
  update app_user u set parent_id = p.id
  from user_company uc, user_company puc, app_user p
  where u.role_id is null and uc.user_id = u.id and puc.company_id = uc.company_id and p.id = puc.user_id and p.is_create = 1 and p.phone <> 'admin'`)
await db.execute(sql`update user_company uc set parent_id = u.parent_id from app_user u where u.id = uc.user_id and u.parent_id is not null`)
await db.execute(sql`update company c set main_user_id = uc.user_id from user_company uc join app_user u on u.id = uc.user_id where uc.company_id = c.id and u.is_create = 1 and c.id <> 1`)
await db.execute(sql`analyze`)
const counts = (await db.execute<{ users: number; bases: number }>(sql`select (select count(*)::int from app_user) as users, (select count(*)::int from company) as bases`)).rows[0]!
report('fixture users', counts.users, 'users')
report('fixture bases', counts.bases, 'bases')
report('fixture build', performance.now() - t0, 'ms')

const login = async (username: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password: encryptPassword(app.ctx.cipher.publicKeyPem, PASSWORD) } })
  const body = res.json()
  if (body.code !== 200) throw new Error(body.message)
  return body.data.token as string
}
const hq = await login('admin')
const baseAdmin = await login('13000000051') // base admin of 基地2

async function measure(name: string, token: string, payload: unknown, runs = 300, target?: string) {
  const times: number[] = []
  for (let i = 0; i < runs + 30; i++) {
    const t = performance.now()
    const res = await app.inject({ method: 'POST', url: '/api/users/find/', payload: payload as never, headers: { authorization: `Bearer ${token}` } })
    const took = performance.now() - t
    if (res.statusCode !== 200) throw new Error(res.body)
    if (i >= 30) times.push(took)
  }
  report(`${name} p50`, percentile(times, 50), 'ms', target)
  report(`${name} p99`, percentile(times, 99), 'ms')
}

await measure('/users/find/ headquarters, all 10,000 users, page 1 of 20 (tree)', hq, { page: 1, size: 20 }, 300, '≤ 20 ms')
await measure('/users/find/ headquarters, one base', hq, { page: 1, size: 20, companyId: 100 })
await measure('/users/find/ headquarters, name search', hq, { page: 1, size: 20, name: '用户77' })
await measure('/users/find/ headquarters, page 200', hq, { page: 200, size: 20 })
await measure('/users/find/ base admin, own base (tree with sub-accounts)', baseAdmin, { page: 1, size: 20 })

// 5,000 bases for the export
await db.execute(sql`
  insert into company (name, contactor, phone, address, province, city, district, domain, remaining_times, use_times, user_amount)
  select '导出基地' || g, '联系人' || g, '137' || lpad(g::text, 8, '0'), '某省某市某路' || g || '号', '浙江省', '杭州市', '西湖区',
    'export' || g, g % 1000, g % 77, g % 20
  from generate_series(1, ${5000 - counts.bases}) g`)
const exports: number[] = []
let rows = 0
let bytes = 0
for (let i = 0; i < 7; i++) {
  const t = performance.now()
  const res = await app.inject({ method: 'GET', url: '/api/company/export/1', headers: { authorization: `Bearer ${hq}` } })
  exports.push(performance.now() - t)
  if (res.statusCode !== 200) throw new Error(res.body)
  rows = res.body.trim().split('\r\n').length - 1
  bytes = res.rawPayload.length
}
report('base CSV export rows', rows, 'bases')
report('base CSV export size', Math.round(bytes / 1024), 'KiB')
report('base CSV export (5,000 bases) first', exports[0]!, 'ms', '≤ 1000 ms')
report('base CSV export (5,000 bases) p50', percentile(exports, 50), 'ms', '≤ 1000 ms')

await app.close()
