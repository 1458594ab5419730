/** 物品登记 (goods registry): server module goods (server/src/modules/goods/routes.ts); every call is a POST, as the spec names it. */
import { GOODS_EXPORT_NAME, type Goods, type GoodsPhotoMatch, type GoodsBody, type GoodsFilters, type GoodsQuery, type GoodsUpdateBody, type Page, type PersonalField } from '@app/contract'
import { download, http, requestEnvelope, type RequestOptions } from './request'

export const findGoods = (q: GoodsQuery, opts?: RequestOptions) => http.post<Page<Goods>>('/goods/find/', q, opts)
export const saveGoods = (body: GoodsBody, opts?: RequestOptions) => http.post<Goods>('/goods/save', body, opts)
/** only the fields sent change (marking 可疑 or 作废 sends that field alone) */
export const updateGoods = (id: number, body: GoodsUpdateBody, opts?: RequestOptions) => http.post<Goods>(`/goods/update/${id}`, body, opts)
export const deleteGoods = (id: number, opts?: RequestOptions) => http.post<null>(`/goods/delete/${id}`, undefined, opts)
export const getGoods = (id: number, opts?: RequestOptions) => http.post<Goods>(`/goods/getById/${id}`, undefined, opts)
/** the full phone or ID number (admins only; the server logs each reveal) */
export const revealGoods = (id: number, field: PersonalField, opts?: RequestOptions) => http.post<{ value: string }>(`/goods/reveal/${id}`, { field }, opts)

/** The items the filters select, as xlsx (phone and ID number masked). */
export const exportGoods = (companyId: number, q: GoodsFilters = {}, opts?: RequestOptions) =>
  download(`/goods/export/${companyId}`, {
    filename: `${GOODS_EXPORT_NAME}.xlsx`,
    ...opts,
    params: { ...q, createTimeQuery: q.createTimeQuery?.join(',') },
  })

/** 以图搜物: the caller's goods most like the photo, best first, with the photo of each that matched; the message says how many. */
export function searchGoodsByPhoto(photo: File, opts?: RequestOptions) {
  const form = new FormData()
  form.append('file', photo, photo.name)
  return requestEnvelope<GoodsPhotoMatch[]>('/goods/searchByPhoto', { timeout: 60_000, ...opts, method: 'POST', data: form, silent: true })
}
