// Bundles the server into dist/: main.js, seed-demo.js (npm run seed:demo), ocr-worker.js, pglite-worker.js (the
// embedded database's thread), file-worker.js (PDFs and uploaded spreadsheets), xlsx-worker.js (xlsx exports), photo-match-worker.js
// with photo-match-vocabulary.bin (the goods photo search) and the SQL migrations.
// npm packages stay external (installed in node_modules); the workspace's TypeScript is bundled.
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const here = path.dirname(new URL(import.meta.url).pathname)
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'))
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@app/'))
const entryPoints = {
  main: path.join(here, 'src/main.ts'),
  'seed-demo': path.join(here, 'src/demo/seedDemo.ts'),
  'pglite-worker': path.join(here, 'src/db/pgliteWorker.ts'),
  'file-worker': path.join(here, 'src/files/worker.ts'),
  'xlsx-worker': path.join(here, 'src/platform/xlsxWorker.ts'),
  'photo-match-worker': path.join(here, 'src/goods/photoMatch/worker.ts'),
}
const worker = path.join(here, 'src/ocr/worker.ts')
if (fs.existsSync(worker)) entryPoints['ocr-worker'] = worker

fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true })
await build({
  entryPoints,
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  // some bundled code still calls require(); give ESM output one
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
})
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true })
fs.copyFileSync(path.join(here, 'src/goods/photoMatch/vocabulary.bin'), path.join(here, 'dist/photo-match-vocabulary.bin'))
console.log('server built into server/dist')
