/**
 * What the reader knows about each ticket field: the fields themselves come from the contract
 * (DELIVERY_FIELDS, SIGN_FIELDS); here are the shape of each field's value and the labels printed
 * in front of it. Inside the reader a field is often named by its suffix ('NetWeight'), which
 * stands for deliveryNetWeight on a delivery note and signNetWeight on a receiving note.
 */
import { FIELD_PREFIX, FIELDS_BY_TYPE, type DELIVERY_FIELDS, type SIGN_FIELDS, type TicketField } from '@app/contract'
import type { FileType } from './types.js'

type Suffix<F, P extends string> = F extends `${P}${infer S}` ? S : never
type DeliverySuffix = Suffix<keyof typeof DELIVERY_FIELDS, typeof FIELD_PREFIX[1]>
type SignSuffix = Suffix<keyof typeof SIGN_FIELDS, typeof FIELD_PREFIX[2]>
export type FieldSuffix = DeliverySuffix | SignSuffix

export type FieldKind = 'org' | 'text' | 'spec' | 'plate' | 'code' | 'time' | 'weight' | 'int' | 'person' | 'remark'

const PREFIX_RE = new RegExp(`^(${Object.values(FIELD_PREFIX).join('|')})`)

/** The fields of a ticket type, in form order. */
export const fieldNames = (fileType: FileType) => Object.keys(FIELDS_BY_TYPE[fileType]) as TicketField[]

/** The suffixes of a ticket type's fields, in form order. */
export const fieldSuffixes = (fileType: FileType) => fieldNames(fileType).map((f) => f.slice(FIELD_PREFIX[fileType].length))

/** A field name with its ticket type's prefix: 'NetWeight' -> 'deliveryNetWeight'; a prefixed name stays. */
export const qualifyField = (field: string, fileType: FileType) => (PREFIX_RE.test(field) ? field : FIELD_PREFIX[fileType] + field)

/** 'deliveryNetWeight' | 'NetWeight' -> 'NetWeight' */
export const fieldSuffix = (property: string) => property.replace(PREFIX_RE, '')

const FIELD_KIND: Record<FieldSuffix, FieldKind> = {
  Manufactory: 'org', Customer: 'org', Carrier: 'org', Name: 'org', Settlement: 'org',
  GoodsName: 'text', Place: 'text', Additional: 'remark',
  Specific: 'spec', PlateNumber: 'plate', Number: 'code', Time: 'time',
  NetWeight: 'weight', FirstNetWeight: 'weight', GrossWeight: 'weight', TareWeight: 'weight',
  Bags: 'int', User: 'person',
}

/** The shape of a field's value; undefined for a suffix that names no field. */
export const kindOf = (suffix: string): FieldKind | undefined =>
  Object.hasOwn(FIELD_KIND, suffix) ? FIELD_KIND[suffix as FieldSuffix] : undefined

const ORG_MAN = ['生产厂家', '生产企业', '生产单位', '生产商', '制造商', '供货厂家', '供货单位', '供货商', '供应商', '发货单位', '发货厂家', '发货方', '厂家名称', '厂家', '厂名', '销售单位']
const CUSTOMER = ['购货单位', '购货方', '购买单位', '购方单位', '客户名称', '客户单位', '订货单位', '采购单位', '需方', '客户']
const GOODS = ['产品名称', '商品名称', '货物名称', '物料名称', '物资名称', '货品名称', '水泥品种', '品名', '品种', '货名', '物料', '产品', '商品', '货物']
const SPEC = ['水泥编号', '出厂编号', '水泥批号', '出厂批号', '批次号', '批号', '规格型号', '品种规格', '规格', '型号', '强度等级', '编号']
const PLATE = ['车牌号码', '车牌号', '车辆号码', '车辆牌号', '运输车号', '车号', '车牌', '车辆']
const CARRIER = ['承运单位', '承运公司', '承运商', '承运人', '承运方', '运输单位', '运输公司', '物流公司', '承运']
const BAGS = ['袋数', '包数', '件数']
const GROSS = ['毛重量', '毛重', '总重', 'GROSS']
const TARE = ['皮重量', '皮重', '空车重', '车重', 'TARE']
const REMARK = ['备注', '附注']

/** Built-in label synonyms per field, best first. */
export const SYNONYMS: { 1: Record<DeliverySuffix, string[]>; 2: Record<SignSuffix, string[]> } = {
  1: {
    Manufactory: ORG_MAN,
    Customer: [...CUSTOMER, '收货单位', '收货方'],
    GoodsName: GOODS,
    Specific: SPEC,
    PlateNumber: PLATE,
    Carrier: CARRIER,
    Number: ['发货单号', '单据编号', '单据号码', '单据号', '提货单号', '出库单号', '销售单号', '过磅单号', '磅单号', '流水号', '票据号', '单号', '票号', '编号', 'NO.', 'NO'],
    Time: ['发货时间', '发货日期', '出厂时间', '出厂日期', '出库时间', '出库日期', '过磅时间', '过磅日期', '称重时间', '提货时间', '日期', '时间'],
    NetWeight: ['实发净重', '净重量', '净重', '实重', 'NET'],
    Bags: BAGS,
    GrossWeight: GROSS,
    TareWeight: TARE,
    Additional: REMARK,
  },
  2: {
    Manufactory: ORG_MAN,
    Customer: CUSTOMER,
    GoodsName: GOODS,
    Specific: SPEC,
    PlateNumber: PLATE,
    Carrier: CARRIER,
    Name: ['收货单位名称', '收货单位', '收货方', '收货客户', '到货单位', '接收单位', '到达站', '到站'],
    Place: ['收货地址', '收货地点', '卸货地点', '卸货地址', '送货地址', '送货地点', '交货地点', '交货地址', '工地地址', '工程地址', '施工地点', '地址'],
    Number: ['收货单号', '单据编号', '单据号码', '单据号', '签收单号', '入库单号', '过磅单号', '磅单号', '流水号', '票据号', '单号', '票号', '编号', 'NO.', 'NO'],
    Time: ['收货时间', '收货日期', '签收时间', '签收日期', '到货时间', '到货日期', '卸货时间', '入库时间', '过磅时间', '过磅日期', '称重时间', '日期', '时间'],
    NetWeight: ['实收净重', '收货净重', '净重量', '净重', '实重', 'NET'],
    FirstNetWeight: ['第一收货净重', '首次净重'],
    Bags: BAGS,
    GrossWeight: GROSS,
    TareWeight: TARE,
    User: ['签收人', '验收人', '收货人', '收料员', '收料人', '经办人', '司磅员', '过磅员', '司磅', '签收'],
    Settlement: ['结算单位', '结算客户', '结算方', '付款单位'],
    Additional: REMARK,
  },
}

/**
 * The trade's vocabulary (issue 38): a label is a word that says whose or what it is (承运, 结算, 卸货 …)
 * and a word that says which kind of thing it names (单位, 方, 人, 地点 …). Tickets combine them freely
 * and shorten them (承运方, 运输商, 承运车队, 收方, 卸点, 结算, 签收员), so each field's labels are all
 * the combinations of its heads and tails, appended after its usual labels; a combination another
 * field of the type already prints is left to that field.
 */
const ORG_TAILS = ['单位名称', '单位', '企业', '公司', '方', '商', '户', '对象', '客户']
const PERSON_TAILS = ['人员', '人', '员']
const PLACE_TAILS = ['地址', '地点', '位置', '点', '地']
/** the labels composed from the vocabulary (not among the usual labels): too many to read a misread label as one of them */
export const COMPOSED_LABELS = new Set<string>()
const VOCABULARY: Record<string, { heads: string[]; tails: string[]; alone?: boolean }[]> = {
  Manufactory: [{ heads: ['生产', '供货', '供', '发货', '出货', '制造', '出厂'], tails: ORG_TAILS }],
  Customer: [{ heads: ['购货', '购买', '购', '需', '订货', '采购', '提货', '客户'], tails: ORG_TAILS }],
  Carrier: [{ heads: ['承运', '运输', '物流', '运货', '货运'], tails: [...ORG_TAILS, '车队'], alone: true }],
  Name: [{ heads: ['收货', '收', '接收', '到货', '收料', '收方'], tails: ORG_TAILS }],
  Place: [{ heads: ['收货', '卸货', '卸车', '卸料', '卸', '送货', '交货', '到货', '送达', '目的', '工地', '工程', '施工', '交付'], tails: PLACE_TAILS }],
  Settlement: [{ heads: ['结算', '付款', '结账', '付费'], tails: ORG_TAILS, alone: true }],
  User: [{ heads: ['签收', '接收', '确认', '收货', '验收', '收料', '经办', '签字', '核收'], tails: PERSON_TAILS }, { heads: ['签收', '签字', '签名'], tails: [], alone: true }],
}
for (const type of [1, 2] as const) {
  const table: Record<string, string[]> = SYNONYMS[type]
  const taken = new Set(Object.values(table).flat())
  for (const [suffix, own] of Object.entries(VOCABULARY)) {
    if (!Object.hasOwn(table, suffix)) continue
    // a delivery note's consignee is its customer: 收货客户, 收方单位 name it there
    const groups = type === 1 && suffix === 'Customer' ? [...own, ...VOCABULARY.Name!] : own
    for (const { heads, tails, alone } of groups) {
      for (const h of heads) {
        for (const w of [...tails.map((t) => h + t), ...(alone ? [h] : [])]) {
          if (w.length < 2 || taken.has(w)) continue
          taken.add(w)
          COMPOSED_LABELS.add(w)
          table[suffix]!.push(w)
        }
      }
    }
  }
  // a party named twice over: 需方单位, 供方名称, 收货单位名称
  for (const [suffix, labels] of Object.entries(table)) {
    if (kindOf(suffix) !== 'org') continue
    for (const l of [...labels]) {
      for (const w of /方$/.test(l) ? [l + '单位', l + '名称'] : /单位$/.test(l) ? [l + '名称'] : []) {
        if (taken.has(w)) continue
        taken.add(w)
        COMPOSED_LABELS.add(w)
        labels.push(w)
      }
    }
  }
}

/** The labels of a field on a ticket type, best first; undefined for a suffix that names no field of the type. */
export const synonymsOf = (fileType: FileType, suffix: string): string[] | undefined => {
  const table: Record<string, string[]> = SYNONYMS[fileType]
  return Object.hasOwn(table, suffix) ? table[suffix] : undefined
}

/** Labels that belong to no field but must stop a value (so their values are not taken). */
export const STOP_LABELS = [
  '司机姓名', '司机', '驾驶员', '联系电话', '电话', '手机', '制单人', '制单', '开票人', '开票', '审核人', '审核',
  '单价', '金额', '数量', '仓库', '发货人', '提货人', '装车人', '签字', '负责人', '运费', '磅房', '磅号',
  '身份证', '合同号', '合同编号', '订单号', '扣重', '扣杂', '含水', '执行标准', '包装', '出厂日期前',
  '大写金额', '金额大写', '大写', '打印时间', '打印日期', '价税合计', '税额', '车型', '轴数'
]
