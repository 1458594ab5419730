// The embedded database under load (Hardening issue): 200 signed-in sessions read lists at once
// (/users/info, the base, user and log lists) against the built server, on PGlite and on PostgreSQL.
// Targets: 0 errors, p99 ≤ 1.5 s on PGlite and ≤ 1 s on PostgreSQL, PGlite ≥ 70 % of PostgreSQL's req/s.
//   LOAD_SECONDS (default 30), LOAD_SESSIONS (default 200), LOAD_DATABASES (default "pglite,postgres"),
//   BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
import { benchDatabase, percentile, report, startBuiltServer } from './lib.js'
import { buildFixture, LOAD_PASSWORD, run } from './loadScenario.js'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30)
const SESSIONS = Number(process.env.LOAD_SESSIONS ?? 200)
const DATABASES = (process.env.LOAD_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim())
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

async function measure(kind: string): Promise<number> {
  const { database, dataDir, env, drop } = await benchDatabase(kind, 'bench_load', PG_SERVER)
  const tokens = await buildFixture(database, SESSIONS)
  await database.close()
  const server = await startBuiltServer({ ...env, ADMIN_PASSWORD: LOAD_PASSWORD }, dataDir)
  try {
    const warm = await run(server.base, tokens, 2)
    if (warm.errors) throw new Error(`warm-up: ${warm.firstError}`)
    const r = await run(server.base, tokens, SECONDS)
    const target = kind === 'pglite' ? '≤ 1500 ms' : '≤ 1000 ms'
    report(`${kind} ${tokens.length} sessions, ${SECONDS} s: throughput`, r.requests / r.seconds, 'req/s')
    report(`${kind} p50`, percentile(r.times, 50), 'ms')
    report(`${kind} p99`, percentile(r.times, 99), 'ms', target)
    report(`${kind} max`, Math.max(...r.times), 'ms')
    for (const [name, t] of r.byCall) report(`${kind} ${name} p50`, percentile(t, 50), 'ms')
    report(`${kind} errors`, r.errors, 'requests', '0')
    if (r.firstError) console.log(`${kind} first error: ${r.firstError}`)
    return r.requests / r.seconds
  } finally {
    await server.stop()
    await drop()
  }
}

const throughput: Record<string, number> = {}
for (const kind of DATABASES) throughput[kind] = await measure(kind)
if (throughput.pglite && throughput.postgres) {
  report('PGlite / PostgreSQL throughput', (100 * throughput.pglite) / throughput.postgres, '%', '≥ 70 %')
}
