/**
 * One rule for every route that takes a file or builds one (pictures, ticket photos, attachments, diagrams,
 * imports, PDF and xlsx output, sale receipts): with its largest allowed input and with a malformed one, it answers (never a
 * 5xx, a refusal in Chinese), `/api/health` keeps answering while it works, and the process grows by at most
 * 300 MB. A new route that takes or builds a file must add its cases here (the first test says which lack them).
 *
 * The health bound here is what a loaded machine needs to tell a request that holds the event loop for seconds
 * from one that does not; `bench/untrusted-files.bench.ts` measures the figure itself against the 200 ms target.
 */
import fs from 'node:fs'
import path from 'node:path'
import {
  ATTACHMENT_MAX_BYTES, DIAGRAM_MAX_BYTES, DIAGRAM_PNG_MAX_CHARS, IMAGE_MAX_PIXELS, REPORT_STATUS, STATEMENT_MAX_ROWS, STOCK_MAX_LINES, TICKET_MAX_BYTES,
  TRANSPORT_COLUMN_KEYS, USER_IMPORT_COLUMNS, USER_IMPORT_MAX_ROWS, idCheckChar, formatDateTime, MEMBER_IMPORT_COLUMNS, MEMBER_IMPORT_MAX_ROWS,
} from '@app/contract'
import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { machines, reportDiagrams, reports, testees } from '../../src/db/schema/index.js'
import { exportLimits } from '../../src/platform/list.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { FIXTURES } from '../ocr/accuracy.js'
import { bearer, createTestApp, multipart, type FilePart, type TestEnv } from '../helpers.js'
import { healthBoundMs, healthWhile, pngWithBrokenData, RSS_BOUND_MB } from '../responsiveness.js'
import { CJK, messageOf } from './walk.js'

/** Rows of the largest export: the list exports' cap, less room for the rows the other cases add */
const EXPORT_ROWS = exportLimits.maxRows - 100

let env: TestEnv
let hq: string
let base: string
let companyId: number
let reportId: number
interface FileCase {
  name: string
  send: () => Promise<LightMyRequestResponse>
  /** the answer a user would see: an HTTP status, or 'refused' for any 4xx with a Chinese message */
  expect: number | 'refused'
}

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  env.app.inject({ method, url, headers: bearer(token), payload: payload as never })
const upload = (token: string, url: string, file: FilePart, fields?: Record<string, string>) => {
  const form = multipart({ file, fields })
  return env.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...bearer(token) } })
}

// ---- the inputs ----

/** A photo at the pixel limit whose JPEG still fits `maxBytes`: as much decoding as any upload may ask for. */
async function largestPhoto(maxBytes: number) {
  const side = Math.floor(Math.sqrt(IMAGE_MAX_PIXELS)) - 8
  const noisy = await sharp({ create: { width: side, height: side, channels: 3, background: '#8899aa', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 50 }).toBuffer()
  for (const quality of [50, 35, 20, 10]) {
    const jpeg = quality === 50 ? noisy : await sharp(noisy).jpeg({ quality }).toBuffer()
    if (jpeg.length <= maxBytes) return jpeg
  }
  throw new Error('no largest photo under the byte limit')
}

/** The largest PNG data URL a diagram save may carry: many pixels, little data. */
async function largestDiagramPng() {
  const side = Math.floor(Math.sqrt(IMAGE_MAX_PIXELS / 2))
  const png = await sharp({ create: { width: side * 2, height: side, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } }).png().toBuffer()
  const url = `data:image/png;base64,${png.toString('base64')}`
  expect(url.length).toBeLessThanOrEqual(DIAGRAM_PNG_MAX_CHARS)
  return url
}

/** A canvas as large as a save may be: many small objects. */
function largestCanvas() {
  const objects: unknown[] = []
  const one = (i: number) => ({ type: 'Rect', left: i % 1180, top: i % 520, width: 10, height: 10, stroke: '#ff0000', strokeWidth: 2, fill: 'transparent' })
  const size = JSON.stringify(one(1179)).length + 1
  for (let i = 0; i < Math.floor((DIAGRAM_MAX_BYTES - 200) / size) - 50; i++) objects.push(one(i))
  return { version: '6.7.1', objects }
}

async function xlsx(fill: (sheet: ExcelJS.Worksheet) => void) {
  const book = new ExcelJS.Workbook()
  fill(book.addWorksheet('用户'))
  return Buffer.from(await book.xlsx.writeBuffer())
}

/** 1,000 rows each with one cell in the last column (XFD): the reader once walked every column to it. */
const sparseSheet = () => xlsx((s) => { for (let r = 1; r <= 1000; r++) s.getCell(r, 16_384).value = 'x' })
/** The template with USER_IMPORT_MAX_ROWS rows filled in. */
const largestImport = () => xlsx((s) => {
  s.addRow([...USER_IMPORT_COLUMNS])
  for (let i = 0; i < USER_IMPORT_MAX_ROWS; i++) s.addRow([`1370000${String(i).padStart(4, '0')}`, `导入用户${i}`, '操作员', 'Import@2025', ''])
})

/** The member template with MEMBER_IMPORT_MAX_ROWS rows filled in, every ID number right. */
const largestMemberImport = () => xlsx((s) => {
  s.addRow([...MEMBER_IMPORT_COLUMNS])
  for (let i = 0; i < MEMBER_IMPORT_MAX_ROWS; i++) {
    const first17 = `3201021980${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}${String(i).padStart(3, '0')}`
    s.addRow([`导入会员${i}`, `${first17}${idCheckChar(first17)}`, '汉族', `部门${i % 20}`, `1390000${String(i).padStart(4, '0')}`, '某单位'.repeat(10), '职员', '备注'.repeat(50)])
  }
})

// ---- the cases, by route ----

const cases: Record<string, FileCase[]> = {}
const add = (route: string, ...list: FileCase[]) => { cases[route] = [...(cases[route] ?? []), ...list] }

beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000, smsRatePerMinute: 100_000 })
  hq = await env.token()
  companyId = (await makeCompany(env.db, '文件基地', { remainingTimes: 100, userAmount: 2000 })).id
  const admin = await makeUser(env.db, { phone: '13655550001', name: '文件管理员', role: 'baseAdmin', companyIds: [companyId] })
  base = await env.token(admin.phone, admin.password)

  const [report] = await env.db.insert(reports).values({
    companyId, reportNumber: 'JCFILE1', licenseNumber: '苏F00001', tankerType: '常压车辆', org: '运输公司', contactName: '司机',
    phone: '13800000000', latestMaterial: '柴油', outdate: '2030-01-01', status: REPORT_STATUS.inspecting, verifyToken: 'heavy-files-token',
  }).returning()
  reportId = report!.id

  // the largest exports: EXPORT_ROWS transports and log entries; STATEMENT_MAX_ROWS of them in one statement
  await env.db.execute(sql`
    insert into transport (company_id, status, delivery_plate_number, delivery_net_weight, sign_net_weight, pound_diff,
      delivery_customer, delivery_carrier, delivery_manufactory, delivery_number, delivery_time, create_time)
    select ${companyId}, 2, '苏A' || lpad(g::text, 5, '0'), (g % 100) + 0.25, (g % 100), 0.25,
      case when g <= ${STATEMENT_MAX_ROWS} then '对账客户' else '其他客户' || (g % 50) end, '对账承运', '某水泥厂', 'XS' || g,
      timestamptz '2024-05-01' + (g % 40000) * interval '1 minute', timestamptz '2024-05-01' + g * interval '1 second'
    from generate_series(1, ${EXPORT_ROWS}) g`)
  await env.db.execute(sql`
    insert into log_entry (serial_number, error_mes, level, phone, company_id, create_time)
    select 'SN' || g, '票据识别完成，用时 ' || g || ' ms', g % 2, '13900000000', ${companyId}, now() - g * interval '1 second'
    from generate_series(1, ${EXPORT_ROWS}) g`)
  // a year of one base's readings (one every five minutes), as many as an export takes
  const [machine] = await env.db.insert(machines).values({ companyId, type: '血压计', deviceNo: 'HEAVY-FILES-1', secretHash: '0'.repeat(64) }).returning()
  const [member] = await env.db.insert(testees).values({ companyId, name: '测量者', sex: '男', idNo: `11010519010101999${idCheckChar('11010519010101999')}`, phone: '13900000009' }).returning()
  await env.db.execute(sql`
    insert into measurement (company_id, machine_id, testee_id, measured_time, systolic, diastolic, bp_conclusion)
    select ${companyId}, ${machine!.id}, ${member!.id}, now() - g * interval '5 minutes', 150, 95, '高血压1级'
    from generate_series(1, ${EXPORT_ROWS}) g`)

  const picture = (data: Buffer, name = 'ticket.jpg'): FilePart => ({ name, type: 'image/jpeg', data })
  // the OCR worker's first reading sizes its inference buffers once per process: not what a request adds
  const warm = await upload(base, '/api/logistics/analysis?fileType=2', picture(fs.readFileSync(path.join(FIXTURES, 'tickets', 'A2_003.jpg'))))
  expect(warm.statusCode).toBe(200)
  const photo = await largestPhoto(TICKET_MAX_BYTES)
  const attachment = await largestPhoto(ATTACHMENT_MAX_BYTES)
  const truncated = photo.subarray(0, photo.length >> 1)
  const notZlib = pngWithBrokenData(64, 64)

  add('POST /api/attachments',
    { name: 'a photo at the pixel and byte limits', send: () => upload(base, '/api/attachments', picture(attachment)), expect: 200 },
    { name: 'a truncated JPEG', send: () => upload(base, '/api/attachments', picture(truncated)), expect: 'refused' },
    { name: 'a PNG whose data is not zlib', send: () => upload(base, '/api/attachments', { name: 'x.png', data: notZlib }), expect: 'refused' })
  add('POST /api/goods/searchByPhoto',
    { name: 'a photo at the pixel and byte limits', send: () => upload(base, '/api/goods/searchByPhoto', picture(attachment)), expect: 200 },
    { name: 'a truncated JPEG', send: () => upload(base, '/api/goods/searchByPhoto', picture(truncated)), expect: 'refused' },
    { name: 'a PNG whose data is not zlib', send: () => upload(base, '/api/goods/searchByPhoto', { name: 'x.png', data: notZlib }), expect: 'refused' })
  for (const url of ['/api/logistics/analysis?fileType=1', '/api/rule/testImage?fileType=1', '/api/logistics/upload']) {
    const route = `POST ${url.replace(/\?.*/, '')}`
    const token = url.startsWith('/api/rule') ? hq : base
    add(route,
      { name: 'a photo at the pixel and byte limits', send: () => upload(token, url, picture(photo)), expect: 200 },
      { name: 'a truncated JPEG', send: () => upload(token, url, picture(truncated)), expect: 'refused' },
      { name: 'a PNG whose data is not zlib', send: () => upload(token, url, { name: 'x.png', data: notZlib }), expect: 'refused' })
  }

  const png = await largestDiagramPng()
  add('POST /api/report/saveFabric/:id',
    { name: 'the largest canvas with the largest picture', send: () => call(base, 'POST', `/api/report/saveFabric/${reportId}`, { canvas: largestCanvas(), version: 0, png }), expect: 200 },
    { name: 'a picture whose data is not zlib', send: () => call(base, 'POST', `/api/report/saveFabric/${reportId}`, { canvas: { objects: [] }, version: 1, png: `data:image/png;base64,${notZlib.toString('base64')}` }), expect: 'refused' },
    { name: 'a canvas nested 20,000 arrays deep', send: () => call(base, 'POST', `/api/report/saveFabric/${reportId}`, { canvas: `{"objects":[${'['.repeat(20_000)}${']'.repeat(20_000)}]}`, version: 1 }), expect: 'refused' })
  add('POST /api/report/loadFabric/:id',
    { name: 'the largest canvas saved', send: () => call(base, 'POST', `/api/report/loadFabric/${reportId}`), expect: 200 })
  add('GET /api/report/diagramPng/:id',
    { name: 'the largest diagram picture, checked as it is read', send: () => call(base, 'GET', `/api/report/diagramPng/${reportId}`), expect: 200 })
  add('GET /api/report/pdf/:id',
    { name: 'the report with its largest diagram picture', send: () => call(base, 'GET', `/api/report/pdf/${reportId}`), expect: 200 },
    {
      name: 'a stored diagram picture whose data is not zlib (saved before pictures were checked)',
      send: async () => {
        await env.db.update(reportDiagrams).set({ png: `data:image/png;base64,${notZlib.toString('base64')}` }).where(sql`${reportDiagrams.reportId} = ${reportId}`)
        return call(base, 'GET', `/api/report/pdf/${reportId}`)
      },
      expect: 200,
    },
    {
      name: 'a stored 8000×8000 diagram picture (saved before pictures were checked)',
      send: async () => {
        const huge = await sharp({ create: { width: 8000, height: 8000, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } }).png().toBuffer()
        await env.db.update(reportDiagrams).set({ png: `data:image/png;base64,${huge.toString('base64')}` }).where(sql`${reportDiagrams.reportId} = ${reportId}`)
        return call(base, 'GET', `/api/report/pdf/${reportId}`)
      },
      expect: 200,
    })

  // the largest sale receipt: STOCK_MAX_LINES lines of materials with the longest names, the longest customer and
  // remark; and the refund of it (printed as 退款单)
  await env.db.execute(sql`insert into material_type (name) values ('票据物料')`)
  await env.db.execute(sql`
    insert into material (name, type_id, specification, unit, list_price)
    select rpad('罐体铅封' || g, 100, '长'), (select max(id) from material_type), rpad('规格', 100, '格'), '个个个个个个个个个个', 99999999
    from generate_series(1, ${STOCK_MAX_LINES}) g`)
  await env.db.execute(sql`insert into company_material (company_id, material_id, quantity) select ${companyId}, id, 1000000000 from material where name like '罐体铅封%'`)
  await env.db.execute(sql`insert into stock_movement (company_id, material_id, kind, delta) select ${companyId}, id, 'purchased', 1000000000 from material where name like '罐体铅封%'`)
  const receiptMaterials = await env.db.execute<{ id: number }>(sql`select id from material where name like '罐体铅封%' order by id`)
  const sale = await call(base, 'POST', '/api/sale/save', {
    customer: '客'.repeat(100), reportId, paymentMethod: '挂账', remark: '备'.repeat(200),
    // the most digits a quantity has; a price whose 200 line amounts still sum below 2^53 fen
    lines: receiptMaterials.rows.map((m) => ({ materialId: Number(m.id), quantity: '999999.999', price: 4_000_000 })),
  })
  expect(sale.statusCode).toBe(200)
  const saleId = sale.json().data.id as number
  const refund = await call(base, 'POST', `/api/sale/refund/${saleId}`, { reason: '退'.repeat(200) })
  expect(refund.statusCode).toBe(200)
  add('GET /api/sale/receipt/:id',
    { name: `a sale of ${STOCK_MAX_LINES} lines with the longest names`, send: () => call(base, 'GET', `/api/sale/receipt/${saleId}`), expect: 200 },
    { name: 'its refund', send: () => call(base, 'GET', `/api/sale/receipt/${refund.json().data.id}`), expect: 200 },
    { name: 'a sale id that is no number', send: () => call(base, 'GET', '/api/sale/receipt/abc'), expect: 'refused' },
    { name: 'a sale that does not exist', send: () => call(base, 'GET', '/api/sale/receipt/999999'), expect: 'refused' })

  const sheet = (data: Buffer): FilePart => ({ name: '用户.xlsx', data })
  const importUrl = `/api/users/import?companyId=${companyId}`
  const [largest, sparse] = await Promise.all([largestImport(), sparseSheet()])
  add('POST /api/users/import',
    { name: `${USER_IMPORT_MAX_ROWS} rows`, send: () => upload(base, importUrl, sheet(largest)), expect: 200 },
    { name: '1,000 rows with one cell in column XFD', send: () => upload(base, importUrl, sheet(sparse)), expect: 'refused' },
    { name: 'a zip that is not a workbook', send: () => upload(base, importUrl, sheet(Buffer.concat([largest.subarray(0, 2000), Buffer.alloc(5000, 7)]))), expect: 'refused' })
  add('GET /api/users/importTemplate', { name: 'the template', send: () => call(base, 'GET', '/api/users/importTemplate'), expect: 200 })

  const memberImportUrl = `/api/testee/import?companyId=${companyId}`
  const largestMembers = await largestMemberImport()
  add('POST /api/testee/import',
    { name: `${MEMBER_IMPORT_MAX_ROWS} rows`, send: () => upload(base, memberImportUrl, sheet(largestMembers)), expect: 200 },
    { name: '1,000 rows with one cell in column XFD', send: () => upload(base, memberImportUrl, sheet(sparse)), expect: 'refused' },
    { name: 'a zip that is not a workbook', send: () => upload(base, memberImportUrl, sheet(Buffer.concat([largestMembers.subarray(0, 2000), Buffer.alloc(5000, 7)]))), expect: 'refused' })
  add('GET /api/testee/import/template', { name: 'the template', send: () => call(base, 'GET', '/api/testee/import/template'), expect: 200 })

  add('POST /api/logistics/export',
    { name: `${EXPORT_ROWS} transports, every column`, send: () => call(base, 'POST', '/api/logistics/export', { exportColumns: TRANSPORT_COLUMN_KEYS }), expect: 200 },
    { name: 'columns that do not exist', send: () => call(base, 'POST', '/api/logistics/export', { exportColumns: ['x'.repeat(5000)] }), expect: 'refused' })
  add('POST /api/logistics/exportSum',
    { name: `a statement of ${STATEMENT_MAX_ROWS} transports`, send: () => call(base, 'POST', '/api/logistics/exportSum', { deliveryTimeQuery: ['2024-04-01', '2024-06-30'], deliveryCustomer: '对账客户', deliveryCarrier: '对账承运' }), expect: 200 },
    { name: 'a period turned round', send: () => call(base, 'POST', '/api/logistics/exportSum', { deliveryTimeQuery: ['2024-06-30', 'x'], deliveryCustomer: '对账客户', deliveryCarrier: '对账承运' }), expect: 'refused' })
  const today = formatDateTime(new Date()).slice(0, 10)
  const yearAgo = formatDateTime(new Date(Date.now() - 365 * 86_400_000)).slice(0, 10)
  // readings may export up to exportLimits.largeMaxRows: bench/statistics.bench.ts measures a year of a busy base (365,000) through the built server
  add('POST /api/data/export/:from/:to',
    { name: `${EXPORT_ROWS} readings of a year`, send: () => call(base, 'POST', `/api/data/export/${yearAgo}/${today}`, {}), expect: 200 },
    { name: 'a range turned round', send: () => call(base, 'POST', `/api/data/export/${today}/${yearAgo}`, {}), expect: 'refused' })
  add('GET /api/log/export/:companyId', { name: `${EXPORT_ROWS} log entries`, send: () => call(hq, 'GET', `/api/log/export/1?companyId=${companyId}`), expect: 200 })
  // the other list exports read small tables through the same streamed writer (platform/exports.ts)
  for (const [route, url] of [
    ['GET /api/company/export/:companyId', '/api/company/export/1'],
    ['GET /api/rechargeRecord/export/:companyId', '/api/rechargeRecord/export/1'],
    ['GET /api/receiptFormat/export/:companyId', '/api/receiptFormat/export/1'],
    ['GET /api/rule/export/:companyId', '/api/rule/export/1'],
    ['GET /api/lCompany/export/:companyId', '/api/lCompany/export/1'],
    ['GET /api/use/export/:companyId', '/api/use/export/1'],
    ['GET /api/model/export/:companyId', '/api/model/export/1'],
    ['GET /api/indicatorOut/export/:companyId', '/api/indicatorOut/export/1'],
    ['GET /api/indicator/export/:companyId', '/api/indicator/export/1'],
    ['GET /api/groups/export/:companyId', '/api/groups/export/1'],
    ['GET /api/report/export/:companyId', '/api/report/export/1'],
    ['GET /api/kpi/export/:companyId', '/api/kpi/export/1?figure=registered'],
    ['GET /api/goods/export/:companyId', '/api/goods/export/1'],
    ['GET /api/materialType/export/:companyId', '/api/materialType/export/1'],
    ['GET /api/material/export/:companyId', '/api/material/export/1'],
    ['GET /api/companyMaterial/export/:companyId', '/api/companyMaterial/export/1'],
    ['GET /api/companyMaterial/ledger/export/:companyId', '/api/companyMaterial/ledger/export/1'],
    ['GET /api/sale/export/:companyId', '/api/sale/export/1'],
    ['GET /api/sale/summary/export/:companyId', '/api/sale/summary/export/1'],
    ['GET /api/testee/export/:companyId', '/api/testee/export/1'],
    ['GET /api/measurement/export/:companyId', '/api/measurement/export/1'],
  ] as const) {
    add(route,
      { name: 'everything', send: () => call(hq, 'GET', url), expect: 200 },
      { name: 'a company id that is no number', send: () => call(hq, 'GET', url.replace(/\/1(\?|$)/, '/abc$1')), expect: 'refused' })
  }
}, 600_000)

afterAll(async () => env?.close())

/** Routes that hand back stored bytes as they are (decoding none): the rule does not apply. */
const STORED_BYTES = new Set(['GET /api/attachments/actions/download', 'GET /api/company/picture'])

test('every route that takes a file or builds one has its cases here', () => {
  const missing = env.app.apiRoutes
    .map((r) => ({ key: `${r.method} ${r.url.replace(/\/$/, '')}`, schema: r.schema }))
    // an upload, an answer that is not JSON (a PDF, declared in the route's `produces`), or a name that says file
    .filter(({ key, schema }) => schema?.consumes?.includes('multipart/form-data') || schema?.produces?.some((type) => type !== 'application/json')
      || /export|pdf|png|picture|template|fabric|import|download/i.test(key))
    .map(({ key }) => key)
    .filter((key) => !cases[key] && !STORED_BYTES.has(key))
  expect(missing).toEqual([])
})

test('at its largest and with malformed input, each answers without holding the server or growing it past 300 MB', async () => {
  const failures: string[] = []
  const figures: string[] = []
  for (const [route, list] of Object.entries(cases)) {
    for (const c of list) {
      const { value: res, healthMs, rssGrowthMb } = await healthWhile(env.app, c.send)
      const bound = healthBoundMs()
      const status = res.statusCode
      figures.push(`${route} · ${c.name}: ${status}, health ≤ ${Math.round(healthMs)} ms, +${Math.round(rssGrowthMb)} MB`)
      const label = `${route} · ${c.name}`
      if (c.expect === 'refused' ? !(status >= 400 && status < 500 && CJK.test(messageOf(res))) : status !== c.expect) {
        failures.push(`${label}: answered ${status} ${res.body.slice(0, 160)}`)
      }
      if (healthMs > bound) failures.push(`${label}: /api/health waited ${Math.round(healthMs)} ms (bound ${bound} ms at this load)`)
      if (rssGrowthMb > RSS_BOUND_MB) failures.push(`${label}: the process grew by ${Math.round(rssGrowthMb)} MB`)
    }
  }
  console.log(figures.join('\n'))
  expect(failures).toEqual([])
  expect((await env.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
}, 1_800_000)
