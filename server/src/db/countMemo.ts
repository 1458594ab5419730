/**
 * A list page's total on the embedded database, kept until a table it reads is written; and, the
 * same way, other answers read from tables on most requests (the grid's suggestion lists, which
 * every ticket upload also reads).
 *
 * PGlite runs every statement on one thread, and counting a list's matches is most of a page's
 * cost there (3 ms for 20,000 log entries, where the page itself takes 1 ms). One process owns a
 * PGlite data directory, so every write passes through its client: the client notes which tables
 * each statement writes (`noteStatement`), and a total read before a write to one of its tables is
 * never answered again. PostgreSQL is shared by processes that cannot see each other's writes, so
 * it has no memo: `countMemoOf` answers null there.
 */

/** Tables a statement reads or writes, named as drizzle and the raw SQL here name them. */
const READ_TABLES = /\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi
const WRITE_TABLES = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi
const WRITES = /\b(?:insert\s+into|update|delete\s+from)\b/i
const MAX_ENTRIES = 1_000

interface Entry { value: unknown; tables: string[]; stamps: number[] }

export class CountMemo {
  /** bumped by a statement whose written tables cannot be told (DDL, exec, anything unknown) */
  private everything = 0
  private readonly tableWrites = new Map<string, number>()
  private readonly entries = new Map<string, Entry>()

  /** Called as a statement is issued: what it writes stops counting as known. Answers the tables it writes (null: any). */
  noteStatement(sql: string): string[] | null {
    const text = sql.trimStart()
    const head = text.slice(0, 6).toLowerCase()
    if (head === 'select') return []
    if (head.startsWith('with') && !WRITES.test(text)) return []
    const tables = head.startsWith('with') || /^(insert|update|delete)/.test(head)
      ? [...text.matchAll(WRITE_TABLES)].map((m) => m[1]!.toLowerCase())
      : []
    if (!tables.length) {
      this.everything++
      return null
    }
    this.noteWrites(tables)
    return tables
  }

  noteWrites(tables: string[] | null) {
    if (!tables) {
      this.everything++
      return
    }
    for (const t of tables) this.tableWrites.set(t, (this.tableWrites.get(t) ?? 0) + 1)
  }

  /**
   * What `read` answers (the statement `sql` and its parameters, in `key`), or what it answered before
   * if none of the tables `sql` reads was written since. The answer is shared: callers must not change it.
   */
  async remember<T>(key: string, sql: string, read: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key)
    if (known && this.current(known)) return known.value as T
    const tables = [...new Set([...sql.matchAll(READ_TABLES)].map((m) => m[1]!.toLowerCase()))]
    // taken before the statement runs: a write issued while it runs makes the answer stale at once
    const stamps = this.stampsOf(tables)
    const value = await read()
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!)
    this.entries.delete(key)
    this.entries.set(key, { value, tables, stamps })
    return value
  }

  private stampsOf(tables: string[]) {
    return [this.everything, ...tables.map((t) => this.tableWrites.get(t) ?? 0)]
  }

  private current(entry: Entry) {
    const now = this.stampsOf(entry.tables)
    return now.every((s, i) => s === entry.stamps[i])
  }
}

const memos = new WeakMap<object, CountMemo>()

/** Gives the embedded database's query builder its memo (client.ts, when opening PGlite). */
export function attachCountMemo(db: object, memo: CountMemo) {
  memos.set(db, memo)
}

/** The memo of this database; null for PostgreSQL and inside a transaction (its writes are not yet anyone's). */
export function countMemoOf(db: object): CountMemo | null {
  return memos.get(db) ?? null
}

/**
 * What `read` answers for the statement `query`; on the embedded database, the answer it gave before
 * if none of the tables the statement reads was written since. The one way callers use the memo.
 */
export async function rememberRead<T>(db: object, query: { sql: string; params: unknown[] }, read: () => Promise<T>): Promise<T> {
  const memo = countMemoOf(db)
  if (!memo) return read()
  let key: string
  try {
    key = `${query.sql}\u0000${JSON.stringify(query.params)}`
  } catch {
    return read() // a parameter JSON cannot write (a bigint): read every time
  }
  return memo.remember(key, query.sql, read)
}
