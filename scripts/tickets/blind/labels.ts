/**
 * Label words of the blind families, per field: what weighbridge, delivery and receiving notes of
 * cement plants and sites print. `usual` ones appear on many plants' notes, `rare` ones (synonyms,
 * abbreviations, the words of one software or one site) on fewer. Written from the trade, not from
 * any reader.
 */
export interface Words { usual: readonly string[]; rare: readonly string[] }

export const WORDS: Record<string, Words> = {
  Manufactory: { usual: ['供货单位', '发货单位', '生产厂家'], rare: ['供方', '供货方', '出厂单位', '销售单位', '卖方', '生产厂', '发货方', '供应商'] },
  Customer: { usual: ['客户名称', '购货单位', '客户'], rare: ['购方', '购货方', '客户单位', '采购单位', '买方', '订货方', '需方单位', '提货单位'] },
  GoodsName: { usual: ['品名', '产品名称', '货物名称'], rare: ['物料', '物资名称', '货名', '产品', '物料名称', '材料名称', '品 名'] },
  Specific: { usual: ['批号', '出厂编号', '水泥编号'], rare: ['出厂批号', '批次', '等级/批号', '强度等级及批号', '品种批号', '编号'] },
  PlateNumber: { usual: ['车号', '车牌号'], rare: ['车牌', '车辆', '承运车号', '车号牌', '运输车辆', '车辆牌号', '车船号'] },
  Carrier: { usual: ['承运单位', '运输单位'], rare: ['承运方', '承运商', '运输公司', '车队', '承运', '运输方', '运输商', '运输企业'] },
  Number1: { usual: ['单号', '发货单号', '磅单号'], rare: ['过磅单号', '凭证号', '票据号', '序号', '出库单号', '流水号码', '单据号'] },
  Number2: { usual: ['收货单号', '单号'], rare: ['收料单号', '入库单号', '验收单号', '回单号', '收货编号', '凭证号'] },
  Time1: { usual: ['发货时间', '出厂时间', '过磅时间'], rare: ['出场时间', '称重时间', '开单时间', '日期时间', '二次过磅时间', '出库时间'] },
  Time2: { usual: ['收货时间', '签收时间'], rare: ['到场时间', '进场时间', '卸货时间', '收料时间', '验收时间', '到货时间'] },
  GrossWeight: { usual: ['毛重'], rare: ['总重', '重车重', '毛重量', '重车'] },
  TareWeight: { usual: ['皮重'], rare: ['空车重', '车皮重', '皮重量', '空车'] },
  NetWeight: { usual: ['净重'], rare: ['净量', '实收净重', '结算重量', '净重量', '实收重量', '实发净重', '实发重量'] },
  Bags: { usual: ['袋数'], rare: ['件数', '包数', '袋装数量'] },
  Name: { usual: ['收货单位'], rare: ['收货方', '收货客户', '接收单位', '收料单位', '到货单位', '用料单位', '收方'] },
  Place: { usual: ['收货地址', '卸货地点'], rare: ['卸货点', '交货地点', '送达地址', '到货地点', '卸料地点', '工程地点', '施工地点', '目的地', '送货地址'] },
  Settlement: { usual: ['结算单位'], rare: ['结算方', '付款单位', '结算客户', '结算对象', '开票单位', '付款方', '结算户名'] },
  User: { usual: ['签收人', '收货人'], rare: ['收货人签字', '收货人签名', '验收人', '接收人', '收料人', '经手人', '签收人签字', '现场签收', '收货确认人'] },
}

/** English names of bilingual tickets */
export const ENGLISH: Record<string, readonly string[]> = {
  Manufactory: ['Supplier', 'Shipper', 'Consignor'], Customer: ['Customer', 'Purchaser', 'Client'],
  GoodsName: ['Product', 'Commodity', 'Description'], Specific: ['Batch No.', 'Lot No.', 'Grade/Batch'],
  PlateNumber: ['Vehicle No.', 'Truck Reg.', 'Reg. No.'], Carrier: ['Haulier', 'Carrier', 'Transport Co.'],
  Number: ['Ticket No.', 'Docket No.', 'Note No.'], Time: ['Date/Time', 'Weighed at', 'Date & Time'],
  GrossWeight: ['Gross', 'Gross Wt.'], TareWeight: ['Tare', 'Tare Wt.'], NetWeight: ['Net', 'Net Wt.'],
  Bags: ['Bags', 'Qty (bags)'], Name: ['Consignee', 'Receiver'], Place: ['Delivery Point', 'Unloading Site', 'Ship to'],
  Settlement: ['Bill to', 'Settlement', 'Account'], User: ['Received by', 'Signature', 'Acknowledged by'],
}
