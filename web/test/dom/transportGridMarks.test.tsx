// @vitest-environment jsdom
/**
 * The transport grid's marked rows as a user sees them: a pale tint with the level's edge, the 磅差
 * cell with its icon and value, links and 删除 that keep 4.5:1 contrast on every tint (computed from
 * the colours the row and the grid's styles are given), and the legend in operators' words.
 */
import { screen, within } from '@testing-library/react'
import { Link, MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { DangerLevel, TransportGridRow } from '@app/contract'
import DeleteAction from '../../src/components/DeleteAction'
import DangerLegend from '../../src/pages/transports/DangerLegend'
import GridBody, { type BodyColumn } from '../../src/pages/transports/GridBody'
import { GRID_COLUMNS } from '../../src/pages/transports/columns'
import { contrastRatio, DANGER_MARKS } from '../../src/pages/transports/dangerMarks'
import { renderInApp } from './ui'

const row = (id: number, dangerLevel: DangerLevel | null, poundDiff: number): TransportGridRow =>
  ({ id, dangerLevel, poundDiff, status: 2, deliveryPlateNumber: `皖A0000${id}`, destinations: [] }) as unknown as TransportGridRow

const pound = GRID_COLUMNS.find((c) => c.key === 'poundDiff')!
const COLUMNS: BodyColumn[] = [
  { key: 'deliveryPlateNumber', width: 100, style: { width: 100 }, cell: (r) => String(r.deliveryPlateNumber) },
  { key: 'poundDiff', width: 90, style: { width: 90 }, cell: pound.render },
  {
    key: 'actions', width: 120, style: { width: 120 }, pinned: true,
    cell: (r) => [<Link key="view" to={`/traceDetail/index?id=${r.id}`}>查看</Link>, <DeleteAction key="delete" description="确定删除该运单吗？" onDelete={async () => {}} onDeleted={() => {}} />],
  },
]

function renderGrid(rows: TransportGridRow[]) {
  renderInApp(
    <MemoryRouter>
      <GridBody
        rows={rows} columns={COLUMNS} width={400} height={400} selected={new Set()} onSelect={() => {}} opened={[]} onOpen={() => {}}
        detail={() => null} emptyText="暂无运单" scrollKey={0} viewWidth={400} onViewWidth={() => {}} info={{ ref: null, onScroll: () => {} }}
      />
    </MemoryRouter>,
  )
  return screen.getByTestId('grid-body')
}

const rowOf = (id: number) => document.querySelector<HTMLElement>(`[role="row"][data-row-key="${id}"]`)!

describe('marked rows of the transport grid', () => {
  it('tints a marked row with its level\'s colour and edge, and leaves the others plain', () => {
    renderGrid([row(1, 1, 3), row(2, 2, 0.2), row(3, 3, 2.5), row(4, null, 0.1)])
    for (const level of [1, 2, 3] as DangerLevel[]) {
      const el = rowOf(level)
      expect(el.dataset.danger).toBe(String(level))
      expect(el.style.getPropertyValue('--danger-bg')).toBe(DANGER_MARKS[level].tint)
      expect(el.style.getPropertyValue('--danger-edge')).toBe(DANGER_MARKS[level].edge)
    }
    expect(rowOf(4).dataset.danger).toBeUndefined()
    expect(rowOf(4).style.getPropertyValue('--danger-bg')).toBe('')
  })

  it('shows an icon with the 磅差 value: a warning over tolerance, an edit mark for a weight changed by hand', () => {
    renderGrid([row(1, 1, 3), row(2, 2, 0.2), row(3, 3, 2.5), row(4, null, 0.1)])
    const cell = (id: number) => rowOf(id).querySelectorAll('[role="cell"]')[1] as HTMLElement
    expect(within(cell(1)).getByRole('img', { name: 'warning' })).toBeTruthy()
    expect(cell(1).textContent).toContain('3.00')
    expect(cell(1).querySelector('span')!.title).toBe('磅差过大：收发净重之差超过容差')
    expect(within(cell(2)).getByRole('img', { name: 'edit' })).toBeTruthy()
    expect(cell(2).querySelector('span')!.title).toBe('修改量过大：人工修改重量超过限额')
    expect(within(cell(3)).getByRole('img', { name: 'warning' })).toBeTruthy()
    expect(cell(4).textContent).toBe('0.10')
    expect(within(cell(4)).queryByRole('img')).toBeNull()
  })

  it('gives the links and 删除 of a marked row 4.5:1 contrast or more on its tint', () => {
    const body = renderGrid([row(1, 1, 3), row(2, 2, 0.2), row(3, 3, 2.5)])
    // the colours the grid's CSS draws links and 删除 in
    const link = body.style.getPropertyValue('--grid-link')
    const remove = body.style.getPropertyValue('--grid-delete')
    expect(link).toMatch(/^#[0-9a-f]{6}$/)
    expect(remove).toMatch(/^#[0-9a-f]{6}$/)
    for (const id of [1, 2, 3]) {
      const el = rowOf(id)
      expect(within(el).getByRole('link', { name: '查看' })).toBeTruthy()
      expect(within(el).getByRole('button', { name: '删除' })).toBeTruthy()
      const tint = el.style.getPropertyValue('--danger-bg')
      expect(contrastRatio(link, tint), `link on ${tint}`).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(remove, tint), `删除 on ${tint}`).toBeGreaterThanOrEqual(4.5)
      // and on a plain row
      expect(contrastRatio(link, '#ffffff')).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(remove, '#ffffff')).toBeGreaterThanOrEqual(4.5)
    }
    // what the rows looked like before: antd's link blue and error red on the red of level 3
    expect(contrastRatio('#1677ff', '#ffa39e')).toBeLessThan(4.5)
    expect(contrastRatio('#ff4d4f', '#ffa39e')).toBeLessThan(4.5)
  })

  it('words the legend for operators', () => {
    renderInApp(<DangerLegend />)
    const legend = screen.getByTestId('danger-legend')
    expect(legend.textContent).toContain('磅差过大：收发净重之差超过容差')
    expect(legend.textContent).toContain('修改量过大：人工修改重量超过限额')
    expect(legend.textContent).toContain('磅差过大且修改量过大：磅差超标且人工修改重量超过限额')
  })
})
