/** 设备 and 测量记录 (machines and their measurements): server module measurements (server/src/modules/measurements/routes.ts). */
import {
  MEASUREMENT_EXPORT_NAME,
  type Machine, type MachineBody, type MachineQuery, type MachineWithSecret, type Measurement, type MeasurementFilters, type MeasurementQuery, type Page,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'

export const findMachines = (q: MachineQuery, opts?: RequestOptions) => http.post<Page<Machine>>('/machine/find', q, opts)
/** the answer carries the device's secret, this once */
export const saveMachine = (body: MachineBody, opts?: RequestOptions) => http.post<MachineWithSecret>('/machine/save', body, opts)
export const updateMachine = (id: number, body: MachineBody, opts?: RequestOptions) => http.post<Machine>(`/machine/update/${id}`, body, opts)
/** a new secret (the old one stops working), shown this once */
export const resetMachineSecret = (id: number, opts?: RequestOptions) => http.post<MachineWithSecret>(`/machine/resetSecret/${id}`, undefined, opts)
export const deleteMachine = (id: number, opts?: RequestOptions) => http.post<null>(`/machine/delete/${id}`, undefined, opts)

export const findMeasurements = (q: MeasurementQuery, opts?: RequestOptions) => http.post<Page<Measurement>>('/measurement/find', q, opts)

export const exportMeasurements = (companyId: number, q: MeasurementFilters = {}, opts?: RequestOptions) =>
  download(`/measurement/export/${companyId}`, {
    filename: `${MEASUREMENT_EXPORT_NAME}.xlsx`, ...opts, params: { ...q, measuredTimeQuery: q.measuredTimeQuery?.join(',') },
  })
