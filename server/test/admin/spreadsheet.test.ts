import zlib from 'node:zlib'
import { importTooManyRows, SpreadsheetMsg, USER_IMPORT_MAX_ROWS, UserAdminMsg } from '@app/contract'
import { count } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '../../src/db/schema/index.js'
import { XLSX_TYPE } from '../../src/platform/download.js'
import { readFirstSheet, SPREADSHEET_MAX_COLUMNS, SPREADSHEET_MAX_READ_BYTES } from '../../src/platform/spreadsheet.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { healthBoundMs, healthWhile, RSS_BOUND_MB } from '../responsiveness.js'
import { withCpuMs } from '../timing.js'

/** Uploaded spreadsheets are read without trusting the zip: bombs and lying sizes answer 400 at once. */
let env: TestEnv
let hq: string
beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  // the times below are of reading, not of a worker thread loading its modules
  await env.ctx.fileJobs.start()
})
afterAll(async () => env?.close())

// ---------------------------------------------------------------- hand-made xlsx files

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships'

interface Part { name: string; deflated: Buffer; size: number; declaredSize?: number }

const deflated = (name: string, text: string): Part => {
  const data = Buffer.from(text)
  return { name, deflated: zlib.deflateRawSync(data), size: data.length }
}

/** A zip of deflated parts; `declaredSize` puts another uncompressed size in the headers (CRCs are left 0). */
function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const p of parts) {
    const name = Buffer.from(p.name)
    const size = p.declaredSize ?? p.size
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x800, 6)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(p.deflated.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const cd = Buffer.alloc(46)
    cd.writeUInt32LE(0x02014b50, 0)
    cd.writeUInt16LE(20, 4)
    cd.writeUInt16LE(20, 6)
    cd.writeUInt16LE(0x800, 8)
    cd.writeUInt16LE(8, 10)
    cd.writeUInt32LE(p.deflated.length, 20)
    cd.writeUInt32LE(size, 24)
    cd.writeUInt16LE(name.length, 28)
    cd.writeUInt32LE(offset, 42)
    locals.push(local, name, p.deflated)
    central.push(cd, name)
    offset += 30 + name.length + p.deflated.length
  }
  const cdBytes = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(cdBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cdBytes, end])
}

const cellXml = (row: number, values: string[]) =>
  `<row r="${row}">${values.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${row}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`
const HEADER = cellXml(1, ['手机号', '姓名', '角色', '密码'])

/** Every part but the sheet, which the caller makes. */
const workbookParts = (): Part[] => [
  deflated('[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`),
  deflated('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
  deflated('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="用户" sheetId="1" r:id="rId1"/></sheets></workbook>`),
  deflated('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
]

/**
 * A sheet of `repeats` x 1,000 data rows, deflated in one go: a block of 1,000 rows is compressed
 * once and repeated (sync-flushed deflate segments concatenate into one stream), so a million rows
 * cost milliseconds to make.
 */
function bigSheet(repeats: number, declaredSize?: number): Part {
  const block = cellXml(2, ['13800000000', '炸弹', 'operator', 'Pass@1234']).repeat(1000)
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${HEADER}`)
  const tail = Buffer.from('</sheetData></worksheet>')
  const segment = zlib.deflateRawSync(Buffer.from(block), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
  const body = Buffer.concat([
    zlib.deflateRawSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    ...Array<Buffer>(repeats).fill(segment),
    zlib.deflateRawSync(tail),
  ])
  return { name: 'xl/worksheets/sheet1.xml', deflated: body, size: head.length + Buffer.byteLength(block) * repeats + tail.length, declaredSize }
}

function sheetOf(rows: string[][]): Part {
  return deflated('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${HEADER}${rows.map((r, i) => cellXml(i + 2, r)).join('')}</sheetData></worksheet>`)
}

/** The import's answer and the processor time it cost (`cpuMs`: what the file made the server do, however busy the machine). */
async function importFile(data: Buffer) {
  const form = multipart({ file: { name: 'users.xlsx', type: XLSX_TYPE, data } })
  const { value: res, cpuMs } = await withCpuMs(() => env.upload(hq, '/api/users/import', form))
  return { cpuMs, ...res }
}

const userCount = async () => Number((await env.db.select({ n: count() }).from(users))[0]!.n)

/** The server answers a plain request right after with little work: nothing is still chewing on the file. */
async function answersAtOnce() {
  const { value: res, cpuMs } = await withCpuMs(() => env.call(hq, 'GET', '/api/users/roles'))
  expect(res.code).toBe(200)
  expect(cpuMs).toBeLessThan(1000)
}

const options = { maxRows: 3, messages: { invalid: '不是表格', tooManyRows: '行太多' } }

// ---------------------------------------------------------------- tests

describe('zip bombs', () => {
  test('a million rows (over 200 MB inflated, under 1 MB uploaded) answer 400 within 2 s of work', async () => {
    const sheet = bigSheet(1000)
    expect(sheet.size).toBeGreaterThan(200 * 1024 * 1024)
    const file = zip([...workbookParts(), sheet])
    expect(file.length).toBeLessThan(1024 * 1024)
    const before = await userCount()
    const res = await importFile(file)
    expect(res.status).toBe(400)
    expect(res.message).toBe(SpreadsheetMsg.tooLarge)
    expect(res.cpuMs).toBeLessThan(2000)
    await answersAtOnce()
    expect(await userCount()).toBe(before)
  })

  test('parts that declare a small size but inflate to far more are stopped at the declared size', async () => {
    const res = await importFile(zip([...workbookParts(), bigSheet(1000, 4096)]))
    expect(res.status).toBe(400)
    expect(res.message).toBe(SpreadsheetMsg.tooLarge)
    expect(res.cpuMs).toBeLessThan(2000)
    await answersAtOnce()
    // a part that inflates to less than it declares is no xlsx either
    const short = { ...sheetOf([['13800000001', '短', 'operator', 'Pass@1234']]) }
    short.declaredSize = short.size + 100
    await expect(readFirstSheet(zip([...workbookParts(), short]), options)).rejects.toThrow('不是表格')
  })

  test('too many parts are refused from the directory alone', async () => {
    const parts = [...workbookParts(), sheetOf([])]
    for (let i = 0; i < 1000; i++) parts.push(deflated(`xl/media/p${i}.xml`, 'x'))
    await expect(readFirstSheet(zip(parts), options)).rejects.toThrow(SpreadsheetMsg.tooManyParts)
  })
})

describe('size of the parts that are parsed', () => {
  test('a sheet over the parsed-part bound is refused before it is inflated; other large parts only count toward the total', async () => {
    const sheet = bigSheet(20)
    expect(sheet.size).toBeGreaterThan(SPREADSHEET_MAX_READ_BYTES)
    const res = await importFile(zip([...workbookParts(), sheet]))
    expect(res.status).toBe(400)
    expect(res.message).toBe(SpreadsheetMsg.sheetTooLarge)
    // a 10 MB picture beside a small sheet is fine
    const picture = { ...deflated('xl/media/image1.png', 'x'.repeat(10 * 1024 * 1024)), name: 'xl/media/image1.png' }
    const rows = await readFirstSheet(zip([...workbookParts(), sheetOf([['13800000005', '有图', 'operator', 'Pass@1234']]), picture]), options)
    expect(rows.map((r) => r.cells[1])).toEqual(['姓名', '有图'])
  })
})

describe('row cap', () => {
  test('a sheet within the size bound but with 16,000 rows stops at the cap: 400 with the row message, within 2 s of work', async () => {
    const sheet = bigSheet(16)
    expect(sheet.size).toBeLessThan(SPREADSHEET_MAX_READ_BYTES)
    const before = await userCount()
    const res = await importFile(zip([...workbookParts(), sheet]))
    expect(res.status).toBe(400)
    expect(res.message).toBe(importTooManyRows(USER_IMPORT_MAX_ROWS))
    expect(res.message).toMatch(/^每次最多导入1000行/)
    expect(res.cpuMs).toBeLessThan(2000)
    expect(await userCount()).toBe(before)
  })

  test('exactly the cap is read (every row checked and reported); one more is refused', async () => {
    const rows = Array.from({ length: USER_IMPORT_MAX_ROWS }, (_, i) => [`1${i}`, `行${i}`, 'operator', 'Pass@1234'])
    const atCap = await importFile(zip([...workbookParts(), sheetOf(rows)]))
    expect(atCap.status).toBe(200)
    expect(atCap.data.total).toBe(USER_IMPORT_MAX_ROWS)
    expect(atCap.data.errors).toHaveLength(USER_IMPORT_MAX_ROWS)
    expect(atCap.data.errors.at(-1)).toMatchObject({ row: USER_IMPORT_MAX_ROWS + 1, message: '手机号格式不正确，请输入正确的11位手机号' })
    const over = await importFile(zip([...workbookParts(), sheetOf([...rows, ['13800000002', '多一行', 'operator', 'Pass@1234']])]))
    expect(over.status).toBe(400)
    expect(over.message).toBe(importTooManyRows(USER_IMPORT_MAX_ROWS))
  })
})

describe('sparse and blank sheets', () => {
  test('1,000 rows each with one cell in the last column (XFD, 12 KB): a clear 400 at once, the server answering throughout', async () => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('用户')
    sheet.addRow(['手机号', '姓名', '角色', '密码'])
    for (let r = 2; r <= 1001; r++) sheet.getCell(`XFD${r}`).value = 'x'
    const file = Buffer.from(await book.xlsx.writeBuffer())
    expect(file.length).toBeLessThan(64 * 1024)
    const before = await userCount()
    const { value: res, healthMs, rssGrowthMb } = await healthWhile(env.app, importFile(file))
    // walking every column to XFD held the event loop 34 s at 1.8 GB; the bounds are a loaded machine's
    expect(healthMs).toBeLessThan(healthBoundMs())
    expect(rssGrowthMb).toBeLessThan(RSS_BOUND_MB)
    expect(res.status).toBe(400)
    expect(res.message).toBe(SpreadsheetMsg.tooManyColumns(SPREADSHEET_MAX_COLUMNS))
    expect(await userCount()).toBe(before)
  })

  test('a cell past the last column read that holds no text (formatting only) is ignored', async () => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('用户')
    sheet.addRow(['手机号', '姓名', '角色', '密码'])
    sheet.addRow(['13800000006', '格式', 'operator', 'Pass@1234'])
    sheet.getCell('XFD2').style = { font: { bold: true } }
    const rows = await readFirstSheet(Buffer.from(await book.xlsx.writeBuffer()), options)
    expect(rows).toEqual([{ number: 1, cells: ['手机号', '姓名', '角色', '密码'] }, { number: 2, cells: ['13800000006', '格式', 'operator', 'Pass@1234'] }])
  })

  test('blank rows count toward the cap: 600,000 of them after one data row stop at the cap with the row message', async () => {
    const sheet = deflated('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${HEADER}${
      cellXml(2, ['1380000000x', '空行', 'operator', 'Pass@1234'])}${'<row/>'.repeat(600_000)}</sheetData></worksheet>`)
    expect(sheet.size).toBeLessThan(SPREADSHEET_MAX_READ_BYTES)
    const { value: res, healthMs } = await healthWhile(env.app, importFile(zip([...workbookParts(), sheet])))
    expect(res.status).toBe(400)
    expect(res.message).toBe(importTooManyRows(USER_IMPORT_MAX_ROWS))
    expect(healthMs).toBeLessThan(healthBoundMs())
  })
})

describe('not a spreadsheet', () => {
  test('a non-zip, a truncated zip and a zip without a workbook answer the file-type message', async () => {
    for (const file of [
      Buffer.from('手机号,姓名\n13800000000,x\n'),
      Buffer.from('%PDF-1.4 not a zip at all'),
      zip([...workbookParts(), sheetOf([])]).subarray(0, 300),
      zip([deflated('hello.txt', 'hi')]),
    ]) {
      const res = await importFile(file)
      expect(res.status).toBe(400)
      expect(res.message).toBe(UserAdminMsg.importFileType)
    }
  })
})

describe('reading', () => {
  test('an exceljs workbook: shared strings, numbers, empty rows skipped, the first sheet only', async () => {
    const book = new ExcelJS.Workbook()
    const first = book.addWorksheet('用户')
    first.addRow(['手机号', '姓名'])
    first.addRow([13800000003, '张三'])
    first.addRow([])
    first.addRow(['  13800000004 ', { richText: [{ text: '李' }, { text: '四', font: { bold: true } }] }])
    book.addWorksheet('说明').addRow(['不读'])
    const rows = await readFirstSheet(Buffer.from(await book.xlsx.writeBuffer()), { ...options, maxRows: 10 })
    expect(rows).toEqual([
      { number: 1, cells: ['手机号', '姓名'] },
      { number: 2, cells: ['13800000003', '张三'] },
      { number: 4, cells: ['13800000004', '李四'] },
    ])
  })
})
