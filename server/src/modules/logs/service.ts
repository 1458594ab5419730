import { formatDateTime, rangeBounds, resolvePaging, type LogEntry, type Page } from '@app/contract'
import type { z } from 'zod'
import type { logBody, logQuery } from '@app/contract'
import { and, count, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { logEntries } from '../../db/schema/index.js'
import { NotFoundError } from '../../platform/errors.js'
import { contains } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertInScope, scopeCompany } from '../../platform/tenancy.js'

type Row = typeof logEntries.$inferSelect
const toEntry = (r: Row): LogEntry => ({
  id: r.id, serialNumber: r.serialNumber, errorMes: r.errorMes, level: r.level as 0 | 1, phone: r.phone,
  companyId: r.companyId, createTimeStr: formatDateTime(r.createTime),
})

function where(auth: SessionUser, q: z.infer<typeof logQuery>): SQL | undefined {
  const company = scopeCompany(auth, q.companyId)
  const { from, to } = rangeBounds(q.createTimeQuery as (string | null)[] | undefined)
  return and(
    company != null ? eq(logEntries.companyId, company) : undefined,
    q.level != null ? eq(logEntries.level, q.level) : undefined,
    from ? gte(logEntries.createTime, from) : undefined,
    to ? lte(logEntries.createTime, to) : undefined,
    q.keyword ? or(contains(logEntries.errorMes, q.keyword), contains(logEntries.serialNumber, q.keyword), contains(logEntries.phone, q.keyword)) : undefined,
  )
}

export async function findLogs(db: Executor, auth: SessionUser, q: z.infer<typeof logQuery>): Promise<Page<LogEntry>> {
  const { size, offset } = resolvePaging(q)
  const cond = where(auth, q)
  const [rows, [total]] = await Promise.all([
    db.select().from(logEntries).where(cond).orderBy(desc(logEntries.createTime), desc(logEntries.id)).limit(size).offset(offset),
    db.select({ n: count() }).from(logEntries).where(cond),
  ])
  return { data: rows.map(toEntry), totalCount: Number(total?.n ?? 0) }
}

const EXPORT_MAX_ROWS = 100_000
const EXPORT_PAGE_ROWS = 2_000

/**
 * Every matching entry for the export, newest first, read a page at a time so that a large export
 * never sits in memory whole. The scope is checked now, before the first byte is sent.
 */
export function allLogs(db: Executor, auth: SessionUser, q: z.infer<typeof logQuery>): AsyncIterable<LogEntry> {
  const cond = where(auth, q)
  return (async function* () {
    for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += EXPORT_PAGE_ROWS) {
      const rows = await db.select().from(logEntries).where(cond)
        .orderBy(desc(logEntries.createTime), desc(logEntries.id))
        .limit(Math.min(EXPORT_PAGE_ROWS, EXPORT_MAX_ROWS - offset)).offset(offset)
      yield* rows.map(toEntry)
      if (rows.length < EXPORT_PAGE_ROWS) return
    }
  })()
}

/** Writes a log entry for the session's company (used by the log page and by the ticket reader). */
export async function writeLog(db: Executor, entry: { companyId: number | null; errorMes: string; level?: 0 | 1; serialNumber?: string | null; phone?: string | null }) {
  const [row] = await db.insert(logEntries).values({ level: 0, ...entry }).returning()
  return toEntry(row!)
}

export async function saveLog(db: Executor, auth: SessionUser, body: z.infer<typeof logBody>) {
  return writeLog(db, { ...body, companyId: auth.companyId })
}

async function ownLog(db: Executor, auth: SessionUser, id: number) {
  const [row] = await db.select().from(logEntries).where(eq(logEntries.id, id))
  if (!row) throw new NotFoundError('日志不存在')
  assertInScope(auth, row.companyId, '日志不存在')
  return row
}

export async function updateLog(db: Executor, auth: SessionUser, id: number, body: z.infer<typeof logBody>) {
  await ownLog(db, auth, id)
  const [row] = await db.update(logEntries).set(body).where(eq(logEntries.id, id)).returning()
  return toEntry(row!)
}

export async function deleteLog(db: Executor, auth: SessionUser, id: number) {
  await ownLog(db, auth, id)
  await db.delete(logEntries).where(eq(logEntries.id, id))
}
