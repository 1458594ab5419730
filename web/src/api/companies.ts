/** 基地 (bases, companies): server module companies (server/src/modules/companies/routes.ts). */
import type {
  CompanyOption, CompanyRow, CompanySettings, MaterialOrderRow, Page, ReservationPlanRow,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'

export interface CompanyQuery {
  page?: number
  size?: number
  name?: string
  contactor?: string
  phone?: string
}

export interface CompanyBody {
  name: string
  contactor: string
  phone?: string
  address?: string | null
  isCreate: '0' | '1'
  province?: string | null
  city?: string | null
  district?: string | null
  domain: string
  attachmentId?: number | null
  picId?: number | null
  /** initial password of the main account (new bases only), encrypted */
  password?: string
}

export const findCompanies = (q: CompanyQuery, opts?: RequestOptions) => http.post<Page<CompanyRow>>('/company/find/', q, opts)

export const saveCompany = (body: CompanyBody, opts?: RequestOptions) => http.post<CompanyRow>('/company/save', body, opts)

export const updateCompany = (id: number, body: CompanyBody, opts?: RequestOptions) => http.put<CompanyRow>(`/company/update/${id}`, body, opts)

/** 注销: removes the base with all its users and data. */
export const deleteCompany = (id: number, opts?: RequestOptions) =>
  http.delete<{ deletedUsers: number; detachedUsers: number }>(`/company/delete/${id}`, undefined, opts)

export const getCompany = (id: number, opts?: RequestOptions) => http.get<CompanyRow>(`/company/get/${id}`, undefined, opts)

/** Bases for pickers (headquarters: all; others: their own). */
export const companyOptions = (opts?: RequestOptions) => http.get<CompanyOption[]>('/company/options', undefined, opts)

export const companySettings = (opts?: RequestOptions) => http.get<CompanySettings>('/company/settings', undefined, opts)

/** The base list as CSV (UTF-8 BOM), named 基地列表.csv. */
export const exportCompanies = (companyId: number, q: Omit<CompanyQuery, 'page' | 'size'> = {}, opts?: RequestOptions) =>
  download(`/company/export/${companyId}`, { filename: '基地列表.csv', ...opts, params: { name: q.name, contactor: q.contactor, phone: q.phone } })

// ---- reservation plans

export interface ReservationPlanBody {
  companyId: number
  reserveTime: string
  reservePeriod: string
  tankerType: string
  totalCount: number
}

export const saveReservationPlan = (body: ReservationPlanBody, opts?: RequestOptions) =>
  http.post<ReservationPlanRow>('/reservationPlan/save', body, opts)

export const findReservationPlans = (q: { companyId: number; page?: number; size?: number }, opts?: RequestOptions) =>
  http.post<Page<ReservationPlanRow>>('/reservationPlan/find', q, opts)

// ---- supply (feed) orders

export const saveMaterialOrder = (body: { buyCompanyId: number; saleCompanyId: number }, opts?: RequestOptions) =>
  http.post<MaterialOrderRow>('/companyMaterialOrder/save', body, opts)

export const findMaterialOrders = (buyCompanyId: number, opts?: RequestOptions) =>
  http.post<MaterialOrderRow[]>('/companyMaterialOrder/find', { buyCompanyId }, opts)

export const deleteMaterialOrder = (id: number, opts?: RequestOptions) => http.delete<null>(`/companyMaterialOrder/delete/${id}`, undefined, opts)
