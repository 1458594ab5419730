import { z } from 'zod'
import { dateRange, filterText, idField, mobileField, oneOf, optIdField, parseDateTime, text } from './fields.js'
import { idNumberField, revealBody } from './personalData.js'
import { paging } from './zod.js'

/**
 * The goods registry (物品登记, spec 001 §1, §2 "Goods list", §3 "Goods record"/"Goods query", §7 "Goods"):
 * pawned goods with their ticket, the pawner's name, phone and ID number, photos, and the 可疑/作废 marks.
 */

export const GOODS_CATEGORIES = ['黄金', '电瓶车', '手机', '手表', '电脑', '汽车', '其他'] as const
export type GoodsCategory = (typeof GOODS_CATEGORIES)[number]
export const GOODS_INVALID = ['是', '否'] as const
export const GOODS_DOUBTABLE = ['可疑', '正常'] as const
/** photos of one item */
export const GOODS_MAX_PICTURES = 9
export const GOODS_EXPORT_NAME = '物品列表'

export const GoodsMsg = {
  notFound: '物品不存在',
  deleteConfirm: '是否确定删除该物品？',
  pawnTimeFuture: '当票时间不能晚于现在',
  notPicture: (id: number) => `物品照片和当票照片必须是图片（附件编号 ${id}）`,
  /** what a reveal's log entry calls the item (PersonalDataMsg.revealLog) */
  revealSubject: (id: number, ticketNumber: string) => `物品 ${id}（当票号 ${ticketNumber}）`,
  markDoubtable: '确定将该物品标记为可疑吗？',
  markNormal: '确定取消该物品的可疑标记吗？',
  markInvalid: '确定将该物品作废吗？作废后仍可在列表中查到。',
  markValid: '确定恢复该物品（取消作废）吗？',
} as const

const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/
/** A minute of clock difference between the browser and the server is not "the future". */
const CLOCK_SLACK_MS = 60_000

const pawnTime = z.string({ error: (iss) => (iss.input == null ? '当票时间不能为空' : '当票时间格式不正确') })
  .trim().min(1, { error: '当票时间不能为空' })
  .regex(DATE_TIME_RE, { error: '当票时间格式不正确，应为 YYYY-MM-DD HH:mm:ss' })
  .refine((s) => !Number.isNaN(parseDateTime(s).getTime()), { error: '当票时间不是有效的时间' })
  .refine((s) => parseDateTime(s).getTime() <= Date.now() + CLOCK_SLACK_MS, { error: GoodsMsg.pawnTimeFuture })
  .describe('当票时间')

const pictureIds = z.array(idField('物品照片'), { error: (iss) => (iss.input == null ? '请上传物品照片' : '物品照片格式不正确') })
  .min(1, { error: '请至少上传一张物品照片' }).max(GOODS_MAX_PICTURES, { error: `物品照片最多${GOODS_MAX_PICTURES}张` })
  .describe('物品照片')

export const goodsFields = {
  name: text('物品名称', 100),
  category: oneOf('物品类别', GOODS_CATEGORIES),
  ticketNumber: text('当票号', 50),
  ticketPicId: idField('当票照片'),
  goodsPicIds: pictureIds,
  pawnTime,
  pawnName: text('当户姓名', 50),
  phone: mobileField('手机号'),
  idNumber: idNumberField('身份证号'),
  isInvalid: oneOf('是否作废', GOODS_INVALID).default('否'),
  doubtable: oneOf('是否可疑', GOODS_DOUBTABLE).default('正常'),
  /** headquarters registers for a base; everyone else for their own */
  shopId: optIdField('基地'),
}

export const goodsBody = z.object(goodsFields)
export type GoodsBody = z.infer<typeof goodsBody>

/**
 * `POST /goods/update/{id}`: the fields sent are changed, the others kept. The edit dialog never holds
 * the full phone or ID number (lists show them masked), so it sends them only when retyped; marking
 * 可疑 or 作废 sends that field alone.
 */
export const goodsUpdateBody = z.object({
  name: goodsFields.name.optional(),
  category: goodsFields.category.optional(),
  ticketNumber: goodsFields.ticketNumber.optional(),
  ticketPicId: goodsFields.ticketPicId.optional(),
  goodsPicIds: pictureIds.optional(),
  pawnTime: pawnTime.optional(),
  pawnName: goodsFields.pawnName.optional(),
  phone: goodsFields.phone.optional(),
  idNumber: goodsFields.idNumber.optional(),
  isInvalid: oneOf('是否作废', GOODS_INVALID).optional(),
  doubtable: oneOf('是否可疑', GOODS_DOUBTABLE).optional(),
  shopId: goodsFields.shopId,
})
export type GoodsUpdateBody = z.infer<typeof goodsUpdateBody>

const optChoice = <T extends string>(label: string, values: readonly [T, ...T[]]) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf(label, values).optional()).describe(label)

export const goodsFilters = z.object({
  name: filterText('物品名称'),
  category: optChoice('物品类别', GOODS_CATEGORIES),
  shopId: optIdField('基地'),
  createTimeQuery: dateRange('登记时间'),
  pawnName: filterText('当户姓名', 50),
  phone: filterText('手机号', 11),
  idNumber: filterText('身份证号', 18),
  doubtable: optChoice('是否可疑', GOODS_DOUBTABLE),
  ticketNumber: filterText('当票号', 50),
  isInvalid: optChoice('是否作废', GOODS_INVALID),
  /** the description search: name, ticket number and the text read from the photos, one misread character allowed */
  imagetext: filterText('描述文字', 100),
})
export type GoodsFilters = z.infer<typeof goodsFilters>
export const goodsQuery = paging.extend(goodsFilters.shape)
export type GoodsQuery = z.infer<typeof goodsQuery>

export const goodsRevealBody = revealBody(['idNumber', 'phone'])
export type GoodsRevealBody = z.infer<typeof goodsRevealBody>

/** An item as lists, exports and the detail show it: phone and ID number masked. */
export interface Goods {
  id: number
  name: string
  ticketNumber: string
  category: GoodsCategory
  ticketPicId: number
  goodsPicIds: number[]
  shopId: number
  shopName: string
  pawnTime: string
  createTime: string
  pawnName: string
  phone: string
  idNumber: string
  isInvalid: (typeof GOODS_INVALID)[number]
  doubtable: (typeof GOODS_DOUBTABLE)[number]
  /** what the OCR read on the photos ('' until it has read them) */
  photoText: string
}
