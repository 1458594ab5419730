// Fast over a slow provincial link (issue 15). The built app (`npm run build`) on a temporary PGlite
// with the demo data and 10,000 more transports, driven by Chromium throttled through CDP
// `Network.emulateNetworkConditions` to 4 Mbit/s down, 1 Mbit/s up, 80 ms round trip:
//   - login page usable (password field interactive), cold ≤ 2.0 s, warm cache ≤ 0.8 s
//   - after signing in, the home grid's (/by_agent/index) first rows painted, cold ≤ 2.5 s
//   - bytes over the wire for the login page ≤ 350 kB
//   - a 10,000-row transport page's JSON ≥ 8× smaller compressed than raw
//   - a phone photo of a ticket through the upload page (issue 38): its time to go up as taken and
//     shrunk in the browser, with the fields the server reads of each (WEB_LOAD_ONLY=upload: this alone)
// Each browser figure is also taken without compression in the same run (`Accept-Encoding: identity`),
// and the 10,000-row page is compressed at several Brotli qualities to show what quality 4 buys.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { IDLE_TIMEOUT_MS, TICKET_FIELDS, type TicketReadingAnswer } from '@app/contract'
import { sql } from 'drizzle-orm'
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core'
import { MALLOC_ENV } from '../scripts/malloc-env.mjs'
import { openDatabase } from '../server/src/db/client.js'
import { createSession } from '../server/src/platform/sessions.js'
import { BROTLI_QUALITY, GZIP_LEVEL } from '../server/src/platform/compression.js'
import { fieldRight, loadTruth } from '../server/test/ocr/accuracy.js'
import sharp from 'sharp'
import { BENCH_FIXTURES, report, root, startBuiltServer } from './lib.js'

// the page's globals, for the functions that run in Chromium (the server's tsconfig has no DOM types)
interface PageElement { disabled?: boolean; readOnly?: boolean; textContent: string | null; getBoundingClientRect(): { width: number; height: number } }
declare const document: { querySelector(selector: string): PageElement | null; addEventListener(type: string, listener: () => void, options: object): void }
declare const location: { pathname: string }
declare const window: {
  clickedAt: number
  pickedAt: number
  sentBytes?: number
  createImageBitmap?: unknown
  XMLHttpRequest: { prototype: { send(body?: unknown): void } }
  FormData: new () => { entries(): IterableIterator<[string, unknown]> }
  Blob: new () => { size: number }
}
declare const localStorage: { setItem(key: string, value: string): void }

const PASSWORD = 'Bench@123456'
const BIG_PAGE = 10_000
const LINK = { offline: false, latency: 80, downloadThroughput: (4_000_000 / 8), uploadThroughput: (1_000_000 / 8) }
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const RUNS = Number(process.env.WEB_LOAD_RUNS ?? 3)
/** WEB_LOAD_TRACE=1: print each request of the sign-in phase (compressed) with its start, end and bytes */
const TRACE = process.env.WEB_LOAD_TRACE === '1'
/** WEB_LOAD_ONLY=upload: the ticket upload phase alone */
const ONLY_UPLOAD = process.env.WEB_LOAD_ONLY === 'upload'

/** A data directory with the demo data (as `npm run seed:demo` makes it), 10,000 more transports and a headquarters session. */
async function prepareData() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-load-'))
  const seeded = spawnSync(process.execPath, [path.join(root, 'server/dist/seed-demo.js')], {
    env: { ...MALLOC_ENV, ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' }, encoding: 'utf8',
  })
  if (seeded.status !== 0) throw new Error(`seed:demo failed: ${seeded.stderr}`)
  const database = await openDatabase({ dataDir, migrationsDir: path.join(root, 'server/src/db/migrations') })
  try {
    const db = database.db
    // as bench/transports.bench.ts makes them, for the first demo base
    await db.execute(sql.raw(`
      insert into transport (company_id, user_id, status, delivery_manufactory, delivery_customer, delivery_goods_name, delivery_specific,
        delivery_plate_number, delivery_carrier, delivery_number, delivery_time, delivery_net_weight, delivery_bags,
        delivery_gross_weight, delivery_tare_weight, sign_manufactory, sign_customer, sign_goods_name, sign_specific,
        sign_plate_number, sign_carrier, sign_name, sign_place, sign_number, sign_time, sign_net_weight, sign_first_net_weight,
        sign_gross_weight, sign_tare_weight, sign_user, sign_settlement, originals, pound_diff, danger_level, create_time, update_time)
      select c.id, null, case when g % 20 = 0 then 1 else 2 end,
        (array['海螺水泥','华新水泥','冀东水泥','天山水泥','祁连山水泥'])[1 + g % 5], (array['城建集团','中铁十局','路桥公司','市政工程'])[1 + g % 4],
        'P.O 42.5', 'SN' || (g % 997), '皖A' || lpad((g % 99999)::text, 5, '0'), (array['顺达物流','长运汽运','恒通运输','安达储运'])[1 + g % 4],
        'FH' || lpad(g::text, 9, '0'), t - interval '6 hours', w, 0, w + 17.3, 17.3, '海螺水泥', '城建集团', 'P.O 42.5', 'SN' || (g % 997),
        '皖A' || lpad((g % 99999)::text, 5, '0'), '顺达物流', '收货单位' || (g % 50), '工地' || (g % 300) || '号', 'SH' || lpad(g::text, 9, '0'),
        t, w - d, w - d, w - d + 17.3, 17.3, '签收人' || (g % 40), '城建集团', '{}'::jsonb, d, case when abs(d) >= 1 then 1 else null end, t, t
      from (
        select g, now() - ((g * 37 % 525600) || ' minutes')::interval as t,
          round((30 + (g % 400) / 10.0)::numeric, 2) as w, round(((g % 23) / 10.0 - 0.3)::numeric, 2) as d
        from generate_series(1, ${BIG_PAGE}) g
      ) x, (select min(id) as id from company where id <> 1) c`))
    const [admin] = (await db.execute<{ id: number }>(sql`select id from app_user where phone = 'admin'`)).rows
    return { dataDir, token: await createSession(db, admin!.id, 1, IDLE_TIMEOUT_MS) }
  } finally {
    await database.close()
  }
}

/** POST over plain HTTP, the body as it came over the wire (not decoded), with the time to its last byte. */
function rawPost(base: string, urlPath: string, token: string, body: unknown, acceptEncoding: string) {
  return new Promise<{ ms: number; encoding: string | undefined; wire: Buffer }>((resolve, reject) => {
    const t0 = performance.now()
    const payload = JSON.stringify(body)
    const req = http.request(`${base}${urlPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'accept-encoding': acceptEncoding },
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${urlPath}: ${res.statusCode}`))
        else resolve({ ms: performance.now() - t0, encoding: res.headers['content-encoding'], wire: Buffer.concat(chunks) })
      })
    })
    req.on('error', reject)
    req.end(payload)
  })
}

const decode = (r: { encoding?: string; wire: Buffer }) =>
  r.encoding === 'br' ? zlib.brotliDecompressSync(r.wire) : r.encoding === 'gzip' ? zlib.gunzipSync(r.wire) : r.wire

/** Bytes over the wire (headers included) and the encodings of the answers, from CDP's Network events. */
class Wire {
  bytes = 0
  requests = 0
  encodings = new Map<string, string>()
  /** per request: url, start and end (CDP timestamps, s) and bytes, for WEB_LOAD_TRACE */
  timeline = new Map<string, { url: string; priority: string; start: number; end?: number; bytes?: number }>()
  private inFlight = new Set<string>()
  private lastActivity = performance.now()
  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      this.inFlight.add(e.requestId)
      this.lastActivity = performance.now()
      this.timeline.set(e.requestId, { url: e.request.url.replace(/^https?:\/\/[^/]+/, ''), priority: e.request.initialPriority, start: e.timestamp })
    })
    cdp.on('Network.loadingFailed', (e) => {
      this.inFlight.delete(e.requestId)
      this.lastActivity = performance.now()
    })
    cdp.on('Network.responseReceived', (e) => {
      const enc = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1]
      this.encodings.set(e.requestId, String(enc ?? 'none'))
    })
    cdp.on('Network.loadingFinished', (e) => {
      this.inFlight.delete(e.requestId)
      this.lastActivity = performance.now()
      this.bytes += e.encodedDataLength
      this.requests++
      const entry = this.timeline.get(e.requestId)
      if (entry) Object.assign(entry, { end: e.timestamp, bytes: e.encodedDataLength })
    })
  }
  /** resolves once nothing has been in flight for `quietMs` (the page's own follow-up requests included) */
  async idle(quietMs = 1000) {
    while (this.inFlight.size > 0 || performance.now() - this.lastActivity < quietMs) await new Promise((r) => setTimeout(r, 50))
  }
  reset() {
    this.bytes = 0
    this.requests = 0
    this.encodings.clear()
    this.timeline.clear()
  }
  print(title: string) {
    const entries = [...this.timeline.values()].sort((a, b) => a.start - b.start)
    const t0 = entries[0]?.start ?? 0
    console.log(`  ${title}: start → end (ms from the first request), kB`)
    for (const e of entries) {
      const end = e.end == null ? '   …' : ((e.end - t0) * 1000).toFixed(0).padStart(5)
      console.log(`    ${((e.start - t0) * 1000).toFixed(0).padStart(5)} → ${end}  ${kB(e.bytes ?? 0).toFixed(1).padStart(6)}  ${e.priority.padEnd(8)} ${e.url}`)
    }
  }
}

/** The ways a figure is taken: on the slow link compressed (the product) or not, and compressed on loopback (the CPU's share). */
type Mode = 'compressed' | 'identity' | 'loopback'
const LABELS: Record<Mode, string> = {
  compressed: 'compressed',
  identity: 'uncompressed (Accept-Encoding: identity)',
  loopback: 'compressed, no throttling (browser and server CPU alone)',
}

/** A fresh browser context (cold cache) with one page, on the slow link unless `loopback`; `identity` asks for no compression. */
async function newPage(browser: Browser, base: string, mode: Mode) {
  const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1366, height: 820 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  if (mode !== 'loopback') await cdp.send('Network.emulateNetworkConditions', LINK)
  if (mode === 'identity') await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } })
  await cdp.send('Performance.enable')
  const wire = new Wire(cdp)
  return { context, page, wire, cdp }
}

/** ms the page's main thread has spent in tasks so far (CDP Performance.getMetrics TaskDuration) */
async function mainThreadMs(cdp: CDPSession) {
  const { metrics } = await cdp.send('Performance.getMetrics')
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000
}

/** ms from the navigation's start until the password field is on screen and takes input (in the page's own clock). */
async function loginUsable(page: Page) {
  await page.goto('/login', { waitUntil: 'commit' })
  const handle = await page.waitForFunction(() => {
    const el = document.querySelector('input[type="password"]')
    return !!el && !el.disabled && !el.readOnly && el.getBoundingClientRect().width > 0 ? performance.now() : 0
  }, undefined, { polling: 'raf', timeout: 60_000 })
  return (await handle.jsonValue()) as number
}

/** ms from the click on 登录 until the home grid's first rows are painted (same document: the app routes in the page). */
async function signInToGrid(page: Page) {
  await page.getByPlaceholder('账号（手机号）').fill('admin')
  await page.getByPlaceholder('密码', { exact: true }).fill(PASSWORD)
  await page.evaluate(() => document.addEventListener('click', () => { window.clickedAt = performance.now() }, { capture: true, once: true }))
  await page.getByRole('button', { name: /登\s*录/ }).click()
  const handle = await page.waitForFunction(() => {
    const row = location.pathname === '/by_agent/index' && document.querySelector('[data-testid="grid-body"] [role="row"]')
    if (!row || row.getBoundingClientRect().height === 0) return 0
    return performance.now() - window.clickedAt
  }, undefined, { polling: 'raf', timeout: 60_000 })
  return (await handle.jsonValue()) as number
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const kB = (n: number) => n / 1024

async function browserFigures(browser: Browser, base: string, mode: Mode) {
  const label = LABELS[mode]
  const target = (t: string) => (mode === 'compressed' ? t : undefined)
  const cold: number[] = []
  const warm: number[] = []
  const grid: number[] = []
  const busy = { cold: [] as number[], warm: [] as number[], grid: [] as number[] }
  let loginBytes = 0
  let warmBytes = 0
  let gridBytes = 0
  let encodings = new Set<string>()
  for (let run = 0; run < RUNS; run++) {
    const { context, page, wire, cdp } = await newPage(browser, base, mode)
    // main-thread time of a phase: the counter may restart with a new document
    const phase = async <T>(list: number[], run: () => Promise<T>) => {
      const before = await mainThreadMs(cdp)
      const value = await run()
      const after = await mainThreadMs(cdp)
      list.push(after >= before ? after - before : after)
      return value
    }
    try {
      cold.push(await phase(busy.cold, () => loginUsable(page)))
      await wire.idle()
      loginBytes = wire.bytes
      encodings = new Set(wire.encodings.values())
      // warm: the same browser comes back to the page
      await page.goto('about:blank')
      wire.reset()
      warm.push(await phase(busy.warm, () => loginUsable(page)))
      await wire.idle()
      warmBytes = wire.bytes
      wire.reset()
      grid.push(await phase(busy.grid, () => signInToGrid(page)))
      if (TRACE && mode === 'compressed') console.log(`  first rows at ${grid.at(-1)!.toFixed(0)} ms after the click`)
      await wire.idle()
      gridBytes = wire.bytes
      if (TRACE && mode === 'compressed') wire.print(`sign-in to grid, run ${run + 1}`)
    } finally {
      await context.close()
    }
  }
  report(`login page usable, cold, ${label} (median of ${RUNS})`, median(cold), 'ms', target('≤ 2000 ms'))
  report(`login page usable, warm cache, ${label} (median of ${RUNS})`, median(warm), 'ms', target('≤ 800 ms'))
  report(`home grid first rows after 登录, cold, ${label} (median of ${RUNS})`, median(grid), 'ms', target('≤ 2500 ms'))
  report(`  of which the page's main thread busy (median)`, median(busy.cold), `ms cold / ${median(busy.warm).toFixed(0)} ms warm / ${median(busy.grid).toFixed(0)} ms sign-in to grid`)
  report(`login page bytes over the wire, ${label}`, kB(loginBytes), 'kB', target('≤ 350 kB'))
  report(`login page bytes over the wire, warm cache, ${label}`, kB(warmBytes), 'kB')
  report(`sign-in to home grid bytes over the wire, ${label}`, kB(gridBytes), 'kB')
  console.log(`  (login page answers' content-encoding: ${[...encodings].join(', ')})`)
}

/** rows in a page of the grid (/logistics/grid, packed) or of the spec's list (/logistics/find) */
const rowsOf = (json: Buffer) => {
  const data = (JSON.parse(json.toString()) as { data: { data?: unknown[]; rows?: unknown[] } }).data
  return (data.rows ?? data.data ?? []).length
}

async function bigPageFigures(browser: Browser, base: string, token: string) {
  const body = { page: 1, size: BIG_PAGE }
  // the grid's answer (the last) is the one compressed at each quality below
  let json: Buffer = Buffer.alloc(0)
  for (const [name, url] of [['list', '/api/logistics/find'], ['grid', '/api/logistics/grid']] as const) {
    const plain = await rawPost(base, url, token, body, 'identity')
    json = plain.wire
    const br = await rawPost(base, url, token, body, 'gzip, deflate, br')
    const gz = await rawPost(base, url, token, body, 'gzip')
    if (rowsOf(plain.wire) !== BIG_PAGE) throw new Error(`${url}: expected ${BIG_PAGE} rows, got ${rowsOf(plain.wire)}`)
    if (br.encoding !== 'br' || gz.encoding !== 'gzip' || !decode(br).equals(decode(gz))) throw new Error('compressed answers differ')
    const label = `${BIG_PAGE}-row ${name} page (${url}) JSON`
    report(`${label}, raw`, kB(plain.wire.length), 'kB')
    report(`${label}, Brotli q${BROTLI_QUALITY} (as sent)`, kB(br.wire.length), 'kB')
    report(`${label}, gzip -${GZIP_LEVEL} (as sent)`, kB(gz.wire.length), 'kB')
    report(`${label} raw / Brotli`, plain.wire.length / br.wire.length, '×', '≥ 8×')
    report(`${label} raw / gzip`, plain.wire.length / gz.wire.length, '×')
    report(`${BIG_PAGE}-row ${name} page on loopback: raw / Brotli / gzip`, plain.ms, `ms / ${br.ms.toFixed(0)} ms / ${gz.ms.toFixed(0)} ms`)
  }

  // what each Brotli quality costs on this answer, and what the whole answer would then take on the link
  const linkSeconds = (bytes: number) => (bytes * 8) / (LINK.downloadThroughput * 8)
  console.log(`  compressing the ${kB(json.length).toFixed(0)} kB answer here, and the answer's time on a 4 Mbit/s link (compression + transfer):`)
  const options: [string, () => Buffer][] = [
    ['none', () => json],
    ...[1, 4, 5, 6, 9, 11].map((q): [string, () => Buffer] => [`br q${q}`, () => zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } })]),
    ...[1, 6, 9].map((level): [string, () => Buffer] => [`gzip -${level}`, () => zlib.gzipSync(json, { level })]),
  ]
  for (const [name, run] of options) {
    const t0 = performance.now()
    const out = run()
    const ms = performance.now() - t0
    console.log(`    ${name.padEnd(8)} ${kB(out.length).toFixed(0).padStart(6)} kB  ${ms.toFixed(0).padStart(6)} ms  -> ${(ms / 1000 + linkSeconds(out.length)).toFixed(2)} s`)
  }

  // the grid's page fetched by the throttled browser, as the grid does at its 10,000-row page size
  for (const mode of ['compressed', 'identity'] as const) {
    const { context, page } = await newPage(browser, base, mode)
    try {
      await page.goto('/favicon.svg')
      const ms = await page.evaluate(async ({ token, body }) => {
        const t0 = performance.now()
        const res = await fetch('/api/logistics/grid', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
        const data = await res.json() as { data: { rows: unknown[] } }
        if (data.data.rows.length !== 10_000) throw new Error('short page')
        return performance.now() - t0
      }, { token, body })
      report(`${BIG_PAGE}-row page fetched and parsed in the throttled browser, ${LABELS[mode]}`, ms, 'ms')
    } finally {
      await context.close()
    }
  }
}

/** The phone shots of the fixtures, and one of them stored on its side with an EXIF orientation (6: turn 90° clockwise to show). */
async function phonePhotos(dir: string) {
  const phoneDir = path.join(BENCH_FIXTURES, 'tickets-phone')
  const photos = loadTruth(phoneDir).map((t) => ({ ...t, path: path.join(phoneDir, t.file) }))
  const first = photos[0]!
  const sideways = path.join(dir, first.file.replace(/\.jpe?g$/i, '-exif6.jpg'))
  await sharp(first.path).rotate(270).withMetadata({ orientation: 6 }).jpeg({ quality: 92 }).toFile(sideways)
  return [...photos, { ...first, file: path.basename(sideways), path: sideways }]
}

/**
 * One photo picked in the upload page's step of its ticket type, on the slow link: ms from the pick
 * until it is up (the page's 识别中…), until the server's reading is back, the bytes sent and the
 * reading. `asTaken`: the page without createImageBitmap, whose fallback sends the photo as it was
 * (the page as it was before it shrank photos; nothing in the app is switched for the bench).
 */
async function uploadThroughPage(browser: Browser, base: string, token: string, photo: { path: string; fileType: 1 | 2 }, asTaken: boolean) {
  const { context, page } = await newPage(browser, base, 'compressed')
  try {
    await context.addInitScript(({ token, asTaken }) => {
      localStorage.setItem('token', token)
      localStorage.setItem('isLogin', '1')
      if (asTaken) delete window.createImageBitmap
      // the files a form sends add up to its size (CDP reports no body size for a file upload)
      const send = window.XMLHttpRequest.prototype.send
      window.XMLHttpRequest.prototype.send = function (this: unknown, body?: unknown) {
        if (body instanceof window.FormData) for (const [, v] of body.entries()) if (v instanceof window.Blob) window.sentBytes = (window.sentBytes ?? 0) + v.size
        return send.call(this, body)
      }
    }, { token, asTaken })
    const step = photo.fileType === 1 ? 'step-delivery' : 'step-sign'
    await page.goto('/upload/index')
    const input = page.getByTestId(step).locator('input[type=file]').first()
    await input.waitFor({ state: 'attached', timeout: 60_000 })
    await page.evaluate(() => document.addEventListener('change', () => { window.pickedAt = performance.now() }, { capture: true, once: true }))
    const answered = page.waitForResponse((r) => r.url().includes('/api/logistics/analysis'), { timeout: 300_000 })
    await input.setInputFiles(photo.path)
    const upMs = await (await page.waitForFunction((step) => {
      const progress = document.querySelector(`[data-testid="${step}"] [data-testid="upload-progress"]`)
      return progress?.textContent?.includes('识别中') ? performance.now() - window.pickedAt : 0
    }, step, { polling: 'raf', timeout: 300_000 })).jsonValue() as number
    const response = await answered
    const readMs = await page.evaluate(() => performance.now() - window.pickedAt)
    const body = await response.json() as { code: number; message: string; data: TicketReadingAnswer }
    if (body.code !== 200) throw new Error(`${photo.path}: ${body.code} ${body.message}`)
    const bytes = await page.evaluate(() => window.sentBytes ?? 0)
    return { upMs, readMs, bytes, reading: body.data }
  } finally {
    await context.close()
  }
}

/** Each phone photo up through the page as taken and shrunk: the times on the slow link, and whether the server reads the same fields of both. */
async function ticketUploadFigures(browser: Browser, base: string, token: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-load-photos-'))
  try {
    const photos = await phonePhotos(dir)
    const sum = { asTaken: { up: 0, read: 0, bytes: 0, right: 0 }, shrunk: { up: 0, read: 0, bytes: 0, right: 0 } }
    let fields = 0
    let truthFields = 0
    let same = 0
    const differing: string[] = []
    console.log(`  ticket photos up through 上传票据 (${photos.length} phone shots of ${path.join(BENCH_FIXTURES, 'tickets-phone')}, one turned by EXIF): as taken → shrunk in the browser`)
    for (const photo of photos) {
      const asTaken = await uploadThroughPage(browser, base, token, photo, true)
      const shrunk = await uploadThroughPage(browser, base, token, photo, false)
      const names = (Object.keys(TICKET_FIELDS) as (keyof TicketReadingAnswer)[]).filter((f) => f in asTaken.reading || f in shrunk.reading)
      let photoSame = 0
      for (const f of names) {
        fields++
        if (JSON.stringify(asTaken.reading[f] ?? null) === JSON.stringify(shrunk.reading[f] ?? null)) photoSame++
        else differing.push(`${photo.file} ${String(f)}: ${JSON.stringify(asTaken.reading[f])} → ${JSON.stringify(shrunk.reading[f])}`)
      }
      same += photoSame
      const rightOf = (r: TicketReadingAnswer) => Object.entries(photo.fields).filter(([f, want]) => fieldRight(f, want, r[f as keyof TicketReadingAnswer] as never)).length
      truthFields += Object.keys(photo.fields).length
      for (const [mode, r] of [['asTaken', asTaken], ['shrunk', shrunk]] as const) {
        Object.assign(sum[mode], { up: sum[mode].up + r.upMs, read: sum[mode].read + r.readMs, bytes: sum[mode].bytes + r.bytes, right: sum[mode].right + rightOf(r.reading) })
      }
      console.log(`    ${photo.file.padEnd(18)} ${kB(asTaken.bytes).toFixed(0).padStart(5)} kB ${(asTaken.upMs / 1000).toFixed(1).padStart(5)} s up ${(asTaken.readMs / 1000).toFixed(1).padStart(5)} s read`
        + `  →  ${kB(shrunk.bytes).toFixed(0).padStart(5)} kB ${(shrunk.upMs / 1000).toFixed(1).padStart(5)} s up ${(shrunk.readMs / 1000).toFixed(1).padStart(5)} s read`
        + `  (${shrunk.reading.width}×${shrunk.reading.height}; fields alike ${photoSame}/${names.length}, right ${rightOf(asTaken.reading)} → ${rightOf(shrunk.reading)} of ${Object.keys(photo.fields).length})`)
    }
    const n = photos.length
    report('phone photo up on 1 Mbit/s, as taken (mean)', sum.asTaken.up / n / 1000, `s, ${kB(sum.asTaken.bytes / n).toFixed(0)} kB sent`)
    report('phone photo up on 1 Mbit/s, shrunk in the browser (mean, shrinking included)', sum.shrunk.up / n / 1000, `s, ${kB(sum.shrunk.bytes / n).toFixed(0)} kB sent`)
    report('  as taken / shrunk, time up', sum.asTaken.up / sum.shrunk.up, '×')
    report('phone photo picked to reading back, as taken / shrunk (mean)', sum.asTaken.read / n / 1000, `s / ${(sum.shrunk.read / n / 1000).toFixed(1)} s`)
    report('fields the server reads alike, as taken and shrunk', same, `of ${fields}`, `all ${fields}`)
    report('fields right per truth.json, as taken / shrunk', sum.asTaken.right, `/ ${sum.shrunk.right} of ${truthFields}`)
    for (const d of differing) console.log(`    differs: ${d}`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

if (!fs.existsSync(path.join(root, 'web/dist/index.html'))) throw new Error('build first: npm run build')
if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium fonts-noto-cjk (or set CHROMIUM_PATH)`)
const { dataDir, token } = await prepareData()
const server = await startBuiltServer({ ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '', LOGIN_RATE_PER_MINUTE: '10000', OCR_WORKERS: '1' }, dataDir)
const browser = await chromium.launch({
  executablePath: CHROMIUM, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
})
try {
  console.log('link: 4 Mbit/s down, 1 Mbit/s up, 80 ms round trip (CDP Network.emulateNetworkConditions)')
  // a trace is for reading the compressed sign-in, so the other figures are left out
  if (!ONLY_UPLOAD) {
    for (const mode of TRACE ? ['compressed' as const] : ['compressed', 'identity', 'loopback'] as const) await browserFigures(browser, server.base, mode)
    if (!TRACE) await bigPageFigures(browser, server.base, token)
  }
  if (!TRACE) await ticketUploadFigures(browser, server.base, token)
} finally {
  await browser.close()
  await server.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
