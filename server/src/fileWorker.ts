/**
 * The worker thread where files are built and read from what users send (platform/workerPool.ts,
 * started by fileJobs.ts): a report's PDF with its diagram picture (pdfkit), the first sheet of an
 * uploaded xlsx (exceljs). Bytes arrive as Uint8Array.
 */
import type { ReportDetail } from '@app/contract'
import { reportPdf } from './modules/reports/pdf.js'
import { readFirstSheet, type ReadSheetOptions } from './platform/spreadsheet.js'
import { asBuffer, serveJobs } from './platform/workerPool.js'

export const fileJobs = {
  reportPdf: ({ report, verifyUrl, diagram }: { report: ReportDetail; verifyUrl: string; diagram: Uint8Array | null }): Promise<Uint8Array> =>
    reportPdf(report, verifyUrl, diagram && asBuffer(diagram)),
  readFirstSheet: ({ file, options }: { file: Uint8Array; options: ReadSheetOptions }) => readFirstSheet(asBuffer(file), options),
}

serveJobs(fileJobs)
