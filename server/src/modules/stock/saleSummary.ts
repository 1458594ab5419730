import { formatQuantity, formatYuan, SALE_SUMMARY_EXPORT_NAME, SALE_SUMMARY_GROUPS, type Page, type SaleSummary, type SaleSummaryQuery } from '@app/contract'
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, materials, saleLines, sales, users } from '../../db/schema/index.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { inCompanyScope } from '../../platform/tenancy.js'

type Filters = Omit<SaleSummaryQuery, 'page' | 'size' | 'pageNo' | 'pageSize'>

/**
 * Daily or monthly sales of each base, and within it of each material or each seller, summed by the
 * database (fen, exact): sales and refunds counted and totalled apart, and the net. By material the
 * amounts are the material's lines (a sale of two materials counts once for each) and the quantity is
 * what was sold less what came back. Days and months are China Standard Time's, as every time shown.
 */
function summarySource(db: Executor, auth: SessionUser, q: Filters) {
  const format = q.by === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'
  const period = sql<string>`to_char((${sales.createTime} at time zone 'UTC') + interval '8 hours', ${sql.raw(`'${format}'`)})`
  const where = and(inCompanyScope(auth, sales.companyId, q.companyId), withinRange(sales.createTime, q.createTimeQuery as (string | null)[] | undefined))
  const refund = sql`${sales.refundOfId} is not null`
  const byMaterial = q.group === 'material'
  // by material the money is the lines' (a refund's lines are negative), else the sales' own totals
  const amount: SQL = byMaterial ? sql`${saleLines.amount}` : sql`${sales.total}`
  const counted = byMaterial ? sql`distinct ${sales.id}` : sql`*`
  const item = q.group === 'material' ? saleLines.materialId : q.group === 'seller' ? sales.sellerId : null
  const itemName = q.group === 'material' ? sql<string>`max(${materials.name})` : q.group === 'seller' ? sql<string>`max(${users.name})` : sql<null>`null`
  const grouped = () => {
    let query = db.select({
      period,
      companyId: sales.companyId,
      companyName: sql<string>`max(${companies.name})`,
      itemId: item ? sql<number | null>`${item}` : sql<null>`null`,
      itemName,
      unit: byMaterial ? sql<string>`max(${materials.unit})` : sql<null>`null`,
      quantity: byMaterial ? sql<string>`sum(case when ${refund} then -${saleLines.quantity} else ${saleLines.quantity} end)` : sql<null>`null`,
      saleCount: sql<number>`count(${counted}) filter (where not ${refund})::int`,
      refundCount: sql<number>`count(${counted}) filter (where ${refund})::int`,
      salesTotal: sql<string>`coalesce(sum(${amount}) filter (where not ${refund}), 0)`,
      refundTotal: sql<string>`coalesce(sum(${amount}) filter (where ${refund}), 0)`,
      net: sql<string>`coalesce(sum(${amount}), 0)`,
    }).from(sales).leftJoin(companies, eq(companies.id, sales.companyId)).$dynamic()
    if (byMaterial) query = query.innerJoin(saleLines, eq(saleLines.saleId, sales.id)).innerJoin(materials, eq(materials.id, saleLines.materialId))
    if (q.group === 'seller') query = query.leftJoin(users, eq(users.id, sales.sellerId))
    return query.where(where).groupBy(...(item ? [period, sales.companyId, item] : [period, sales.companyId]))
  }
  return listSource({
    db,
    query: grouped,
    orderBy: [desc(period), sales.companyId, ...(item ? [desc(sql`coalesce(sum(${amount}), 0)`), item] : [])],
    map: (r): SaleSummary => ({
      period: r.period, companyId: r.companyId, companyName: r.companyName ?? '',
      itemId: r.itemId == null ? null : Number(r.itemId), itemName: item ? (r.itemName ?? '') : null,
      unit: r.unit ?? null, quantity: r.quantity == null ? null : formatQuantity(Number(r.quantity)),
      saleCount: Number(r.saleCount), refundCount: Number(r.refundCount),
      salesTotal: Number(r.salesTotal), refundTotal: Number(r.refundTotal), net: Number(r.net),
    }),
  })
}

export const saleSummary = (db: Executor, auth: SessionUser, q: SaleSummaryQuery): Promise<Page<SaleSummary>> => pagedList(summarySource(db, auth, q), q)
export const allSaleSummary = (db: Executor, auth: SessionUser, q: Filters) => allRows(summarySource(db, auth, q))

export const saleSummaryExport = defineExport<SaleSummary>({
  name: SALE_SUMMARY_EXPORT_NAME, sheet: '销售汇总', format: 'xlsx',
  columns: [
    { header: '日期', value: (r) => r.period, width: 12 },
    { header: '所属基地', value: (r) => r.companyName, width: 24 },
    { header: `物料或销售人（${SALE_SUMMARY_GROUPS.material}、${SALE_SUMMARY_GROUPS.seller}）`, value: (r) => r.itemName, width: 24 },
    { header: '净销量', value: (r) => (r.quantity == null ? null : `${r.quantity}${r.unit ?? ''}`), width: 14 },
    { header: '销售笔数', value: (r) => r.saleCount, width: 10 },
    { header: '退款笔数', value: (r) => r.refundCount, width: 10 },
    { header: '销售额（元）', value: (r) => formatYuan(r.salesTotal), width: 14 },
    { header: '退款额（元）', value: (r) => formatYuan(r.refundTotal), width: 14 },
    { header: '净额（元）', value: (r) => formatYuan(r.net), width: 14 },
  ],
})
