/**
 * Issue 31, item 10: an export that ends early never looks whole. Past the row limit it is refused
 * before the file starts, naming the limit; a database error before the first row is an error
 * answer, and one after the file has begun ends the connection unfinished, so the browser's
 * download fails instead of saving a short file under a 200. Every export reads its rows through
 * `allRows` or `allPackedRows` (platform/list.ts) and writes them through `defineExport`
 * (platform/exports.ts): one export of each way of reading rows and each format is tried here,
 * with the limits lowered instead of 100,000 rows written.
 */
import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { exportLimits } from '../../src/platform/list.js'
import { bearer, createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany } from '../fixtures.js'
import { insertTransports, transportRow } from '../transportExports/setup.js'

let env: TestEnv
let hq: string
const defaults = { ...exportLimits }
/** the rows each export below selects */
const ROWS = 5
/** the bases whose rows the exports select (the company export selects bases named 导出测试基地) */
let logBase: number
let transportBase: number
let reportBase: number

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  logBase = (await makeCompany(env.db, '日志基地')).id
  transportBase = (await makeCompany(env.db, '运单基地')).id
  reportBase = (await makeCompany(env.db, '报告基地')).id
  await env.db.execute(sql`insert into company (name, contactor, phone) select '导出测试基地' || n, '联系人', '13800000000' from generate_series(1, ${ROWS}) n`)
  await env.db.execute(sql`insert into log_entry (company_id, error_mes, level, serial_number) select ${logBase}, '日志' || n, 0, 'S' || n from generate_series(1, ${ROWS}) n`)
  await insertTransports(env, Array.from({ length: ROWS }, (_, i) => transportRow(transportBase, { deliveryPlateNumber: `皖A0000${i}` })))
  await env.db.execute(sql`insert into report (company_id, report_number, license_number, tanker_type, contact_name, phone, verify_token)
    select ${reportBase}, 'JC' || n, '苏A1000' || n, '常压车辆', '联系人', '18800000000', 'export-test-' || n from generate_series(1, ${ROWS}) n`)
})
afterEach(() => { Object.assign(exportLimits, defaults) })
afterAll(async () => env?.close())

interface Case {
  name: string
  method: 'GET' | 'POST'
  url: () => string
  payload?: () => unknown
  /** the statement reading a batch of the export's rows (the first batch is the first such statement) */
  batch: RegExp
}
const CASES: Case[] = [
  { name: 'logs (xlsx, read by offset)', method: 'GET', url: () => `/api/log/export/1?companyId=${logBase}`, batch: /from "log_entry".* limit /s },
  { name: 'bases (csv, read by offset)', method: 'GET', url: () => `/api/company/export/1?name=${encodeURIComponent('导出测试基地')}`, batch: /from "company".* limit /s },
  {
    name: 'transports (xlsx, packed rows read by key)', method: 'POST', url: () => '/api/logistics/export',
    payload: () => ({ companyId: transportBase, exportColumns: ['deliveryPlateNumber'] }), batch: /= any\(/,
  },
  { name: 'reports (xlsx, rows read by key)', method: 'GET', url: () => `/api/report/export/1?companyId=${reportBase}`, batch: /"report"\."id" = any\(/ },
]

/** The export as a browser asks for it (compressed answers welcome). */
const exportOf = (c: Case) => env.app.inject({
  method: c.method, url: c.url(), payload: c.payload?.() as never, headers: { ...bearer(hq), 'accept-encoding': 'br, gzip' },
})

/** The data rows of an exported file (xlsx, or CSV as it came, compressed or not). */
async function rowsIn(res: { headers: Record<string, unknown>; rawPayload: Buffer }) {
  if (String(res.headers['content-type']).startsWith('text/csv')) {
    const text = (res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : res.rawPayload).toString()
    return text.split('\r\n').filter(Boolean).length - 1
  }
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(res.rawPayload as never)
  return book.worksheets[0]!.rowCount - 1
}

/**
 * The database fails the `nth` statement matching `pattern` from now on, as a lost connection
 * would, until the answer is called. Both drivers' clients run every statement through `query`.
 */
function failStatement(pattern: RegExp, nth: number) {
  const client = (env.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client
  const own = Object.getOwnPropertyDescriptor(client, 'query')
  const query = client.query
  let seen = 0
  client.query = function (statement: unknown, ...rest: unknown[]) {
    const text = typeof statement === 'string' ? statement : (statement as { text: string }).text
    if (pattern.test(text) && ++seen === nth) return Promise.reject(new Error('terminating connection due to administrator command'))
    return query.call(this, statement, ...rest)
  }
  return () => {
    if (own) Object.defineProperty(client, 'query', own)
    else delete (client as { query?: unknown }).query
  }
}

describe('an export past the row limit', () => {
  for (const c of CASES) {
    it(`is refused before the file starts, naming the limit: ${c.name}`, async () => {
      exportLimits.maxRows = ROWS - 1
      const res = await exportOf(c)
      expect(res.statusCode).toBe(400)
      expect(res.headers['content-disposition']).toBeUndefined()
      expect(res.json().message).toBe(`符合条件的数据超过${ROWS - 1}条，一次最多处理${ROWS - 1}条，请缩小筛选范围后重试`)
    })
  }

  it('at the limit, is written whole', async () => {
    exportLimits.maxRows = ROWS
    exportLimits.batchRows = 2
    for (const c of CASES) {
      const res = await exportOf(c)
      expect(res.statusCode, c.name).toBe(200)
      expect(await rowsIn(res), c.name).toBe(ROWS)
    }
  })

  it('is refused for the carriers\' SMS too, rather than telling only the first rows\' carriers', async () => {
    exportLimits.maxRows = ROWS - 1
    const res = await env.call(hq, 'POST', '/api/sms/send', { companyId: transportBase })
    expect([res.status, res.message]).toEqual([400, `符合条件的数据超过${ROWS - 1}条，一次最多处理${ROWS - 1}条，请缩小筛选范围后重试`])
  })
})

describe('a database error while an export is written', () => {
  for (const c of CASES) {
    it(`before the first row is an error answer, not a file: ${c.name}`, async () => {
      const restore = failStatement(c.batch, 1)
      try {
        const res = await exportOf(c)
        expect(res.statusCode).toBe(500)
        expect(res.headers['content-disposition']).toBeUndefined()
        expect(res.json().message).toMatch(/^服务器内部错误，请稍后重试（日志编号 [0-9a-f-]+）$/)
      } finally {
        restore()
      }
    })

    it(`after the file has begun ends the connection unfinished: ${c.name}`, async () => {
      exportLimits.batchRows = 2
      const restore = failStatement(c.batch, 2)
      try {
        await expect(exportOf(c)).rejects.toThrow('response destroyed before completion')
      } finally {
        restore()
      }
    })
  }

  it('after the file has begun, fails the download of a real client (no complete-looking file)', async () => {
    const base = await env.app.listen({ port: 0, host: '127.0.0.1' })
    exportLimits.batchRows = 2
    const c = CASES[2]!
    const restore = failStatement(c.batch, 2)
    try {
      // the status may have gone out with the first bytes; the body then breaks off
      const body = fetch(`${base}${c.url()}`, { method: c.method, body: JSON.stringify(c.payload!()), headers: { ...bearer(hq), 'content-type': 'application/json' } })
        .then((res) => res.arrayBuffer())
      await expect(body).rejects.toThrow()
    } finally {
      restore()
    }
  })
})
