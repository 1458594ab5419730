import { formatDateTime, LOG_EXPORT_NAME, LOG_LEVELS, LogMsg, type LogEntry, type Page } from '@app/contract'
import type { z } from 'zod'
import type { logBody, logQuery } from '@app/contract'
import { and, desc, eq, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { logEntries } from '../../db/schema/index.js'
import { NotFoundError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { contains, withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertInScope, inCompanyScope } from '../../platform/tenancy.js'

type Row = typeof logEntries.$inferSelect
type LogQuery = z.infer<typeof logQuery>
const toEntry = (r: Row): LogEntry => ({
  id: r.id, serialNumber: r.serialNumber, errorMes: r.errorMes, level: r.level as 0 | 1, phone: r.phone,
  companyId: r.companyId, createTimeStr: formatDateTime(r.createTime),
})

function where(auth: SessionUser, q: LogQuery): SQL | undefined {
  return and(
    inCompanyScope(auth, logEntries.companyId, q.companyId),
    q.level != null ? eq(logEntries.level, q.level) : undefined,
    withinRange(logEntries.createTime, q.createTimeQuery as (string | null)[] | undefined),
    q.keyword ? or(contains(logEntries.errorMes, q.keyword), contains(logEntries.serialNumber, q.keyword), contains(logEntries.phone, q.keyword)) : undefined,
  )
}

/** The entries the caller may see that the filters select, newest first: the list and its export. */
const logList = (db: Executor, auth: SessionUser, q: LogQuery) => listSource({
  db,
  query: () => db.select().from(logEntries).where(where(auth, q)).$dynamic(),
  orderBy: [desc(logEntries.createTime), desc(logEntries.id)],
  map: toEntry,
})

export const findLogs = (db: Executor, auth: SessionUser, q: LogQuery): Promise<Page<LogEntry>> => pagedList(logList(db, auth, q), q)

export const allLogs = (db: Executor, auth: SessionUser, q: LogQuery) => allRows(logList(db, auth, q))

export const logExport = defineExport<LogEntry>({
  name: LOG_EXPORT_NAME, sheet: '日志', format: 'xlsx',
  columns: [
    { header: '流水号', value: (r) => r.serialNumber, width: 22 },
    { header: '类型', value: (r) => LOG_LEVELS[r.level], width: 8 },
    { header: '内容', value: (r) => r.errorMes, width: 60 },
    { header: '账号', value: (r) => r.phone },
    { header: '时间', value: (r) => r.createTimeStr, width: 20 },
  ],
})

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
  if (!row) throw new NotFoundError(LogMsg.notFound)
  assertInScope(auth, row.companyId, LogMsg.notFound)
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
