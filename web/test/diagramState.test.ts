/** The diagram screen's state: loading, changes, saving and a version conflict; the palette's choices. */
import { describe, expect, it } from 'vitest'
import type { DiagramSaved, DiagramState } from '@app/contract'
import { diagramReducer, initialDiagram, initialPalette, paletteReducer, type DiagramAction, type PaletteAction } from '../src/pages/diagrams/diagramState'

const diagram = (...actions: DiagramAction[]) => actions.reduce(diagramReducer, initialDiagram(null))
const palette = (...actions: PaletteAction[]) => actions.reduce(paletteReducer, initialPalette)
const state = (version: number) => ({ editable: true, canvas: null, version, updateUserName: '张三', updateTimeStr: '2026-03-01 10:00:00' }) as unknown as DiagramState
const answer = { version: 5, updateUserName: '李四', updateTimeStr: '2026-03-02 09:00:00' } as DiagramSaved

describe('the diagram', () => {
  it('shows a report never saved without a version, and a saved one with who saved it', () => {
    expect(diagram({ type: 'loaded', state: state(0) })).toMatchObject({ saved: null, dirty: false })
    expect(diagram({ type: 'loaded', state: state(3) }).saved).toMatchObject({ version: 3, updateUserName: '张三' })
  })

  it('is unsaved after a change until it is saved', () => {
    const changed = diagram({ type: 'loaded', state: state(3) }, { type: 'changed' })
    expect(changed.dirty).toBe(true)
    expect(diagramReducer(changed, { type: 'changed' })).toBe(changed)
    const saved = diagram({ type: 'loaded', state: state(3) }, { type: 'changed' }, { type: 'saving' }, { type: 'saved', answer })
    expect(saved).toMatchObject({ dirty: false, saving: false, saved: answer, conflict: null })
  })

  it('a save over a newer version shows the conflict until the diagram is loaded again; another failure keeps it as it was', () => {
    const conflict = diagram({ type: 'loaded', state: state(3) }, { type: 'saving' }, { type: 'saveFailed', conflict: '示意图已被他人修改' })
    expect(conflict).toMatchObject({ saving: false, conflict: '示意图已被他人修改' })
    expect(diagramReducer(conflict, { type: 'saveFailed' }).conflict).toBe('示意图已被他人修改')
    expect(diagramReducer(conflict, { type: 'loading' }).conflict).toBeNull()
  })

  it('starts with the reason there is nothing to load, and a retry clears a failed load', () => {
    expect(initialDiagram('缺少报告').error).toBe('缺少报告')
    const failed = diagram({ type: 'loadFailed', message: '获取数据失败：网络错误' })
    expect(failed.error).toBe('获取数据失败：网络错误')
    expect(diagramReducer(failed, { type: 'loading' }).error).toBeNull()
  })
})

describe('the palette', () => {
  it('starts on 选择, width 2, the largest ellipse, a thin vertical weld of 300, group A, no film', () => {
    expect(initialPalette).toEqual({ toolKey: 'select', strokeWidth: 2, ellipseSize: 40, weld: { vertical: true, style: 'thin', length: 300 }, group: 'A', film: 0 })
  })

  it('keeps the weld line’s other choices when one changes', () => {
    expect(palette({ type: 'weld', weld: { vertical: false } }, { type: 'weld', weld: { length: 30 } }).weld).toEqual({ vertical: false, style: 'thin', length: 30 })
  })

  it('counts the film up with each label placed, and not at 0', () => {
    expect(palette({ type: 'labelPlaced' }).film).toBe(0)
    expect(palette({ type: 'film', film: 1 }, { type: 'labelPlaced' }, { type: 'labelPlaced' }).film).toBe(3)
  })
})
