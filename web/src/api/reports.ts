/** 检验登记 (inspection reports): server module reports (server/src/modules/reports/routes.ts). */
import {
  REPORT_EXPORT_NAME, ROLES, type Page, type Report, type ReportDetail, type ReportFilters, type ReportMoveBody, type ReportQuery,
  type ReportRecord, type ReportRecordBody, type ReportSaveBody, type ReportStartBody, type ReportStatus, type RevealAnswer, type UserChoice,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'

export const findReports = (q: ReportQuery, opts?: RequestOptions) => http.post<Page<Report>>('/report/find', q, opts)
/** 登记 (no id) or 编辑登记 (a report still 已登记) */
export const saveReport = (body: ReportSaveBody, opts?: RequestOptions) => http.post<Report>('/report/save', body, opts)
/** 历次检验: every report of this report's plate in the bases the caller sees, newest first */
export const vehicleHistory = (id: number, opts?: RequestOptions) => http.post<Report[]>(`/report/get/${id}`, undefined, opts)
/** a station terminal's look-up: the plate's reports at station `stationId` */
export const selectReports = (stationId: number, licenseNumber: string, opts?: RequestOptions) =>
  http.get<Report[]>(`/report/selectReports/${stationId}/${encodeURIComponent(licenseNumber)}`, undefined, opts)
/** the driver's whole phone (lists show it masked; admins only, each reveal logged) */
export const revealPhone = (id: number, opts?: RequestOptions) => http.post<RevealAnswer>(`/report/reveal/${id}`, { field: 'phone' }, opts)
export const reportDetail = (id: number, opts?: RequestOptions) => http.post<ReportDetail>(`/report/getDetail/${id}`, undefined, opts)
export const startReport = (id: number, body: ReportStartBody, opts?: RequestOptions) => http.post<Report>(`/report/start/${id}`, body, opts)
export const changeStatus = (id: number, status: ReportStatus, body: ReportMoveBody = {}, opts?: RequestOptions) =>
  http.post<Report>(`/report/changeStatus/${id}/${status}`, body, opts)
export const cancelReport = (id: number, opts?: RequestOptions) => http.post<Report>(`/report/cancel/${id}`, undefined, opts)
export const changeStation = (id: number, stationId: number, opts?: RequestOptions) => http.post<Report>(`/report/upStation/${id}`, { stationId }, opts)
export const saveRecord = (id: number, body: ReportRecordBody, opts?: RequestOptions) =>
  http.post<ReportRecord>(`/report/record/${id}`, body, { cancelDuplicate: false, ...opts })
export const exportReports = (companyId: number, q: ReportFilters, opts?: RequestOptions) =>
  download(`/report/export/${companyId}`, {
    filename: `${REPORT_EXPORT_NAME}.xlsx`, ...opts,
    params: {
      reportNumber: q.reportNumber, licenseNumber: q.licenseNumber, tankerNumber: q.tankerNumber, contactName: q.contactName, phone: q.phone, org: q.org, tankerType: q.tankerType,
      status: q.status, isOut: q.isOut == null ? undefined : String(q.isOut), center: q.center, companyId: q.companyId, expiry: q.expiry,
      createTime: q.createTime?.filter((v): v is string => !!v),
    },
  })
/** The printable report (PDF with its verification QR code). */
export const reportPdf = (id: number, opts?: RequestOptions) => download(`/report/pdf/${id}`, opts)
/** Lead inspector choices: users with role 检验员 of a base. */
export const inspectors = (companyId?: number, opts?: RequestOptions) =>
  http.get<UserChoice[]>(`/users/getByNickName/${encodeURIComponent(ROLES.inspector.nickName)}`, { companyId }, opts)
