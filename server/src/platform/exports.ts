import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { PassThrough } from 'node:stream'
import { contentDisposition, XLSX_TYPE } from './download.js'

export interface Column<T> {
  header: string
  width?: number
  value: (row: T) => string | number | null | undefined
}


/** Streams an .xlsx file (exceljs streaming writer, so large exports do not sit in memory). */
export async function sendXlsx<T>(reply: FastifyReply, filename: string, sheet: string, columns: Column<T>[], rows: Iterable<T> | AsyncIterable<T>) {
  const stream = new PassThrough()
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(`${filename}.xlsx`))
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true })
  const ws = book.addWorksheet(sheet)
  ws.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 16 }))
  ws.getRow(1).font = { bold: true }
  const write = (async () => {
    for await (const row of rows) ws.addRow(columns.map((c) => c.value(row) ?? '')).commit()
    ws.commit()
    await book.commit()
  })()
  write.catch((err) => stream.destroy(err))
  return reply.send(stream)
}

/** A CSV cell: quoted when needed; a leading = + - @ is neutralised so Excel does not run it as a formula. */
const csvCell = (v: string | number | null | undefined) => {
  let s = v == null ? '' : String(v)
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** A CSV file with a UTF-8 BOM, so Excel opens the Chinese text correctly. */
export function csvText<T>(columns: Column<T>[], rows: Iterable<T>): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')]
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

export function sendCsv<T>(reply: FastifyReply, filename: string, columns: Column<T>[], rows: Iterable<T>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(`${filename}.csv`))
    .send(csvText(columns, rows))
}
