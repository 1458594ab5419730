/** 库存 (company_material): balances, the ledger and stock-taking; server module stock (server/src/modules/stock/routes.ts). */
import {
  LEDGER_EXPORT_NAME, STOCK_EXPORT_NAME,
  type LedgerEntry, type LedgerQuery, type Page, type StockBalance, type StockQuery, type StockTake, type StockTakeBody, type StockTakeQuery,
} from '@app/contract'
import { download, http, type RequestOptions } from './request'

type Filters<Q> = Omit<Q, 'page' | 'size' | 'pageNo' | 'pageSize'>

/** A count's line as sent: the counted quantity as decimal text ('12.5'), the quantity schema's input (`StockTakeBody` holds its parsed thousandths). */
export interface StockTakeLineSend { materialId: number; counted: string; reason?: string }
export type StockTakeSend = Omit<StockTakeBody, 'lines'> & { lines: StockTakeLineSend[] }

/** Balances, those at or under their threshold first (headquarters: every base, or `companyId`'s). */
export const findBalances = (q: StockQuery, opts?: RequestOptions) => http.post<Page<StockBalance>>('/companyMaterial/find', q, opts)

/** Movements, newest first. */
export const findLedger = (q: LedgerQuery, opts?: RequestOptions) => http.post<Page<LedgerEntry>>('/companyMaterial/ledger', q, opts)

/** `companyId`: the signed-in user's company (headquarters': every base, or the filters' one). */
export const exportBalances = (companyId: number, q: Filters<StockQuery> = {}, opts?: RequestOptions) =>
  download(`/companyMaterial/export/${companyId}`, {
    filename: `${STOCK_EXPORT_NAME}.xlsx`, ...opts,
    params: { companyId: q.companyId, materialName: q.materialName, typeId: q.typeId, low: q.low },
  })

export const exportLedger = (companyId: number, q: Filters<LedgerQuery> = {}, opts?: RequestOptions) =>
  download(`/companyMaterial/ledger/export/${companyId}`, {
    filename: `${LEDGER_EXPORT_NAME}.xlsx`, ...opts,
    params: { companyId: q.companyId, materialId: q.materialId, kind: q.kind, createTimeQuery: q.createTimeQuery?.join(',') },
  })

export const findStockTakes = (q: StockTakeQuery, opts?: RequestOptions) => http.post<Page<StockTake>>('/stockTake/find', q, opts)

/** Records a count (pending): the server answers each line's book quantity and difference. */
export const saveStockTake = (body: StockTakeSend, opts?: RequestOptions) => http.post<StockTake>('/stockTake/save', body, opts)

/** Applies a pending count's differences to the balances. */
export const confirmStockTake = (id: number, opts?: RequestOptions) => http.post<StockTake>(`/stockTake/confirm/${id}`, undefined, opts)

export const cancelStockTake = (id: number, opts?: RequestOptions) => http.post<StockTake>(`/stockTake/cancel/${id}`, undefined, opts)
