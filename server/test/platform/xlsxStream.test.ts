/** xlsx exports are written in a thread of their own (platform/xlsxStream.ts): the file, a failure, the cap on writers. */
import { ExportMsg } from '@app/contract'
import ExcelJS from 'exceljs'
import type { Readable } from 'node:stream'
import { expect, test } from 'vitest'
import { RateLimitError } from '../../src/platform/errors.js'
import { XLSX_WRITERS, xlsxLimits, xlsxStream } from '../../src/platform/xlsxStream.js'

const columns = [{ header: '车牌号', width: 12 }, { header: '净重', numFmt: '0.00' }]
type Row = { plate: string; net: number }
const cellsOf = (r: Row) => [r.plate, r.net]

async function* rowsOf(n: number, failAt?: number) {
  for (let i = 1; i <= n; i++) {
    if (i === failAt) throw new Error('the database went away')
    yield { plate: `苏A${String(i).padStart(5, '0')}`, net: i + 0.25 }
  }
}

const bytesOf = async (file: Readable) => {
  const chunks: Buffer[] = []
  for await (const c of file) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

test('writes every row, in order, with its column formats, across many batches', async () => {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(await bytesOf(xlsxStream('运单', columns, cellsOf, rowsOf(1234))) as never)
  const sheet = book.getWorksheet('运单')!
  expect(sheet.rowCount).toBe(1235)
  expect(sheet.getRow(1).values).toEqual([undefined, '车牌号', '净重'])
  expect(sheet.getRow(2).values).toEqual([undefined, '苏A00001', 1.25])
  expect(sheet.getRow(1235).values).toEqual([undefined, '苏A01234', 1234.25])
  expect(sheet.getCell('B2').numFmt).toBe('0.00')
})

test('files written one after another, by a kept writer or a failed one\'s successor, each hold only their own rows', async () => {
  const sheetOf = async (file: Readable, name: string) => {
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await bytesOf(file) as never)
    return book.getWorksheet(name)!
  }
  const first = await sheetOf(xlsxStream('第一', columns, cellsOf, rowsOf(700)), '第一')
  await expect(bytesOf(xlsxStream('中断', columns, cellsOf, rowsOf(900, 600)))).rejects.toThrow('the database went away')
  const second = await sheetOf(xlsxStream('第二', [{ header: '编号' }], (r: Row) => [r.plate], rowsOf(3)), '第二')
  expect(first.rowCount).toBe(701)
  expect(second.rowCount).toBe(4)
  expect(second.getRow(1).values).toEqual([undefined, '编号'])
  expect(second.getRow(4).values).toEqual([undefined, '苏A00003'])
})

test('a failure while reading the rows ends the file with the error, never as a whole file', async () => {
  await expect(bytesOf(xlsxStream('运单', columns, cellsOf, rowsOf(5000, 2600)))).rejects.toThrow('the database went away')
})

test(`at most ${XLSX_WRITERS} files are written at once; one more is refused with 429 until one ends`, async () => {
  let release!: () => void
  const held = new Promise<void>((resolve) => { release = resolve })
  async function* slow() { yield { plate: '苏A00001', net: 1 }; await held }
  const open = Array.from({ length: XLSX_WRITERS }, () => xlsxStream('运单', columns, cellsOf, slow()))
  const refused = (() => { try { xlsxStream('运单', columns, cellsOf, slow()); return null } catch (err) { return err } })()
  expect(refused).toBeInstanceOf(RateLimitError)
  expect((refused as RateLimitError).message).toBe(ExportMsg.busy)
  release()
  await Promise.all(open.map(bytesOf))
  await bytesOf(xlsxStream('运单', columns, cellsOf, rowsOf(3)))
})

test('a download nobody reads is given up after xlsxLimits.stallMs, and its writer is free again', async () => {
  const stallMs = xlsxLimits.stallMs
  xlsxLimits.stallMs = 300
  try {
    const stalled = Array.from({ length: XLSX_WRITERS }, () => xlsxStream('运单', columns, cellsOf, rowsOf(200_000)))
    const ended = stalled.map((file) => new Promise<Error>((resolve) => file.once('error', resolve)))
    for (const err of await Promise.all(ended)) expect(err.message).toMatch(/took nothing/)
    xlsxLimits.stallMs = stallMs
    await new Promise((resolve) => setImmediate(resolve))
    await bytesOf(xlsxStream('运单', columns, cellsOf, rowsOf(3)))
  } finally {
    xlsxLimits.stallMs = stallMs
  }
})
