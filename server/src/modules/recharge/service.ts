import {
  CompanyMsg, formatDateTime, HQ_COMPANY_ID, RECHARGE_EXPORT_NAME, RECHARGE_TYPE_LABELS, RECHARGE_TYPES, rangeBounds, resolvePaging,
  rechargeSeatsInUseMessage, type Page, type RechargeFindBody, type RechargeRow,
} from '@app/contract'
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { companies, rechargeRecords, users } from '../../db/schema/index.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { ConflictError, NotFoundError } from '../../platform/errors.js'
import { seatsUsed } from '../companies/service.js'
import type { RoleInfo } from '../../platform/roles.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertHeadquarters, assertInScope, scopeCompany } from '../../platform/tenancy.js'

type Auth = SessionUser & { role: RoleInfo }
type RechargeType = (typeof RECHARGE_TYPES)[keyof typeof RECHARGE_TYPES]

/** Only headquarters tops bases up (a base never tops itself up). */
const assertTopsUp = (auth: Auth) => assertHeadquarters(auth, '只有总部可以充值')

const counterOf = (type: number) => (type === RECHARGE_TYPES.userAmount ? companies.userAmount : companies.remainingTimes)

/**
 * Moves a base's counter (upload times or sub-account quota) by `delta` and never below zero.
 * One conditional UPDATE, so it is exact under concurrent top-ups and uploads.
 */
async function moveCounter(tx: Executor, companyId: number, type: number, delta: number) {
  const column = counterOf(type)
  if (type === RECHARGE_TYPES.userAmount && delta < 0 && companyId !== HQ_COMPANY_ID) {
    // the base row stays locked to the end, as it is while a seat is taken: no seat slips in between
    const [c] = await tx.select({ userAmount: companies.userAmount, used: seatsUsed(sql`${companies.id}`, sql`${companies.mainUserId}`) })
      .from(companies).where(eq(companies.id, companyId)).for('update')
    if (c && c.userAmount + delta < c.used) throw new ConflictError(rechargeSeatsInUseMessage(c.used))
  }
  const [row] = await tx.update(companies).set(type === RECHARGE_TYPES.userAmount
    ? { userAmount: sql`${companies.userAmount} + ${delta}` }
    : { remainingTimes: sql`${companies.remainingTimes} + ${delta}` })
    .where(and(eq(companies.id, companyId), sql`${column} + ${delta} >= 0`))
    .returning({ remainingTimes: companies.remainingTimes, userAmount: companies.userAmount, useTimes: companies.useTimes })
  if (row) return row
  const [exists] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId))
  if (!exists) throw new NotFoundError(CompanyMsg.notFound)
  throw new ConflictError(type === RECHARGE_TYPES.userAmount ? '子账号数量不足，无法减少' : '剩余上传次数不足，无法减少')
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

/**
 * Top-up: adds upload times (type 1) or sub-account quota (type 2) and records it with the operator
 * (the session's user). The record is inserted first under the client's request id (unique), so a
 * double submit, even in parallel, finds the first record and tops up once; the same id for another
 * company, amount or type is refused.
 */
export async function recharge(db: Db, auth: Auth, input: { companyId: number; times: number; requestId: string }, type: RechargeType = RECHARGE_TYPES.times) {
  assertTopsUp(auth)
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
    const [withName] = await select(tx).where(eq(rechargeRecords.id, record.id))
    return { record: toRow(withName!), company: { id: input.companyId, ...company } }
  })
}

/** The answer to a repeated top-up: the record its request id made first, and the base's counters now. */
async function earlierTopUp(tx: Executor, input: { companyId: number; times: number; requestId: string }, type: number) {
  const [earlier] = await select(tx).where(eq(rechargeRecords.requestId, input.requestId))
  if (!earlier) throw new NotFoundError(CompanyMsg.notFound)
  if (earlier.r.companyId !== input.companyId || earlier.r.times !== input.times || earlier.r.type !== type) {
    throw new ConflictError(CompanyMsg.rechargeRequestReused)
  }
  const [company] = await tx.select({ remainingTimes: companies.remainingTimes, userAmount: companies.userAmount, useTimes: companies.useTimes })
    .from(companies).where(eq(companies.id, input.companyId))
  return { record: toRow(earlier), company: { id: input.companyId, ...company! } }
}

function filters(auth: Auth, body: RechargeFilters): SQL | undefined {
  const companyId = scopeCompany(auth, body.companyId)
  const { from, to } = rangeBounds(body.createTimeQuery)
  return and(
    companyId != null ? eq(rechargeRecords.companyId, companyId) : undefined,
    body.type ? eq(rechargeRecords.type, body.type) : undefined,
    from ? gte(rechargeRecords.createTime, from) : undefined,
    to ? lte(rechargeRecords.createTime, to) : undefined,
  )
}

type RechargeFilters = Pick<RechargeFindBody, 'companyId' | 'createTimeQuery' | 'type'>

/** The top-ups the caller may see that the filters select, newest first: the list and its export. */
const recordList = (db: Db, auth: Auth, body: RechargeFilters) => listSource({
  db,
  query: () => select(db).where(filters(auth, body)).$dynamic(),
  orderBy: [desc(rechargeRecords.createTime), desc(rechargeRecords.id)],
  map: toRow,
})

export const findRecords = (db: Db, auth: Auth, body: RechargeFindBody): Promise<Page<RechargeRow>> => pagedList(recordList(db, auth, body), body)

export const allRecords = (db: Db, auth: Auth, body: RechargeFilters) => allRows(recordList(db, auth, body))

async function lockRecord(tx: Executor, auth: Auth, id: number) {
  const [row] = await tx.select().from(rechargeRecords).where(eq(rechargeRecords.id, id)).for('update')
  if (!row) throw new NotFoundError('充值记录不存在')
  assertInScope(auth, row.companyId, '充值记录不存在')
  return row
}

/** Corrects a record's times; the base's counter moves by the difference. */
export async function updateRecord(db: Db, auth: Auth, id: number, times: number): Promise<RechargeRow> {
  assertTopsUp(auth)
  return db.transaction(async (tx) => {
    const row = await lockRecord(tx, auth, id)
    if (times !== row.times) await moveCounter(tx, row.companyId, row.type, times - row.times)
    await tx.update(rechargeRecords).set({ times }).where(eq(rechargeRecords.id, id))
    const [withName] = await select(tx).where(eq(rechargeRecords.id, id))
    return toRow(withName!)
  })
}

/** Withdraws a top-up: the record goes and the base's counter goes back (refused when already used). */
export async function deleteRecord(db: Db, auth: Auth, id: number) {
  assertTopsUp(auth)
  await db.transaction(async (tx) => {
    const row = await lockRecord(tx, auth, id)
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
