import { rangeBounds } from '@app/contract'
import { and, gte, lte, sql, type Column, type SQL } from 'drizzle-orm'

/**
 * Case-insensitive "contains" with LIKE wildcards in the text taken literally. A text without cased
 * letters (Chinese names, numbers) is matched with LIKE: the same rows, but ILIKE lowers every value
 * of a UTF-8 database first (a base's carrier filter over 50,000 transports: 71 → 62 ms on PGlite).
 */
export function contains(column: Column | SQL, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return text.toLowerCase() === text.toUpperCase() ? sql`${column} like ${pattern}` : sql`${column} ilike ${pattern}`
}

/** A list's text filters: each one given selects the rows whose column `contains` it (keys of `columns` name the filters). */
export function containsEach<C extends Record<string, Column | SQL>>(filters: { [F in keyof C]?: string | null }, columns: C): (SQL | undefined)[] {
  return (Object.keys(columns) as (keyof C & string)[]).map((k) => {
    const text = filters[k]
    return text ? contains(columns[k], text) : undefined
  })
}

/** A date range filter (`dateRange` of contract: a day's bounds are its start and end) on `column`; either end may be open. */
export function withinRange(column: Column, range: (string | null)[] | null | undefined): SQL | undefined {
  const { from, to } = rangeBounds(range ?? undefined)
  return and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined)
}

/** PostgreSQL's unique_violation, from node-postgres or PGlite, wrapped by drizzle or not. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown; message?: string } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint))
  }
  return false
}

/** PostgreSQL's foreign_key_violation. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true
  }
  return false
}
