import { formatYuan, type Sale } from '@app/contract'
import { pdfDocument } from './pdfDocument.js'

/**
 * A sale's printable receipt (80 mm roll width, Noto Sans SC): base, number, time, customer, report,
 * lines, total, payment method and seller; a refund says so and names the sale it returns.
 * Runs in a worker thread (server/src/files/worker.ts), never on the server's event loop.
 */

const WIDTH = 226.77 // 80 mm
const MARGIN = 12
const INNER = WIDTH - MARGIN * 2

export async function saleReceipt(sale: Sale): Promise<Buffer> {
  // tall enough for every line; the roll is cut after the text
  const height = 260 + sale.lines.length * 30
  const { doc, finished } = pdfDocument({ size: [WIDTH, height], margin: MARGIN, info: { Title: `销售单 ${sale.id}`, Author: sale.companyName } })
  doc.fontSize(12).text(sale.companyName, { width: INNER, align: 'center' })
  doc.fontSize(10).text(sale.kind === '退款' ? '退款单' : '销售单', { width: INNER, align: 'center' })
  doc.moveDown(0.5).fontSize(8)
  doc.text(`单号：${sale.id}${sale.refundOfId ? `（退回销售单 ${sale.refundOfId}）` : ''}`)
  doc.text(`时间：${sale.createTime}`)
  doc.text(`客户单位：${sale.customer}`)
  if (sale.reportNumber) doc.text(`检验报告：${sale.reportNumber}`)
  doc.moveDown(0.3).text('—'.repeat(20), { width: INNER })
  for (const l of sale.lines) {
    doc.text(l.materialName, { width: INNER })
    doc.text(`${l.quantity}${l.unit} × ${formatYuan(l.price)}`, { continued: true }).text(formatYuan(l.amount), { align: 'right' })
  }
  doc.text('—'.repeat(20), { width: INNER })
  doc.fontSize(10).text('合计（元）', { continued: true }).text(formatYuan(sale.total), { align: 'right' })
  doc.fontSize(8).text(`付款方式：${sale.paymentMethod}`)
  doc.text(`经办人：${sale.sellerName}`)
  if (sale.remark) doc.text(`${sale.kind === '退款' ? '退款原因' : '备注'}：${sale.remark}`, { width: INNER })
  doc.end()
  return finished
}
