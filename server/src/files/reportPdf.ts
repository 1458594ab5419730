import {
  isFilled, rangeText, REPORT_STATUS, type CheckItem, type RecordValue, type ReportDetail, type ReportRecord,
} from '@app/contract'
import QRCode from 'qrcode'
import { pdfDocument } from './pdfDocument.js'

/**
 * The printable inspection report (A4, Noto Sans SC embedded as a subset by pdfkit) with a QR code of
 * the public verification page. A report not yet 已签发 prints with a 草稿 mark: only a signed one is
 * a certificate.
 */

const PAGE = { margin: 40, width: 595.28, height: 841.89 } as const
const INNER = PAGE.width - PAGE.margin * 2

function valueText(item: CheckItem, value: RecordValue | undefined): string {
  if (!isFilled(value)) return '—'
  switch (item.kind) {
    case 'pass_fail': return value ? '合格' : '不合格'
    case 'number': return `${value}${item.unit ? ` ${item.unit}` : ''}`
    case 'photo': return `照片 ${(value as number[]).length} 张`
    default: return String(value)
  }
}
const verdict = (r: ReportRecord | undefined) => (r?.passed == null ? '' : r.passed ? '√' : '×')

/**
 * Runs in a worker thread (server/src/files/worker.ts), never on the server's event loop. `diagram`: the
 * drawing's PNG as diagramPicture gives it, checked and re-encoded by acceptPicture ('unreadable': the
 * note in its place).
 */
export async function reportPdf(report: ReportDetail, verifyUrl: string, diagram: Buffer | 'unreadable' | null = null): Promise<Buffer> {
  const { doc, finished } = pdfDocument({
    size: 'A4', margin: PAGE.margin, bufferPages: true,
    info: { Title: `检验报告 ${report.reportNumber}`, Author: report.companyName, Subject: report.licenseNumber },
  })

  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' })
  doc.image(qr, PAGE.width - PAGE.margin - 80, PAGE.margin, { width: 80 })
  doc.fontSize(9).fillColor('#666').text('扫码核验', PAGE.width - PAGE.margin - 80, PAGE.margin + 82, { width: 80, align: 'center' })
  doc.fillColor('#000').fontSize(20).text('罐车检验报告', PAGE.margin, PAGE.margin + 10, { width: INNER, align: 'center' })
  doc.fontSize(10).text(`报告编号：${report.reportNumber}`, PAGE.margin, PAGE.margin + 46)
  doc.text(`检验机构：${report.companyName}${report.center ? `（${report.center}）` : ''}`, PAGE.margin, PAGE.margin + 62)
  let y = PAGE.margin + 104

  /** One table row of cells (widths in points); a row that does not fit starts a new page. */
  const row = (cells: string[], widths: number[], opts: { header?: boolean; size?: number } = {}) => {
    const size = opts.size ?? 9
    doc.fontSize(size)
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! - 8 }))) + 8
    if (y + height > PAGE.height - PAGE.margin) {
      doc.addPage()
      y = PAGE.margin
    }
    let x = PAGE.margin
    cells.forEach((cell, i) => {
      const w = widths[i]!
      if (opts.header) doc.rect(x, y, w, height).fillAndStroke('#f0f2f5', '#999').fillColor('#000')
      else doc.rect(x, y, w, height).strokeColor('#999').stroke()
      doc.fillColor('#000').text(cell, x + 4, y + 4, { width: w - 8 })
      x += w
    })
    y += height
  }
  const heading = (title: string) => {
    if (y + 40 > PAGE.height - PAGE.margin) {
      doc.addPage()
      y = PAGE.margin
    }
    y += 10
    doc.fontSize(12).fillColor('#000').text(title, PAGE.margin, y)
    y += 20
  }

  heading('一、车辆登记')
  const half = [90, INNER / 2 - 90, 90, INNER / 2 - 90]
  const blank = (v: string | number | null | undefined) => (v == null || v === '' ? '/' : String(v))
  for (const pair of [
    ['车牌号', report.licenseNumber, '车辆类型', report.tankerType],
    ['罐体编号', blank(report.tankerNumber), '单位', blank(report.org)],
    ['驾驶员', report.contactName, '联系电话', report.phone],
    ['最近装载介质', blank(report.latestMaterial), '有效期', blank(report.outdate)],
    ['检验类型', blank(report.typeName), '检验模板', report.templateName ? `${report.templateName}（第 ${report.templateVersion} 版）` : '/'],
    ['工位', blank(report.stationName), '登记时间', report.createTimeStr],
  ]) row(pair, half)

  const byItem = new Map(report.records.map((r) => [r.itemKey, r]))
  const widths = [150, 120, 40, 70, INNER - 380]
  report.steps.forEach((step, s) => {
    heading(`${['二', '三', '四', '五', '六', '七', '八', '九', '十'][s] ?? s + 2}、${step.name}`)
    row(['检验项', '结果', '判定', '录入人', '要求 / 录入时间'], widths, { header: true })
    for (const item of step.items) {
      const rec = byItem.get(item.key)
      const range = item.kind === 'number' ? rangeText(item) : ''
      row([item.name, valueText(item, rec?.value), verdict(rec), rec?.userName || '—', [range, rec?.updateTimeStr].filter(Boolean).join('\n')], widths)
    }
  })

  if (diagram) {
    heading('检验示意图')
    const height = 300
    if (y + height > PAGE.height - PAGE.margin) {
      doc.addPage()
      y = PAGE.margin
    }
    if (diagram !== 'unreadable') {
      doc.image(diagram, PAGE.margin, y, { fit: [INNER, height], align: 'center' })
      doc.rect(PAGE.margin, y, INNER, height).strokeColor('#999').stroke()
      y += height + 4
    } else {
      doc.fontSize(9).fillColor('#999').text('示意图图片无法读取', PAGE.margin, y)
      y += 16
    }
  }

  heading('检验结论')
  for (const pair of [
    ['检验结果', blank(report.result), '安全状况等级', report.safetyGrade ? `${report.safetyGrade} 级` : '/'],
    ['下次检验日期', blank(report.nextInspectionDate), '下次全面检验', blank(report.fullInspectionDate)],
    ['检验负责人', blank(report.inspectorName), '完成时间', blank(report.finishTimeStr)],
    ['审核', blank(report.reviewerName), '签发', `${blank(report.signerName)}${report.signTimeStr ? `  ${report.signTimeStr}` : ''}`],
  ]) row(pair, half)

  const pages = doc.bufferedPageRange()
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i)
    if (report.status !== REPORT_STATUS.signed) {
      doc.save().fontSize(80).fillColor('#d9363e').opacity(0.12)
        .rotate(-30, { origin: [PAGE.width / 2, PAGE.height / 2] })
        .text('草稿 未签发', 0, PAGE.height / 2 - 50, { width: PAGE.width, align: 'center', lineBreak: false }).restore()
    }
    // the footer sits in the bottom margin, where pdfkit would otherwise start a new page
    doc.page.margins.bottom = 0
    doc.opacity(1).fillColor('#999').fontSize(8)
      .text(`${report.reportNumber}    第 ${i + 1} 页 / 共 ${pages.count} 页`, PAGE.margin, PAGE.height - PAGE.margin + 12, { width: INNER, align: 'center', lineBreak: false })
  }
  doc.end()
  return finished
}
