import { round2, STATEMENT_NAME, sumTons, type Transport } from '@app/contract'
import ExcelJS from 'exceljs'

/** The number format of weights in tons, in every workbook the server writes. */
export const TONS_FORMAT = '0.00'

/**
 * The reconciliation statement (对账单, `POST /logistics/exportSum`): the completed transports of one
 * purchasing unit and one carrier over a delivery period, laid out to be printed and signed. Built in the file
 * worker thread (worker.ts) from plain data; the transports are chosen by transportExports/statement.ts.
 */
export interface Statement {
  customer: string
  carrier: string
  /** the bases of the transports (headquarters may reconcile across bases) */
  bases: string
  period: [string, string]
  /** in delivery order */
  rows: Transport[]
  /** the transports whose |poundDiff| is at or over their settlement unit's tolerance */
  over: Set<number>
  madeAt: string
}

const COLUMNS: { header: string; width: number; value: (t: Transport, i: number) => string | number | null; tons?: boolean }[] = [
  { header: '序号', width: 6, value: (_, i) => i + 1 },
  { header: '发货时间', width: 18, value: (t) => t.deliveryTimeStr.slice(0, 16) },
  { header: '车牌号', width: 12, value: (t) => t.deliveryPlateNumber },
  { header: '发货单号', width: 18, value: (t) => t.deliveryNumber },
  { header: '商品名称', width: 16, value: (t) => t.deliveryGoodsName },
  { header: '发货净重(吨)', width: 13, value: (t) => t.deliveryNetWeight, tons: true },
  { header: '收货净重(吨)', width: 13, value: (t) => t.signNetWeight, tons: true },
  { header: '磅差(吨)', width: 11, value: (t) => t.poundDiff, tons: true },
  { header: '结算单位', width: 22, value: (t) => t.signSettlement },
]
const LAST = COLUMNS.length
const col = (n: number) => String.fromCharCode(64 + n)
const HEADER_ROW = 4
const thin = { style: 'thin' } as const
const BORDER: Partial<ExcelJS.Borders> = { top: thin, left: thin, bottom: thin, right: thin }
const OVER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFD6E7' } }
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F0F0' } }

/** Merges columns `a`..`b` of a row and writes `value` there. */
function block(ws: ExcelJS.Worksheet, row: number, a: number, b: number, value: ExcelJS.CellValue, style: Partial<ExcelJS.Style> = {}) {
  if (b > a) ws.mergeCells(row, a, row, b)
  const cell = ws.getCell(row, a)
  cell.value = value
  Object.assign(cell, style)
  return cell
}

/** The statement as an A4 landscape workbook: header repeated on every page, totals as SUM formulas. */
export function statementWorkbook(s: Statement): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook()
  book.creator = '基地业务管理后台'
  const ws = book.addWorksheet(STATEMENT_NAME, {
    views: [{ state: 'frozen', ySplit: HEADER_ROW }],
    pageSetup: {
      paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, horizontalCentered: true,
      margins: { left: 0.4, right: 0.4, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
      printTitlesRow: `${HEADER_ROW}:${HEADER_ROW}`,
    },
    headerFooter: { oddFooter: `&L${STATEMENT_NAME}：${s.customer} / ${s.carrier}&R第 &P 页，共 &N 页` },
  })
  ws.columns = COLUMNS.map((c) => ({ width: c.width }))
  const left = { vertical: 'middle', horizontal: 'left' } as const
  const center = { vertical: 'middle', horizontal: 'center', wrapText: true } as const

  block(ws, 1, 1, LAST, STATEMENT_NAME, { font: { bold: true, size: 20 }, alignment: center })
  ws.getRow(1).height = 34
  const third = Math.floor(LAST / 3)
  block(ws, 2, 1, third, `购货单位：${s.customer}`, { font: { bold: true }, alignment: left })
  block(ws, 2, third + 1, 2 * third, `承运单位：${s.carrier}`, { font: { bold: true }, alignment: left })
  block(ws, 2, 2 * third + 1, LAST, `基地：${s.bases}`, { font: { bold: true }, alignment: left })
  block(ws, 3, 1, 2 * third, `对账期间：${s.period[0]} 至 ${s.period[1]}`, { alignment: left })
  block(ws, 3, 2 * third + 1, LAST, `制表时间：${s.madeAt}`, { alignment: left })
  ws.getRow(2).height = 22
  ws.getRow(3).height = 20

  const header = ws.getRow(HEADER_ROW)
  COLUMNS.forEach((c, i) => {
    const cell = header.getCell(i + 1)
    Object.assign(cell, { value: c.header, font: { bold: true }, alignment: center, border: BORDER, fill: HEADER_FILL })
  })
  header.height = 22

  s.rows.forEach((t, i) => {
    const row = ws.getRow(HEADER_ROW + 1 + i)
    COLUMNS.forEach((c, j) => {
      const cell = row.getCell(j + 1)
      cell.value = c.value(t, i) ?? ''
      cell.border = BORDER
      cell.alignment = c.tons ? { vertical: 'middle', horizontal: 'right' } : { vertical: 'middle', horizontal: j === 0 ? 'center' : 'left' }
      if (c.tons) cell.numFmt = TONS_FORMAT
    })
    if (s.over.has(t.id)) {
      const diff = row.getCell(8)
      diff.fill = OVER_FILL
      diff.font = { bold: true, color: { argb: 'FFCF1322' } }
    }
  })

  const first = HEADER_ROW + 1
  const last = HEADER_ROW + s.rows.length
  const totalRow = last + 1
  block(ws, totalRow, 1, 5, `合计（${s.rows.length}车）`, { font: { bold: true }, alignment: center, border: BORDER })
  const sums = [6, 7, 8].map((c) => {
    const key = (['deliveryNetWeight', 'signNetWeight', 'poundDiff'] as const)[c - 6]
    const total = sumTons(...s.rows.map((t) => t[key] as number | null))
    const cell = ws.getCell(totalRow, c)
    cell.value = { formula: `SUM(${col(c)}${first}:${col(c)}${last})`, result: total }
    Object.assign(cell, { numFmt: TONS_FORMAT, font: { bold: true }, border: BORDER, alignment: { vertical: 'middle', horizontal: 'right' } })
    return total
  })
  ws.getCell(totalRow, LAST).border = BORDER
  ws.getRow(totalRow).height = 22

  // pound-difference summary: how many transports are over their tolerance and the tons missing on them
  const overRows = s.rows.filter((t) => s.over.has(t.id))
  const shortfall = sumTons(...overRows.map((t) => Math.max(0, (t.poundDiff as number | null) ?? 0)))
  let r = totalRow + 2
  block(ws, r++, 1, LAST, '磅差汇总', { font: { bold: true, size: 12 }, alignment: left })
  const summary: [string, number, boolean, string][] = [
    ['运单数（车）', s.rows.length, false, ''],
    ['磅差合计（吨）', round2(sums[2]!), true, '发货净重合计减收货净重合计'],
    ['磅差超标（车）', overRows.length, false, '按结算单位设置的磅差容差判定，未设置的为1吨'],
    ['超标亏吨合计（吨）', shortfall, true, '磅差超标运单中收货少于发货的吨数之和'],
  ]
  for (const [label, value, tons, note] of summary) {
    block(ws, r, 1, 3, label, { alignment: left, border: BORDER })
    const cell = ws.getCell(r, 4)
    Object.assign(cell, { value, border: BORDER, alignment: { vertical: 'middle', horizontal: 'right' } }, tons ? { numFmt: TONS_FORMAT } : {})
    block(ws, r, 5, LAST, note, { alignment: left, font: { color: { argb: 'FF666666' } } })
    r++
  }

  // signature lines of the three parties
  r += 2
  const parties = ['发货方', '承运方', '收货方']
  parties.forEach((p, i) => {
    const a = i * third + 1
    const b = i === parties.length - 1 ? LAST : (i + 1) * third
    block(ws, r, a, b, `${p}（签字盖章）：`, { alignment: { vertical: 'bottom', horizontal: 'left' } })
    block(ws, r + 2, a, b, '日期：　　　　年　　月　　日', { alignment: { vertical: 'bottom', horizontal: 'left' } })
  })
  ws.getRow(r).height = 36
  ws.getRow(r + 2).height = 24
  return book
}
