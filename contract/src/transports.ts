import { z } from 'zod'
import { TRANSPORT_MAX_PAGE_SIZE } from './constants.js'
import { dateRange, filterText, idField, optDateTime, optIdField, optInt, optText, optWeight } from './fields.js'
import { DELIVERY_FIELDS, SIGN_FIELDS, type FieldCorrection, type FieldMeta, type FieldValue, type TicketField } from './tickets.js'
import { MAX_EXTRA_DESTINATIONS, type DangerLevel } from './transportMath.js'
import { pagingUpTo } from './zod.js'

/**
 * Transports (spec 001 §3 "Transport record", §7 "Transport"): a delivery note and its receiving note,
 * with up to eight extra destinations. Status (DESIGN §5): 1 暂存, 2 上传完成, 3 作废.
 */
export const TRANSPORT_STATUS = { 1: '暂存', 2: '上传完成', 3: '作废' } as const
export type TransportStatus = keyof typeof TRANSPORT_STATUS
export const TransportStatus = { TEMP: 1, DONE: 2, INVALID: 3 } as const satisfies Record<string, TransportStatus>

/** Transport grid page sizes (spec 001 §9). */
export const TRANSPORT_PAGE_SIZE_OPTIONS = [3, 20, 100, 500, 1000, 5000, 10000, 50000, 100000] as const

const TEXT_MAX: Partial<Record<TicketField, number>> = {
  deliverySpecific: 50, signSpecific: 50, deliveryPlateNumber: 20, signPlateNumber: 20,
  deliveryNumber: 64, signNumber: 64, deliveryAdditional: 500, signAdditional: 500, signPlace: 200,
}
const NUMBER_FIELDS = new Set<TicketField>([
  'deliveryNetWeight', 'deliveryGrossWeight', 'deliveryTareWeight', 'deliveryBags',
  'signNetWeight', 'signFirstNetWeight', 'signGrossWeight', 'signTareWeight', 'signBags',
])
const TIME_FIELDS = new Set<TicketField>(['deliveryTime', 'signTime'])

const BAGS_MAX = 100_000
function fieldSchema(key: TicketField, label: string) {
  if (key.endsWith('Bags')) return optInt(label, 0, BAGS_MAX)
  if (NUMBER_FIELDS.has(key)) return optWeight(label)
  if (TIME_FIELDS.has(key)) return optDateTime(label)
  return optText(label, TEXT_MAX[key] ?? 100)
}
const shapeOf = <T extends Record<string, string>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([k, label]) => [k, fieldSchema(k as TicketField, label)])) as
    { [K in keyof T]: ReturnType<typeof fieldSchema> }

/** An extra destination (spec 001 §3): the 2nd to the 9th receiving place. */
export const destinationBody = z.object({
  dest: optText('收货单位', 100),
  address: optText('收货地址', 200),
  signTime: optDateTime('收货时间'),
  weight: optWeight('收货净重'),
  bags: optInt('袋数', 0, BAGS_MAX),
  signGrossWeight: optWeight('毛重'),
  signTareWeight: optWeight('皮重'),
  signUser: optText('签收人姓名', 50),
  signSettlement: optText('结算单位', 100),
  signAdditional: optText('备注', 500),
  /** the picture from `/logistics/upload` */
  picUrl: optText('票据图片', 300),
})
export type DestinationBody = z.infer<typeof destinationBody>

/**
 * The merged record the upload and edit pages send (`saveTemp`, `saveTempFin`, `save`, `update`).
 * Pictures are the attachments the ticket reading answered (`deliveryPicId`, `signPicId`); the OCR
 * originals (ud-) are the server's own record of that reading, never taken from the client.
 * `companyId`, `userId` and any other key the old clients send are ignored.
 */
export const transportBody = z.object({
  /** continue a temporarily saved transport */
  id: optIdField('运单'),
  ...shapeOf(DELIVERY_FIELDS),
  ...shapeOf(SIGN_FIELDS),
  deliveryPicId: optIdField('发货票据'),
  signPicId: optIdField('收货票据'),
  destinations: z.array(destinationBody, { error: '其他收货地格式不正确' })
    .max(MAX_EXTRA_DESTINATIONS, { error: `其他收货地最多${MAX_EXTRA_DESTINATIONS}个` }).optional(),
  /** the version the page loaded (update, continue): a stale one is refused with 409 */
  version: optInt('版本', 0, 2_147_483_647),
  /** save although the ticket is already on another transport (logged) */
  confirmDuplicate: z.boolean({ error: '确认重复格式不正确' }).optional(),
})
export type TransportBody = z.infer<typeof transportBody>

/** What a full save (status 2, upload page) needs, with the spec's messages (spec 001 §5). */
export const DELIVERY_REQUIRED = {
  deliveryManufactory: '生产厂家不能为空', deliveryCustomer: '购货单位不能为空', deliveryGoodsName: '商品名称不能为空',
  deliverySpecific: '水泥编号不能为空', deliveryCarrier: '承运单位不能为空', deliveryPlateNumber: '车牌号不能为空',
  deliveryTime: '发货时间不能为空', deliveryNetWeight: '发货净重不能为空',
} as const satisfies Partial<Record<TicketField, string>>
export const SIGN_REQUIRED = {
  signManufactory: '生产厂家不能为空', signCustomer: '购货单位不能为空', signGoodsName: '商品名称不能为空',
  signSpecific: '水泥编号不能为空', signCarrier: '承运单位不能为空', signPlateNumber: '车牌号不能为空',
  signName: '收货单位不能为空', signPlace: '收货地址不能为空', signSettlement: '结算单位不能为空',
  signTime: '收货时间不能为空', signFirstNetWeight: '第一收货净重不能为空', signNetWeight: '收货净重不能为空',
  signUser: '签收人姓名不能为空',
} as const satisfies Partial<Record<TicketField, string>>
/** The edit page's delivery section needs all but the carrier (spec 001 §5). */
export const EDIT_DELIVERY_REQUIRED = {
  deliveryManufactory: DELIVERY_REQUIRED.deliveryManufactory, deliveryCustomer: DELIVERY_REQUIRED.deliveryCustomer,
  deliveryGoodsName: DELIVERY_REQUIRED.deliveryGoodsName, deliverySpecific: DELIVERY_REQUIRED.deliverySpecific,
  deliveryPlateNumber: DELIVERY_REQUIRED.deliveryPlateNumber, deliveryTime: DELIVERY_REQUIRED.deliveryTime,
  deliveryNetWeight: DELIVERY_REQUIRED.deliveryNetWeight,
} as const satisfies Partial<Record<TicketField, string>>
/** The edit page's receiving section needs fewer (spec 001 §5). */
export const EDIT_SIGN_REQUIRED = {
  signManufactory: SIGN_REQUIRED.signManufactory, signCustomer: SIGN_REQUIRED.signCustomer,
  signGoodsName: SIGN_REQUIRED.signGoodsName, signSpecific: SIGN_REQUIRED.signSpecific,
  signPlateNumber: SIGN_REQUIRED.signPlateNumber, signName: SIGN_REQUIRED.signName, signTime: SIGN_REQUIRED.signTime,
  signNetWeight: SIGN_REQUIRED.signNetWeight, signUser: SIGN_REQUIRED.signUser,
} as const satisfies Partial<Record<TicketField, string>>
/** Destination dialog of the upload page, and of the edit page (spec 001 §5). */
export const DESTINATION_REQUIRED = {
  address: '收货地址不能为空', weight: '收货净重不能为空', signUser: '签收人姓名不能为空',
  signTime: '收货时间不能为空', signSettlement: '结算单位不能为空',
} as const satisfies Partial<Record<keyof DestinationBody, string>>
export const EDIT_DESTINATION_REQUIRED = {
  dest: '收货单位不能为空', weight: DESTINATION_REQUIRED.weight, signUser: DESTINATION_REQUIRED.signUser,
} as const satisfies Partial<Record<keyof DestinationBody, string>>

/** The receiving fields checked against the delivery note, with the label of the message. */
export const CONSISTENT_FIELDS = [
  ['signManufactory', 'deliveryManufactory', '生产厂家'],
  ['signCustomer', 'deliveryCustomer', '购货单位'],
  ['signGoodsName', 'deliveryGoodsName', '商品名称'],
  ['signSpecific', 'deliverySpecific', '水泥编号'],
  ['signCarrier', 'deliveryCarrier', '承运单位'],
  ['signPlateNumber', 'deliveryPlateNumber', '车牌号'],
] as const satisfies readonly (readonly [TicketField, TicketField, string])[]
/** The edit page checks five of them (spec 001 §5). */
export const EDIT_CONSISTENT_FIELDS = CONSISTENT_FIELDS.filter(([sign]) => sign !== 'signCarrier')

export const inconsistentMessage = (label: string, deliveryValue: FieldValue) => `与发货${label}不一致：${deliveryValue ?? ''}`

/** A filled receiving field that differs from the delivery one: field -> message (spec 001 §5). */
export function consistencyProblems(record: Partial<Record<TicketField, FieldValue | undefined>>, fields: readonly (readonly [TicketField, TicketField, string])[] = CONSISTENT_FIELDS) {
  const problems: Partial<Record<TicketField, string>> = {}
  for (const [sign, delivery, label] of fields) {
    const s = record[sign]
    const d = record[delivery]
    if (s != null && s !== '' && String(s).trim() !== String(d ?? '').trim()) problems[sign] = inconsistentMessage(label, d ?? '')
  }
  return problems
}

/** `POST /logistics/upStatus/{id}`: the trace page marks a transport invalid (3). */
export const transportStatusBody = z.object({
  status: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '状态只能是1（暂存）、2（上传完成）或3（作废）' })).describe('状态'),
})

/** Grid filters (spec 001 §2). `companyId` only counts for headquarters. */
export const transportFilters = z.object({
  companyId: optIdField('基地'),
  phone: filterText('账号'),
  deliveryManufactory: filterText('生产厂家'),
  deliveryCustomer: filterText('购货单位'),
  deliveryCarrier: filterText('承运单位'),
  deliveryGoodsName: filterText('商品名称'),
  signName: filterText('收货单位'),
  signSettlement: filterText('结算单位'),
  deliveryTimeQuery: dateRange('发货时间'),
  createTimeQuery: dateRange('上传时间'),
  status: optInt('状态', 1, 3),
  dangerLevel: optInt('风险等级', 1, 3),
})
export type TransportFilters = z.infer<typeof transportFilters>
export const transportQuery = pagingUpTo(TRANSPORT_MAX_PAGE_SIZE).extend(transportFilters.shape)
export type TransportQuery = z.infer<typeof transportQuery>

/** `/logistics/findList?companyId=`: the filter inputs' suggestions (spec 001 §3). */
export interface TransportSuggestions {
  deliveryManufactory: string[]
  deliveryCustomers: string[]
  deliveryGoodsNames: string[]
  deliverySpecifics: string[]
  deliveryCarriers: string[]
  signSettlements: string[]
  signNames: string[]
  phones: string[]
}
export const SUGGESTIONS_MAX = 200

export interface Destination {
  id: number
  /** 2 … 9 (the main receipt is 1) */
  ordinal: number
  dest: string | null
  address: string | null
  signTime: string | null
  signTimeStr: string
  weight: number | null
  bags: number | null
  signGrossWeight: number | null
  signTareWeight: number | null
  signUser: string | null
  signSettlement: string | null
  signAdditional: string | null
  picUrl: string | null
}

type Capitalized<K extends string> = `ud${Capitalize<K>}`
/** The OCR originals beside the saved values: udDeliveryNetWeight … (null when the field was not read). */
export type TicketOriginals = { [K in TicketField as Capitalized<K>]?: FieldValue }
export const originalKey = <K extends TicketField>(field: K) => `ud${field[0]!.toUpperCase()}${field.slice(1)}` as Capitalized<K>

type TicketValues = { [K in TicketField]: FieldValue }

/** One transport as the grid, the edit page and `getLogistics` see it. */
export interface Transport extends TicketValues, TicketOriginals {
  id: number
  status: TransportStatus
  companyId: number
  companyName: string
  userId: number | null
  /** the uploader's account (spec: account name) */
  phone: string | null
  createTime: string
  deliveryTimeStr: string
  signTimeStr: string
  deliveryPicId: number | null
  deliveryPicUrl: string | null
  signPicId: number | null
  signPicUrl: string | null
  deliveryOrigin: string | null
  signOrigin: string | null
  poundDiff: number | null
  dangerLevel: DangerLevel | null
  destinations: Destination[]
  version: number
  updateTime: string
  updatedBy: string | null
}

/** `GET /logistics/findDou?id=`: the trace detail (DESIGN §4). */
export interface TransportDetail {
  id: number
  status: TransportStatus
  companyId: number
  version: number
  dangerLevel: DangerLevel | null
  dResponseVO: Pick<Transport, keyof typeof DELIVERY_FIELDS | `ud${Capitalize<keyof typeof DELIVERY_FIELDS>}` | 'deliveryPicUrl' | 'deliveryTimeStr' | 'deliveryOrigin'>
  sResponseVO: Pick<Transport, keyof typeof SIGN_FIELDS | `ud${Capitalize<keyof typeof SIGN_FIELDS>}` | 'signPicUrl' | 'signTimeStr' | 'signOrigin' | 'poundDiff' | 'destinations'>
}

/** Another transport of the company holding the same ticket (same photo, or same number of the same manufacturer). */
export interface DuplicateTicket {
  transportId: number
  reason: 'picture' | 'number'
  ticketType: 1 | 2
  number: string | null
  createTime: string
}

/**
 * `POST /logistics/analysis?fileType=`: the fields read (delivery* or sign*), the picture kept for the
 * transport (`deliveryPicId`/`deliveryPicUrl` or `sign…`), the raw text (`deliveryOrigin`/`signOrigin`),
 * where each value came from, and the company's other transports that already hold this ticket.
 */
export type TicketReadingAnswer = Partial<Record<TicketField, FieldValue>> & Partial<Record<
  'deliveryPicId' | 'signPicId', number>> & Partial<Record<'deliveryPicUrl' | 'signPicUrl' | 'deliveryOrigin' | 'signOrigin', string>> & {
  format: { id: number; name: string } | null
  meta: Record<string, FieldMeta>
  flags: Record<string, string>
  width: number
  height: number
  remainingTimes: number | null
  duplicates: DuplicateTicket[]
}

export const idQuery = z.object({ id: idField('运单') })

export const TransportMsg = {
  notFound: '运单不存在',
  saved: '保存成功',
  tempSaved: '暂存成功',
  updated: '更新成功',
  deleted: '删除成功',
  statusChanged: '操作成功',
  deliveryPictureMissing: '请上传发货票据',
  signPictureMissing: '请上传收货票据',
  incomplete: '数据不完整，请完善数据',
  pictureNotTicket: '票据图片不存在或不属于本基地',
  destinationPictureInvalid: '收货地图片不存在或不属于本基地',
  notTemp: '该运单已上传完成，不能再暂存',
  invalidNoEdit: '该运单已作废，不能修改',
  statusNotAllowed: (from: string, to: string) => `运单状态不能从“${from}”改为“${to}”`,
  stale: (who: string, when: string) => `该运单已被 ${who} 于 ${when} 修改，请刷新后再编辑`,
  duplicate: (list: string) => `该票据已在其他运单中上传过（${list}），确认仍要保存吗？`,
  duplicateLog: (id: number, list: string) => `运单 ${id} 确认保存重复票据：${list}`,
  /** one transport in the duplicate lists */
  duplicateItem: (id: number) => `运单 ${id}`,
  destinationWeightMissing: (name: string) => `${name}的收货净重不能为空`,
  /** a destination's required field: '第二收货地的收货单位不能为空' */
  destinationRequired: (name: string, message: string) => `${name}的${message}`,
} as const

/** how the reader corrected a reading (the form says it beside the field) */
const CORRECTIONS: Record<FieldCorrection, string> = {
  legalSuffix: '已补全公司名称的组织形式',
  grade: '已按标准强度等级更正',
  goods: '已按水泥品种更正',
  plate: '已按车牌规则更正',
  savedName: '已按本基地用过的名称更正',
  place: '已按行政区划更正',
  repeatedName: '已按票面上同一单位的其他写法更正',
  otherReading: '已按地名、行业用词或姓氏改用识别的备选字',
  weights: '已按毛重减皮重等于净重更正',
  numberLetter: '已按单号中的日期更正字母',
}

/** What the upload page says (spec 001 §5, §8) beyond the server's answers. */
export const UploadMsg = {
  uploaded: '上传成功',
  uploadFailed: '上传失败',
  readingCleared: '新照片未能识别，原照片识别出的内容已一并清空，请重新上传或手动填写',
  tempSaveFailed: '暂存失败',
  saveFailed: '保存失败',
  destinationSaved: '保存成功,请修改第1收货地信息',
  destinationNotFound: '未找到要修改的收货地，可能已被删除',
  destinationsFull: `其他收货地最多${MAX_EXTRA_DESTINATIONS}个`,
  netWeightFallback: '识别的净重为空、为0或不在15-80吨之间，已按袋数估算（每袋0.05吨），请核对',
  lowConfidence: (percent: number) => `识别把握不大（${percent}%），请对照图片核对`,
  corrected: (correction: FieldCorrection, raw: string) => `${CORRECTIONS[correction]}，原识别为“${raw}”，请核对`,
  duplicateTitle: '票据重复',
  duplicateFound: '该票据已在本基地的其他运单中上传过',
} as const
