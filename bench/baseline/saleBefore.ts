// The sale as it was before issue 37's figure was cut (commit bc3f962, server/src/modules/stock/sales.ts saveSale), kept
// callable as the bench's baseline: a transaction of 11 + one per line statements, the balances locked by one
// conditional update a line from the first until the commit, the transaction's answer read inside it.
import { lineAmount, StockMsg, type Sale, type SaleBody } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../server/src/db/client.js'
import { reports, saleLines, sales } from '../../server/src/db/schema/index.js'
import { NotFoundError } from '../../server/src/platform/errors.js'
import type { SessionUser } from '../../server/src/platform/sessions.js'
import { ownerCompany } from '../../server/src/platform/tenancy.js'
import { assertCompanyExists } from '../../server/src/modules/companies/index.js'
import { logChange } from '../../server/src/modules/stock/audit.js'
import { applyMovement, materialsOf } from '../../server/src/modules/stock/ledger.js'
import { getSale } from '../../server/src/modules/stock/sales.js'

const sumTotal = (tx: Executor, id: number) =>
  tx.update(sales).set({ total: sql`(select coalesce(sum(${saleLines.amount}), 0) from ${saleLines} where ${saleLines.saleId} = ${id})` }).where(eq(sales.id, id))

export async function saveSaleBefore(db: Executor, auth: SessionUser, body: SaleBody): Promise<Sale> {
  const companyId = ownerCompany(auth, body.companyId)
  return db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId)
    if (body.reportId != null) {
      const [report] = await tx.select({ companyId: reports.companyId }).from(reports).where(eq(reports.id, body.reportId))
      if (!report || report.companyId !== companyId) throw new NotFoundError(StockMsg.reportNotFound)
    }
    const named = await materialsOf(tx, body.lines.map((l) => l.materialId), true)
    const [sale] = await tx.insert(sales).values({
      companyId, customer: body.customer, reportId: body.reportId ?? null, paymentMethod: body.paymentMethod, remark: body.remark ?? null, sellerId: auth.userId,
    }).returning()
    const lines = body.lines.map((l) => {
      const price = l.price ?? named.get(l.materialId)!.listPrice
      return { saleId: sale!.id, materialId: l.materialId, quantity: l.quantity, price, amount: lineAmount(price, l.quantity) }
    })
    await tx.insert(saleLines).values(lines)
    await sumTotal(tx, sale!.id)
    await logChange(tx, auth, companyId, `sale-${sale!.id}`, `销售单 ${sale!.id}：${body.customer}，${lines.length}项，${body.paymentMethod}`)
    const answer = await getSale(tx, auth, sale!.id)
    for (const l of [...lines].sort((a, b) => a.materialId - b.materialId)) {
      await applyMovement(tx, { companyId, materialId: l.materialId, delta: -l.quantity, kind: 'sold', saleId: sale!.id, userId: auth.userId }, named.get(l.materialId)!.name)
    }
    return answer
  })
}
