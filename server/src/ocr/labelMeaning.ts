/**
 * Labels the reader does not know, read by their meaning (issue 38): a ticket prints words for its
 * fields that no list holds ('卸料点', '运输车辆', '付款方名称'), and their fields were left empty. A box
 * that reads as a label (a short run of Chinese with nothing else, or an unknown "xxxx：") is given the
 * field its words name: the last of the trade's words it holds decides ('运输车辆' is a vehicle, not a
 * carrier), a word that only says "a party" or "a person" (单位, 方, 名称, 人, 员) deciding nothing.
 * Only fields the known labels left empty are looked for this way (analyze.ts).
 */
import type { Layout } from './neighbours.js'
import type { FileType } from './types.js'

/** the trade's words for each field, by ticket type ('Name' and 'User', 'Place', 'Settlement' are the receiving note's) */
const WORDS: Record<string, string[]> = {
  Carrier: ['承运', '运输', '物流', '货运', '车队', '运货', '运力'],
  Place: ['卸', '送达', '目的地', '地址', '地点', '交货地', '送货地', '到达地', '收货地', '工地', '工程地', '施工地'],
  Settlement: ['结算', '付款', '结账', '付费'],
  User: ['签收', '签字', '签名', '签认', '验收', '经办', '经手', '确认人', '收货人', '接收人', '收货员', '收料人', '收料员', '核收', '接货人', '点收'],
  PlateNumber: ['车牌', '车号', '牌照', '牌号', '车辆'],
  GrossWeight: ['毛重', '毛量', '总重'],
  TareWeight: ['皮重', '皮', '空车', '自重', '车重'],
  NetWeight: ['净重', '净', '实重', '实收量', '实发量'],
  Bags: ['袋', '包数', '件数'],
  GoodsName: ['品名', '品种', '货物', '货品', '物料', '产品', '货名', '物资', '材料', '商品'],
  Specific: ['批号', '批次', '规格', '型号', '等级', '强度', '水泥编号', '出厂编号'],
  Number: ['单号', '票号', '单据', '票据', '凭证', '流水', '编码', '单编号'],
  Time: ['日期', '时间', '时刻'],
  Customer: ['客户', '购', '需方', '需求方', '订货', '采购', '买方', '用户'],
  Manufactory: ['供', '厂家', '厂商', '生产', '制造', '厂名', '出厂单位', '卖方', '发货', '出货', '发方'],
  Name: ['收货单位', '收方', '接收单位', '到货单位', '收料单位', '收货方', '收货企业'],
}

/** a box that reads as a label: 2-8 Chinese characters (besides a colon, an English name, a unit in brackets); no digit, no organisation's or place's end */
const LABEL_LIKE = /^[\u4e00-\u9fff]{2,8}$/
const NOT_A_LABEL = /(?:公司|厂|集团|中心|站|部|处|局|院|所|队|店|路|街|号|区|县|市|省|镇|村|水泥|单)$/

/** the field (suffix) of a ticket type that the label's words name, or null */
export function meaningOf(label: string, fileType: FileType, fields: ReadonlySet<string>): string | null {
  let best: { suffix: string; end: number; length: number } | null = null
  for (const [own, words] of Object.entries(WORDS)) {
    // a delivery note's consignee is its customer
    const suffix = own === 'Name' && fileType === 1 ? 'Customer' : own
    for (const w of words) {
      const at = label.lastIndexOf(w)
      if (at < 0) continue
      const end = at + w.length
      if (!best || end > best.end || (end === best.end && w.length > best.length)) best = { suffix, end, length: w.length }
    }
  }
  // the words decide the field even when it is not wanted: '运输车辆' names no carrier, whether the plate is read or not
  return best && fields.has(best.suffix) ? best.suffix : null
}

/**
 * The labels of `layout` no list holds whose words name one of the `empty` fields (suffixes), by field.
 * `known`: the labels the reader knows (upper case).
 */
export function labelsByMeaning(layout: Layout, empty: string[], known: ReadonlySet<string>): Record<string, string[]> {
  const wanted = new Set(empty)
  const found: Record<string, string[]> = {}
  const add = (text: string) => {
    // the Chinese words alone: an English name or a unit in brackets beside them is read with the label (segments.ts labelTail)
    const label = text.replace(/[(（][^)）]{0,12}[)）]/g, '').replace(/[A-Za-z./&\s-]+/g, '').replace(/[:：]+$/, '')
    if (!LABEL_LIKE.test(label) || NOT_A_LABEL.test(label) || known.has(label)) return
    const suffix = meaningOf(label, layout.fileType, wanted)
    if (suffix && !(found[suffix] ??= []).includes(label)) found[suffix]!.push(label)
  }
  for (const it of layout.items) {
    // a box with nothing but an unknown label, or an unknown "xxxx：" label of its own
    if (!it.segs.length) add(it.text.replace(/\s+/g, ''))
    for (const s of it.segs) if (s.label && !known.has(s.label)) add(s.label)
  }
  return found
}
