/** 物流公司 (logistics companies): server module logisticsCompanies (server/src/modules/logisticsCompanies/routes.ts). */
import {
  LOGISTICS_COMPANY_EXPORT_NAME, type LogisticsCompany, type LogisticsCompanyBody, type LogisticsCompanyFilters, type LogisticsCompanyQuery,
} from '@app/contract'
import { download, type RequestOptions } from './request'
import { resourceCalls } from './resource'

export const { find: findLogisticsCompanies, save: saveLogisticsCompany, update: updateLogisticsCompany, remove: deleteLogisticsCompany } =
  resourceCalls<LogisticsCompany, LogisticsCompanyBody, LogisticsCompanyQuery>('lCompany')

/** The companies the filters select (headquarters: every base, or the one picked), as xlsx. */
export const exportLogisticsCompanies = (companyId: number, q: LogisticsCompanyFilters = {}, opts?: RequestOptions) =>
  download(`/lCompany/export/${companyId}`, {
    filename: `${LOGISTICS_COMPANY_EXPORT_NAME}.xlsx`,
    ...opts,
    params: { name: q.name, contactor: q.contactor, phone: q.phone, companyId: q.companyId },
  })
