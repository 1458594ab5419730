import { HQ_COMPANY_ID } from '@app/contract'
import {
  companyMaterials, materials, materialTypes, saleLines, sales, stockMovements, stockTakeLines, stockTakes, supplyOrderLines, supplyOrders,
} from '../../src/db/schema/index.js'
import type { TestEnv } from '../helpers.js'
import { MARKER, type OtherCompany } from './otherCompany.js'

/**
 * Materials are shared by every base (no MARKER: anyone may pick them). Company B's stock of one: its
 * balance with the movement that made it, a pending count, a pending supply order from headquarters
 * (adminRows pairs them) and a sale with B's report.
 */
export async function stockRows(env: TestEnv, b: OtherCompany) {
  const [type] = await env.db.insert(materialTypes).values({ name: '走查物料类型' }).returning()
  const [material] = await env.db.insert(materials).values({ name: '走查物料', typeId: type!.id, unit: '桶', listPrice: 1000, lowStock: 2000 }).returning()
  await env.db.insert(companyMaterials).values({ companyId: b.companyId, materialId: material!.id, quantity: 5000 })
  await env.db.insert(stockMovements).values({ companyId: b.companyId, materialId: material!.id, kind: 'purchased', delta: 5000, reason: MARKER, userId: b.id('admin') })
  const [take] = await env.db.insert(stockTakes).values({ companyId: b.companyId, userId: b.id('admin') }).returning()
  await env.db.insert(stockTakeLines).values({ stockTakeId: take!.id, materialId: material!.id, book: 5000, counted: 4000, reason: MARKER })
  const [order] = await env.db.insert(supplyOrders).values({ companyId: b.companyId, supplierCompanyId: HQ_COMPANY_ID, remark: MARKER, userId: b.id('admin') }).returning()
  await env.db.insert(supplyOrderLines).values({ orderId: order!.id, materialId: material!.id, quantity: 1000 })
  const [sale] = await env.db.insert(sales).values({
    companyId: b.companyId, customer: MARKER, reportId: b.id('report'), paymentMethod: '现金', total: 1000, remark: MARKER, sellerId: b.id('admin'),
  }).returning()
  await env.db.insert(saleLines).values({ saleId: sale!.id, materialId: material!.id, quantity: 1000, price: 1000, amount: 1000 })
  Object.assign(b.ids, { materialType: type!.id, material: material!.id, stockTake: take!.id, stockSupplyOrder: order!.id, sale: sale!.id })
}
