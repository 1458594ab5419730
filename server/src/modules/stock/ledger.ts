import { formatQuantity, MaterialMsg, StockMsg, type MovementKind } from '@app/contract'
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companyMaterials, materials, stockMovements } from '../../db/schema/index.js'
import { ConflictError, NotFoundError } from '../../platform/errors.js'

/**
 * The one way stock changes: `applyMovement` writes the balance and its ledger row in the caller's
 * transaction. A decrease is a single conditional UPDATE (`quantity >= n`), so parallel takes of the
 * last units never both succeed: the second waits for the first's row lock and then finds too little.
 * Callers apply lines in material order, so two transactions lock a base's rows in the same order.
 */

export interface Movement {
  companyId: number
  materialId: number
  /** thousandths, signed, never 0 */
  delta: number
  kind: MovementKind
  reason?: string | null
  supplyOrderId?: number
  saleId?: number
  stockTakeId?: number
  userId: number
}

export interface MaterialInfo { id: number; name: string; unit: string; listPrice: number; retired: boolean }

/** The materials of some lines; a missing one answers 404, a retired one (when `active`) 409. */
export async function materialsOf(tx: Executor, ids: number[], active: boolean): Promise<Map<number, MaterialInfo>> {
  const unique = [...new Set(ids)]
  const rows = unique.length
    ? await tx.select({ id: materials.id, name: materials.name, unit: materials.unit, listPrice: materials.listPrice, retired: materials.retired })
      .from(materials).where(inArray(materials.id, unique))
    : []
  const byId = new Map(rows.map((r) => [r.id, r]))
  for (const id of unique) {
    const m = byId.get(id)
    if (!m) throw new NotFoundError(MaterialMsg.notFound)
    if (active && m.retired) throw new ConflictError(MaterialMsg.retired(m.name))
  }
  return byId
}

/** Lines of one material added together, in material order (the order every writer locks balances in). */
export function mergeLines<L extends { materialId: number; quantity: number }>(lines: L[]): { materialId: number; quantity: number }[] {
  const sums = new Map<number, number>()
  for (const l of lines) sums.set(l.materialId, (sums.get(l.materialId) ?? 0) + l.quantity)
  return [...sums].sort(([a], [b]) => a - b).map(([materialId, quantity]) => ({ materialId, quantity }))
}

/** A base's balance of a material now (0 when it never had any). */
export async function balanceOf(tx: Executor, companyId: number, materialId: number): Promise<number> {
  const [row] = await tx.select({ q: companyMaterials.quantity }).from(companyMaterials)
    .where(and(eq(companyMaterials.companyId, companyId), eq(companyMaterials.materialId, materialId)))
  return row?.q ?? 0
}

/**
 * Changes a balance by `m.delta` and writes the ledger row. A decrease larger than the balance is
 * refused (409, naming the material, what there is and what was wanted). With `expect`, the balance
 * must still be that (a count's book quantity), else null is answered and nothing is written.
 */
export async function applyMovement(tx: Executor, m: Movement, name: string, expect?: number): Promise<number | null> {
  const key = and(eq(companyMaterials.companyId, m.companyId), eq(companyMaterials.materialId, m.materialId))
  let balance: number | undefined
  if (m.delta < 0) {
    const [row] = await tx.update(companyMaterials)
      .set({ quantity: sql`${companyMaterials.quantity} + ${m.delta}`, updateTime: sql`now()` })
      .where(and(key, gte(companyMaterials.quantity, -m.delta), expect != null ? eq(companyMaterials.quantity, expect) : undefined))
      .returning({ q: companyMaterials.quantity })
    if (!row) {
      if (expect != null) return null
      throw new ConflictError(StockMsg.shortage(name, formatQuantity(await balanceOf(tx, m.companyId, m.materialId)), formatQuantity(-m.delta)))
    }
    balance = row.q
  } else {
    const [row] = await tx.insert(companyMaterials).values({ companyId: m.companyId, materialId: m.materialId, quantity: m.delta })
      .onConflictDoUpdate({
        target: [companyMaterials.companyId, companyMaterials.materialId],
        set: { quantity: sql`${companyMaterials.quantity} + excluded.quantity`, updateTime: sql`now()` },
        ...(expect != null && { setWhere: eq(companyMaterials.quantity, expect) }),
      })
      .returning({ q: companyMaterials.quantity })
    if (!row) return null
    balance = row.q
  }
  await tx.insert(stockMovements).values({
    companyId: m.companyId, materialId: m.materialId, kind: m.kind, delta: m.delta, reason: m.reason ?? null,
    supplyOrderId: m.supplyOrderId, saleId: m.saleId, stockTakeId: m.stockTakeId, userId: m.userId,
  })
  return balance
}
