// `npm start`: builds what is missing or stale (web app, server bundle), then serves both on PORT.
// `--build-only`: only the builds. `--seed-demo-only` (`npm run seed:demo`): builds the server if needed,
// adds the demo data to the database `npm start` would open (server/src/demo/demo.ts) and exits.
import { execSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { MALLOC_ENV } from './malloc-env.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const newest = (dir) => {
  let t = 0
  if (!fs.existsSync(dir)) return t
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs)
  }
  return t
}
const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)
const contract = newest(path.join(root, 'contract/src'))

const seedDemoOnly = process.argv.includes('--seed-demo-only')

if (!seedDemoOnly && builtAt(path.join(root, 'web/dist/index.html')) < Math.max(newest(path.join(root, 'web/src')), contract, builtAt(path.join(root, 'web/index.html')))) {
  console.log('building the web app…')
  execSync('npm run build -w web', { cwd: root, stdio: 'inherit' })
}
const serverBuilt = Math.min(builtAt(path.join(root, 'server/dist/main.js')), builtAt(path.join(root, 'server/dist/seed-demo.js')))
if (serverBuilt < Math.max(newest(path.join(root, 'server/src')), contract)) {
  console.log('building the server…')
  execSync('npm run build -w server', { cwd: root, stdio: 'inherit' })
}
if (process.argv.includes('--build-only')) process.exit(0)

const env = { ...MALLOC_ENV, ...process.env }
const entry = seedDemoOnly ? 'server/dist/seed-demo.js' : 'server/dist/main.js'
const child = spawn(process.execPath, [path.join(root, entry)], { stdio: 'inherit', cwd: root, env })
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s))
child.on('exit', (code) => process.exit(code ?? 0))
