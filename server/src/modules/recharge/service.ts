import {
  CompanyMsg, formatDateTime, RECHARGE_EXPORT_NAME, RECHARGE_TYPE_LABELS, RECHARGE_TYPES,
  type Page, type RechargeFilters, type RechargeFindBody, type RechargeResult, type RechargeRow, type RechargeType,
} from '@app/contract'
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { companies, rechargeRecords, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ConflictError, NotFoundError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { withinRange } from '../../platform/query.js'
import { inCompanyScope } from '../../platform/tenancy.js'
import { counters, moveCounter } from '../quota/index.js'

/** Top-ups (充值, 扩容) are headquarters' own: its routes are declared headquarters-only. */

interface TopUp {
  companyId: number
  times: number
  requestId: string
}

async function operatorName(tx: Executor, userId: number) {
  const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId))
  return u?.name ?? ''
}

const select = (db: Executor) =>
  db.select({ r: rechargeRecords, companyName: companies.name }).from(rechargeRecords)
    .leftJoin(companies, eq(companies.id, rechargeRecords.companyId))

function toRow(x: { r: typeof rechargeRecords.$inferSelect; companyName: string | null }): RechargeRow {
  return {
    id: x.r.id, companyId: x.r.companyId, companyName: x.companyName ?? '', times: x.r.times, type: x.r.type,
    typeName: RECHARGE_TYPE_LABELS[x.r.type] ?? '', userId: x.r.userId, userName: x.r.userName,
    createTime: x.r.createTime.toISOString(), createTimeStr: formatDateTime(x.r.createTime),
  }
}

async function loadRow(tx: Executor, where: SQL) {
  const [row] = await select(tx).where(where)
  return row
}

/**
 * Top-up: adds upload times (type 1) or sub-account quota (type 2) and records it with the operator
 * (the session's user). The record is inserted first under the client's request id (unique), so a
 * double submit, even in parallel, finds the first record and tops up once; the same id for another
 * company, amount or type is refused.
 */
export async function recharge(db: Db, auth: Auth, input: TopUp, type: RechargeType = RECHARGE_TYPES.times): Promise<RechargeResult> {
  return db.transaction(async (tx) => {
    const userName = await operatorName(tx, auth.userId)
    // one statement: nothing for an unknown base; a parallel insert of the same request id waits
    // for the first one to commit and then does nothing
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into ${rechargeRecords} (company_id, times, type, user_id, user_name, request_id)
      select ${companies.id}, ${input.times}::int, ${type}::smallint, ${auth.userId}::int, ${userName}::varchar, ${input.requestId}::varchar
      from ${companies} where ${companies.id} = ${input.companyId}
      on conflict (request_id) do nothing
      returning id`)
    const record = inserted.rows[0]
    if (!record) return earlierTopUp(tx, input, type)
    const company = await moveCounter(tx, input.companyId, type, input.times)
    const withName = await loadRow(tx, eq(rechargeRecords.id, record.id))
    return { record: toRow(withName!), company: { id: input.companyId, ...company } }
  })
}

/** The answer to a repeated top-up: the record its request id made first, and the base's counters now. */
async function earlierTopUp(tx: Executor, input: TopUp, type: RechargeType): Promise<RechargeResult> {
  const earlier = await loadRow(tx, eq(rechargeRecords.requestId, input.requestId))
  if (!earlier) throw new NotFoundError(CompanyMsg.notFound)
  if (earlier.r.companyId !== input.companyId || earlier.r.times !== input.times || earlier.r.type !== type) {
    throw new ConflictError(CompanyMsg.rechargeRequestReused)
  }
  return { record: toRow(earlier), company: { id: input.companyId, ...(await counters(tx, input.companyId)) } }
}

function filters(auth: Auth, body: RechargeFilters): SQL | undefined {
  return and(
    inCompanyScope(auth, rechargeRecords.companyId, body.companyId),
    body.type ? eq(rechargeRecords.type, body.type) : undefined,
    withinRange(rechargeRecords.createTime, body.createTimeQuery),
  )
}

/** The top-ups the caller may see that the filters select, newest first: the list and its export. */
const recordList = (db: Db, auth: Auth, body: RechargeFilters) => listSource({
  db,
  query: () => select(db).where(filters(auth, body)).$dynamic(),
  orderBy: [desc(rechargeRecords.createTime), desc(rechargeRecords.id)],
  map: toRow,
})

export const findRecords = (db: Db, auth: Auth, body: RechargeFindBody): Promise<Page<RechargeRow>> => pagedList(recordList(db, auth, body), body)

export const allRecords = (db: Db, auth: Auth, body: RechargeFilters) => allRows(recordList(db, auth, body))

async function lockRecord(tx: Executor, id: number) {
  const [row] = await tx.select().from(rechargeRecords).where(eq(rechargeRecords.id, id)).for('update')
  if (!row) throw new NotFoundError(CompanyMsg.rechargeNotFound)
  return { ...row, type: row.type as RechargeType }
}

/** Corrects a record's times; the base's counter moves by the difference. */
export async function updateRecord(db: Db, id: number, times: number): Promise<RechargeRow> {
  return db.transaction(async (tx) => {
    const row = await lockRecord(tx, id)
    if (times !== row.times) await moveCounter(tx, row.companyId, row.type, times - row.times)
    await tx.update(rechargeRecords).set({ times }).where(eq(rechargeRecords.id, id))
    return toRow((await loadRow(tx, eq(rechargeRecords.id, id)))!)
  })
}

/** Withdraws a top-up: the record goes and the base's counter goes back (refused when already used). */
export async function deleteRecord(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await lockRecord(tx, id)
    await moveCounter(tx, row.companyId, row.type, -row.times)
    await tx.delete(rechargeRecords).where(eq(rechargeRecords.id, id))
  })
}

export const rechargeExport = defineExport<RechargeRow>({
  name: RECHARGE_EXPORT_NAME, format: 'csv',
  columns: [
    { header: '编号', value: (r) => r.id },
    { header: '充值基地', value: (r) => r.companyName },
    { header: '充值类型', value: (r) => r.typeName },
    { header: '充值次数', value: (r) => r.times },
    { header: '操作人', value: (r) => r.userName },
    { header: '充值时间', value: (r) => r.createTimeStr },
  ],
})
