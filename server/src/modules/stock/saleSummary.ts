import type { Page, SaleSummary, SaleSummaryQuery } from '@app/contract'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { companies, sales } from '../../db/schema/index.js'
import { listSource, pagedList } from '../../platform/list.js'
import { withinRange } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { inCompanyScope } from '../../platform/tenancy.js'

/**
 * Daily or monthly sales of each base, summed by the database (fen, exact): sales and refunds counted
 * and totalled apart, and the net. Days and months are China Standard Time's, as every time shown.
 */
export function saleSummary(db: Executor, auth: SessionUser, q: SaleSummaryQuery): Promise<Page<SaleSummary>> {
  const format = q.by === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'
  const period = sql<string>`to_char((${sales.createTime} at time zone 'UTC') + interval '8 hours', ${sql.raw(`'${format}'`)})`
  const where = and(inCompanyScope(auth, sales.companyId, q.companyId), withinRange(sales.createTime, q.createTimeQuery as (string | null)[] | undefined))
  const refund = sql`${sales.refundOfId} is not null`
  const grouped = () => db.select({
    period,
    companyId: sales.companyId,
    companyName: sql<string>`max(${companies.name})`,
    saleCount: sql<number>`count(*) filter (where not ${refund})::int`,
    refundCount: sql<number>`count(*) filter (where ${refund})::int`,
    salesTotal: sql<string>`coalesce(sum(${sales.total}) filter (where not ${refund}), 0)`,
    refundTotal: sql<string>`coalesce(sum(${sales.total}) filter (where ${refund}), 0)`,
    net: sql<string>`coalesce(sum(${sales.total}), 0)`,
  }).from(sales).leftJoin(companies, eq(companies.id, sales.companyId)).where(where).groupBy(period, sales.companyId).$dynamic()
  return pagedList(listSource({
    db,
    query: grouped,
    orderBy: [desc(period), sales.companyId],
    map: (r): SaleSummary => ({
      period: r.period, companyId: r.companyId, companyName: r.companyName ?? '', saleCount: Number(r.saleCount), refundCount: Number(r.refundCount),
      salesTotal: Number(r.salesTotal), refundTotal: Number(r.refundTotal), net: Number(r.net),
    }),
  }), q)
}
