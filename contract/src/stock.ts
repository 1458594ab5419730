import { z } from 'zod'
import { dateRange, filterText, idField, oneOf, optIdField, optInt, optText, text } from './fields.js'
import { optChoice, priceFen, QUANTITY_SCALE, quantity } from './materials.js'
import { paging } from './zod.js'

/**
 * A base's stock (库存, company_material): a ledger of movements per material whose sum is the
 * balance; stock-taking (盘点); supply orders between paired bases (供货单); sales and refunds (销售).
 * Quantities are integer thousandths inside, decimal text outside; money is fen.
 */

/** what moved stock, and its Chinese name in lists and exports */
export const MOVEMENT_KINDS = {
  received: '供货入库',
  purchased: '采购入库',
  shipped: '供货出库',
  sold: '销售出库',
  refunded: '退货入库',
  used: '领用',
  lost: '损耗',
  adjusted: '盘点调整',
} as const
export type MovementKind = keyof typeof MOVEMENT_KINDS
const KIND_KEYS = Object.keys(MOVEMENT_KINDS) as [MovementKind, ...MovementKind[]]
/** the movements a base records by hand (the others come from orders, sales and counts) */
export const MANUAL_KINDS = ['purchased', 'used', 'lost'] as const
export type ManualKind = (typeof MANUAL_KINDS)[number]

export const SUPPLY_STATUS = ['待确认', '已发货', '已收货', '已取消'] as const
export const SupplyStatus = { pending: 0, shipped: 1, received: 2, cancelled: 3 } as const
export const STOCK_TAKE_STATUS = ['待确认', '已确认', '已取消'] as const
export const StockTakeStatus = { pending: 0, confirmed: 1, cancelled: 2 } as const
export const PAYMENT_METHODS = ['现金', '微信', '支付宝', '银行卡', '挂账'] as const
export const SALE_KINDS = ['销售', '退款'] as const
/** lines of one order, sale or count */
export const STOCK_MAX_LINES = 200

export const STOCK_EXPORT_NAME = '库存列表'
export const LEDGER_EXPORT_NAME = '出入库明细'
export const SALE_EXPORT_NAME = '销售列表'

export const StockMsg = {
  shortage: (name: string, have: string, want: string) => `物料“${name}”库存不足：现有${have}，需要${want}`,
  recorded: '已记录',
  stockTakeNotFound: '盘点单不存在',
  stockTakeState: (from: string, to: string) => `盘点单当前为“${from}”，不能改为“${to}”`,
  stockChanged: (name: string) => `盘点后物料“${name}”的库存有变动，请重新盘点`,
  duplicateMaterial: '同一物料只能盘点一行',
  reasonNeeded: (name: string) => `物料“${name}”盘点有差异，请填写原因`,
  confirmed: '盘点已确认，库存已调整',
  orderNotFound: '供货单不存在',
  notPaired: '总部尚未设置该基地从此供货基地进货，不能下单',
  supplierOnly: '只有供货基地可以发货',
  buyerOnly: '只有采购基地可以确认收货',
  partyOnly: '只有采购基地或供货基地可以取消供货单',
  orderState: (from: string, to: string) => `供货单当前为“${from}”，不能改为“${to}”`,
  shipped: '已发货',
  received: '已收货，库存已增加',
  cancelled: '已取消',
  saleNotFound: '销售单不存在',
  refundOfRefund: '退款单不能再退款',
  alreadyRefunded: '该销售单已退款',
  refunded: '已退款，库存已退回',
  reportNotFound: '检验报告不存在',
  priceYuan: '单价格式不正确，应为不超过1000000元的金额，最多2位小数',
  priceNeeded: '请填写单价',
  materialNeeded: '请选择物料',
  duplicateLine: '同一物料请合并为一行',
  supplierNeeded: '请选择供货基地',
  noSupplier: '总部尚未给本基地设置供货基地，暂不能下供货单',
  receiptOpened: '销售单已在新窗口打开',
  receiptFailed: '销售单未能生成 PDF（超出了限定的时间和内存），请稍后重试',
} as const

/** A sale line's amount: fen a unit × thousandths → fen, half up, exactly (BigInt: a large line passes 2^53 in between). */
export function lineAmount(price: number, quantity: number): number {
  const scale = BigInt(QUANTITY_SCALE)
  return Number((BigInt(price) * BigInt(quantity) * 2n + scale) / (2n * scale))
}

const lines = <T extends z.ZodTypeAny>(label: string, line: T) =>
  z.array(line, { error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}格式不正确`) })
    .min(1, { error: `${label}至少需要1项` }).max(STOCK_MAX_LINES, { error: `${label}不能超过${STOCK_MAX_LINES}项` })
    .describe(label)

// ---- balances and ledger

export const stockFilters = z.object({
  companyId: optIdField('基地'),
  materialName: filterText('物料名称'),
  typeId: optIdField('物料类型'),
  /** 是: only the balances at or under the material's threshold */
  low: optChoice('库存预警', ['是', '否']),
})
export const stockQuery = paging.extend(stockFilters.shape)
export type StockQuery = z.infer<typeof stockQuery>

export interface StockBalance {
  companyId: number
  companyName: string
  materialId: number
  materialName: string
  typeName: string
  specification: string | null
  unit: string
  quantity: string
  lowStock: string
  /** at or under the threshold (a threshold of 0 marks nothing) */
  low: boolean
  /** null where the base never held the material */
  updateTime: string | null
}

export const ledgerFilters = z.object({
  companyId: optIdField('基地'),
  materialId: optIdField('物料'),
  kind: optChoice('类型', KIND_KEYS),
  createTimeQuery: dateRange('时间'),
})
export const ledgerQuery = paging.extend(ledgerFilters.shape)
export type LedgerQuery = z.infer<typeof ledgerQuery>

export interface LedgerEntry {
  id: number
  companyId: number
  materialId: number
  materialName: string
  unit: string
  kind: MovementKind
  kindName: string
  /** signed: a decrease starts with '-' */
  quantity: string
  reason: string | null
  supplyOrderId: number | null
  saleId: number | null
  stockTakeId: number | null
  userName: string
  createTime: string
}

export const movementBody = z.object({
  companyId: optIdField('基地'),
  materialId: idField('物料'),
  kind: oneOf('类型', MANUAL_KINDS, '采购入库（purchased）、领用（used）、损耗（lost）'),
  quantity: quantity('数量'),
  reason: optText('原因', 200),
})
export type MovementBody = z.infer<typeof movementBody>

// ---- stock-taking

export const stockTakeBody = z.object({
  companyId: optIdField('基地'),
  lines: lines('盘点明细', z.object({
    materialId: idField('物料'),
    counted: quantity('实盘数量', { min: 0 }),
    reason: optText('差异原因', 200),
  })),
})
export type StockTakeBody = z.infer<typeof stockTakeBody>
export const stockTakeQuery = paging.extend({
  companyId: optIdField('基地'),
  status: optInt('状态', 0, STOCK_TAKE_STATUS.length - 1),
  createTimeQuery: dateRange('盘点时间'),
})
export type StockTakeQuery = z.infer<typeof stockTakeQuery>

export interface StockTakeLine {
  materialId: number
  materialName: string
  unit: string
  /** the balance when counted */
  book: string
  counted: string
  difference: string
  reason: string | null
}
export interface StockTake {
  id: number
  companyId: number
  companyName: string
  status: number
  statusName: string
  userName: string
  confirmUserName: string | null
  createTime: string
  confirmTime: string | null
  lines: StockTakeLine[]
}

// ---- supply orders

export const supplyOrderBody = z.object({
  /** the ordering base: headquarters names it, a base orders for itself */
  companyId: optIdField('采购基地'),
  supplierCompanyId: idField('供货基地'),
  lines: lines('供货明细', z.object({ materialId: idField('物料'), quantity: quantity('数量') })),
  remark: optText('备注', 200),
})
export type SupplyOrderBody = z.infer<typeof supplyOrderBody>
/** a line as a client sends it: the quantity as decimal text ('1.5'), which the schema turns into thousandths */
type SentLine<L> = Omit<L, 'quantity'> & { quantity: string }
/** what the web sends to /supplyOrder/save */
export type SupplyOrderRequest = Omit<SupplyOrderBody, 'lines'> & { lines: SentLine<SupplyOrderBody['lines'][number]>[] }
export const supplyOrderQuery = paging.extend({
  companyId: optIdField('采购基地'),
  supplierCompanyId: optIdField('供货基地'),
  status: optInt('状态', 0, SUPPLY_STATUS.length - 1),
  createTimeQuery: dateRange('下单时间'),
})
export type SupplyOrderQuery = z.infer<typeof supplyOrderQuery>

export interface SupplyOrderLine { materialId: number; materialName: string; unit: string; quantity: string }
export interface SupplyOrder {
  id: number
  companyId: number
  companyName: string
  supplierCompanyId: number
  supplierCompanyName: string
  status: number
  statusName: string
  remark: string | null
  userName: string
  createTime: string
  shipTime: string | null
  receiveTime: string | null
  lines: SupplyOrderLine[]
}

// ---- sales

export const saleBody = z.object({
  companyId: optIdField('基地'),
  /** the tanker's unit */
  customer: text('客户单位', 100),
  reportId: optIdField('检验报告'),
  paymentMethod: oneOf('付款方式', PAYMENT_METHODS),
  lines: lines('销售明细', z.object({
    materialId: idField('物料'),
    quantity: quantity('数量'),
    /** fen a unit; the material's list price when not given */
    price: priceFen('单价（分）').optional(),
  })),
  remark: optText('备注', 200),
})
export type SaleBody = z.infer<typeof saleBody>
/** what the web sends to /sale/save */
export type SaleRequest = Omit<SaleBody, 'lines'> & { lines: SentLine<SaleBody['lines'][number]>[] }
export const refundBody = z.object({ reason: text('退款原因', 200) })
export type RefundBody = z.infer<typeof refundBody>

export const saleFilters = z.object({
  companyId: optIdField('基地'),
  customer: filterText('客户单位'),
  paymentMethod: optChoice('付款方式', PAYMENT_METHODS),
  kind: optChoice('类型', SALE_KINDS),
  createTimeQuery: dateRange('销售时间'),
})
export const saleQuery = paging.extend(saleFilters.shape)
export type SaleQuery = z.infer<typeof saleQuery>

export const SALE_SUMMARY_EXPORT_NAME = '销售汇总'
/** what the summary adds up apart within a day or month: each base, each material, each seller */
export const SALE_SUMMARY_GROUPS = { base: '按基地', material: '按物料', seller: '按销售人' } as const
export type SaleSummaryGroup = keyof typeof SALE_SUMMARY_GROUPS
const SUMMARY_GROUP_KEYS = Object.keys(SALE_SUMMARY_GROUPS) as [SaleSummaryGroup, ...SaleSummaryGroup[]]

/** Sales added up by the database a day or a month (China time) and base, material or seller. */
export const saleSummaryFilters = z.object({
  companyId: optIdField('基地'),
  by: oneOf('汇总方式', ['day', 'month'], '按日（day）、按月（month）').default('day'),
  group: oneOf('汇总对象', SUMMARY_GROUP_KEYS, '按基地（base）、按物料（material）、按销售人（seller）').default('base'),
  createTimeQuery: dateRange('销售时间'),
})
export const saleSummaryQuery = paging.extend(saleSummaryFilters.shape)
export type SaleSummaryQuery = z.infer<typeof saleSummaryQuery>
export interface SaleSummary {
  /** 'YYYY-MM-DD' or 'YYYY-MM' */
  period: string
  companyId: number
  companyName: string
  /** the material's or the seller's id and name; null when summed by base */
  itemId: number | null
  itemName: string | null
  /** by material: its unit and the quantity sold less the quantity refunded; else null */
  unit: string | null
  quantity: string | null
  saleCount: number
  refundCount: number
  /** fen */
  salesTotal: number
  /** fen, negative or 0 */
  refundTotal: number
  /** fen */
  net: number
}

export interface SaleLine { materialId: number; materialName: string; unit: string; quantity: string; price: number; amount: number }
export interface Sale {
  id: number
  companyId: number
  companyName: string
  kind: (typeof SALE_KINDS)[number]
  customer: string
  reportId: number | null
  reportNumber: string | null
  paymentMethod: string
  /** fen; a refund's is negative */
  total: number
  /** the sale a refund returns */
  refundOfId: number | null
  /** set on a sale that has been refunded */
  refundId: number | null
  remark: string | null
  sellerName: string
  createTime: string
  lines: SaleLine[]
}
