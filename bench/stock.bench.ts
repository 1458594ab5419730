// Stock (issue 37), on PostgreSQL and on PGlite:
//   - at 1 million movements (MOVEMENTS), a base's stock page and a material's ledger page through the services,
//     p50 ≤ 100 ms; beside them, in the same run, the materials list (a plain list call of 50 rows) as the baseline,
//     and the ratios. Each page's total is counted afresh (PGlite otherwise answers a repeated count from memory).
//   - 20 sellers (SELLERS) of one base selling in parallel through the built server (once it has settled after its
//     start) for SALE_SECONDS: ≥ 200 sales/s on PostgreSQL, 0 sales lost or doubled (every 200 is one sale row, every
//     row a 200), each balance the sum of its ledger and never negative, exactly the scarce material's stock sold; beside it, the same sellers reading the
//     sales list (/sale/find) as the baseline. With BASELINE_SERVER (the main.js of a server built from an earlier
//     commit: git archive <commit> | tar -x -C DIR, ln -s $PWD/node_modules DIR/, node DIR/server/build.mjs), the same
//     sellers sell through that build first, on the same database, and the ratio is printed.
//   - the sale's service as it was before its figure was cut (bench/baseline/saleBefore.ts: a transaction of a
//     statement a step) and as it is, called by the same sellers in this process for SERVICE_SECONDS each: the ratio.
//   MOVEMENTS (default 1000000), SELLERS (default 20), SALE_SECONDS (default 10), SERVICE_SECONDS (default 5),
//   BENCH_DATABASES (default "postgres,pglite"),
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
import path from 'node:path'
import { IDLE_TIMEOUT_MS, QUANTITY_SCALE } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { Database } from '../server/src/db/client.js'
import { tidyTables } from '../server/src/db/upkeep.js'
import { findMaterials } from '../server/src/modules/materials/service.js'
import { findBalances, findLedger } from '../server/src/modules/stock/balances.js'
import { saveSale } from '../server/src/modules/stock/sales.js'
import { ConflictError } from '../server/src/platform/errors.js'
import { hashPassword } from '../server/src/platform/passwords.js'
import { createSession } from '../server/src/platform/sessions.js'
import { seed } from '../server/src/seed.js'
import { saveSaleBefore } from './baseline/saleBefore.js'
import { benchDatabase, cpuSeconds, jsonClient, percentile, report, root, startBuiltServer } from './lib.js'

const MOVEMENTS = Number(process.env.MOVEMENTS ?? 1_000_000)
const SELLERS = Number(process.env.SELLERS ?? 20)
const SALE_SECONDS = Number(process.env.SALE_SECONDS ?? 10)
const SERVICE_SECONDS = Number(process.env.SERVICE_SECONDS ?? 5)
/** a server build of the code before (main.js), sold through first in the same run; see the header */
const BASELINE_SERVER = process.env.BASELINE_SERVER
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim())
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PASSWORD = 'Bench@123456'
const BASES = 5
const MATERIALS = 50
const PAIRS = BASES * MATERIALS
/** units the scarce material starts with at the selling base: the run sells it out */
const SCARCE_UNITS = 100
/** units each material sold freely is topped up to before a run */
const PLENTY_UNITS = 100_000
/** a constant of the fixture written into its SQL (a parameter has no type to do arithmetic with) */
const n = (value: number) => sql.raw(String(value))

/**
 * BASES bases and MATERIALS materials in 5 types; MOVEMENTS movements over a year, spread evenly over
 * every base's every material (4,000 a pair at a million): three receipts of 1 unit, then one use of 1,
 * so no running balance ever goes below zero. Balances are then summed from the ledger itself.
 */
async function buildFixture(database: Database) {
  const { db } = database
  await database.migrate()
  await seed(db, { adminPassword: PASSWORD })
  const t0 = performance.now()
  await db.execute(sql`insert into company (name, contactor, phone) select '库存基地' || g, '联系人', '1390000000' || g from generate_series(1, ${n(BASES)}) g`)
  await db.execute(sql`insert into material_type (name) select '物料类型' || g from generate_series(1, 5) g`)
  await db.execute(sql`
    insert into material (name, type_id, specification, unit, list_price, low_stock)
    select '物料' || lpad(g::text, 3, '0'), (select min(id) from material_type) + g % 5, '规格' || g, '个', 100 + g, case when g % 3 = 0 then 2000000 else 0 end
    from generate_series(1, ${n(MATERIALS)}) g`)
  // movement g is the k-th of pair p = g % PAIRS; ids in generate_series order, time growing with them
  await db.execute(sql`
    with ids as (select (select min(id) from company where name like '库存基地%') as c0, (select min(id) from material) as m0)
    insert into stock_movement (company_id, material_id, kind, delta, reason, user_id, create_time)
    select c0 + (g % ${n(PAIRS)}) / ${n(MATERIALS)}, m0 + (g % ${n(PAIRS)}) % ${n(MATERIALS)},
      case when (g / ${n(PAIRS)}) % 4 = 3 then 'used' else 'purchased' end,
      case when (g / ${n(PAIRS)}) % 4 = 3 then -${n(QUANTITY_SCALE)} else ${n(QUANTITY_SCALE)} end,
      null, 1, now() - interval '365 days' + (g * (31536000.0 / ${n(MOVEMENTS)})) * interval '1 second'
    from ids, generate_series(0, ${n(MOVEMENTS - 1)}) g`)
  await db.execute(sql`
    insert into company_material (company_id, material_id, quantity, update_time)
    select company_id, material_id, sum(delta), max(create_time) from stock_movement group by 1, 2`)
  // what the server's upkeep does after a bulk write (autovacuum on PostgreSQL; on PGlite db/upkeep.ts): without the
  // visibility map a ledger page's count reads a table page for each of its movements (250 ms at 4,000 on PGlite)
  console.log(`upkeep: ${(await tidyTables(db)).join(', ')}`)
  report('fixture movements', MOVEMENTS, 'movements')
  report('fixture build', performance.now() - t0, 'ms')
  const [ids] = (await db.execute<{ c: number; m: number }>(sql`select (select min(id) from company where name like '库存基地%')::int c, (select min(id) from material)::int m`)).rows
  return { baseId: Number(ids!.c), materialId: Number(ids!.m) }
}

/** The ledger sums that differ from their balances, and the balances below zero (both none when the ledger holds). */
async function invariantBreaks(database: Database) {
  const rows = await database.db.execute<{ n: string }>(sql`
    select count(*) n from company_material c
    full join (select company_id, material_id, sum(delta) total from stock_movement group by 1, 2) m
      on m.company_id = c.company_id and m.material_id = c.material_id
    where c.quantity is distinct from m.total or c.quantity < 0`)
  return Number(rows.rows[0]!.n)
}

/** p50 of `run`, after 5 warm-ups; `between` runs untimed before each (writes that make the next count fresh). */
async function timed(n: number, run: (i: number) => Promise<unknown>, between?: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run(i)
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    await between?.()
    const t = performance.now()
    await run(i + 5)
    times.push(performance.now() - t)
  }
  return percentile(times, 50)
}

async function pages(database: Database, kind: string, baseId: number, firstMaterial: number) {
  const { db } = database
  const hq = { sessionId: 0, userId: 1, companyId: 1, roleId: null }
  const base = { ...hq, companyId: baseId }
  // statements that write nothing but tell PGlite's count memory the tables changed (a sale between two reads)
  const fresh = async () => {
    await db.execute(sql`update company_material set quantity = quantity where false`)
    await db.execute(sql`delete from stock_movement where false`)
    await db.execute(sql`update material set name = name where false`)
  }
  const material = (i: number) => firstMaterial + ((i * 7) % MATERIALS)
  const baseline = await timed(40, () => findMaterials(db, { page: 1, size: 20 }), fresh)
  report(`${kind} baseline: materials list (${MATERIALS} rows) p50`, baseline, 'ms')
  const stockPage = await timed(40, () => findBalances(db, base, { page: 1, size: 20 }), fresh)
  report(`${kind} a base's stock page p50`, stockPage, 'ms', '≤ 100 ms')
  const lowPage = await timed(40, () => findBalances(db, base, { low: '是', page: 1, size: 20 }), fresh)
  report(`${kind} a base's stock page, low only p50`, lowPage, 'ms')
  const hqPage = await timed(40, () => findBalances(db, hq, { page: 1, size: 20 }), fresh)
  report(`${kind} headquarters' stock page (every base) p50`, hqPage, 'ms')
  const ledger = await timed(40, (i) => findLedger(db, base, { materialId: material(i), page: 1, size: 20 }), fresh)
  report(`${kind} a material's ledger page (one base, ${MOVEMENTS / PAIRS} movements) p50`, ledger, 'ms', '≤ 100 ms')
  const deep = await timed(20, (i) => findLedger(db, base, { materialId: material(i), page: 100, size: 20 }), fresh)
  report(`${kind} a material's ledger, page 100 p50`, deep, 'ms')
  const hqLedger = await timed(20, (i) => findLedger(db, hq, { materialId: material(i), page: 1, size: 20 }), fresh)
  report(`${kind} a material's ledger page (every base, ${MOVEMENTS / MATERIALS} movements) p50`, hqLedger, 'ms')
  const baseLedger = await timed(10, () => findLedger(db, base, { page: 1, size: 20 }), fresh)
  report(`${kind} a base's whole ledger page (${MOVEMENTS / BASES} movements) p50`, baseLedger, 'ms')
  report(`${kind} stock page / baseline`, stockPage / baseline, '×')
  report(`${kind} ledger page / baseline`, ledger / baseline, '×')
}

interface Seller { token: string }
interface SaleRun { ok: number; refused: number; errors: number; firstError?: string; seconds: number; times: number[]; saleIds: number[]; sold: Map<number, number> }

/** SELLERS sessions of base admins of the base. */
async function sellers(database: Database, baseId: number): Promise<Seller[]> {
  const { db } = database
  const hash = await hashPassword(PASSWORD)
  await db.execute(sql`
    insert into app_user (phone, name, password_hash, role_id, is_create)
    select '177' || lpad(g::text, 8, '0'), '销售员' || g, ${hash}, (select id from role where nick_name = 'base admin'), 0
    from generate_series(1, ${SELLERS}) g`)
  await db.execute(sql`insert into user_company (user_id, company_id) select id, ${baseId} from app_user where phone like '177%'`)
  const users = await db.execute<{ id: number }>(sql`select id from app_user where phone like '177%' order by id`)
  const out: Seller[] = []
  for (const { id } of users.rows) out.push({ token: await createSession(db, Number(id), baseId, IDLE_TIMEOUT_MS) })
  return out
}

type Answer = { code: number; message: string; data: { id: number } | null }
const poster = (client: ReturnType<typeof jsonClient>) => (token: string, url: string, body: unknown) => client.post<Answer>(url, body, { authorization: `Bearer ${token}` })

/**
 * Every seller sells in a loop: 1 to 3 lines of the first 10 materials, every fourth sale also 1 unit
 * of the scarce material (refused, 409, once it is sold out). Quantities of the answered sales are tallied.
 */
async function sell(base: string, team: Seller[], firstMaterial: number, scarce: number, seconds: number): Promise<SaleRun> {
  const run: SaleRun = { ok: 0, refused: 0, errors: 0, seconds: 0, times: [], saleIds: [], sold: new Map() }
  const client = jsonClient(base, team.length)
  const post = poster(client)
  const t0 = performance.now()
  const end = t0 + seconds * 1000
  await Promise.all(team.map(async ({ token }, s) => {
    for (let i = s; performance.now() < end; i += team.length) {
      const lines = Array.from({ length: 1 + (i % 3) }, (_, k) => ({ materialId: firstMaterial + ((i + k * 3) % 10), quantity: '1' }))
      if (i % 4 === 0) lines.push({ materialId: scarce, quantity: '1' })
      const t = performance.now()
      try {
        const answer = await post(token, '/api/sale/save', { customer: `客户${i % 97}`, paymentMethod: '现金', lines })
        if (answer.code === 200) {
          run.ok++
          run.saleIds.push(answer.data!.id)
          for (const l of lines) run.sold.set(l.materialId, (run.sold.get(l.materialId) ?? 0) + QUANTITY_SCALE)
        } else if (answer.code === 409 && lines.some((l) => l.materialId === scarce)) run.refused++
        else throw new Error(`${answer.code} ${answer.message}`)
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

async function readList(base: string, team: Seller[], seconds: number) {
  let n = 0
  let errors = 0
  const client = jsonClient(base, team.length)
  const post = poster(client)
  const t0 = performance.now()
  const end = t0 + seconds * 1000
  await Promise.all(team.map(async ({ token }, s) => {
    for (let i = s; performance.now() < end; i++) {
      const answer = await post(token, '/api/sale/find', { page: 1 + (i % 5), size: 20 })
      if (answer.code === 200) n++
      else errors++
    }
  }))
  const perSecond = n / ((performance.now() - t0) / 1000)
  client.close()
  return { perSecond, errors }
}

/**
 * Waits (at most 30 s) until a server just started has finished what it does after its first answer (its workers
 * and first look-ups take the CPU for several seconds): under a second's tenth of CPU in a second. Sales are timed after.
 */
async function settled(pid: number) {
  const until = performance.now() + 30_000
  for (let before = cpuSeconds(pid); performance.now() < until; ) {
    await new Promise((r) => setTimeout(r, 1000))
    const now = cpuSeconds(pid)
    if (now - before < 0.1) return
    before = now
  }
}

async function sales(database: Database, dataDir: string, env: Record<string, string>, kind: string, baseId: number, firstMaterial: number) {
  const scarce = firstMaterial + MATERIALS - 1
  const team = await sellers(database, baseId)
  // before each run, through a movement each, as the ledger wants it: the scarce material's balance at the base set to
  // SCARCE_UNITS, and the materials sold freely to at least PLENTY_UNITS (so that no run, however fast, sells them out)
  const added = new Map<number, number>()
  const refill = async ({ db }: Database) => {
    const held = await db.execute<{ m: number; q: string }>(sql`select material_id m, quantity q from company_material
      where company_id = ${baseId} and material_id in (${sql.join([scarce, ...Array.from({ length: 10 }, (_, k) => firstMaterial + k)], sql`, `)})`)
    for (const row of held.rows) {
      const m = Number(row.m)
      const top = m === scarce ? SCARCE_UNITS * QUANTITY_SCALE - Number(row.q) : Math.max(0, PLENTY_UNITS * QUANTITY_SCALE - Number(row.q))
      if (!top) continue
      await db.execute(sql`insert into stock_movement (company_id, material_id, kind, delta, reason, user_id) values (${baseId}, ${m}, 'adjusted', ${top}, '基准测试', 1)`)
      await db.execute(sql`update company_material set quantity = quantity + ${top} where company_id = ${baseId} and material_id = ${m}`)
      added.set(m, (added.get(m) ?? 0) + top)
    }
  }
  const balances = async ({ db }: Database) => new Map((await db.execute<{ m: number; q: string }>(sql`select material_id m, quantity q from company_material where company_id = ${baseId}`)).rows
    .map((r) => [Number(r.m), Number(r.q)]))
  const before = await balances(database)
  const salesBefore = Number((await database.db.execute<{ n: string }>(sql`select count(*) n from sale`)).rows[0]!.n)
  await refill(database)
  await database.close()

  // through the built server: first the baseline's build when there is one, then this one, on the same database
  const through = async (main?: string) => {
    const server = await startBuiltServer({ ...env, ADMIN_PASSWORD: PASSWORD }, dataDir, main)
    try {
      await settled(server.child.pid!)
      const run = await sell(server.base, team, firstMaterial, scarce, SALE_SECONDS)
      return { run, list: main ? undefined : await readList(server.base, team, Math.min(5, SALE_SECONDS)) }
    } finally {
      await server.stop()
    }
  }
  let baseline: SaleRun | undefined
  if (BASELINE_SERVER) {
    baseline = (await through(BASELINE_SERVER)).run
    const again = await reopen(kind, env, dataDir)
    await refill(again)
    await again.close()
  }
  const { run, list } = await through()
  const again = await reopen(kind, env, dataDir)
  const after = await balances(again)
  const runs = baseline ? [baseline, run] : [run]
  const rows = await again.db.execute<{ id: number }>(sql`select id from sale order by id`)
  const saleRows = rows.rows.map((r) => Number(r.id)).slice(salesBefore)
  const saleIds = runs.flatMap((r) => r.saleIds)
  const answered = new Set(saleIds)
  const stored = new Set(saleRows)
  const lost = saleRows.filter((id) => !answered.has(id)).length + saleIds.filter((id) => !stored.has(id)).length
  const doubled = saleIds.length - answered.size
  let wrongBalances = 0
  for (const [m, q] of before) {
    const sold = runs.reduce((sum, r) => sum + (r.sold.get(m) ?? 0), 0)
    if (q + (added.get(m) ?? 0) - (after.get(m) ?? 0) !== sold) wrongBalances++
  }
  const breaks = await invariantBreaks(again)

  if (baseline) {
    report(`${kind} baseline (BASELINE_SERVER): ${team.length} sellers, ${SALE_SECONDS} s: sales`, baseline.ok / baseline.seconds, 'sales/s')
    report(`${kind} baseline sale p50`, percentile(baseline.times, 50), 'ms')
    report(`${kind} baseline errors`, baseline.errors, 'requests', '0')
  }
  report(`${kind} ${team.length} sellers, ${SALE_SECONDS} s: sales`, run.ok / run.seconds, 'sales/s', kind === 'postgres' ? '≥ 200' : undefined)
  if (baseline) report(`${kind} sales / baseline's`, (run.ok / run.seconds) / (baseline.ok / baseline.seconds), '×')
  report(`${kind} sale p50`, percentile(run.times, 50), 'ms')
  report(`${kind} sale p99`, percentile(run.times, 99), 'ms')
  report(`${kind} sales answered / refused (scarce material sold out)`, run.ok, `/ ${run.refused}`)
  report(`${kind} scarce material sold`, (run.sold.get(scarce) ?? 0) / QUANTITY_SCALE, `of ${SCARCE_UNITS} units`)
  report(`${kind} sales lost or doubled`, lost + doubled, 'sales', '0')
  report(`${kind} balances not down by exactly what was sold`, wrongBalances, 'materials', '0')
  report(`${kind} balances not the sum of their ledger, or negative`, breaks, 'balances', '0')
  report(`${kind} errors`, run.errors + list!.errors, 'requests', '0')
  for (const r of runs) if (r.firstError) console.log(`${kind} first error: ${r.firstError}`)
  report(`${kind} baseline: the same sellers reading the sales list`, list!.perSecond, 'req/s')
  report(`${kind} sales / list reads`, run.ok / run.seconds / list!.perSecond, '×')
  await services(again, kind, baseId, firstMaterial, scarce, refill)
  return again
}

/**
 * The sale's service before issue 37's figure was cut (bench/baseline/saleBefore.ts) and today's, called by the same
 * sellers in this process on one pool of the server's size, SERVICE_SECONDS each: their ratio, and the ledger holding after.
 */
async function services(database: Database, kind: string, baseId: number, firstMaterial: number, scarce: number, refill: (d: Database) => Promise<void>) {
  const users = await database.db.execute<{ id: number }>(sql`select id from app_user where phone like '177%' order by id`)
  const team = users.rows.map((r) => ({ sessionId: 0, userId: Number(r.id), companyId: baseId, roleId: null }))
  const race = async (save: typeof saveSale) => {
    await refill(database)
    let ok = 0
    let refused = 0
    const t0 = performance.now()
    const end = t0 + SERVICE_SECONDS * 1000
    await Promise.all(team.map(async (auth, s) => {
      for (let i = s; performance.now() < end; i += team.length) {
        const lines = Array.from({ length: 1 + (i % 3) }, (_, k) => ({ materialId: firstMaterial + ((i + k * 3) % 10), quantity: QUANTITY_SCALE }))
        if (i % 4 === 0) lines.push({ materialId: scarce, quantity: QUANTITY_SCALE })
        try {
          await save(database.db, auth, { customer: `客户${i % 97}`, paymentMethod: '现金', lines })
          ok++
        } catch (err) {
          if (!(err instanceof ConflictError)) throw err
          refused++
        }
      }
    }))
    return { perSecond: ok / ((performance.now() - t0) / 1000), refused }
  }
  const old = await race(saveSaleBefore)
  const now = await race(saveSale)
  report(`${kind} services, ${team.length} callers in process: the sale before (baseline)`, old.perSecond, 'sales/s')
  report(`${kind} services, ${team.length} callers in process: the sale now`, now.perSecond, 'sales/s')
  report(`${kind} services: now / before`, now.perSecond / old.perSecond, '×')
  report(`${kind} balances not the sum of their ledger, or negative (after the services)`, await invariantBreaks(database), 'balances', '0')
}

async function reopen(kind: string, env: Record<string, string>, dataDir: string) {
  const { openDatabase } = await import('../server/src/db/client.js')
  const migrationsDir = path.join(root, 'server/src/db/migrations')
  return openDatabase(kind === 'postgres' ? { databaseUrl: env.DATABASE_URL!, migrationsDir } : { dataDir, migrationsDir })
}

async function measure(kind: string) {
  const { database, dataDir, env, drop } = await benchDatabase(kind, 'bench_stock', PG_SERVER)
  let reopened: Database | undefined
  try {
    const { baseId, materialId } = await buildFixture(database)
    report(`${kind} balances not the sum of their ledger, or negative (fixture)`, await invariantBreaks(database), 'balances', '0')
    await pages(database, kind, baseId, materialId)
    reopened = await sales(database, dataDir, env, kind, baseId, materialId)
  } finally {
    await (reopened ?? database).close().catch(() => {})
    await drop()
  }
}

for (const kind of DATABASES) await measure(kind)
