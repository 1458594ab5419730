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
const failures = []

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
    for (const file of r.testResults ?? []) {
      const name = path.relative(root, file.name)
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed')
      for (const t of failed) failures.push(`${title}: ${name} > ${t.fullName ?? t.title}\n    ${String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`)
      if (!failed.length && file.status === 'failed') failures.push(`${title}: ${name}\n    ${String(file.message ?? '').split('\n')[0].slice(0, 300)}`)
    }
  } else if (!ok) totals.failed += 1
  return ok
}

/**
 * What the end-to-end tests need from the system: Debian's Chromium (or CHROMIUM_PATH) and a CJK font,
 * or the pages' Chinese renders as boxes. Installed here when missing and allowed (root, apt-get);
 * otherwise the run stops at once with the command to run.
 */
function ensureBrowser() {
  if (process.env.CHROMIUM_PATH && !fs.existsSync(process.env.CHROMIUM_PATH)) {
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`)
    process.exit(1)
  }
  const missing = () => [
    ...(process.env.CHROMIUM_PATH || fs.existsSync('/usr/bin/chromium') ? [] : ['chromium']),
    ...((spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).stdout ?? '').trim() ? [] : ['fonts-noto-cjk']),
  ]
  const packages = missing()
  if (!packages.length) return
  const install = `apt-get install -y --no-install-recommends ${packages.join(' ')}`
  const apt = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  if (process.getuid?.() === 0 && !apt(['--version']).error) {
    console.log(`installing ${packages.join(' and ')} for the end-to-end tests (apt-get)…`)
    let r = apt(['update', '-qq'])
    if (r.status === 0) r = apt(['install', '-y', '-qq', '--no-install-recommends', ...packages])
    if (r.status === 0 && !missing().length) return
    process.stderr.write(r.stderr ?? '')
  }
  console.error(`npm test needs ${packages.join(' and ')} for the end-to-end tests. Install them, then run npm test again:\n  sudo apt-get update && sudo ${install}`)
  process.exit(1)
}

// TEST_SUITES=server: the server suite only (CI's second database round: neither the web unit tests nor
// the browser tests depend on which database the server runs on). By default all three.
const suites = new Set((process.env.TEST_SUITES ?? 'server,web,e2e').split(',').map((s) => s.trim()))
const e2e = suites.has('e2e') && fs.existsSync(path.join(root, 'e2e/vitest.config.ts'))
if (e2e) ensureBrowser()

let ok = true
if (suites.has('server')) ok = vitest('server', ['--root', 'server']) && ok
if (suites.has('web')) ok = vitest('web', ['--root', 'web']) && ok
if (e2e) ok = run('build', 'npm', ['run', 'build']) && ok
if (e2e) ok = vitest('e2e', ['--config', 'e2e/vitest.config.ts']) && ok

// the names last, where a log cut to its tail still shows them
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`)
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(ok && totals.failed === 0 ? 0 : 1)
