/** 运单 (transports): server module transports (server/src/modules/transports/routes.ts). */
import {
  PackedPageReader, TRANSPORT_DEFAULT_PAGE_SIZE, unpackPage,
  type Page, type PackedPage, type TicketReadingAnswer, type TicketType, type Transport, type TransportBody, type TransportDetail,
  type TransportGridField, type TransportGridRow, type TransportQuery, type TransportSuggestions,
} from '@app/contract'
import { http, request, requestArriving, type RequestOptions } from './request'
import { resourceCalls } from './resource'

export const { update: updateTransport, remove: deleteTransport } = resourceCalls<Transport, TransportBody, TransportQuery>('logistics')

/** rows of a large page shown while the rest of it is still arriving (a screenful and more) */
const FIRST_ROWS = 100

/**
 * The grid's page: packed by the server (a third of the bytes of `/logistics/find`), rows made here.
 * With `onFirstRows`, a page larger than FIRST_ROWS is read as it arrives and gives its first rows
 * as soon as they are there.
 */
export async function findTransportGrid(q: TransportQuery, opts: RequestOptions & { onFirstRows?: (page: Page<TransportGridRow>) => void } = {}) {
  const { onFirstRows, ...rest } = opts
  const call = { ...rest, method: 'POST' as const, data: q }
  if (!onFirstRows || (q.size ?? 0) <= FIRST_ROWS) return unpackPage<TransportGridRow>(await request<PackedPage<TransportGridField>>('/logistics/grid', call))
  const packed = new PackedPageReader()
  let shown = false
  const page = await requestArriving('/logistics/grid', call, {
    push(piece) {
      packed.push(piece)
      if (shown || !packed.head || packed.rows.length < FIRST_ROWS) return
      shown = true
      onFirstRows(unpackPage<TransportGridRow>({ ...packed.head.data, rows: packed.rows.slice(0, FIRST_ROWS) } as PackedPage<TransportGridField>))
    },
    result: () => {
      const read = packed.page()
      return read?.code === 200 ? read.data as PackedPage<TransportGridField> : null
    },
  })
  return unpackPage<TransportGridRow>(page)
}

/** the grid's first load: page 1 at the default size, no filters */
export const FIRST_GRID_QUERY: TransportQuery = { page: 1, size: TRANSPORT_DEFAULT_PAGE_SIZE }
/** how long an early first page waits for the grid to take it */
const EARLY_MS = 10_000
let early: { at: number; page: Promise<Page<TransportGridRow>> } | null = null

/**
 * Asks for the grid's first page while the signed-in screens are still being built after 登录, so
 * that the grid finds its rows there instead of asking a round trip later.
 */
export function prefetchTransportGrid() {
  const page = findTransportGrid(FIRST_GRID_QUERY, { silent: true, sessionDialog: false })
  page.catch(() => undefined)
  early = { at: Date.now(), page }
}

/** The early first page, once; null when none was asked for lately. */
export function takePrefetchedGrid(): Promise<Page<TransportGridRow>> | null {
  const page = early && Date.now() - early.at < EARLY_MS ? early.page : null
  early = null
  return page
}

/** Step 1 temporary save (status 1 暂存). */
export const saveDeliveryDraft = (body: TransportBody, opts?: RequestOptions) => http.post<Transport>('/logistics/saveTemp', body, opts)
/** Step 2 temporary save (status 1 暂存). */
export const saveReceivingDraft = (body: TransportBody, opts?: RequestOptions) => http.post<Transport>('/logistics/saveTempFin', body, opts)
/** Full save (status 2 上传完成). */
export const saveTransport = (body: TransportBody, opts?: RequestOptions) => http.post<Transport>('/logistics/save', body, opts)

export const setTransportStatus = (id: number, status: 1 | 2 | 3, opts?: RequestOptions) =>
  http.post<Transport>(`/logistics/upStatus/${id}`, { status }, opts)

export const getTransport = (id: number, opts?: RequestOptions) =>
  request<Transport>('/logistics/get/getLogistics', { ...opts, params: { id } })

/** The transport detail (运单详情): delivery (dResponseVO) and receiving (sResponseVO) with their ud- originals. */
export const getTransportDetail = (id: number, opts?: RequestOptions) =>
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

