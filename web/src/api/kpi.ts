/** 检验统计 (KPI): server module kpi (server/src/modules/kpi/routes.ts). */
import {
  KPI_EXPORT_NAME, type KpiDetailFilters, type KpiDetailQuery, type KpiFilters, type KpiReport, type KpiStepTemplate, type KpiSummary, type Page,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'

/** Totals, every period of the range, each lead inspector and each base (permission kpi). */
export const kpiSummary = (q: KpiFilters, opts?: RequestOptions) => http.post<KpiSummary>('/kpi/summary', q, opts)

/** Mean and longest time per step of the reports signed in the range, per template (kpi_detail). */
export const kpiSteps = (q: KpiFilters, opts?: RequestOptions) => http.post<KpiStepTemplate[]>('/kpi/steps', q, opts)

/** The reports behind one figure, a page at a time (kpi_detail). */
export const kpiDetail = (q: KpiDetailQuery, opts?: RequestOptions) => http.post<Page<KpiReport>>('/kpi/detail', q, opts)

/** The reports behind one figure as xlsx. */
export const exportKpiDetail = (companyId: number, q: KpiDetailFilters, opts?: RequestOptions) =>
  download(`/kpi/export/${companyId}`, {
    filename: `${KPI_EXPORT_NAME}.xlsx`,
    ...opts,
    params: {
      range: q.range?.join(','), companyId: q.companyId, inspectorId: q.inspectorId, granularity: q.granularity, figure: q.figure, period: q.period,
    },
  })
