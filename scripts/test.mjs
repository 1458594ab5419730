// `npm test`: server tests (API, database, OCR), then the built app end to end in Chromium.
// With TEST_DATABASE_URL=postgres://… every suite runs against that PostgreSQL server instead of PGlite.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'test-reports-'))
const db = process.env.TEST_DATABASE_URL ? `PostgreSQL (${process.env.TEST_DATABASE_URL})` : 'PGlite'
const totals = { passed: 0, failed: 0, skipped: 0 }

function run(title, cmd, args) {
  console.log(`\n=== ${title} on ${db} ===`)
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env })
  return r.status === 0
}

function vitest(title, args) {
  const out = path.join(reports, `${title.replace(/\W+/g, '-')}.json`)
  const ok = run(title, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`])
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'))
    totals.passed += r.numPassedTests
    totals.failed += r.numFailedTests
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0)
  } else if (!ok) totals.failed += 1
  return ok
}

let ok = vitest('server', ['--root', 'server'])
ok = vitest('web', ['--root', 'web']) && ok
ok = run('build', 'npm', ['run', 'build']) && ok
if (fs.existsSync(path.join(root, 'e2e/vitest.config.ts'))) ok = vitest('e2e', ['--config', 'e2e/vitest.config.ts']) && ok

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(ok && totals.failed === 0 ? 0 : 1)
