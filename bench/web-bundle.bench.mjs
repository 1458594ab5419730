// Size of the JavaScript a browser must load to show the login page, from the Vite manifest of
// web/dist: the entry chunk + the login page chunk + every chunk they import statically
// (transitively), each gzipped with zlib (level 9). Budget: 400 kB. Build first: npm run build -w web.
// Prints `name: value unit` lines; exits 1 when over budget or when web/dist is missing.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const dist = path.join(root, 'web/dist')
const manifestFile = path.join(dist, '.vite/manifest.json')
const LOGIN_PAGE = 'src/pages/login/index.tsx'
const SHELL = 'src/app/Shell.tsx'
const BUDGET_KB = 400

if (!fs.existsSync(manifestFile)) {
  console.error(`no ${path.relative(root, manifestFile)}: run \`npm run build -w web\` first`)
  process.exit(1)
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
if (!entryKey || !manifest[LOGIN_PAGE]) {
  console.error(`manifest lacks the entry or ${LOGIN_PAGE}`)
  process.exit(1)
}

/** chunk keys reachable through static imports from the given keys */
function closure(keys) {
  const seen = new Set()
  const visit = (k) => {
    if (seen.has(k) || !manifest[k]) return
    seen.add(k)
    for (const i of manifest[k].imports ?? []) visit(i)
  }
  keys.forEach(visit)
  return seen
}

const gz = new Map()
const gzipKb = (file) => {
  if (!gz.has(file)) gz.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024)
  return gz.get(file)
}
const jsFiles = (keys) => [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))]
const sum = (files) => files.reduce((t, f) => t + gzipKb(f), 0)

const loginFiles = jsFiles(closure([entryKey, LOGIN_PAGE]))
const loginKb = sum(loginFiles)
const shellFiles = manifest[SHELL] ? jsFiles(closure([entryKey, SHELL])) : []
const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`)

if (process.argv.includes('--verbose')) {
  for (const f of loginFiles.sort((a, b) => gzipKb(b) - gzipKb(a))) console.error(`  login  ${gzipKb(f).toFixed(1).padStart(7)} kB  ${f}`)
}
console.log(`login route js (gzip): ${loginKb.toFixed(1)} kB`)
if (shellFiles.length) console.log(`shell route js (gzip): ${sum(shellFiles).toFixed(1)} kB`)
console.log(`all js (gzip): ${sum(allJs).toFixed(1)} kB`)
console.log(`js chunks: ${allJs.length} files`)
if (loginKb > BUDGET_KB) {
  console.error(`login route js is over its ${BUDGET_KB} kB budget`)
  process.exit(1)
}
