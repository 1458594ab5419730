// The goods description search (物品登记, imagetext) at 100,000 goods across 5 bases, on PostgreSQL and on PGlite:
//   - the search through the goods service (name, ticket number and photo text; trigram index, one misread
//     character allowed): p50 ≤ 100 ms, for headquarters (every base) and for one base
//   - beside it, in the same run, a plain ILIKE over the same three columns with no index (exact substrings
//     only, the page and its count), the baseline the trigram index is measured against
//   GOODS (default 100000), BENCH_DATABASES (default "postgres,pglite"),
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
import { sql } from 'drizzle-orm'
import type { Database } from '../server/src/db/client.js'
import { findGoods } from '../server/src/modules/goods/service.js'
import { seed } from '../server/src/seed.js'
import { benchDatabase, percentile, report } from './lib.js'

const GOODS = Number(process.env.GOODS ?? 100_000)
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim())
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const BASES = 5

const NAMES = ['周大福足金手镯', '老凤祥黄金项链', '劳力士绿水鬼手表', '欧米茄海马手表', '苹果手机', '华为手机', '联想笔记本电脑', '雅迪电动车', '大众朗逸轿车', '佳能单反相机', '大疆无人机', '茅台酒']
const LABELS = ['AU999 CHOW TAI FOOK', 'ROLEX SUBMARINER', 'OMEGA SEAMASTER', 'IMEI', 'ThinkPad X1 Carbon', 'YADEA DE3 48V', 'LSVNV2182N', 'Canon EOS 90D', 'DJI MAVIC 3']

async function buildFixture(database: Database) {
  const { db } = database
  await database.migrate()
  await seed(db, { adminPassword: 'Bench@123456' })
  const t0 = performance.now()
  await db.execute(sql`insert into company (name, contactor, phone) select '物品基地' || g, '联系人', '1390000000' || g from generate_series(1, ${BASES}) g`)
  const names = `{${NAMES.map((n) => `"${n}"`).join(',')}}`
  const labels = `{${LABELS.map((n) => `"${n}"`).join(',')}}`
  // ticket numbers DT0000001…, photo text a label and a serial of its own
  await db.execute(sql`
    insert into goods (company_id, name, category, ticket_number, ticket_pic_id, goods_pic_ids, pawn_time, pawn_name, phone, id_number, photo_text, create_time)
    select (select min(id) from company where name like '物品基地%') + g % ${BASES},
      (${names}::text[])[1 + g % ${NAMES.length}] || ' ' || (g % 97), '其他', 'DT' || lpad(g::text, 7, '0'), 1, '{1}',
      now() - (g || ' minutes')::interval, '张三', '13800000000', '110105199003071239',
      (${labels}::text[])[1 + g % ${LABELS.length}] || ' SN' || upper(substr(md5(g::text), 1, 10)),
      now() - (g || ' minutes')::interval
    from generate_series(1, ${GOODS}) g`)
  await db.execute(sql`analyze goods`)
  report('fixture goods', GOODS, 'goods')
  report('fixture build', performance.now() - t0, 'ms')
  const [base] = (await db.execute<{ id: number }>(sql`select min(id)::int as id from company where name like '物品基地%'`)).rows
  return base!.id
}

/** A text as a user types it: a serial from a photo, a ticket number or a name, with one character misread in every other one. */
function queryText(i: number) {
  const g = 1 + ((i * 7919) % GOODS)
  const serial = `SN${(md5Prefix(g))}`
  const ticket = `DT${String(g).padStart(7, '0')}`
  const texts = [serial, ticket, NAMES[g % NAMES.length]!]
  const t = texts[i % texts.length]!
  if (i % 2 === 0) return t
  const at = Math.min(t.length - 2, 3)
  return `${t.slice(0, at)}${t[at] === '0' ? 'O' : t[at] === '金' ? '全' : 'X'}${t.slice(at + 1)}`
}
let md5s: Map<number, string> | undefined
const md5Prefix = (g: number) => md5s?.get(g) ?? ''

async function timed(n: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run(i)
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await run(i + 5)
    times.push(performance.now() - t)
  }
  return percentile(times, 50)
}

async function measure(kind: string) {
  const { database, drop } = await benchDatabase(kind, 'bench_goods', PG_SERVER)
  try {
    const baseId = await buildFixture(database)
    const { db } = database
    const sample = await db.execute<{ g: number; s: string }>(sql`select substr(ticket_number, 3)::int as g, upper(substr(md5(substr(ticket_number, 3)::int::text), 1, 10)) as s from goods`)
    md5s = new Map(sample.rows.map((r) => [Number(r.g), r.s]))
    const hq = { sessionId: 0, userId: 1, companyId: 1, roleId: null }
    const base = { ...hq, companyId: baseId }
    let found = 0
    const search = (auth: typeof hq) => async (i: number) => {
      const page = await findGoods(db, auth, { imagetext: queryText(i), page: 1, size: 20 })
      if (page.data.length) found++
    }
    for (const [name, auth] of [['headquarters', hq], ['a base', base]] as const) {
      found = 0
      const ms = await timed(60, search(auth))
      report(`${kind} text search (${name}) p50`, ms, 'ms', '≤ 100 ms')
      report(`${kind} text search (${name}) found`, Math.round((found / 65) * 100), '% of searches')
    }
    // each kind of text apart (headquarters): i % 6 picks serial, ticket or name, exact or with a misread character
    for (const [k, label] of ['photo serial', 'ticket number, misread', 'name', 'photo serial, misread', 'ticket number', 'name, misread'].entries()) {
      const ms = await timed(10, (i) => search(hq)(k + 6 * i))
      report(`${kind} text search (headquarters): ${label} p50`, ms, 'ms')
    }
    // the same three columns with ILIKE and no index: a page of 20 and its count
    const ilike = async (i: number) => {
      const pattern = `%${queryText(i)}%`
      const where = sql`(name ilike ${pattern} or ticket_number ilike ${pattern} or photo_text ilike ${pattern})`
      await Promise.all([
        db.execute(sql`select * from goods where ${where} order by create_time desc, id desc limit 20`),
        db.execute(sql`select count(*) from goods where ${where}`),
      ])
    }
    const plain = await timed(20, ilike)
    report(`${kind} plain ILIKE baseline (headquarters, no index) p50`, plain, 'ms')
  } finally {
    await database.close()
    await drop()
  }
}

for (const kind of DATABASES) await measure(kind)
