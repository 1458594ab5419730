/** The transport grid's pure rules: the saved layout restored onto today's columns, the column settings, row marks, actions. */
import { describe, expect, it } from 'vitest'
import { DANGER_LEVELS, GRID_COLUMN_WIDTH, gridLayout, TransportStatus, type GridLayout } from '@app/contract'
import { GRID_COLUMNS, gridColumns } from '../src/pages/transports/columns'
import { contrastRatio, DANGER_MARKS, dangerMark, poundOver } from '../src/pages/transports/dangerMarks'
import {
  defaultLayout, moveColumn, resetColumns, resizeColumn, restoreLayout, showColumn, visibleColumns, visibleWidth, type GridColumnSpec,
} from '../src/pages/transports/gridLayout'
import { actionPath, formatTons, rowActions, suggestionOptions } from '../src/features/transports/transportValues'

const specs: GridColumnSpec[] = [
  { key: 'a', width: 100 }, { key: 'b', width: 120 }, { key: 'c', width: 80 }, { key: 'x', width: 90, defaultHidden: true },
]

describe('layout restore', () => {
  it('nothing saved: every column in its default place, the extra ones hidden, default widths', () => {
    expect(restoreLayout(specs, null)).toEqual({ order: ['a', 'b', 'c', 'x'], hidden: ['x'], widths: {} })
  })

  it('keeps the saved order, hidden columns and widths', () => {
    const saved = { order: ['c', 'a', 'x', 'b'], hidden: ['a'], widths: { b: 300 } }
    expect(restoreLayout(specs, saved)).toEqual(saved)
  })

  it('drops columns the grid no longer has and puts new ones after their default neighbour', () => {
    const saved = { order: ['c', 'gone', 'a'], hidden: ['gone', 'a'], widths: { gone: 200, a: 150 } }
    // b followed a by default, x followed c
    expect(restoreLayout(specs, saved)).toEqual({ order: ['c', 'x', 'a', 'b'], hidden: ['a', 'x'], widths: { a: 150 } })
  })

  it('a new first column goes first; duplicates and out-of-range widths are cleaned', () => {
    const saved = { order: ['b', 'b', 'c', 'x'], hidden: ['x', 'x'], widths: { b: 5, c: 99999 } }
    expect(restoreLayout(specs, saved)).toEqual({
      order: ['a', 'b', 'c', 'x'], hidden: ['x'], widths: { b: GRID_COLUMN_WIDTH.min, c: GRID_COLUMN_WIDTH.max },
    })
  })

  it('whatever the grid makes of a layout, the server accepts it', () => {
    const layout = resizeColumn(moveColumn(defaultLayout(GRID_COLUMNS), 'poundDiff', 'createTime'), 'signPlace', 333)
    expect(gridLayout.safeParse(layout).success).toBe(true)
  })
})

describe('column settings', () => {
  const layout: GridLayout = { order: ['b', 'a', 'c', 'x'], hidden: ['c'], widths: { a: 140 } }

  it('shows the visible columns in the layout\'s order', () => {
    expect(visibleColumns(layout, specs).map((s) => s.key)).toEqual(['b', 'a', 'x'])
  })

  it('a checkbox hides or shows one column, order and widths untouched', () => {
    expect(showColumn(layout, 'b', false)).toEqual({ order: ['b', 'a', 'c', 'x'], hidden: ['b', 'c'], widths: { a: 140 } })
    expect(showColumn(layout, 'c', true)).toEqual({ order: ['b', 'a', 'c', 'x'], hidden: [], widths: { a: 140 } })
    expect(showColumn(showColumn(layout, 'a', false), 'a', false).hidden).toEqual(['a', 'c'])
  })

  it('重置 restores the default order and visibility and keeps the widths', () => {
    expect(resetColumns(layout, specs)).toEqual({ order: ['a', 'b', 'c', 'x'], hidden: ['x'], widths: { a: 140 } })
  })
})

describe('moving and resizing', () => {
  const layout = defaultLayout(specs)
  it('drops a dragged header before or after the one it lands on', () => {
    expect(moveColumn(layout, 'a', 'c').order).toEqual(['b', 'c', 'a', 'x'])
    expect(moveColumn(layout, 'c', 'a').order).toEqual(['c', 'a', 'b', 'x'])
    expect(moveColumn(layout, 'a', 'nowhere')).toBe(layout)
  })

  it('clamps widths and counts only visible columns in the scroll width', () => {
    expect(resizeColumn(layout, 'a', 12).widths.a).toBe(GRID_COLUMN_WIDTH.min)
    expect(resizeColumn(layout, 'a', 150.6).widths.a).toBe(151)
    expect(visibleWidth(resizeColumn(layout, 'a', 200), specs, 50)).toBe(200 + 120 + 80 + 50)
  })
})

describe('the grid', () => {
  it('shows by default what operators check, 基地 to headquarters only; every other spec column is there to turn on', () => {
    const shown = (headquarters: boolean) => gridColumns(headquarters).filter((c) => !c.defaultHidden).map((c) => c.title)
    const checked = ['车牌号', '发货时间', '收货时间', '承运单位', '发货净重(吨)', '收货净重(吨)', '磅差(吨)', '状态']
    expect(shown(false)).toEqual(checked)
    expect(shown(true)).toEqual([...checked, '基地'])
    const titles = GRID_COLUMNS.map((c) => c.title)
    for (const title of [
      '上传时间', '发货时间', '收货时间', '承运单位', '车牌号', '生产厂家', '收货单位', '收货地址', '结算单位', '商品名称',
      '发货净重(吨)', '收货净重(吨)', '磅差(吨)', '水泥编号', '购货单位', '签收人', '发货单号', '收货单号', '袋数', '备注',
      '毛重', '皮重', '发货票据', '收货票据',
    ]) expect(titles, title).toContain(title)
    expect(new Set(GRID_COLUMNS.map((c) => c.key)).size).toBe(GRID_COLUMNS.length)
  })

  it('marks rows by danger level with a pale tint of the spec\'s colour and a strong edge; none otherwise', () => {
    expect(dangerMark(null)).toBeUndefined()
    for (const level of [1, 2, 3] as const) {
      const mark = dangerMark(level)!
      // paler than the spec's colour, darker at the edge than the row's text needs
      expect(contrastRatio(mark.tint, '#ffffff')).toBeLessThan(contrastRatio(DANGER_LEVELS[level].color, '#ffffff'))
      expect(contrastRatio(mark.edge, mark.tint)).toBeGreaterThanOrEqual(3)
    }
    expect([poundOver(1), poundOver(2), poundOver(3), poundOver(null)]).toEqual([true, false, true, false])
    expect(DANGER_MARKS[2].meaning).toBe('人工修改重量超过限额')
  })

  it('shows weights with two decimals and — for none', () => {
    expect([formatTons(30), formatTons(0.1 + 0.2), formatTons(-1.005), formatTons(null), formatTons(undefined)]).toEqual(['30.00', '0.30', '-1.00', '—', '—'])
  })

  it('offers the spec\'s actions by status; raw data only to headquarters', () => {
    expect(rowActions(TransportStatus.TEMP, true)).toEqual(['continue', 'delete'])
    expect(rowActions(TransportStatus.INVALID, false)).toEqual(['continue', 'delete'])
    expect(rowActions(TransportStatus.DONE, false)).toEqual(['edit', 'view', 'delete'])
    expect(rowActions(TransportStatus.DONE, true)).toEqual(['edit', 'view', 'raw', 'delete'])
    expect(actionPath('continue', 7)).toBe('/upload/index?id=7')
    expect(actionPath('raw', 7)).toBe('/traceDetail2/index?id=7')
  })

  it('suggests the values containing what was typed, case-insensitively', () => {
    expect(suggestionOptions(['海螺水泥', '华新水泥', 'ABC'], '水泥')).toEqual([{ value: '海螺水泥' }, { value: '华新水泥' }])
    expect(suggestionOptions(['ABC'], 'ab')).toEqual([{ value: 'ABC' }])
    expect(suggestionOptions(undefined, 'x')).toEqual([])
  })
})
