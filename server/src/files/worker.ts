/**
 * The worker thread where files are built and read from what users send (platform/workerPool.ts,
 * started by jobs.ts): a report's PDF with its diagram picture (pdfkit), the first sheet of an
 * uploaded xlsx (exceljs), a sale's receipt, a reconciliation statement's workbook (built whole, up to STATEMENT_MAX_ROWS
 * transports: about half a second of zipping). Bytes arrive as Uint8Array.
 */
import type { ReportDetail, Sale } from '@app/contract'
import { reportPdf } from './reportPdf.js'
import { saleReceipt } from './saleReceipt.js'
import { type Statement, statementWorkbook } from './statementWorkbook.js'
import { readFirstSheet, type ReadSheetOptions } from '../platform/spreadsheet.js'
import { asBuffer, serveJobs } from '../platform/workerPool.js'

export const fileJobs = {
  reportPdf: ({ report, verifyUrl, diagram }: { report: ReportDetail; verifyUrl: string; diagram: Uint8Array | 'unreadable' | null }): Promise<Uint8Array> =>
    reportPdf(report, verifyUrl, diagram instanceof Uint8Array ? asBuffer(diagram) : diagram),
  readFirstSheet: ({ file, options }: { file: Uint8Array; options: ReadSheetOptions }) => readFirstSheet(asBuffer(file), options),
  saleReceipt: ({ sale }: { sale: Sale }): Promise<Uint8Array> => saleReceipt(sale),
  statementXlsx: async (statement: Statement): Promise<Uint8Array> => new Uint8Array(await statementWorkbook(statement).xlsx.writeBuffer()),
}

serveJobs(fileJobs)
