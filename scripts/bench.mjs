// `npm run bench`: builds, then runs every benchmark under bench/; each prints `name: value unit` lines.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
execSync('node scripts/start.mjs --build-only', { cwd: root, stdio: 'inherit' })
const only = process.argv[2]
for (const file of fs.readdirSync(path.join(root, 'bench')).sort()) {
  if (!/\.bench\.(ts|mjs)$/.test(file) || (only && !file.includes(only))) continue
  console.log(`\n## ${file}`)
  execSync(file.endsWith('.ts') ? `npx tsx bench/${file}` : `node bench/${file}`, { cwd: root, stdio: 'inherit' })
}
