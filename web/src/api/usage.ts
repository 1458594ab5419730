/** 使用统计 (usage statistics): server module usage (server/src/modules/usage/routes.ts). */
import { USAGE_EXPORT_NAME, type Page, type UsageChart, type UsageFilters, type UsageQuery, type UsageRow } from '@app/contract'
import { download, http, type RequestOptions } from './request'

/** Per user and base: uploads, failed readings, transports over tolerance, delivery and receiving tons. */
export const findUsage = (q: UsageQuery, opts?: RequestOptions) => http.post<Page<UsageRow>>('/use/find', q, opts)

/** Each day of the range with its totals, for the chart. */
export const usageChart = (q: UsageFilters, opts?: RequestOptions) => http.post<UsageChart>('/use/chart', q, opts)

/** The table as xlsx with a 合计 row. */
export const exportUsage = (companyId: number, q: UsageFilters = {}, opts?: RequestOptions) =>
  download(`/use/export/${companyId}`, {
    filename: `${USAGE_EXPORT_NAME}.xlsx`,
    ...opts,
    params: { companyId: q.companyId, name: q.name, createTimeQuery: q.createTimeQuery?.join(',') },
  })
