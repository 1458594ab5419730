import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { seed } from './db/seed.js'
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
const seeded = await seed(database.db, { adminPassword: config.adminPassword })
const app = await buildApp(config, database)

if (seeded.generatedAdminPassword) {
  const file = path.join(config.dataDir, 'initial-admin-password.txt')
  fs.writeFileSync(file, `${seeded.generatedAdminPassword}\n`, { mode: 0o600 })
  console.log(`\n  首次启动：总部管理员账号 admin，初始密码 ${seeded.generatedAdminPassword}\n  （已保存到 ${file}，登录后请修改密码）\n`)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0), () => process.exit(1))
  })
}

await app.listen({ port: config.port, host: config.host })
app.log.info(`ready in ${Date.now() - started} ms on ${database.kind}: http://localhost:${config.port}`)
