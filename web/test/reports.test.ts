/** The inspection list's logic: the actions each status offers, empty values, the columns shown first, the remembered centre and status, step progress. */
import { describe, expect, it } from 'vitest'
import type { TemplateStep } from '@app/contract'
import { shownWidth } from '../src/components/fitColumns'
import { blank, readRemembered, remember, reportColumnsState, rowActions, statusTargets, stepProgress } from '../src/pages/reports/reportValues'

describe('row actions follow DESIGN §5', () => {
  it.each([
    [0, ['edit', 'start', 'void', 'overview', 'status']],
    [1, ['records', 'station', 'pause', 'void', 'finish', 'checking', 'diagram', 'pdf', 'overview', 'status']],
    [2, ['resume', 'void', 'checking', 'diagram', 'pdf', 'overview', 'status']],
    [3, ['overview']],
    [4, ['return', 'review', 'checking', 'diagram', 'pdf', 'overview', 'status'].sort()],
    [5, ['sign', 'return', 'checking', 'diagram', 'pdf', 'overview', 'status'].sort()],
    [6, ['checking', 'diagram', 'pdf', 'overview']],
  ] as const)('status %s', (status, expected) => {
    const actions = rowActions({ status })
    expect(status === 4 || status === 5 ? [...actions].sort() : actions).toEqual(expected)
  })

  it('更改状态 offers the states reachable, never 开始检验', () => {
    expect(statusTargets(0).map((t) => t.to)).toEqual([3])
    expect(statusTargets(1).map((t) => t.to)).toEqual([2, 3, 4])
    expect(statusTargets(4).map((t) => t.to).sort()).toEqual([1, 5])
    expect(statusTargets(6)).toEqual([])
  })
})

it("empty values read —", () => {
  expect([blank(null), blank(undefined), blank(''), blank(0), blank('甲醇')]).toEqual(['—', '—', '—', '0', '甲醇'])
})

it('the centre and status are remembered for the session and restored; junk is ignored', () => {
  const store = new Map<string, string>()
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) }
  remember(storage, { center: '罐车二中心', status: 2 })
  expect(store.get('nowPageData')).toBe('罐车二中心')
  expect(readRemembered(storage)).toEqual({ center: '罐车二中心', status: 2 })
  remember(storage, { center: undefined, status: 0 })
  expect(readRemembered(storage)).toEqual({ status: 0 })
  store.set('nowPageStatus', '9')
  expect(readRemembered(storage)).toEqual({})
})

it('step progress counts filled items, failures and the required ones missing', () => {
  const item = (key: string, kind: 'pass_fail' | 'number' | 'text', required: boolean, min: number | null = null, max: number | null = null) =>
    ({ key, name: key, kind, required, min, max, unit: null, options: [], indicatorId: null })
  const steps: TemplateStep[] = [
    { key: 's1', name: '外观', items: [item('a', 'pass_fail', true), item('b', 'number', true, 5, 10), item('c', 'text', false)] },
    { key: 's2', name: '结论', items: [item('d', 'text', true)] },
  ]
  expect(stepProgress(steps, { a: true, b: 12, c: '' })).toEqual([
    { total: 3, filled: 2, failed: true, missing: [] },
    { total: 1, filled: 0, failed: false, missing: ['d'] },
  ])
})

it('the list starts without its rarely read columns (headquarters reads the base for the unit) and is as wide as those it shows', () => {
  const base = reportColumnsState(false).defaultValue
  const hq = reportColumnsState(true).defaultValue
  expect(base.phone).toEqual({ show: false })
  expect(base.status).toBeUndefined()
  expect(base.org).toBeUndefined()
  expect(hq.org).toEqual({ show: false })
  const columns = [
    { dataIndex: 'licenseNumber', width: 90 }, { dataIndex: 'status', width: 90 }, { dataIndex: 'phone', width: 120 },
    { dataIndex: 'org', width: 130 }, { dataIndex: 'center', hideInTable: true }, { width: 190 },
  ]
  expect(shownWidth(columns, base)).toBe(90 + 90 + 130 + 190)
  expect(shownWidth(columns, hq)).toBe(90 + 90 + 190)
})
