// Files from users that used to hold or end the server (issue 31, items 1-3), through the built server:
//   - the PDF of a report whose stored diagram picture is a PNG whose data is not zlib
//   - the PDF of a report whose stored diagram picture is 8000 x 8000 RGBA (64 million pixels), and one of
//     6000 x 6000 (36 million, under the pixel limit: printed smaller)
//   - a user import of an xlsx of 1,000 rows, each with one cell in column XFD
// For each: the request's status and time, the slowest /api/health answer while it ran (asked every 25 ms,
// counted from when it was due), the server's RSS growth (/proc, worker threads included) over what it was
// after one ordinary PDF and import, and whether the server still runs. A fresh server for each input.
//   BENCH_DATABASES (default "pglite"; "postgres" needs BENCH_DATABASE_URL or TEST_DATABASE_URL)
import fs from 'node:fs'
import { IDLE_TIMEOUT_MS } from '@app/contract'
import ExcelJS from 'exceljs'
import sharp from 'sharp'
import { reportDiagrams, reports } from '../server/src/db/schema/index.js'
import { seed } from '../server/src/seed.js'
import { XLSX_TYPE } from '../server/src/platform/download.js'
import { createSession } from '../server/src/platform/sessions.js'
import { makeCompany, makeUser } from '../server/test/fixtures.js'
import { pngWithBrokenData } from '../server/test/responsiveness.js'
import { benchDatabase, report, startBuiltServer } from './lib.js'

const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite').split(',').map((s) => s.trim())
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PASSWORD = 'Bench@123456'

const squarePicture = (side: number) => sharp({ create: { width: side, height: side, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
  .composite([{ input: Buffer.from(`<svg width="${side}" height="${side}"><circle cx="${side / 2}" cy="${side / 2}" r="${side / 3}" stroke="red" fill="none" stroke-width="40"/></svg>`) }])
  .png().toBuffer()

async function workbook(fill: (sheet: ExcelJS.Worksheet) => void) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('用户')
  sheet.addRow(['手机号', '姓名', '角色', '密码'])
  fill(sheet)
  return Buffer.from(await book.xlsx.writeBuffer())
}

/** A base with its main account, a session of it, and a report for each picture (stored as it is, past any check at save). */
async function buildFixture(database: Awaited<ReturnType<typeof benchDatabase>>['database'], pictures: Record<string, Buffer | null>) {
  const db = database.db
  await database.migrate()
  await seed(db, { adminPassword: PASSWORD })
  const base = await makeCompany(db, '测试基地')
  const admin = await makeUser(db, { phone: '13900000001', role: 'baseAdmin', companyIds: [base.id] })
  const ids: Record<string, number> = {}
  let n = 0
  for (const [name, png] of Object.entries(pictures)) {
    n++
    const [row] = await db.insert(reports).values({
      companyId: base.id, reportNumber: `JC2026000000${n}`, licenseNumber: `苏A1000${n}`, tankerType: '常压车辆', contactName: '王师傅',
      phone: '13912345678', verifyToken: `bench-token-${n}`, status: 1,
    }).returning({ id: reports.id })
    ids[name] = row!.id
    if (png) await db.insert(reportDiagrams).values({ reportId: row!.id, canvas: '{"objects":[]}', png: `data:image/png;base64,${png.toString('base64')}` })
  }
  return { token: await createSession(db, admin.id, base.id, IDLE_TIMEOUT_MS), ids }
}

const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

async function measure(kind: string) {
  const sparse = await workbook((sheet) => { for (let r = 2; r <= 1001; r++) sheet.getCell(`XFD${r}`).value = 'x' })
  const ordinary = await workbook((sheet) => { sheet.addRow(['1380000000x', '格式不对', 'operator', 'Pass@1234']) })
  const { database, dataDir, env, drop } = await benchDatabase(kind, 'bench_untrusted', PG_SERVER)
  try {
    const { token, ids } = await buildFixture(database, {
      plain: null, broken: pngWithBrokenData(), '64 Mpx': await squarePicture(8000), '36 Mpx': await squarePicture(6000),
    })
    await database.close()
    const pdf = (id: number) => (base: string) => fetch(`${base}/api/report/pdf/${id}`, { headers: { authorization: `Bearer ${token}` } })
    const importing = (file: Buffer) => (base: string) => {
      const form = new FormData()
      form.append('file', new Blob([file], { type: XLSX_TYPE }), 'users.xlsx')
      return fetch(`${base}/api/users/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
    }
    const inputs: [string, (base: string) => Promise<Response>][] = [
      ['PDF, 8000 x 8000 picture', pdf(ids['64 Mpx']!)],
      ['PDF, 6000 x 6000 picture', pdf(ids['36 Mpx']!)],
      ['import, 1,000 rows with a cell in XFD', importing(sparse)],
      // last: before issue 31 it ended the server
      ['PDF, picture whose data is not zlib', pdf(ids.broken!)],
    ]
    for (const [name, send] of inputs) {
      const server = await startBuiltServer({ ...env, ADMIN_PASSWORD: PASSWORD }, dataDir)
      const pid = server.child.pid!
      // a server ended by a signal (an abort) has exitCode null and signalCode set
      const running = () => server.child.exitCode == null && server.child.signalCode == null
      try {
        // warm: the font, the modules, the worker threads
        for (const warm of [pdf(ids.plain!), importing(ordinary)]) await (await warm(server.base)).arrayBuffer()
        const rssBefore = rssBytes(pid)
        let rssPeak = rssBefore
        // on its own timer: a blocked server holds the health loop, not this
        const sampler = setInterval(() => { try { rssPeak = Math.max(rssPeak, rssBytes(pid)) } catch { /* ended */ } }, 25)
        let healthMs = 0
        let finished = false
        const t0 = performance.now()
        const answer = send(server.base).then(async (res) => ({ status: res.status, bytes: (await res.arrayBuffer()).byteLength }), () => ({ status: 0, bytes: 0 }))
          .finally(() => { finished = true })
        while (!finished && running()) {
          const due = performance.now() + 25
          await new Promise((resolve) => setTimeout(resolve, 25))
          try { await (await fetch(`${server.base}/api/health`)).arrayBuffer() } catch { break }
          healthMs = Math.max(healthMs, performance.now() - due)
        }
        const { status } = await answer
        clearInterval(sampler)
        const ms = performance.now() - t0
        await new Promise((resolve) => setTimeout(resolve, 500))
        const alive = running() && await fetch(`${server.base}/api/health`).then((r) => r.ok, () => false)
        report(`${kind} ${name}: answer`, status, status ? 'HTTP status' : '(no answer: connection closed)')
        report(`${kind} ${name}: request time`, ms, 'ms')
        report(`${kind} ${name}: slowest /api/health`, healthMs, 'ms', '< 200 ms')
        report(`${kind} ${name}: server RSS growth`, (rssPeak - rssBefore) / 2 ** 20, 'MB', '≤ 300 MB')
        report(`${kind} ${name}: server still runs`, alive ? 1 : 0, alive ? '(yes)' : '(no: the process ended)')
        if (!running()) console.log(`${kind} ${name}: server ended by ${server.child.signalCode ?? `exit code ${server.child.exitCode}`}`)
      } finally {
        if (running()) await server.stop()
      }
    }
  } finally {
    await drop()
  }
}

for (const kind of DATABASES) await measure(kind)
