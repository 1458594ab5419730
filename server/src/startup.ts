import fs from 'node:fs'
import type { Config } from './config.js'
import { openDatabase, type Database } from './db/client.js'

/**
 * The database of a server process or a script (DATA_DIR or DATABASE_URL), migrated. What goes
 * wrong here is the operator's to fix (an unreachable DATABASE_URL, an old data directory): one
 * Chinese line without a stack, and exit.
 */
export async function openMigratedOrExit(config: Config): Promise<Database> {
  fs.mkdirSync(config.dataDir, { recursive: true })
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrationsDir: config.migrationsDir, thread: config.pgliteThread })
    .then(async (db) => (await db.migrate(), db))
    .catch((err: Error) => {
      const cause = err.cause instanceof Error ? err.cause.message : ''
      console.error(`无法打开数据库：${cause || err.message}`)
      process.exit(1)
    })
}
