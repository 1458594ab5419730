/** Which rows of the transport grid's body are rendered for a scroll position, with rows opened or not. */
import { describe, expect, it } from 'vitest'
import { rowAt, rowTop, rowWindow } from '../src/pages/transports/rowWindow'

const base = { count: 100_000, rowHeight: 40, opened: [], viewHeight: 400, overscan: 2 }

describe('row window', () => {
  it('at the top: the rows in view and two beyond the bottom edge', () => {
    // rows 0-9 fill 400 px; row 10 starts exactly at the bottom edge
    expect(rowWindow({ ...base, scrollTop: 0 })).toEqual({ start: 0, end: 13, top: 0, total: 4_000_000 })
  })

  it('in the middle: a row cut by the top edge is rendered, and the overscan on both sides', () => {
    const w = rowWindow({ ...base, scrollTop: 40 * 500 + 25 })
    expect(w).toMatchObject({ start: 498, end: 513, top: 498 * 40 })
  })

  it('at the end: the last row is rendered and nothing past it', () => {
    const w = rowWindow({ ...base, scrollTop: 4_000_000 - 400 })
    expect(w.end).toBe(100_000)
    expect(w.start).toBe(99_990 - 2)
  })

  it('an opened row pushes the rows after it down by what it opened', () => {
    const opened = [{ index: 3, height: 100 }]
    expect(rowTop(3, 40, opened)).toBe(120)
    expect(rowTop(4, 40, opened)).toBe(120 + 40 + 100)
    // inside what row 3 opened, row 3 is the row there
    expect(rowAt(170, 10, 40, opened)).toBe(3)
    expect(rowAt(259, 10, 40, opened)).toBe(3)
    expect(rowAt(260, 10, 40, opened)).toBe(4)
    expect(rowWindow({ ...base, count: 10, opened, scrollTop: 0, overscan: 0 }))
      .toEqual({ start: 0, end: 8, top: 0, total: 500 })
  })

  it('several opened rows add up, in order', () => {
    const opened = [{ index: 2, height: 50 }, { index: 5, height: 70 }]
    expect(rowTop(6, 40, opened)).toBe(6 * 40 + 120)
    expect(rowAt(6 * 40 + 120, 20, 40, opened)).toBe(6)
    expect(rowAt(5 * 40 + 50 + 40 + 69, 20, 40, opened)).toBe(5)
  })

  it('no rows: nothing to render', () => {
    expect(rowWindow({ ...base, count: 0, scrollTop: 0 })).toEqual({ start: 0, end: 0, top: 0, total: 0 })
  })

  it('a scroll position past the end (the page just got shorter) still shows the last rows', () => {
    const w = rowWindow({ ...base, count: 5, scrollTop: 10_000 })
    expect(w).toMatchObject({ start: 2, end: 5 })
  })
})
