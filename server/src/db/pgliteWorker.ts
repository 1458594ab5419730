/**
 * The embedded database's own thread: opens PGlite and serves the requests of pgliteThread.ts, one
 * at a time in the order they come (the main thread already queues them fairly). A transaction stays
 * open across messages: its queries name it, and it ends when the main thread's callback settles.
 * Queries run as named prepared statements (pglitePrepared.ts).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite'
import { PreparedStatements } from './pglitePrepared.js'
import { PGLITE_EXTENSIONS } from './pgliteExtensions.js'
import { toWireError, type PgliteReply, type PgliteRequest, type PgliteWorkerData, type WireQueryOptions } from './pgliteProtocol.js'

const port = parentPort!
const { dataDir, template, startParams } = workerData as PgliteWorkerData
const reply = (message: PgliteReply) => port.postMessage(message)

const keepText = (value: string) => value

function queryOptions(options: WireQueryOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined
  const { raw, ...rest } = options
  return raw?.length ? { ...rest, parsers: Object.fromEntries(raw.map((oid) => [oid, keepText])) } : rest
}

interface OpenTransaction {
  tx?: Transaction
  /** settles PGlite's transaction callback: returns to commit, throws to roll back */
  end: (commit: boolean) => void
  settled: Promise<unknown>
}
const transactions = new Map<number, OpenTransaction>()
let lastTransaction = 0
const rollBack = Symbol('roll back')

function begin(client: PGlite): Promise<number> {
  const number = ++lastTransaction
  let end!: (commit: boolean) => void
  const ended = new Promise<boolean>((resolve) => { end = resolve })
  return new Promise<number>((opened, failed) => {
    const open: OpenTransaction = { end, settled: Promise.resolve() }
    open.settled = client.transaction(async (tx) => {
      open.tx = tx
      transactions.set(number, open)
      opened(number)
      if (!(await ended)) throw rollBack
    }).finally(() => transactions.delete(number))
    // BEGIN failed: nothing was opened (after opening, the same rejection is end's to report)
    open.settled.catch(failed)
  })
}

async function end(number: number, commit: boolean) {
  const open = transaction(number)
  open.end(commit)
  await open.settled.catch((err: unknown) => {
    if (err !== rollBack) throw err
  })
}

function transaction(number: number): OpenTransaction & { tx: Transaction } {
  const open = transactions.get(number)
  if (!open?.tx) throw new Error('Transaction is closed')
  return open as OpenTransaction & { tx: Transaction }
}

async function serve(client: PGlite, prepared: PreparedStatements, request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const on = request.tx ? transaction(request.tx).tx : client
      return prepared.query(on, request.sql, request.params, queryOptions(request.options), !!request.tx)
    }
    case 'exec':
      return (request.tx ? transaction(request.tx).tx : client).exec(request.sql)
    case 'begin':
      return begin(client)
    case 'rollback':
      return transaction(request.tx).tx.rollback()
    case 'end':
      return end(request.tx, request.commit)
    case 'close':
      // the main thread ends this thread once answered
      return client.close()
  }
}

try {
  const client = await PGlite.create(dataDir, { startParams, loadDataDir: template && new Blob([template]), extensions: PGLITE_EXTENSIONS })
  const prepared = new PreparedStatements(client)
  port.on('message', (request: PgliteRequest) => {
    serve(client, prepared, request).then(
      (value) => reply({ id: request.id, value }),
      (err: unknown) => reply({ id: request.id, error: toWireError(err) }))
  })
  reply({ id: 0 })
} catch (err) {
  reply({ id: 0, error: toWireError(err) })
}
