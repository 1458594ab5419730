import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { testConfig } from '../../src/config.js'
import { openDatabase, type Database } from '../../src/db/client.js'
import { seed } from '../../src/seed.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { ADMIN_PASSWORD } from '../helpers.js'
import { createScratchDatabase } from '../scratchDatabase.js'

const SAVES_BEFORE_KILL = 15

/** The database the child writes to: a scratch PostgreSQL database, or a PGlite directory. */
async function childDatabase() {
  const { migrationsDir } = testConfig()
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'kill')
    return { env: { LOOP_DATABASE_URL: scratch.url }, open: () => openDatabase({ databaseUrl: scratch.url, migrationsDir }), drop: scratch.drop }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'transport-kill-'))
  return { env: { LOOP_DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir, migrationsDir }), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) }
}

test('a process killed with SIGKILL in the middle of saves leaves no transport without its destinations', async () => {
  const target = await childDatabase()
  let db: Database = await target.open()
  let child: ReturnType<typeof spawn> | undefined
  try {
    await db.migrate()
    await seed(db.db, { adminPassword: ADMIN_PASSWORD })
    const company = await makeCompany(db.db, '断电基地', { remainingTimes: 1000 })
    const user = await makeUser(db.db, { phone: '13900000009', role: 'subAccount', companyIds: [company.id] })
    await db.close()

    const saving = child = spawn('npx', ['tsx', path.join(import.meta.dirname, 'saveLoop.ts')], {
      cwd: path.join(import.meta.dirname, '../..'), detached: true, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...target.env, LOOP_COMPANY: String(company.id), LOOP_PHONE: user.phone, LOOP_PASSWORD: user.password },
    })
    let saves = 0
    let errors = ''
    saving.stderr.on('data', (d) => { errors += d })
    const exited = new Promise<void>((resolve) => saving.on('exit', () => resolve()))
    await new Promise<void>((resolve, reject) => {
      saving.stdout.on('data', (d: Buffer) => {
        saves += d.toString().split('\n').filter((l) => l.startsWith('saved ')).length
        // killed while it is saving the next ones
        if (saves >= SAVES_BEFORE_KILL) resolve()
      })
      saving.on('exit', (code) => reject(new Error(`the saving process ended by itself (${code}): ${errors.slice(-2000)}`)))
    })
    process.kill(-saving.pid!, 'SIGKILL')
    await exited

    db = await target.open()
    const counts = await db.db.execute<{ id: number; n: number }>(sql`
      select t.id, count(d.id)::int as n from transport t left join transport_destination d on d.transport_id = t.id group by t.id`)
    expect(counts.rows.length).toBeGreaterThanOrEqual(SAVES_BEFORE_KILL)
    expect(counts.rows.filter((r) => Number(r.n) !== 3)).toEqual([])
  } finally {
    // a test that failed or ran out of time leaves no process saving
    if (child?.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
    await db.close().catch(() => undefined)
    await target.drop()
  }
})
