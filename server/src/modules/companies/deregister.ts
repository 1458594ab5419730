import { CompanyMsg, deregisterBlockedMessage, HQ_COMPANY_ID, type CompanyDeregistration } from '@app/contract'
import { and, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { attachments, companies, companyMaterialOrders, userCompanies, users } from '../../db/schema/index.js'
import { releaseBlobs, type BlobDeps } from '../../platform/attachments.js'
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.js'
import { isForeignKeyViolation } from '../../platform/query.js'
import { revokeCompanySessions } from '../../platform/sessions.js'

/** Tables cleared explicitly on deregistration; any other table with a company_id column is swept. */
const HANDLED_TABLES = new Set(['company', 'user_company', 'app_user', 'session', 'attachment', 'company_material_order'])

/** Deletes every row of `table` whose company_id is the base, in passes so foreign keys between swept tables resolve. */
async function sweepCompanyRows(tx: Tx, companyId: number): Promise<Record<string, number>> {
  const found = await tx.execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.column_name = 'company_id'`)
  let pending = found.rows.map((r) => r.table_name).filter((t) => !HANDLED_TABLES.has(t) && /^[a-z_][a-z0-9_]*$/.test(t))
  const counts: Record<string, number> = {}
  for (let pass = 0; pending.length && pass <= pending.length; pass++) {
    const blocked: string[] = []
    for (const table of pending) {
      try {
        const n = await tx.transaction(async (sp) => {
          const r = await sp.execute(sql`delete from ${sql.identifier(table)} where company_id = ${companyId}`)
          return Number((r as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0)
        })
        if (n) counts[table] = n
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err
        blocked.push(table)
      }
    }
    if (blocked.length === pending.length) throw new ConflictError(deregisterBlockedMessage(blocked))
    pending = blocked
  }
  return counts
}

/** The base's members: those who belong to no other base (deleted with it) and the others (only detached). */
async function membersOf(tx: Tx, id: number) {
  const members = await tx.select({ userId: userCompanies.userId }).from(userCompanies).where(eq(userCompanies.companyId, id))
  const memberIds = members.map((m) => m.userId)
  const elsewhere = memberIds.length
    ? await tx.selectDistinct({ userId: userCompanies.userId }).from(userCompanies)
      .where(and(inArray(userCompanies.userId, memberIds), ne(userCompanies.companyId, id)))
    : []
  const keep = new Set(elsewhere.map((e) => e.userId))
  return { onlyHere: memberIds.filter((u) => !keep.has(u)), detached: memberIds.filter((u) => keep.has(u)) }
}

/**
 * Deregisters a base in one transaction: its users who belong to no other base, the memberships of
 * the others (their sessions there end with 50012), its recharge records, plans, supply orders,
 * attachments and every other row carrying its company_id. Other bases are untouched.
 */
export async function deregisterCompany(deps: BlobDeps, id: number): Promise<CompanyDeregistration> {
  if (id === HQ_COMPANY_ID) throw new ForbiddenError(CompanyMsg.hqNotDeletable)
  const { result, blobs } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('update')
    if (!current) throw new NotFoundError(CompanyMsg.notFound)
    const { onlyHere, detached } = await membersOf(tx, id)

    const files = await tx.select({ sha: attachments.sha256, thumb: attachments.thumbSha256 }).from(attachments).where(eq(attachments.companyId, id))
    const deletedRows: Record<string, number> = {}
    const count = (table: string, n: number) => { if (n) deletedRows[table] = n }
    count('attachment', (await tx.delete(attachments).where(eq(attachments.companyId, id)).returning({ id: attachments.id })).length)
    count('company_material_order', (await tx.delete(companyMaterialOrders)
      .where(or(eq(companyMaterialOrders.buyCompanyId, id), eq(companyMaterialOrders.saleCompanyId, id))).returning({ id: companyMaterialOrders.id })).length)
    Object.assign(deletedRows, await sweepCompanyRows(tx, id))

    if (onlyHere.length) {
      // sub-accounts kept by another base lose a parent that no longer exists
      await tx.update(users).set({ parentId: null }).where(and(inArray(users.parentId, onlyHere), notInArray(users.id, onlyHere)))
      await tx.delete(users).where(inArray(users.id, onlyHere))
    }
    // users kept by other bases: sessions switched to this base end (50012)
    await revokeCompanySessions(tx, id)
    await tx.delete(userCompanies).where(eq(userCompanies.companyId, id))
    await tx.delete(companies).where(eq(companies.id, id))
    return {
      result: { companyId: id, deletedUsers: onlyHere.length, detachedUsers: detached.length, deletedRows },
      blobs: files.flatMap((f) => [f.sha, f.thumb]),
    }
  })
  await releaseBlobs(deps, blobs)
  return result
}
