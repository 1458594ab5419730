/** 基地 (bases, companies): server module companies (server/src/modules/companies/routes.ts). */
import {
  COMPANY_EXPORT_NAME, type CompanyDeregistration, type CompanyFindBody, type CompanyOption, type CompanyRow, type CompanySaveBody,
  type CompanySettings, type CompanyUpdateBody, type MaterialOrderRow, type MaterialOrderSaveBody, type Page,
  type ReservationPlanFindBody, type ReservationPlanRow, type ReservationPlanSaveBody,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'

export const findCompanies = (q: CompanyFindBody, opts?: RequestOptions) => http.post<Page<CompanyRow>>('/company/find/', q, opts)

/** A new base; `password` (the main account's initial one) is encrypted like the login password. */
export const saveCompany = (body: CompanySaveBody, opts?: RequestOptions) => http.post<CompanyRow>('/company/save', body, opts)

export const updateCompany = (id: number, body: CompanyUpdateBody, opts?: RequestOptions) => http.put<CompanyRow>(`/company/update/${id}`, body, opts)

/** 注销: removes the base with all its users and data. */
export const deleteCompany = (id: number, opts?: RequestOptions) =>
  http.delete<CompanyDeregistration>(`/company/delete/${id}`, undefined, opts)

export const getCompany = (id: number, opts?: RequestOptions) => http.get<CompanyRow>(`/company/get/${id}`, undefined, opts)

/** Bases for pickers (headquarters: all; others: their own). */
export const companyOptions = (opts?: RequestOptions) => http.get<CompanyOption[]>('/company/options', undefined, opts)

export const companySettings = (opts?: RequestOptions) => http.get<CompanySettings>('/company/settings', undefined, opts)

/** The base list as CSV (UTF-8 BOM), named 基地列表.csv. */
export const exportCompanies = (companyId: number, q: Omit<CompanyFindBody, 'page' | 'size'> = {}, opts?: RequestOptions) =>
  download(`/company/export/${companyId}`, { filename: `${COMPANY_EXPORT_NAME}.csv`, ...opts, params: { name: q.name, contactor: q.contactor, phone: q.phone } })

// ---- reservation plans

export const saveReservationPlan = (body: ReservationPlanSaveBody, opts?: RequestOptions) =>
  http.post<ReservationPlanRow>('/reservationPlan/save', body, opts)

export const findReservationPlans = (q: ReservationPlanFindBody, opts?: RequestOptions) =>
  http.post<Page<ReservationPlanRow>>('/reservationPlan/find', q, opts)

// ---- supply (feed) orders

export const saveMaterialOrder = (body: MaterialOrderSaveBody, opts?: RequestOptions) =>
  http.post<MaterialOrderRow>('/companyMaterialOrder/save', body, opts)

export const findMaterialOrders = (buyCompanyId: number, opts?: RequestOptions) =>
  http.post<MaterialOrderRow[]>('/companyMaterialOrder/find', { buyCompanyId }, opts)

export const deleteMaterialOrder = (id: number, opts?: RequestOptions) => http.delete<null>(`/companyMaterialOrder/delete/${id}`, undefined, opts)
