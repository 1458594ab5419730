/** The tank diagram's palette and the drawing tools' geometry: what a user places and where a click lands. */
import { describe, expect, it } from 'vitest'
import {
  diagramFileName, ELLIPSE_SIZES, fitWithin, keyAction, LABEL_GROUP_KEYS, labelsOf, labelText, nextFilm, RECT_SIZE, SKETCH_CANVAS, STROKE_WIDTHS,
  SYMBOLS, TEXT_FONT_SIZE, WELD_ITEMS, WELD_LENGTHS, weldItem,
} from '../src/pages/diagrams/palette'
import { arrowPath, dragBox, pentagramPoints, polygonClick } from '../src/pages/diagrams/geometry'

describe('palette', () => {
  it('has the spec’s constants', () => {
    expect(STROKE_WIDTHS).toEqual([1, 2, 5])
    expect(ELLIPSE_SIZES).toEqual([40, 19, 16, 14, 8, 6, 10])
    expect(RECT_SIZE).toEqual({ width: 500, height: 300 })
    expect(TEXT_FONT_SIZE).toBe(16)
    expect(WELD_LENGTHS).toEqual([300, 100, 30])
    expect(SKETCH_CANVAS).toMatchObject({ width: 1180, height: 520, stroke: 'red', penWidth: 2 })
  })

  it('offers every symbol of the spec, each once, sized from the ellipse sizes', () => {
    expect(SYMBOLS.map((s) => s.label)).toEqual([
      '人孔', '安全阀', '液位计（实线）', '液位计（虚线）', '液相（实线）', '液相（虚线）', '气相（实线，大）', '气相（虚线，大）',
      '气相（实线，小）', '气相（虚线，小）', '仪表（空心）', '仪表（实心）', '排污孔（虚线）',
    ])
    expect(new Set(SYMBOLS.map((s) => s.key)).size).toBe(SYMBOLS.length)
    for (const s of SYMBOLS) expect(ELLIPSE_SIZES).toContain(s.glyph.shape === 'circle' ? s.glyph.diameter : -1)
    const dashed = SYMBOLS.filter((s) => s.glyph.shape === 'circle' && s.glyph.dashed).map((s) => s.key)
    expect(dashed).toEqual(['levelGaugeDashed', 'liquidPhaseDashed', 'gasPhaseDashed', 'gasPhaseSmallDashed', 'drainHole'])
  })

  it('weld seam lines come vertical and horizontal, thin, thick and red, 300, 100 and 30 long', () => {
    expect(WELD_ITEMS).toHaveLength(18)
    expect(new Set(WELD_ITEMS.map((w) => w.key)).size).toBe(18)
    expect(weldItem(true, 'thick', 100)).toEqual({
      key: 'weld-v-thick-100', label: '焊缝线（竖，粗，100）', glyph: { shape: 'line', vertical: true, length: 100, strokeWidth: 5, stroke: '#000000' },
    })
    expect(weldItem(false, 'red', 30).glyph).toMatchObject({ vertical: false, length: 30, strokeWidth: 2, stroke: '#f5222d' })
    expect(weldItem(false, 'thin', 300).glyph).toMatchObject({ strokeWidth: 1 })
  })

  it('label groups A1-A8, AF1-AF4, B1-B10, D1-D12, with film positions numbered on', () => {
    expect(LABEL_GROUP_KEYS).toEqual(['A', 'AF', 'B', 'D'])
    expect(labelsOf('A')).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'])
    expect(labelsOf('AF')).toEqual(['AF1', 'AF2', 'AF3', 'AF4'])
    expect(labelsOf('B').at(-1)).toBe('B10')
    expect(labelsOf('D')).toHaveLength(12)
    expect(labelText('A1', 0)).toBe('A1')
    expect(labelText('A1', 1)).toBe('A1-1')
    expect([nextFilm(0), nextFilm(1), nextFilm(98), nextFilm(99)]).toEqual([0, 2, 99, 99])
  })

  it('Delete removes the selection, Ctrl+Z or ⌘Z undoes, nothing else is taken', () => {
    const key = (key: string, mods: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean } = {}) => keyAction({ key, ctrlKey: false, metaKey: false, ...mods })
    expect(key('Delete')).toBe('delete')
    expect(key('z', { ctrlKey: true })).toBe('undo')
    expect(key('Z', { metaKey: true })).toBe('undo')
    expect(key('z', { ctrlKey: true, shiftKey: true })).toBeNull()
    expect(key('z')).toBeNull()
    expect(key('Backspace')).toBeNull()
  })

  it('images are scaled down to 1000 on their longer side, never up', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1000, height: 750 })
    expect(fitWithin(1500, 6000)).toEqual({ width: 250, height: 1000 })
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 })
  })

  it('names the exported picture after the report', () => {
    expect(diagramFileName('JC20250101001')).toBe('示意图-JC20250101001.png')
    expect(diagramFileName(null)).toBe('示意图.png')
  })
})

describe('drawing geometry', () => {
  it('a drag spans the same box whichever way it went', () => {
    expect(dragBox({ x: 100, y: 50 }, { x: 20, y: 90 })).toEqual({ cx: 60, cy: 70, width: 80, height: 40 })
    expect(dragBox({ x: 20, y: 90 }, { x: 100, y: 50 })).toEqual(dragBox({ x: 100, y: 50 }, { x: 20, y: 90 }))
  })

  it('an arrow ends at the release point with its head there', () => {
    expect(arrowPath({ x: 0, y: 0 }, { x: 100, y: 0 }, 10)).toBe('M 0 0 L 100 0 M 90.99 4.34 L 100 0 L 90.99 -4.34')
  })

  it('a pentagram has ten corners, alternately on the outer and the inner circle, first straight up', () => {
    const pts = pentagramPoints({ x: 50, y: 50 }, 40)
    expect(pts).toHaveLength(10)
    expect(pts[0]).toEqual({ x: 50, y: 10 })
    const r = pts.map((p) => Math.hypot(p.x - 50, p.y - 50))
    for (let i = 0; i < 10; i += 2) expect(r[i]).toBeCloseTo(40, 1)
    for (let i = 1; i < 10; i += 2) expect(r[i]).toBeCloseTo(15.28, 1)
  })

  it('a polygon closes on a click on its first corner once it has three, otherwise the click adds a corner', () => {
    let state = polygonClick([], { x: 10, y: 10 })
    expect(state).toEqual({ closed: false, points: [{ x: 10, y: 10 }] })
    state = polygonClick(state.points, { x: 12, y: 12 })
    expect(state.closed).toBe(false) // two points only: a click near the first is a new corner
    state = polygonClick(state.points.slice(0, 1), { x: 100, y: 10 })
    state = polygonClick(state.points, { x: 100, y: 100 })
    expect(state.points).toHaveLength(3)
    const closed = polygonClick(state.points, { x: 14, y: 7 })
    expect(closed).toEqual({ closed: true, points: [{ x: 10, y: 10 }, { x: 100, y: 10 }, { x: 100, y: 100 }] })
    expect(polygonClick(state.points, { x: 25, y: 10 }).closed).toBe(false)
  })
})
