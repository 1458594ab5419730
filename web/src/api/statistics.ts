/** 数据统计 (issue 36): server module statistics (server/src/modules/statistics/routes.ts); shapes in contract/src/statistics.ts. */
import {
  MEASUREMENT_EXPORT_NAME,
  type AbnormalPerson, type AbnormalPersonQuery, type AllTraceQuery, type BasicFigures, type CertificateSeries, type ChartData, type CompanySeries,
  type DataExportBody, type ExceptionBody, type ExceptionSeries, type GroupTotal, type MachineSeries, type MachineTotal, type MachineTypeTotal,
  type MeasureCount, type Page, type ProvinceCount, type ProvinceTotals, type ScopeBody, type SeriesFilters, type StatisticsFilters,
  type TownScoreSeries, type TownTotal, type TownTrace, type TownTraceQuery,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'

type Days = { from: string; to: string }

export const machineBarMonth = (q: StatisticsFilters, opts?: RequestOptions) => http.post<ChartData>('/machine/bar/month/', q, opts)
export const machineLineMonth = (q: StatisticsFilters, opts?: RequestOptions) => http.post<ChartData>('/machine/line/month/', q, opts)
export const byProvince = (q: StatisticsFilters, opts?: RequestOptions) => http.post<ProvinceCount[]>('/data/byProvince', q, opts)
export const countsByProvince = (q: StatisticsFilters, opts?: RequestOptions) => http.post<ProvinceTotals[]>('/data/counts/byProvince', q, opts)
export const byMachine = (machineId: number, q: SeriesFilters, opts?: RequestOptions) => http.post<MachineSeries>(`/data/byMachine/${machineId}`, q, opts)
export const byMachineDay = (machineId: number, q: StatisticsFilters, opts?: RequestOptions) => http.post<MachineSeries>(`/data/byMachineDay/${machineId}`, q, opts)
export const allMyMachines = (d: Days, q: ScopeBody, opts?: RequestOptions) => http.post<MachineTotal[]>(`/data/allMyMachines/${d.from}/${d.to}`, q, opts)
export const byTopGroups = (d: Days, q: ScopeBody, opts?: RequestOptions) => http.post<GroupTotal[]>(`/data/byTopGroups/${d.from}/${d.to}`, q, opts)
export const byMeasures = (d: Days, q: ScopeBody, opts?: RequestOptions) => http.post<MeasureCount[]>(`/data/byMeasures/${d.from}/${d.to}`, q, opts)
export const exceptionSeries = (d: Days, q: ExceptionBody, opts?: RequestOptions) => http.post<ExceptionSeries>(`/data/dataByMeasuresException/${d.from}/${d.to}`, q, opts)
/** headquarters' own id: every base */
export const basicFigures = (companyId: number, q: StatisticsFilters, opts?: RequestOptions) => http.post<BasicFigures>(`/data/basic/${companyId}`, q, opts)
export const abnormalPersons = (examItemId: number, q: AbnormalPersonQuery, opts?: RequestOptions) =>
  http.post<Page<AbnormalPerson>>(`/data/dialogByMeasuresException/${examItemId}`, q, opts)
export const byMachineType = (q: StatisticsFilters, opts?: RequestOptions) => http.post<MachineTypeTotal[]>('/data/byMachineType', q, opts)
export const byCompany = (companyId: number, q: SeriesFilters, opts?: RequestOptions) => http.post<CompanySeries>(`/data/byCompany/${companyId}`, q, opts)
export const certificatesByCompany = (companyId: number, q: StatisticsFilters, opts?: RequestOptions) =>
  http.post<CertificateSeries>(`/data/certificate/byCompany/${companyId}`, q, opts)
export const exportData = (d: Days, body: DataExportBody, opts?: RequestOptions) =>
  download(`/data/export/${d.from}/${d.to}`, { ...opts, method: 'POST', data: body, filename: `${MEASUREMENT_EXPORT_NAME}.xlsx` })

export const townTrace = (q: TownTraceQuery, opts?: RequestOptions) =>
  http.get<TownTrace>('/trace/townTrace', { townId: q.townId, range: q.range?.join(','), companyId: q.companyId }, opts)
export const townScore = (examItemId: number, townId: string, score: number, q: StatisticsFilters, opts?: RequestOptions) =>
  http.post<TownScoreSeries>(`/trace/${examItemId}/${townId}/${score}`, q, opts)
export const allTrace = (q: AllTraceQuery, opts?: RequestOptions) => http.get<TownTotal[]>('/trace/getAllTrace', { range: q.range?.join(','), companyId: q.companyId }, opts)
