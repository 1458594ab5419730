import { formatQuantity, MaterialMsg, StockMsg, type MovementKind } from '@app/contract'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companyMaterials, materials, stockMovements } from '../../db/schema/index.js'
import { ConflictError, NotFoundError } from '../../platform/errors.js'

/**
 * The way stock changes: `applyMovement` writes the balance and its ledger row in the caller's
 * transaction. A sale does the same in its one statement (sales.ts: balances locked in material order, the
 * ledger rows written with them, or nothing written). A decrease is a single conditional UPDATE (`quantity >= n`), so parallel takes of the
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
 * Changes a balance by `m.delta` and writes the ledger row, both in one statement (one round trip while
 * the balance's row is locked). A decrease larger than the balance is refused (409, naming the material,
 * what there is and what was wanted). With `expect`, the balance must still be that (a count's book
 * quantity), else null is answered and nothing is written.
 */
export async function applyMovement(tx: Executor, m: Movement, name: string, expect?: number): Promise<number | null> {
  const cm = companyMaterials
  const still = expect != null ? sql` and ${cm.quantity} = ${expect}` : sql``
  const balance = m.delta < 0
    ? sql`update ${cm} set quantity = ${cm.quantity} + ${m.delta}, update_time = now()
        where ${cm.companyId} = ${m.companyId} and ${cm.materialId} = ${m.materialId} and ${cm.quantity} >= ${-m.delta}${still}
        returning ${cm.quantity}`
    : sql`insert into ${cm} (company_id, material_id, quantity) values (${m.companyId}, ${m.materialId}, ${m.delta})
        on conflict (company_id, material_id) do update set quantity = ${cm.quantity} + excluded.quantity, update_time = now()
        ${expect != null ? sql`where ${cm.quantity} = ${expect}` : sql``}
        returning ${cm.quantity}`
  // the ledger row is written only when the balance changed (the CTE's row)
  const rows = await tx.execute<{ quantity: string | number }>(sql`with balance as (${balance}),
    movement as (
      insert into ${stockMovements} (company_id, material_id, kind, delta, reason, supply_order_id, sale_id, stock_take_id, user_id)
      select ${m.companyId}, ${m.materialId}, ${m.kind}, ${m.delta}, ${m.reason ?? null}, ${m.supplyOrderId ?? null}, ${m.saleId ?? null}, ${m.stockTakeId ?? null}, ${m.userId}
      from balance
    )
    select quantity from balance`)
  const row = rows.rows[0]
  if (row) return Number(row.quantity)
  if (expect != null) return null
  throw new ConflictError(StockMsg.shortage(name, formatQuantity(await balanceOf(tx, m.companyId, m.materialId)), formatQuantity(-m.delta)))
}
