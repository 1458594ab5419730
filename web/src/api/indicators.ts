/** 检验指标 (indicators, the reusable check items): server module indicators (server/src/modules/indicators/routes.ts). */
import { INDICATOR_EXPORT_NAME, type Indicator, type IndicatorBody, type IndicatorFilters, type IndicatorQuery } from '@app/contract'
import { download, http, type RequestOptions } from './request'
import { resourceCalls } from './resource'

export const { find: findIndicators, save: saveIndicator, update: updateIndicator, remove: deleteIndicator } =
  resourceCalls<Indicator, IndicatorBody, IndicatorQuery>('indicator')

/** Every indicator (up to 1000), for picking one into a template step. */
export const allIndicators = (opts?: RequestOptions) => http.post<Indicator[]>('/indicator/findCenter', {}, opts)

export const exportIndicators = (companyId: number, q: IndicatorFilters = {}, opts?: RequestOptions) =>
  download(`/indicator/export/${companyId}`, { filename: `${INDICATOR_EXPORT_NAME}.xlsx`, ...opts, params: { name: q.name, kind: q.kind } })
