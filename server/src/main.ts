import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { backfillGoodsPhotos } from './modules/goods/index.js'
import { seed } from './seed.js'
import { announce } from './platform/invalidation.js'
import { openMigratedOrExit } from './startup.js'

const started = Date.now()
// a server re-encodes each picture once: libvips' operation cache only holds memory here
sharp.cache(false)
let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig(process.env)
} catch (err) {
  // a setting the operator mistyped: say which, without a stack
  console.error((err as Error).message)
  process.exit(1)
}
const database = await openMigratedOrExit(config)
// processes starting together on one PostgreSQL seed one after the other
const seeded = await database.exclusive(() => seed(database.db, { adminPassword: config.adminPassword }))
const app = await buildApp(config, database)
// processes of the previous version still running keep the roles and menus the seed may just have changed
await announce(database.db, { topic: 'roles' })

if (seeded.generatedAdminPassword) {
  const file = path.join(config.dataDir, 'initial-admin-password.txt')
  fs.writeFileSync(file, `${seeded.generatedAdminPassword}\n`, { mode: 0o600 })
  console.log(`\n  首次启动：总部管理员账号 admin，初始密码 ${seeded.generatedAdminPassword}\n  （已保存到 ${file}，登录后请修改密码）\n`)
}

/**
 * SIGTERM (or SIGINT): /api/ready answers 503, no new connection is taken, requests in flight (their
 * OCR jobs too) finish, then the workers and the database pool close. Past SHUTDOWN_GRACE_SECONDS
 * the process exits anyway.
 */
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: stopping (at most ${config.shutdownGraceMs / 1000} s)`)
    setTimeout(() => {
      app.log.error('requests still running at the end of the shutdown grace period: exiting anyway')
      process.exit(1)
    }, config.shutdownGraceMs).unref()
    app.close().then(() => process.exit(0), (err: Error) => {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    })
  })
}

// the OCR workers load their models now: the process is ready (GET /api/ready) once they have
void app.ctx.reader.start().then(() => app.log.info(`OCR workers ready (${config.ocrWorkers})`))
// and the file workers (PDFs, spreadsheets), so the first PDF after a start does not wait for one
void app.ctx.fileJobs.start().catch((err: Error) => app.log.error({ err }, 'file workers failed to start'))

await app.listen({ port: config.port, host: config.host })
// goods photos saved while no index was kept (demo data, a stop before the index caught up), in the background
void backfillGoodsPhotos(app.ctx, app).then((n) => n && app.log.info(`goods photo index caught up with ${n} items`), (err: Error) => app.log.error({ err }, 'goods photo backfill failed'))
app.log.info(`ready in ${Date.now() - started} ms on ${database.kind}: http://localhost:${config.port}`)
