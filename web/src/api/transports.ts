/** 运单 (transports): server module transports (server/src/modules/transports/routes.ts). */
import {
  unpackPage,
  type PackedPage, type TicketReadingAnswer, type TicketType, type Transport, type TransportBody, type TransportDetail,
  type TransportGridField, type TransportGridRow, type TransportQuery, type TransportSuggestions,
} from '@app/contract'
import { http, request, type RequestOptions } from './request'
import { resourceCalls } from './resource'

export const { update: updateTransport, remove: deleteTransport } = resourceCalls<Transport, TransportBody, TransportQuery>('logistics')

/** The grid's page: packed by the server (a third of the bytes of `/logistics/find`), rows made here. */
export const findTransportGrid = (q: TransportQuery, opts?: RequestOptions) =>
  http.post<PackedPage<TransportGridField>>('/logistics/grid', q, opts).then((packed) => unpackPage<TransportGridRow>(packed))

/** Step 1 temporary save (status 1 暂存). */
export const saveTemp = (body: TransportBody, opts?: RequestOptions) => http.post<Transport>('/logistics/saveTemp', body, opts)
/** Step 2 temporary save (status 1 暂存). */
export const saveTempFin = (body: TransportBody, opts?: RequestOptions) => http.post<Transport>('/logistics/saveTempFin', body, opts)
/** Full save (status 2 上传完成). */
export const saveTransport = (body: TransportBody, opts?: RequestOptions) => http.post<Transport>('/logistics/save', body, opts)

export const setTransportStatus = (id: number, status: 1 | 2 | 3, opts?: RequestOptions) =>
  http.post<Transport>(`/logistics/upStatus/${id}`, { status }, opts)

export const getTransport = (id: number, opts?: RequestOptions) =>
  request<Transport>('/logistics/get/getLogistics', { ...opts, params: { id } })

/** The trace detail: delivery (dResponseVO) and receiving (sResponseVO) with their ud- originals. */
export const findDou = (id: number, opts?: RequestOptions) =>
  request<TransportDetail>('/logistics/findDou', { ...opts, params: { id } })

/** Suggestions of the grid's text filters. */
export const findSuggestions = (companyId?: number, opts?: RequestOptions) =>
  request<TransportSuggestions>('/logistics/findList', { ...opts, method: 'POST', params: { companyId } })

/** Reads a ticket photo (takes an upload time): the fields, the kept picture, the boxes, duplicates. */
export function analyzeTicket(fileType: TicketType, file: Blob, opts: RequestOptions = {}) {
  const form = new FormData()
  form.append('file', file, file instanceof File ? file.name : 'ticket.jpg')
  return request<TicketReadingAnswer>('/logistics/analysis', { timeout: 120_000, ...opts, method: 'POST', params: { fileType }, data: form })
}

/** An extra destination's picture: answers its URL. */
export function uploadDestinationPicture(file: Blob, opts: RequestOptions = {}) {
  const form = new FormData()
  form.append('file', file, file instanceof File ? file.name : 'ticket.jpg')
  return request<string>('/logistics/upload', { ...opts, method: 'POST', data: form })
}

