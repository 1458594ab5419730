import { DEFAULT_TOLERANCE, type SettlementTolerance, type ToleranceBody, type ToleranceUnit } from '@app/contract'
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { settlementTolerances, transports } from '../../db/schema/index.js'
import type { SessionUser } from '../../platform/sessions.js'
import { ownerCompany } from '../../platform/tenancy.js'

/**
 * Pound-difference tolerance per settlement unit of a base (beyond the spec): tons, or per mille of
 * the delivery net weight; a unit without one has DEFAULT_TOLERANCE (the spec's 1 t).
 */

/** Settlement units listed in the dialog at most (a base has a few dozen). */
const MAX_SETTLEMENTS = 500

/** The base's settlement units (from its transports and its saved tolerances) with their tolerance. */
export async function findTolerances(db: Executor, auth: SessionUser, companyId?: number): Promise<SettlementTolerance[]> {
  const company = ownerCompany(auth, companyId)
  const [used, saved] = await Promise.all([
    db.select({ settlement: transports.signSettlement, n: count() }).from(transports)
      .where(and(eq(transports.companyId, company), isNotNull(transports.signSettlement)))
      .groupBy(transports.signSettlement).orderBy(sql`count(*) desc`).limit(MAX_SETTLEMENTS),
    db.select().from(settlementTolerances).where(eq(settlementTolerances.companyId, company)),
  ])
  const list = new Map<string, SettlementTolerance>()
  for (const u of used) list.set(u.settlement!, { settlement: u.settlement!, ...DEFAULT_TOLERANCE, saved: false, transports: u.n })
  for (const s of saved) {
    list.set(s.settlement, { settlement: s.settlement, unit: s.unit as ToleranceUnit, value: s.value, saved: true, transports: list.get(s.settlement)?.transports ?? 0 })
  }
  return [...list.values()].sort((a, b) => b.transports - a.transports || a.settlement.localeCompare(b.settlement, 'zh-CN'))
}

/**
 * Saves a settlement unit's tolerance and recolours its transports in the same transaction: the
 * pound-difference part of dangerLevel (1) follows the new tolerance, the modified-weight part (2)
 * is kept. The comparison is poundDiffOver's (transportMath) in SQL, so 100,000 rows take one statement.
 */
export async function saveTolerance(db: Db, auth: SessionUser, body: ToleranceBody): Promise<SettlementTolerance> {
  const company = ownerCompany(auth, body.companyId)
  const { settlement, unit, value } = body
  return db.transaction(async (tx) => {
    await tx.insert(settlementTolerances).values({ companyId: company, settlement, unit, value })
      .onConflictDoUpdate({ target: [settlementTolerances.companyId, settlementTolerances.settlement], set: { unit, value, updateTime: sql`now()` } })
    const limit = unit === 'ton' ? sql`${value}::numeric` : sql`round(coalesce(${transports.deliveryNetWeight}, 0) * ${value}::numeric / 1000, 2)`
    const over = sql`case when ${transports.poundDiff} is not null and abs(${transports.poundDiff}) >= ${limit} then 1 else 0 end`
    const modified = sql`case when ${transports.dangerLevel} in (2, 3) then 2 else 0 end`
    const recolour = tx.update(transports).set({ dangerLevel: sql`nullif(${over} + ${modified}, 0)` })
      .where(and(eq(transports.companyId, company), eq(transports.signSettlement, settlement)))
      .returning({ id: transports.id })
    const result = await tx.execute<{ n: number }>(sql`with changed as ${recolour} select count(*)::int as n from changed`)
    return { settlement, unit, value, saved: true, transports: Number(result.rows[0]?.n ?? 0) }
  })
}
