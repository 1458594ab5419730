import { CompanyMsg, formatDateTime, type MaterialOrderRow, type MaterialOrderSaveBody } from '@app/contract'
import { and, asc, eq, or, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Executor } from '../../db/client.js'
import { companies, companyMaterialOrders } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { isHeadquarters } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'

/**
 * Supply orders (供货设置, company_material_order): the buying base gets material (feed) from the
 * selling base. Headquarters sets them (its write routes are declared headquarters-only).
 */

const saleCompany = alias(companies, 'sale_company')

async function orderRows(db: Executor, where: SQL | undefined): Promise<MaterialOrderRow[]> {
  const rows = await db.select({ o: companyMaterialOrders, buyName: companies.name, saleName: saleCompany.name })
    .from(companyMaterialOrders)
    .innerJoin(companies, eq(companies.id, companyMaterialOrders.buyCompanyId))
    .innerJoin(saleCompany, eq(saleCompany.id, companyMaterialOrders.saleCompanyId))
    .where(where).orderBy(asc(companyMaterialOrders.id))
  return rows.map((r) => ({
    id: r.o.id, buyCompanyId: r.o.buyCompanyId, buyCompanyName: r.buyName, saleCompanyId: r.o.saleCompanyId,
    saleCompanyName: r.saleName, createTimeStr: formatDateTime(r.o.createTime),
  }))
}

export async function saveMaterialOrder(db: Db, auth: Auth, body: MaterialOrderSaveBody): Promise<MaterialOrderRow> {
  const { buyCompanyId, saleCompanyId } = body
  if (buyCompanyId === saleCompanyId) throw new ValidationError(CompanyMsg.supplySame)
  await assertCompanyExists(db, buyCompanyId, CompanyMsg.buyerNotFound)
  await assertCompanyExists(db, saleCompanyId, CompanyMsg.sellerNotFound)
  const [created] = await db.insert(companyMaterialOrders).values({ buyCompanyId, saleCompanyId, userId: auth.userId })
    .onConflictDoNothing().returning({ id: companyMaterialOrders.id })
  if (!created) throw new ConflictError(CompanyMsg.supplyExists)
  return (await orderRows(db, eq(companyMaterialOrders.id, created.id)))[0]!
}

/**
 * Supply orders, of one buyer when named: headquarters sees all; a base those it buys or sells in
 * (another base named as the buyer: the orders in which it buys from this one).
 */
export async function findMaterialOrders(db: Db, auth: Auth, buyCompanyId?: number): Promise<MaterialOrderRow[]> {
  const own = isHeadquarters(auth) ? undefined
    : or(eq(companyMaterialOrders.buyCompanyId, auth.companyId), eq(companyMaterialOrders.saleCompanyId, auth.companyId))
  return orderRows(db, and(own, buyCompanyId != null ? eq(companyMaterialOrders.buyCompanyId, buyCompanyId) : undefined))
}

export async function deleteMaterialOrder(db: Db, id: number) {
  const deleted = await db.delete(companyMaterialOrders).where(eq(companyMaterialOrders.id, id)).returning({ id: companyMaterialOrders.id })
  if (!deleted.length) throw new NotFoundError(CompanyMsg.supplyNotFound)
}

/** Whether headquarters has set `buyCompanyId` to get its material from `saleCompanyId` (what a supply order needs). */
export async function isPaired(db: Executor, buyCompanyId: number, saleCompanyId: number): Promise<boolean> {
  const [row] = await db.select({ id: companyMaterialOrders.id }).from(companyMaterialOrders)
    .where(and(eq(companyMaterialOrders.buyCompanyId, buyCompanyId), eq(companyMaterialOrders.saleCompanyId, saleCompanyId)))
  return Boolean(row)
}
