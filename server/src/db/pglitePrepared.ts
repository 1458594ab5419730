/**
 * Named prepared statements for the embedded database's thread (pgliteWorker.ts).
 *
 * PGlite's `query` parses, plans and describes every statement anew, in six calls into the
 * database (parse, describe, bind, describe, execute, sync): for the short statements this server
 * runs, that is most of their cost (0.55 ms for a session look-up, of which 0.09 ms is the work
 * itself). Here each statement text is parsed and described once under a name; a call then sends
 * bind, execute and sync in one message and reads the answer with PGlite's own parsers, so rows
 * come back exactly as `query` gives them. PostgreSQL re-plans a named statement when the tables
 * it reads change, and chooses generic or per-call plans itself.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number]

interface Statement {
  name: string
  /** parameter types PostgreSQL inferred, for PGlite's serializers */
  types: number[]
  /** the statement's row description (none for a write without RETURNING) */
  rows: BackendMessage | undefined
}

/** Statements kept named at a time; the least recently used is closed past this. */
export const MAX_STATEMENTS = 500
/** feature_not_supported: "cached plan must not change result type" */
const PLAN_CHANGED = '0A000'
/** Only these are prepared; anything else (DDL, SET, transaction control) goes through `query`. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

export class PreparedStatements {
  private readonly statements = new Map<string, Statement>()
  private lastName = 0

  constructor(private readonly client: PGlite) {}

  /**
   * `on.query`'s answer (the database's, or an open transaction's), from a named statement.
   * `inTransaction`: `on` is a transaction, which holds PGlite's transaction lock; otherwise this
   * waits for that lock like `query` does.
   */
  query<T>(on: Pick<PGlite, 'query'>, sql: string, params: unknown[] = [], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    if (!PREPARABLE.test(sql) || options?.paramTypes || options?.blob) return on.query<T>(sql, params, options)
    const run = () => this.client._runExclusiveQuery(() => this.run<T>(sql, params, options, inTransaction))
    return inTransaction ? run() : this.client._runExclusiveTransaction(run)
  }

  private async run<T>(sql: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    try {
      return await this.execute<T>(sql, params, options, inTransaction)
    } catch (err) {
      // a table a `select *` reads gained or lost columns since it was named: named again, once
      // (inside a transaction the error has ended it, as it would for any client)
      if ((err as { code?: string }).code !== PLAN_CHANGED || inTransaction) throw err
      await this.forget(sql)
      return this.execute<T>(sql, params, options, inTransaction)
    }
  }

  private async execute<T>(sql: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    const statement = this.statements.get(sql) ?? await this.prepare(sql)
    // most recently used last
    this.statements.delete(sql)
    this.statements.set(sql, statement)
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null
      const serialize = options?.serializers?.[statement.types[i]!] ?? this.client.serializers[statement.types[i]!]
      return serialize ? serialize(param) : String(param)
    })
    const { messages } = await this.client.execProtocol(concat([
      protocol.serialize.bind({ statement: statement.name, values: values as string[] }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]), { syncToFs: false })
    if (!inTransaction) await this.client.syncToFs()
    return parse.parseResults(statement.rows ? [statement.rows, ...messages] : messages, this.client.parsers, options)[0] as Results<T>
  }

  /** Closes the statement named for `sql`. */
  private async forget(sql: string) {
    const statement = this.statements.get(sql)
    if (!statement) return
    this.statements.delete(sql)
    await this.client.execProtocol(concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]), { syncToFs: false })
  }

  private async prepare(sql: string): Promise<Statement> {
    if (this.statements.size >= MAX_STATEMENTS) await this.forget(this.statements.keys().next().value!)
    const name = `app_${++this.lastName}`
    const { messages } = await this.client.execProtocol(concat([
      protocol.serialize.parse({ name, text: sql }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]), { syncToFs: false })
    const described = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined
    return { name, types: described?.dataTypeIDs ?? [], rows: messages.find((m) => m.name === 'rowDescription') }
  }
}
