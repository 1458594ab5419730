import {
  formatDateTime, HQ_COMPANY_ID, formatQuantity, LEDGER_EXPORT_NAME, MOVEMENT_KINDS, STOCK_EXPORT_NAME,
  type LedgerEntry, type LedgerQuery, type MovementBody, type MovementKind, type Page, type StockBalance, type StockQuery,
} from '@app/contract'
import { and, asc, desc, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, companyMaterials, materials, materialTypes, stockMovements, users } from '../../db/schema/index.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList, type ListFilters } from '../../platform/list.js'
import { contains, withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { inCompanyScope, ownerCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'
import { logChange } from './audit.js'
import { applyMovement, materialsOf } from './ledger.js'

// ---- balances

/**
 * A base's stock page lists every material in use, at 0 where the base never held it (that is what a
 * low-stock mark is there to say, and what a count starts from), and any retired one it still has a
 * balance row for. Headquarters' own rows show only where it holds stock: it is no base.
 */
const quantity = sql<number>`coalesce(${companyMaterials.quantity}, 0)`
const isLow = sql<boolean>`(${materials.lowStock} > 0 and ${quantity} <= ${materials.lowStock})`
const listed = or(isNotNull(companyMaterials.companyId), and(eq(materials.retired, false), ne(companies.id, HQ_COMPANY_ID)))

function balanceWhere(auth: SessionUser, q: ListFilters<StockQuery>): SQL | undefined {
  return and(
    listed,
    inCompanyScope(auth, companies.id, q.companyId),
    q.materialName ? contains(materials.name, q.materialName) : undefined,
    q.typeId ? eq(materials.typeId, q.typeId) : undefined,
    q.low === '是' ? isLow : q.low === '否' ? sql`not ${isLow}` : undefined,
  )
}

const balanceList = (db: Executor, auth: SessionUser, q: ListFilters<StockQuery>) => listSource({
  db,
  query: () => db.select({
    companyId: companies.id, companyName: companies.name, m: materials, typeName: materialTypes.name,
    quantity, updateTime: companyMaterials.updateTime, low: isLow,
  })
    .from(companies)
    .innerJoin(materials, sql`true`)
    .leftJoin(companyMaterials, and(eq(companyMaterials.companyId, companies.id), eq(companyMaterials.materialId, materials.id)))
    .leftJoin(materialTypes, eq(materialTypes.id, materials.typeId))
    .where(balanceWhere(auth, q)).$dynamic(),
  orderBy: [desc(isLow), asc(companies.id), asc(materials.name), asc(materials.id)],
  map: ({ companyId, companyName, m, typeName, quantity: held, updateTime, low }): StockBalance => ({
    companyId, companyName, materialId: m.id, materialName: m.name, typeName: typeName ?? '',
    specification: m.specification, unit: m.unit, quantity: formatQuantity(Number(held)), lowStock: formatQuantity(m.lowStock),
    low: Boolean(low), updateTime: updateTime ? formatDateTime(updateTime) : null,
  }),
})

/** Each base's balances the caller may see, those at or under their threshold first. */
export const findBalances = (db: Executor, auth: SessionUser, q: StockQuery): Promise<Page<StockBalance>> => pagedList(balanceList(db, auth, q), q)
export const allBalances = (db: Executor, auth: SessionUser, q: ListFilters<StockQuery>) => allRows(balanceList(db, auth, q))

export const balanceExport = defineExport<StockBalance>({
  name: STOCK_EXPORT_NAME, sheet: '库存', format: 'xlsx',
  columns: [
    { header: '所属基地', value: (r) => r.companyName, width: 24 },
    { header: '物料名称', value: (r) => r.materialName, width: 24 },
    { header: '物料类型', value: (r) => r.typeName, width: 14 },
    { header: '规格', value: (r) => r.specification, width: 16 },
    { header: '单位', value: (r) => r.unit, width: 8 },
    { header: '库存', value: (r) => r.quantity, width: 14 },
    { header: '预警值', value: (r) => r.lowStock, width: 12 },
    { header: '库存预警', value: (r) => (r.low ? '是' : '否'), width: 10 },
    { header: '更新时间', value: (r) => r.updateTime, width: 20 },
  ],
})

// ---- ledger

function ledgerWhere(auth: SessionUser, q: ListFilters<LedgerQuery>): SQL | undefined {
  return and(
    inCompanyScope(auth, stockMovements.companyId, q.companyId),
    q.materialId ? eq(stockMovements.materialId, q.materialId) : undefined,
    q.kind ? eq(stockMovements.kind, q.kind) : undefined,
    withinRange(stockMovements.createTime, q.createTimeQuery as (string | null)[] | undefined),
  )
}

const ledgerList = (db: Executor, auth: SessionUser, q: ListFilters<LedgerQuery>) => listSource({
  db,
  query: () => db.select({ s: stockMovements, name: materials.name, unit: materials.unit, userName: users.name })
    .from(stockMovements)
    .innerJoin(materials, eq(materials.id, stockMovements.materialId))
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(ledgerWhere(auth, q)).$dynamic(),
  count: () => db.select({ id: stockMovements.id }).from(stockMovements).where(ledgerWhere(auth, q)).$dynamic(),
  orderBy: [desc(stockMovements.id)],
  map: ({ s, name, unit, userName }): LedgerEntry => ({
    id: s.id, companyId: s.companyId, materialId: s.materialId, materialName: name, unit, kind: s.kind as MovementKind,
    kindName: MOVEMENT_KINDS[s.kind as MovementKind] ?? s.kind, quantity: formatQuantity(s.delta), reason: s.reason,
    supplyOrderId: s.supplyOrderId, saleId: s.saleId, stockTakeId: s.stockTakeId, userName: userName ?? '', createTime: formatDateTime(s.createTime),
  }),
})

/** The movements the caller may see, newest first. */
export const findLedger = (db: Executor, auth: SessionUser, q: LedgerQuery): Promise<Page<LedgerEntry>> => pagedList(ledgerList(db, auth, q), q)
export const allLedger = (db: Executor, auth: SessionUser, q: ListFilters<LedgerQuery>) => allRows(ledgerList(db, auth, q))

export const ledgerExport = defineExport<LedgerEntry>({
  name: LEDGER_EXPORT_NAME, sheet: '出入库明细', format: 'xlsx',
  columns: [
    { header: '时间', value: (r) => r.createTime, width: 20 },
    { header: '物料名称', value: (r) => r.materialName, width: 24 },
    { header: '类型', value: (r) => r.kindName, width: 12 },
    { header: '数量', value: (r) => r.quantity, width: 14 },
    { header: '单位', value: (r) => r.unit, width: 8 },
    { header: '原因', value: (r) => r.reason, width: 30 },
    { header: '供货单', value: (r) => r.supplyOrderId, width: 10 },
    { header: '销售单', value: (r) => r.saleId, width: 10 },
    { header: '盘点单', value: (r) => r.stockTakeId, width: 10 },
    { header: '经办人', value: (r) => r.userName, width: 12 },
  ],
})

/** A purchase received, material used or lost, recorded by hand for a base. */
export async function recordMovement(db: Executor, auth: SessionUser, body: MovementBody): Promise<{ quantity: string }> {
  const companyId = ownerCompany(auth, body.companyId)
  return db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId)
    const material = (await materialsOf(tx, [body.materialId], body.kind === 'purchased')).get(body.materialId)!
    const delta = body.kind === 'purchased' ? body.quantity : -body.quantity
    const balance = await applyMovement(tx, { companyId, materialId: body.materialId, delta, kind: body.kind, reason: body.reason, userId: auth.userId }, material.name)
    await logChange(tx, auth, companyId, `stock-${companyId}-${body.materialId}`,
      `记录${MOVEMENT_KINDS[body.kind]}：物料“${material.name}”${formatQuantity(delta)}${material.unit}${body.reason ? `（${body.reason}）` : ''}`)
    return { quantity: formatQuantity(balance!) }
  })
}
