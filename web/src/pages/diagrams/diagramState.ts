/**
 * What the diagram screen holds beside its canvas, as two reducers of pure steps (unit-tested in
 * web/test/diagramState.test.ts): the diagram's loading and saving (`diagramReducer`), and the
 * palette's choices (`paletteReducer`): the tool, line width, ellipse size, weld line, label group
 * and film number the tools draw with.
 */
import type { DiagramSaved, DiagramState } from '@app/contract'
import { ELLIPSE_SIZES, nextFilm, type LabelGroup, type StrokeWidth, type WeldLength, type WeldStyle } from './palette'

export interface DiagramDoc {
  /** the report's diagram as loaded (null until it is) */
  loaded: DiagramState | null
  /** why the screen cannot show it: no report, or the load failed */
  error: string | null
  /** the last save (who, when, version), or the loaded one's */
  saved: DiagramSaved | null
  /** the server refused a save made over an older version (409) */
  conflict: string | null
  /** changed since loaded or saved */
  dirty: boolean
  saving: boolean
}

export type DiagramAction =
  | { type: 'loading' }
  | { type: 'loaded'; state: DiagramState }
  | { type: 'loadFailed'; message: string }
  | { type: 'changed' }
  | { type: 'saving' }
  | { type: 'saved'; answer: DiagramSaved }
  /** `conflict`: the 409's message; other failures the request client showed */
  | { type: 'saveFailed'; conflict?: string }

/** `error`: the screen has no report to load (DiagramMsg.noReport). */
export const initialDiagram = (error: string | null): DiagramDoc =>
  ({ loaded: null, error, saved: null, conflict: null, dirty: false, saving: false })

export function diagramReducer(doc: DiagramDoc, action: DiagramAction): DiagramDoc {
  switch (action.type) {
    case 'loading':
      return { ...doc, error: null, conflict: null }
    case 'loaded':
      // a report never saved has no version to show
      return { ...doc, loaded: action.state, saved: action.state.version ? action.state : null, dirty: false }
    case 'loadFailed':
      return { ...doc, error: action.message }
    case 'changed':
      return doc.dirty ? doc : { ...doc, dirty: true }
    case 'saving':
      return { ...doc, saving: true }
    case 'saved':
      return { ...doc, saved: action.answer, dirty: false, conflict: null, saving: false }
    case 'saveFailed':
      return { ...doc, saving: false, conflict: action.conflict ?? doc.conflict }
  }
}

export interface WeldChoice {
  vertical: boolean
  style: WeldStyle
  length: WeldLength
}

export interface Palette {
  /** the tool button shown pressed */
  toolKey: string
  strokeWidth: StrokeWidth
  ellipseSize: number
  weld: WeldChoice
  group: LabelGroup
  /** 0: a label is placed as itself (A1), else as A1-<film> and the number goes up */
  film: number
}

export type PaletteAction =
  | { type: 'tool'; key: string }
  | { type: 'strokeWidth'; width: StrokeWidth }
  | { type: 'ellipseSize'; size: number }
  | { type: 'weld'; weld: Partial<WeldChoice> }
  | { type: 'group'; group: LabelGroup }
  | { type: 'film'; film: number }
  /** a label was placed on a film */
  | { type: 'labelPlaced' }

export const initialPalette: Palette = {
  toolKey: 'select', strokeWidth: 2, ellipseSize: ELLIPSE_SIZES[0], weld: { vertical: true, style: 'thin', length: 300 }, group: 'A', film: 0,
}

export function paletteReducer(p: Palette, action: PaletteAction): Palette {
  switch (action.type) {
    case 'tool':
      return { ...p, toolKey: action.key }
    case 'strokeWidth':
      return { ...p, strokeWidth: action.width }
    case 'ellipseSize':
      return { ...p, ellipseSize: action.size }
    case 'weld':
      return { ...p, weld: { ...p.weld, ...action.weld } }
    case 'group':
      return { ...p, group: action.group }
    case 'film':
      return { ...p, film: action.film }
    case 'labelPlaced':
      return { ...p, film: nextFilm(p.film) }
  }
}
