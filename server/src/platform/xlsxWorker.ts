/**
 * The worker thread that writes xlsx exports (started by xlsxStream.ts), one after another: exceljs'
 * streaming writer, whose zipping (a 100,000-row sheet's CRC and deflate at the end) held the event
 * loop for seconds. It takes the sheet, then batches of cell values, and sends the file's bytes back as
 * they are written; after `done` it may be given the next export's `start`.
 */
import { PassThrough } from 'node:stream'
import { parentPort } from 'node:worker_threads'
import ExcelJS from 'exceljs'
import type { FromXlsxWorker, ToXlsxWorker } from './xlsxStream.js'

const port = parentPort!
const post = (msg: FromXlsxWorker) => port.postMessage(msg)
let book: ExcelJS.stream.xlsx.WorkbookWriter | undefined
let sheet: ExcelJS.Worksheet | undefined

/** How much of the sheet's XML may wait for the zip before the next batch is taken. */
const ZIP_BACKLOG_BYTES = 1 << 20

/**
 * exceljs hands the sheet's XML to the zip without waiting for it, and the zip deflates one chunk an
 * event-loop turn: left alone, a 100,000-row sheet waited in memory whole (150 MB more RSS). The queue
 * is the zip's input stream (readable-stream 2, whose queue length is only in `_writableState`).
 */
async function untilZipCatchesUp() {
  type ZipInput = { _writableState?: { length: number }; once(event: 'drain', listener: () => void): void }
  const zipInput = (sheet as unknown as { stream?: { pipes?: ZipInput[] } }).stream?.pipes?.[0]
  // past its buffer's limit the stream owes a 'drain' (exceljs ignores write()'s answer, the stream does not)
  while (zipInput && (zipInput._writableState?.length ?? 0) > ZIP_BACKLOG_BYTES) await new Promise<void>((resolve) => zipInput.once('drain', resolve))
}

async function handle(msg: ToXlsxWorker) {
  if (msg.type === 'start') {
    const out = new PassThrough()
    out.on('data', (chunk: Buffer) => post({ type: 'chunk', data: chunk }))
    out.on('end', () => post({ type: 'done' }))
    book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true })
    // the header stays in view while scrolling
    sheet = book.addWorksheet(msg.sheet, { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.columns = msg.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 16, style: c.numFmt ? { numFmt: c.numFmt } : {} }))
    sheet.getRow(1).font = { bold: true }
  } else if (msg.type === 'rows') {
    for (const cells of msg.rows) sheet!.addRow(cells).commit()
    await untilZipCatchesUp()
    post({ type: 'written' })
  } else {
    sheet!.commit()
    await book!.commit()
  }
}

// one message at a time, in order: a batch is written before the next is read
let turn = Promise.resolve()
port.on('message', (msg: ToXlsxWorker) => {
  turn = turn.then(() => handle(msg)).catch((err: Error) => post({ type: 'error', message: err.message }))
})
