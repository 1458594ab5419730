/**
 * PGlite on a thread of its own. PGlite runs each statement synchronously on the thread that calls
 * it; on the main thread HTTP, JSON, validation and the database would then share one core while a
 * PostgreSQL server runs on the others. This client posts drizzle's two calls, `query` and
 * `transaction`, to pgliteWorker.ts and answers what it answers, errors with their PostgreSQL fields.
 */
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import { resolveWorkerEntry, startWorker } from '../platform/workerThread.js'
import { fromWireError, type PgliteReply, type PgliteRequest, type PgliteWorkerData, type WireQueryOptions } from './pgliteProtocol.js'

/** What drizzle calls on a PGlite client. */
export type SqlClient = Pick<PGlite, 'query' | 'transaction'>

export interface PgliteThread extends SqlClient {
  /** closes the database and ends its thread */
  close(): Promise<void>
}

type Request = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never

export async function startPgliteThread(data: PgliteWorkerData): Promise<PgliteThread> {
  const worker = startWorker(resolveWorkerEntry(import.meta.url, { bundled: 'pglite-worker.js', source: 'db/pgliteWorker.ts' }), { workerData: data })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>()
  let lastId = 0
  let gone: Error | undefined
  // the thread keeps the process alive only while an answer is awaited, as a socket would
  const settle = (id: number) => {
    const waiting = pending.get(id)
    pending.delete(id)
    if (!pending.size) worker.unref()
    return waiting
  }
  const failAll = (err: Error) => {
    gone ??= err
    for (const id of [...pending.keys()]) settle(id)?.reject(err)
  }
  worker.on('message', (reply: PgliteReply) => {
    const waiting = settle(reply.id)
    if (reply.error) waiting?.reject(fromWireError(reply.error))
    else waiting?.resolve(reply.value)
  })
  worker.on('error', (err) => failAll(err))
  worker.on('exit', (code) => failAll(new Error(`内置数据库线程已退出（退出码 ${code}）`)))

  const wait = <T>(id: number) => new Promise<T>((resolve, reject) => {
    if (!pending.size) worker.ref()
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
  })
  const call = <T>(request: Request): Promise<T> => {
    if (gone) return Promise.reject(gone)
    const id = ++lastId
    const answer = wait<T>(id)
    try {
      worker.postMessage({ ...request, id })
    } catch (err) {
      // a parameter that cannot be copied to another thread (a function, a class instance)
      settle(id)?.reject(err as Error)
    }
    return answer
  }

  const query = async <T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number) => {
    const result = await call<Results<T>>({ op: 'query', sql, params, options: wireOptions(options), tx })
    if (options?.parsers) applyParsers(result, options)
    return result
  }
  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    const number = await call<number>({ op: 'begin' })
    let closed = false
    const tx: Transaction = {
      query: (sql, params, options) => query(sql, params, options, number),
      exec: (sql) => call({ op: 'exec', sql, tx: number }),
      rollback: async () => {
        await call({ op: 'rollback', tx: number })
        closed = true
      },
      sql: () => Promise.reject(new Error('tx.sql is not available on the database thread: use tx.query')),
      listen: () => Promise.reject(new Error('listen is not available on the database thread')),
      get closed() { return closed },
    }
    let value: T
    try {
      value = await callback(tx)
    } catch (err) {
      closed = true
      await call({ op: 'end', tx: number, commit: false })
      throw err
    }
    closed = true
    await call({ op: 'end', tx: number, commit: true })
    return value
  }

  await wait(0).catch(async (err: unknown) => {
    await worker.terminate()
    throw err
  })
  return {
    query,
    transaction,
    close: async () => {
      if (!gone) await call({ op: 'close' })
      gone ??= new Error('PGlite is closed')
      await worker.terminate()
    },
  } as PgliteThread
}

/** Parser functions stay here: the worker is told which types to leave as text. */
function wireOptions(options: QueryOptions | undefined): WireQueryOptions | undefined {
  if (!options) return undefined
  const { rowMode, paramTypes, parsers, serializers, blob, onNotice } = options
  if (serializers || blob || onNotice) throw new Error('serializers, blob and onNotice are not available on the database thread')
  return { rowMode, paramTypes, raw: parsers && Object.keys(parsers).map(Number) }
}

function applyParsers(result: Results<unknown>, options: QueryOptions) {
  const rows = result.rows as Record<string | number, unknown>[]
  result.fields.forEach((field, i) => {
    const parse = options.parsers![field.dataTypeID]
    if (!parse) return
    const key = options.rowMode === 'array' ? i : field.name
    for (const row of rows) {
      const value = row[key]
      if (value != null) row[key] = parse(value as string)
    }
  })
}
