/**
 * Messages between the main thread's PGlite client (pgliteThread.ts) and the thread that runs the
 * embedded database (pgliteWorker.ts). Each request carries an id; the worker answers it once.
 */
import type { RowMode } from '@electric-sql/pglite'

export interface PgliteWorkerData {
  /** data directory; absent: in memory */
  dataDir?: string
  /** in memory: start from this dump of a data directory (`dumpDataDir`) instead of an empty database */
  template?: Uint8Array<ArrayBuffer>
  startParams: string[]
}

/**
 * Query options that can cross a thread. Parser functions cannot: the worker leaves the columns
 * of the types in `raw` as PostgreSQL's text, and the main thread applies the caller's parsers.
 */
export interface WireQueryOptions {
  rowMode?: RowMode
  paramTypes?: number[]
  raw?: number[]
}

export type PgliteRequest = { id: number } & (
  | { op: 'query'; sql: string; params?: unknown[]; options?: WireQueryOptions; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  /** opens a transaction; answered with its number once BEGIN has run */
  | { op: 'begin' }
  | { op: 'rollback'; tx: number }
  /** the main thread's callback settled: commit (or roll back), answered once that has run */
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' })

/** id 0 answers the start: a value once the database is open, or why it could not open */
export interface PgliteReply {
  id: number
  value?: unknown
  error?: WireError
}

/** An error with PostgreSQL's fields (code, detail, constraint, table…) that services inspect. */
export interface WireError {
  name: string
  message: string
  stack?: string
  fields: Record<string, string | number | boolean>
}

export function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} }
  const fields: WireError['fields'] = {}
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value
  }
  return { name: err.name, message: err.message, stack: err.stack, fields }
}

/** The worker's error as one of this thread, with the same fields (drizzle wraps it with the query and the caller's stack). */
export function fromWireError(wire: WireError): Error {
  const err = Object.assign(new Error(wire.message), wire.fields)
  err.name = wire.name
  if (wire.stack) err.stack = wire.stack
  return err
}
