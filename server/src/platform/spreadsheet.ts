import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { SpreadsheetMsg } from '@app/contract'
import ExcelJS from 'exceljs'
import { ValidationError } from './errors.js'

/**
 * The one way the server reads an uploaded .xlsx. Nothing in the file is trusted:
 * - the zip's central directory is checked first (entry count, declared uncompressed size of every
 *   entry and of all of them together), so a zip bomb is refused before anything is inflated;
 * - only the parts a sheet needs (workbook, its relations, shared strings, the first worksheet) are
 *   inflated, each at most SPREADSHEET_MAX_READ_BYTES and with an output cap of the size it declares,
 *   so an entry that lies about its size stops at that size instead of filling memory;
 * - exceljs' streaming reader then parses those parts, re-packed as stored entries in the order it
 *   reads best (relations, workbook, shared strings, sheet: no temporary files), and the reading stops
 *   as soon as the sheet has more rows than the caller takes, blank rows counted;
 * - only the cells a row has are visited (a row whose one cell is in column XFD is one cell, not
 *   16,384), and text past SPREADSHEET_MAX_COLUMNS is refused.
 * The server reads uploads in a worker thread (files/worker.ts), off the event loop, with a time and
 * memory limit.
 */

/** declared uncompressed size of any entry, and of all entries together */
export const SPREADSHEET_MAX_ENTRY_BYTES = 20 * 1024 * 1024
export const SPREADSHEET_MAX_TOTAL_BYTES = 50 * 1024 * 1024
/**
 * Each part that is parsed. XML parses at roughly 10 MB/s here, so this keeps the worst file within
 * the bounds to about a second; a 1,000-row import sheet is a few hundred KB.
 */
export const SPREADSHEET_MAX_READ_BYTES = 4 * 1024 * 1024
const MAX_ENTRIES = 1000
/**
 * Columns read, from column A. A cell further right with text is refused; one without (formatting, an
 * emptied cell) is ignored, as Excel leaves such cells wherever someone once formatted or typed.
 */
export const SPREADSHEET_MAX_COLUMNS = 100

export interface SheetRow {
  /** the row number in the sheet (1 = first row) */
  number: number
  /** cell texts from column A on, trimmed ('' for an empty cell) */
  cells: string[]
}

export interface ReadSheetOptions {
  /** rows the sheet may hold, header and blank rows included; one more is refused with `messages.tooManyRows` */
  maxRows: number
  messages: {
    /** the file is not an xlsx (not a zip, or a zip without a workbook) */
    invalid: string
    tooManyRows: string
  }
}

interface ZipEntry {
  name: string
  flags: number
  method: number
  compressedSize: number
  size: number
  localHeader: number
}

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50
const STORED = 0
const DEFLATED = 8

// large output pieces: the default 16 KB makes a thread-pool round trip per 16 KB
const INFLATE_CHUNK = 1024 * 1024
const inflateRaw = promisify(zlib.inflateRaw) as (buf: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>

/** Entries listed in the central directory, with their declared sizes checked against the bounds. */
function centralDirectory(file: Buffer, invalid: () => never): ZipEntry[] {
  if (file.length < 22 || file.readUInt32LE(0) !== LOCAL) invalid()
  let eocd = -1
  for (let p = file.length - 22; p >= Math.max(0, file.length - 22 - 0xffff); p--) {
    if (file.readUInt32LE(p) === EOCD) { eocd = p; break }
  }
  if (eocd < 0) invalid()
  const count = file.readUInt16LE(eocd + 10)
  const cdSize = file.readUInt32LE(eocd + 12)
  const cdOffset = file.readUInt32LE(eocd + 16)
  // zip64 (0xffff / 0xffffffff markers) and multi-disk archives are not spreadsheets anyone uploads
  if (file.readUInt16LE(eocd + 4) !== 0 || count === 0xffff || cdOffset === 0xffffffff || cdOffset + cdSize > eocd) invalid()
  if (count > MAX_ENTRIES) throw new ValidationError(SpreadsheetMsg.tooManyParts)
  const entries: ZipEntry[] = []
  let total = 0
  let p = cdOffset
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || file.readUInt32LE(p) !== CENTRAL) invalid()
    const nameLength = file.readUInt16LE(p + 28)
    const entry: ZipEntry = {
      flags: file.readUInt16LE(p + 8),
      method: file.readUInt16LE(p + 10),
      compressedSize: file.readUInt32LE(p + 20),
      size: file.readUInt32LE(p + 24),
      localHeader: file.readUInt32LE(p + 42),
      name: file.toString('utf8', p + 46, p + 46 + nameLength),
    }
    if (entry.size > SPREADSHEET_MAX_ENTRY_BYTES || (total += entry.size) > SPREADSHEET_MAX_TOTAL_BYTES) {
      throw new ValidationError(SpreadsheetMsg.tooLarge)
    }
    entries.push(entry)
    p += 46 + nameLength + file.readUInt16LE(p + 30) + file.readUInt16LE(p + 32)
  }
  return entries
}

/** An entry's content, inflated to at most the size it declares; more than that is refused. */
async function inflateEntry(file: Buffer, entry: ZipEntry, invalid: () => never): Promise<Buffer> {
  const at = entry.localHeader
  // encrypted entries (bit 0) and methods other than stored/deflated are not read
  if (entry.flags & 1 || (entry.method !== STORED && entry.method !== DEFLATED)) invalid()
  if (at + 30 > file.length || file.readUInt32LE(at) !== LOCAL) invalid()
  if (entry.size > SPREADSHEET_MAX_READ_BYTES) throw new ValidationError(SpreadsheetMsg.sheetTooLarge)
  const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28)
  const raw = file.subarray(start, start + entry.compressedSize)
  if (raw.length !== entry.compressedSize) invalid()
  let content: Buffer
  if (entry.method === STORED) content = raw
  else {
    try {
      content = await inflateRaw(raw, { maxOutputLength: Math.max(1, entry.size), chunkSize: INFLATE_CHUNK })
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ValidationError(SpreadsheetMsg.tooLarge)
      invalid()
    }
  }
  if (content.length !== entry.size) invalid()
  return content
}

/** A zip of stored entries in the given order, for exceljs' streaming reader (it does not check CRCs). */
function storedZip(parts: [string, Buffer][]): Readable {
  const chunks: Buffer[] = []
  for (const [name, content] of parts) {
    const nameBytes = Buffer.from(name, 'utf8')
    const header = Buffer.alloc(30)
    header.writeUInt32LE(LOCAL, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(0x800, 6) // UTF-8 name
    header.writeUInt16LE(STORED, 8)
    header.writeUInt32LE(content.length, 18)
    header.writeUInt32LE(content.length, 22)
    header.writeUInt16LE(nameBytes.length, 26)
    chunks.push(header, nameBytes, content)
  }
  const end = Buffer.alloc(22)
  end.writeUInt32LE(EOCD, 0)
  chunks.push(end)
  // in small pieces: the reader parses each piece whole, so stopping at the row cap stops within 64 KB
  const whole = Buffer.concat(chunks)
  return Readable.from((function* () {
    for (let at = 0; at < whole.length; at += 64 * 1024) yield whole.subarray(at, at + 64 * 1024)
  })(), { objectMode: false })
}

const EMPTY_SHARED_STRINGS = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>')
const sheetNumber = (name: string) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? NaN)

/**
 * The rows with any text of the first worksheet of an xlsx (the lowest sheetN.xml, the first tab of
 * files Excel, WPS and exceljs write), each from column A to its last cell with text. Refuses a file
 * that is not an xlsx, one whose parts inflate beyond the bounds, a sheet with more than `maxRows`
 * rows (without reading further) and text past SPREADSHEET_MAX_COLUMNS.
 */
export async function readFirstSheet(file: Buffer, options: ReadSheetOptions): Promise<SheetRow[]> {
  const invalid = (): never => { throw new ValidationError(options.messages.invalid) }
  const entries = centralDirectory(file, invalid)
  const byName = new Map(entries.map((e) => [e.name, e]))
  const sheet = entries.filter((e) => Number.isInteger(sheetNumber(e.name))).sort((x, y) => sheetNumber(x.name) - sheetNumber(y.name))[0]
  const rels = byName.get('xl/_rels/workbook.xml.rels')
  const workbook = byName.get('xl/workbook.xml')
  if (!sheet || !rels || !workbook) invalid()
  const strings = byName.get('xl/sharedStrings.xml')
  const parts: [string, Buffer][] = [
    [rels!.name, await inflateEntry(file, rels!, invalid)],
    [workbook!.name, await inflateEntry(file, workbook!, invalid)],
    // with shared strings read before the sheet, exceljs streams the sheet instead of spooling it to disk
    ['xl/sharedStrings.xml', strings ? await inflateEntry(file, strings, invalid) : EMPTY_SHARED_STRINGS],
    [sheet!.name, await inflateEntry(file, sheet!, invalid)],
  ]

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(storedZip(parts), {
    worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore',
  })
  const rows: SheetRow[] = []
  try {
    for await (const worksheet of reader) {
      let seen = 0
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        // blank rows count too, so a sheet of a million of them stops here as well
        if (++seen > options.maxRows) throw new ValidationError(options.messages.tooManyRows)
        const cells: string[] = []
        row.eachCell((cell, col) => {
          const text = String(cell.text ?? '').trim()
          if (!text) return
          if (col > SPREADSHEET_MAX_COLUMNS) throw new ValidationError(SpreadsheetMsg.tooManyColumns(SPREADSHEET_MAX_COLUMNS))
          cells[col - 1] = text
        })
        if (!cells.length) continue
        rows.push({ number: Number.isFinite(row.number) ? row.number : seen, cells: Array.from(cells, (text) => text ?? '') })
      }
      break
    }
  } catch (err) {
    if (err instanceof ValidationError) throw err
    invalid()
  }
  return rows
}
