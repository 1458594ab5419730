/** The transport grid's toolbar: server module transportExports (server/src/modules/transportExports/routes.ts). */
import {
  STATEMENT_NAME, TRANSPORT_EXPORT_NAME,
  type ExportSumBody, type SettlementTolerance, type SmsSendBody, type SmsSendResult, type ToleranceBody, type TransportExportBody,
} from '@app/contract'
import { download, http, requestEnvelope, type RequestOptions } from './request'

/** A 100,000-row export takes longer than the usual 60 s. */
const EXPORT_TIMEOUT_MS = 5 * 60 * 1000

/** 数据导出.xlsx: the chosen columns of every transport of the filters. */
export const exportTransports = (body: TransportExportBody, opts?: RequestOptions) =>
  download('/logistics/export', { timeout: EXPORT_TIMEOUT_MS, ...opts, method: 'POST', data: body, filename: `${TRANSPORT_EXPORT_NAME}.xlsx` })

/** 对账单.xlsx of a purchasing unit and a carrier over a delivery period. */
export const exportStatement = (body: ExportSumBody, opts?: RequestOptions) =>
  download('/logistics/exportSum', { ...opts, method: 'POST', data: body, filename: `${STATEMENT_NAME}.xlsx` })

/** SMS to the carriers of the transports over tolerance (the selected ones, else those of the filters): the answer and its message. */
export const sendPoundDiffSms = (body: SmsSendBody, opts?: RequestOptions) =>
  requestEnvelope<SmsSendResult>('/sms/send', { ...opts, method: 'POST', data: body })

export const findTolerances = (companyId?: number, opts?: RequestOptions) =>
  http.post<SettlementTolerance[]>('/logistics/tolerance/find', { companyId }, opts)

export const saveTolerance = (body: ToleranceBody, opts?: RequestOptions) =>
  http.post<SettlementTolerance>('/logistics/tolerance/save', body, opts)
