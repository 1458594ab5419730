/** Pure logic of the goods page (unit-tested in web/test/goods.test.ts). */
import { GOODS_CATEGORIES, GOODS_DOUBTABLE, GOODS_INVALID, type Goods, type GoodsBody, type GoodsFilters, type GoodsUpdateBody } from '@app/contract'
import { cleanFilters } from '../../components/listQuery'

export const CATEGORY_OPTIONS = GOODS_CATEGORIES.map((c) => ({ label: c, value: c }))
export const DOUBTABLE_OPTIONS = GOODS_DOUBTABLE.map((c) => ({ label: c, value: c }))
export const INVALID_OPTIONS = GOODS_INVALID.map((c) => ({ label: c, value: c }))

/** The detail route the list's 查看 opens (spec 001 §2: TraceDetail with `id`; `active` hides 关闭, 删除 and 保存). */
export const GOODS_DETAIL_PATH = '/goodsDetail/index'
export const detailUrl = (id: number, active = true) => `${GOODS_DETAIL_PATH}?id=${id}${active ? '&active=1' : ''}`

export interface GoodsFormValues {
  name: string
  category: GoodsBody['category']
  ticketNumber: string
  ticketPicId?: number | null
  goodsPicIds?: number[]
  pawnTime?: string
  pawnName: string
  phone?: string
  idNumber?: string
  shopId?: number
}

const text = (s: string | undefined) => (s ?? '').trim()

/** A new item's body (the marks start as 否 / 正常). */
export function newGoodsBody(v: GoodsFormValues): GoodsBody {
  return {
    name: text(v.name), category: v.category, ticketNumber: text(v.ticketNumber), ticketPicId: v.ticketPicId ?? 0,
    goodsPicIds: v.goodsPicIds ?? [], pawnTime: text(v.pawnTime), pawnName: text(v.pawnName), phone: text(v.phone),
    idNumber: text(v.idNumber).toUpperCase(), isInvalid: '否', doubtable: '正常', shopId: v.shopId,
  }
}

/** An edit's body: the phone and ID number only when retyped (the dialog never holds them in full). */
export function editedGoodsBody(v: GoodsFormValues): GoodsUpdateBody {
  const { isInvalid: _i, doubtable: _d, phone, idNumber, ...rest } = newGoodsBody(v)
  return { ...rest, ...(phone && { phone }), ...(idNumber && { idNumber }) }
}

/** The edit dialog's starting values: the row without its masked phone and ID number. */
export const editValues = (g: Goods): GoodsFormValues => ({
  name: g.name, category: g.category, ticketNumber: g.ticketNumber, ticketPicId: g.ticketPicId, goodsPicIds: g.goodsPicIds,
  pawnTime: g.pawnTime, pawnName: g.pawnName, shopId: g.shopId,
})

/** The list query of the search form's values. */
export function goodsFilters(values: Record<string, unknown>): GoodsFilters {
  return cleanFilters<GoodsFilters>(values)
}

/** Read less often than the rest: in 列设置, not shown until chosen there (the list fits 1440 px without them); 已作废 shows beside the name. */
const GOODS_COLUMNS_HIDDEN = ['pawnTime', 'isInvalid', 'createTime']

/** The goods list's 列设置, kept per browser. */
export const goodsColumnsState = {
  persistenceKey: 'goods-columns',
  persistenceType: 'localStorage' as const,
  defaultValue: Object.fromEntries(GOODS_COLUMNS_HIDDEN.map((k) => [k, { show: false }])),
}
