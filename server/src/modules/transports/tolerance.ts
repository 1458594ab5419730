import { DEFAULT_TOLERANCE, type Tolerance, type ToleranceUnit } from '@app/contract'
import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { settlementTolerances } from '../../db/schema/index.js'

/**
 * Pound-difference tolerance per settlement unit of a base (beyond the spec): tons, or per mille of
 * the delivery net weight; a unit without one has DEFAULT_TOLERANCE (the spec's 1 t).
 */

const toTolerance = (r: { unit: string; value: number }): Tolerance => ({ unit: r.unit as ToleranceUnit, value: r.value })

/** The tolerance of one settlement unit of a base (what a transport's dangerLevel is computed with). */
export async function toleranceFor(db: Executor, companyId: number, settlement: string | null | undefined): Promise<Tolerance> {
  if (!settlement) return DEFAULT_TOLERANCE
  const [row] = await db.select({ unit: settlementTolerances.unit, value: settlementTolerances.value }).from(settlementTolerances)
    .where(and(eq(settlementTolerances.companyId, companyId), eq(settlementTolerances.settlement, settlement)))
  return row ? toTolerance(row) : DEFAULT_TOLERANCE
}

/** A lookup of the tolerance of (base, settlement unit) for these bases, in one query (statements, SMS). */
export async function toleranceLookup(db: Executor, companyIds: Iterable<number>) {
  const ids = [...new Set(companyIds)]
  const rows = ids.length ? await db.select().from(settlementTolerances).where(inArray(settlementTolerances.companyId, ids)) : []
  const byKey = new Map(rows.map((r) => [`${r.companyId}\u0000${r.settlement}`, toTolerance(r)]))
  return (companyId: number, settlement: string | null | undefined): Tolerance =>
    (settlement != null && byKey.get(`${companyId}\u0000${settlement}`)) || DEFAULT_TOLERANCE
}
