/** The transport grid toolbar's logic: export columns, statement and SMS bodies, and the spreadsheet preview. */
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { SmsSendMsg, TRANSPORT_COLUMN_KEYS } from '@app/contract'
import { cellText, sheetPreview } from '../src/pages/transports/toolbar/sheetPreview'
import {
  checkAllState, exportColumnOrder, inOrder, smsBody, smsConfirmText, smsOutcome, statementBody, statementProblem,
} from '../src/pages/transports/toolbar/toolbarValues'

describe('export columns', () => {
  it('follows the grid layout, then the columns the grid lacks, without the grid-only ones', () => {
    const order = exportColumnOrder(['poundDiff', 'deliveryPicUrl', 'createTime', 'status', 'poundDiff'])
    expect(order.slice(0, 2)).toEqual(['poundDiff', 'createTime'])
    expect([...order].sort()).toEqual([...TRANSPORT_COLUMN_KEYS].sort())
    expect(order).not.toContain('deliveryPicUrl')
  })

  it('keeps the list order for the chosen ones and tells the select-all box its state', () => {
    expect(inOrder(['createTime', 'poundDiff', 'phone'], ['phone', 'createTime'])).toEqual(['createTime', 'phone'])
    expect(checkAllState(0, 3)).toEqual({ checked: false, indeterminate: false })
    expect(checkAllState(2, 3)).toEqual({ checked: false, indeterminate: true })
    expect(checkAllState(3, 3)).toEqual({ checked: true, indeterminate: false })
  })
})

describe('statement dialog', () => {
  const day = (s: string) => ({ format: () => s })

  it('warns in the spec\'s order: start, end, purchasing unit, carrier', () => {
    const steps: [Parameters<typeof statementBody>[0], string | null][] = [
      [{}, '请选择开始日期'],
      [{ end: day('2024-05-31'), deliveryCustomer: 'a', deliveryCarrier: 'b' }, '请选择开始日期'],
      [{ start: day('2024-05-01') }, '请选择结束日期'],
      [{ start: day('2024-05-01'), end: day('2024-05-31'), deliveryCarrier: 'b' }, '请选择购货单位'],
      [{ start: day('2024-05-01'), end: day('2024-05-31'), deliveryCustomer: ' ' }, '请选择购货单位'],
      [{ start: day('2024-05-01'), end: day('2024-05-31'), deliveryCustomer: 'a' }, '请选择承运单位'],
      [{ start: day('2024-05-01'), end: day('2024-05-31'), deliveryCustomer: 'a', deliveryCarrier: 'b' }, null],
    ]
    for (const [form, problem] of steps) expect(statementProblem(statementBody(form))).toBe(problem)
  })

  it('sends days, trimmed names and headquarters\' base', () => {
    expect(statementBody({ start: '2024-05-01 10:00:00', end: day('2024-05-31'), deliveryCustomer: ' 华东 ', deliveryCarrier: '顺达' }, 7))
      .toEqual({ companyId: 7, deliveryTimeQuery: ['2024-05-01', '2024-05-31'], deliveryCustomer: '华东', deliveryCarrier: '顺达' })
  })
})

describe('SMS', () => {
  it('sends the selected ids, else the grid\'s filters', () => {
    expect(smsBody([3, 4], { deliveryCarrier: 'x' })).toEqual({ ids: [3, 4] })
    expect(smsBody([], { deliveryCarrier: 'x' })).toEqual({ deliveryCarrier: 'x' })
    expect(smsConfirmText(2)).toContain('所选 2 条运单')
    expect(smsConfirmText(0)).toContain('当前筛选条件')
  })

  it('is a success when sent, a warning when some carrier was not reached or held back', () => {
    const none = { noPhone: [], failed: [], heldBack: [] }
    expect(smsOutcome({ ...none, sent: 2, transports: 3 })).toEqual({ level: 'success', text: '发送成功，共发送2条短信（3条运单）' })
    expect(smsOutcome({ ...none, sent: 1, transports: 1, noPhone: ['甲'] }).text).toBe('发送成功，共发送1条短信（1条运单）；未登记手机号：甲')
    expect(smsOutcome({ ...none, sent: 0, transports: 0, noPhone: ['甲'] })).toEqual({ level: 'warning', text: '没有可发送的号码：甲未登记物流公司手机号' })
    expect(smsOutcome({ ...none, sent: 1, transports: 1, failed: ['乙'] }).level).toBe('warning')
    const capped = { carrier: '丙', reason: SmsSendMsg.phoneDayCap(5) }
    expect(smsOutcome({ ...none, sent: 1, transports: 1, heldBack: [capped] })).toEqual({
      level: 'warning', text: '发送成功，共发送1条短信（1条运单）；1条未发送：该号码今日已收到5条磅差短信：丙',
    })
    const carriers = ['一', '二', '三', '四', '五', '六', '七'].map((carrier) => ({ carrier, reason: SmsSendMsg.baseDayCap(100) }))
    expect(smsOutcome({ ...none, sent: 0, transports: 0, heldBack: [...carriers, capped] }).text)
      .toBe('未发送：本基地今日磅差短信已达上限（100条）：一、二、三、四、五等7家；该号码今日已收到5条磅差短信：丙')
  })
})

describe('spreadsheet preview', () => {
  async function statementLike() {
    const book = new ExcelJS.Workbook()
    const ws = book.addWorksheet('对账单')
    ws.columns = [{ width: 6 }, { width: 20 }, { width: 12 }]
    ws.mergeCells('A1:C1')
    Object.assign(ws.getCell('A1'), { value: '对账单', font: { bold: true, size: 20 }, alignment: { horizontal: 'center' } })
    ws.getRow(2).values = ['序号', '车牌号', '磅差(吨)']
    ws.getRow(3).values = [1, '皖A1', 1.5]
    ws.getRow(4).values = [2, '皖A2', -0.2]
    ws.getCell('C3').numFmt = '0.00'
    ws.getCell('C3').font = { color: { argb: 'FFCF1322' } }
    ws.getCell('C3').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFD6E7' } }
    ws.getCell('C5').value = { formula: 'SUM(C3:C4)', result: 1.3 }
    ws.getCell('C5').numFmt = '0.00'
    ws.mergeCells('A5:B5')
    ws.getCell('A5').value = '合计'
    // written and read back, as the browser gets it
    const loaded = new ExcelJS.Workbook()
    await loaded.xlsx.load(await book.xlsx.writeBuffer())
    return loaded.worksheets[0]!
  }

  it('shows merged cells once with their span, numbers in their format, and the marks', async () => {
    const p = sheetPreview(await statementLike())
    expect(p.name).toBe('对账单')
    expect(p.totalRows).toBe(5)
    expect(p.rows[0]).toEqual([{ text: '对账单', rowSpan: 1, colSpan: 3, bold: true, align: 'center', color: undefined, background: undefined }, null, null])
    expect(p.rows[1]!.map((c) => c?.text)).toEqual(['序号', '车牌号', '磅差(吨)'])
    expect(p.rows[2]![2]).toMatchObject({ text: '1.50', align: 'right', color: '#CF1322', background: '#FFD6E7' })
    expect(p.rows[3]![2]!.text).toBe('-0.2')
    expect(p.rows[4]!.map((c) => c && [c.text, c.colSpan])).toEqual([['合计', 2], null, ['1.30', 1]])
    expect(p.widths).toEqual([52, 150, 94])
  })

  it('stops at the row limit, a merge cut at its edge', async () => {
    const ws = await statementLike()
    ws.mergeCells('A3:A4')
    const p = sheetPreview(ws, 3)
    expect(p.rows).toHaveLength(3)
    expect(p.rows[2]![0]).toMatchObject({ rowSpan: 1 })
    expect(p.totalRows).toBe(5)
  })

  it('reads a cell\'s text whatever its value', () => {
    expect(cellText({ value: null, numFmt: '', text: '' })).toBe('')
    expect(cellText({ value: 3, numFmt: '0', text: '3' })).toBe('3')
    expect(cellText({ value: 3.456, numFmt: 'General', text: '3.456' })).toBe('3.456')
    expect(cellText({ value: new Date('2024-05-01T02:03:04Z'), numFmt: '', text: '' })).toBe('2024-05-01 02:03:04')
    expect(cellText({ value: { richText: [{ text: '甲' }, { text: '乙' }] }, numFmt: '', text: '' })).toBe('甲乙')
  })
})
