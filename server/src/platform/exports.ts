import { HQ_COMPANY_ID, idParam } from '@app/contract'
import type { FastifyReply } from 'fastify'
import { Readable } from 'node:stream'
import { z } from 'zod'
import { contentDisposition, XLSX_TYPE } from './download.js'
import { xlsxStream } from './xlsxStream.js'
import type { SessionUser } from './sessions.js'
import { assertCompanyInScope } from './tenancy.js'

export interface Column<T> {
  header: string
  width?: number
  value: (row: T) => string | number | null | undefined
  /** Excel number format of the column's cells (xlsx), e.g. '0.00' for tons */
  numFmt?: string
}

type Rows<T> = Iterable<T> | AsyncIterable<T>

/**
 * A file the user downloads from a list: its name (the file name without extension, and the sheet
 * name unless `sheet` says otherwise), format and columns, defined beside the service that reads
 * the rows. `send` streams it, so large exports never sit in memory whole; see `begin` and
 * `sendFile` for how it ends when reading the rows fails.
 */
export interface ExportDefinition<T> {
  name: string
  sheet?: string
  format: 'xlsx' | 'csv'
  columns: Column<T>[]
}

export function defineExport<T>(definition: ExportDefinition<T>) {
  return {
    ...definition,
    send: async (reply: FastifyReply, rows: Rows<T>) => {
      const begun = await begin(rows)
      return definition.format === 'xlsx' ? sendXlsx(reply, definition, begun) : sendCsv(reply, definition, begun)
    },
  }
}

/**
 * The rows with the first one read already: what fails before it (the row limit, the database) is
 * the request's error answer, as any request's is, before a file has begun.
 */
async function begin<T>(rows: Rows<T>): Promise<AsyncIterable<T>> {
  const rest = (async function* () { yield* rows })()
  const first = await rest.next()
  return (async function* () {
    if (first.done) return
    yield first.value
    yield* rest
  })()
}

/**
 * Sends a file as it is written. Once it has begun, its status goes out as 200 with the first bytes,
 * so a failure (the database, midway) ends the connection unfinished: the browser's download then
 * fails, where an ended answer would leave a short file that looks whole. The headers go first even
 * when no byte has (a compressed CSV is still in the compressor): an error answer then would carry
 * the file's headers (its content-encoding over an uncompressed body).
 */
function sendFile(reply: FastifyReply, name: string, file: Readable) {
  file.once('error', (err) => {
    reply.log.error({ err }, `export ${name} failed after it began: connection ended unfinished`)
    if (!reply.raw.headersSent) reply.raw.flushHeaders()
    reply.raw.destroy()
  })
  return reply.send(file)
}

export type Export<T> = ReturnType<typeof defineExport<T>>

/**
 * The spec's `/…/export/{companyId}`: the path names the caller's company. Headquarters' own id
 * means every base, or the one the filters pick; any other id limits the export to that base.
 * Services still apply tenancy (`scopeCompany`), so a base's user only ever gets their own rows.
 */
export const exportParams = z.object({ companyId: idParam().describe('基地编号') })

/**
 * The base an export is limited to. A base outside the caller's scope, in the path or the filters,
 * is refused here, before the file starts: once rows stream, a refusal could only cut the file short.
 */
export function exportCompany(auth: SessionUser, pathCompanyId: number, filterCompanyId?: number | null): number | undefined {
  const company = pathCompanyId === HQ_COMPANY_ID ? filterCompanyId ?? undefined : pathCompanyId
  assertCompanyInScope(auth, company)
  assertCompanyInScope(auth, filterCompanyId)
  return company
}

function sendXlsx<T>(reply: FastifyReply, def: ExportDefinition<T>, rows: AsyncIterable<T>) {
  const file = xlsxStream(def.sheet ?? def.name, def.columns, (row) => def.columns.map((c) => c.value(row) ?? ''), rows)
  reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(`${def.name}.xlsx`))
  return sendFile(reply, def.name, file)
}

/** A workbook built whole (a document such as a statement, not a list; in a file worker), sent as `{filename}.xlsx`. */
export function sendWorkbook(reply: FastifyReply, filename: string, xlsx: Uint8Array) {
  const buffer = Buffer.from(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength)
  return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(`${filename}.xlsx`)).send(buffer)
}

/** A CSV cell: quoted when needed; a leading = + - @ is neutralised so Excel does not run it as a formula. */
const csvCell = (v: string | number | null | undefined) => {
  let s = v == null ? '' : String(v)
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** CSV lines with a UTF-8 BOM first, so Excel opens the Chinese text correctly. */
async function* csvLines<T>(columns: Column<T>[], rows: Rows<T>) {
  yield `\uFEFF${columns.map((c) => csvCell(c.header)).join(',')}\r\n`
  for await (const row of rows) yield `${columns.map((c) => csvCell(c.value(row))).join(',')}\r\n`
}

function sendCsv<T>(reply: FastifyReply, def: ExportDefinition<T>, rows: Rows<T>) {
  reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', contentDisposition(`${def.name}.csv`))
  return sendFile(reply, def.name, Readable.from(csvLines(def.columns, rows)))
}
