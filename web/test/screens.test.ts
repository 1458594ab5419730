import { describe, expect, it } from 'vitest'
import type { ScreenData, ScreenFigures } from '@app/contract'
import { abnormalOption, clockOf, percentText, screenCards, SCREEN_MAX_BARS, sliceBarsOption } from '../src/features/screens/screenValues'

const figures = (f: Partial<ScreenFigures> = {}): ScreenFigures => ({
  inspections: 0, signed: 0, passed: 0, reservations: 0, arrived: 0, transports: 0, poundAlerts: 0, measurements: 0, results: 0, abnormal: 0, ...f,
})

describe('big screen figures', () => {
  it('shows shares with one decimal, and a dash where there is nothing to share', () => {
    expect(percentText(1, 3)).toBe('33.3%')
    expect(percentText(0, 0)).toBe('—')
    const cards = screenCards(figures({ inspections: 4, signed: 2, passed: 1, transports: 4, poundAlerts: 3, measurements: 3, results: 5, abnormal: 2 }))
    const by = Object.fromEntries(cards.map((c) => [c.key, c]))
    expect(by.passRate).toMatchObject({ value: '50%', note: '合格 1 / 签发 2' })
    expect(by.poundAlerts).toMatchObject({ value: '3', tone: 'red', note: '占运单 75%' })
    expect(by.abnormalShare).toMatchObject({ value: '40%', tone: 'amber' })
    expect(screenCards(figures()).find((c) => c.key === 'poundAlerts')?.tone).toBe('green')
  })

  it('reads the clock of the server\'s time', () => {
    expect(clockOf('2026-05-03 08:09:10')).toBe('08:09:10')
  })

  it('draws at most the busiest bars, in the order given', () => {
    const slices = Array.from({ length: 20 }, (_, i) => ({ name: `基地${i}`, figures: figures({ transports: 20 - i }) }))
    const option = sliceBarsOption(slices)
    const x = option.xAxis as { data: string[] }
    expect(x.data).toHaveLength(SCREEN_MAX_BARS)
    expect(x.data[0]).toBe('基地0')
    const series = option.series as { name: string; data: number[] }[]
    expect(series.map((s) => s.name)).toEqual(['检验', '运单', '磅差告警', '测量'])
    expect(series[1]!.data.slice(0, 2)).toEqual([20, 19])
  })

  it('shows each measure\'s abnormal share and the normal and abnormal results', () => {
    const data = {
      totals: figures({ results: 5, abnormal: 2 }),
      measures: [{ measure: 'bp', label: '血压', results: 3, abnormal: 1 }, { measure: 'sugar', label: '血糖', results: 1, abnormal: 0 }, { measure: 'bmi', label: 'BMI', results: 1, abnormal: 1 }],
    } as ScreenData
    const series = abnormalOption(data).series as { type: string; data: unknown[] }[]
    expect(series[0]!.data).toMatchObject([{ name: '正常', value: 3 }, { name: '异常', value: 2 }])
    expect(series[1]!.data).toEqual([33.3, 0, 100])
  })

  it('puts the ring above the bars in a tall panel, beside them in a wide one, never over the bars\' labels', () => {
    const data = { totals: figures({ results: 5, abnormal: 2 }), measures: [] } as unknown as ScreenData
    // a pie's radius is a share of half the smaller side; a panel of the base's board is about 720 × 684 px
    const ringOf = (tall: boolean, width: number, height: number) => {
      const option = abnormalOption(data, tall)
      const pie = (option.series as { center: string[]; radius: string[] }[])[0]!
      const grid = option.grid as { left: number | string; top: number | string }
      const px = (v: number | string, of: number) => (typeof v === 'number' ? v : (parseFloat(v) / 100) * of)
      const r = (parseFloat(pie.radius[1]!) / 100) * (Math.min(width, height) / 2)
      const [cx, cy] = [px(pie.center[0]!, width), px(pie.center[1]!, height)]
      return { left: cx - r, right: cx + r, top: cy - r, bottom: cy + r, gridLeft: px(grid.left, width), gridTop: px(grid.top, height) }
    }
    const tall = ringOf(true, 720, 684)
    expect(tall.left).toBeGreaterThanOrEqual(0)
    expect(tall.top).toBeGreaterThanOrEqual(0)
    expect(tall.bottom).toBeLessThan(tall.gridTop)
    const wide = ringOf(false, 620, 296)
    expect(wide.left).toBeGreaterThanOrEqual(0)
    expect(wide.right).toBeLessThan(wide.gridLeft)
  })
})
