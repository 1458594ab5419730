// `npm run seed:demo`: the database `npm start` would open (DATA_DIR or DATABASE_URL), migrated and
// seeded as at start-up, then the demo data (demo/demo.ts); prints what there is to log in with and exits.
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../config.js'
import { DEMO_PASSWORD, seedDemo } from './demo.js'
import { seed } from '../seed.js'
import { createFileStore } from '../platform/files.js'
import { openMigratedOrExit } from '../startup.js'

const config = loadConfig(process.env)
// the embedded database has no lock between processes: writing beside a running server would corrupt it
const openMark = path.join(config.dataDir, 'db', 'postmaster.pid')
if (!config.databaseUrl && fs.existsSync(openMark)) {
  console.error(`内置数据库正被使用：请先停止服务（npm start）再导入演示数据（若服务并未运行，删除 ${openMark} 后重试）`)
  process.exit(1)
}
const database = await openMigratedOrExit(config)
try {
  const seeded = await seed(database.db, { adminPassword: config.adminPassword })
  if (seeded.generatedAdminPassword) {
    // as at the first `npm start`: the only time this password is shown
    const file = path.join(config.dataDir, 'initial-admin-password.txt')
    fs.writeFileSync(file, `${seeded.generatedAdminPassword}\n`, { mode: 0o600 })
    console.log(`总部管理员账号 admin，初始密码 ${seeded.generatedAdminPassword}（已保存到 ${file}）`)
  }
  const demo = await seedDemo(database.db, { files: createFileStore(config), storageQuotaBytes: config.storageQuotaBytes })
  const a = demo.added
  console.log(`演示数据（${database.kind === 'pglite' ? path.join(config.dataDir, 'db') : 'PostgreSQL'}）：`
    + (Object.values(a).some(Boolean)
      ? `新增 ${a.companies} 个基地、${a.users} 个用户、${a.recharges} 条充值记录、${a.formats} 个票据格式、${a.rules} 条取值规则、${a.logs} 条日志、`
        + `${a.logisticsCompanies} 个物流公司、${a.transports} 条运单（${a.readings} 次票据识别）`
      : '已存在，未新增任何数据'))
  for (const b of demo.companies) console.log(`  ${b.name}（${b.domain}）主账号 ${b.phone}`)
  console.log(`共 ${demo.accounts} 个演示账号，密码均为 ${DEMO_PASSWORD}；总部管理员仍为 admin`)
} finally {
  await database.close()
}
