/**
 * What the tank diagram screen offers (spec 000 §2 "Diagram drawing screen", §9 drawing constants) as
 * plain data, with no fabric.js in it: the symbols, the weld seam lines, the label groups of the weld
 * joints (../shared/domain/inspection.md) and the sketch board's constants. `shapes.ts` draws them.
 */

/** §9: stroke widths offered for shapes, lines and the pen. */
export const STROKE_WIDTHS = [1, 2, 5] as const
export type StrokeWidth = (typeof STROKE_WIDTHS)[number]
/** §9: diameters of the ellipse shape (and of the symbols, which use them). */
export const ELLIPSE_SIZES = [40, 19, 16, 14, 8, 6, 10] as const
/** §9: the rectangle's default size. */
export const RECT_SIZE = { width: 500, height: 300 } as const
/** §9: text and labels. */
export const TEXT_FONT_SIZE = 16
/** §9: weld seam line lengths. */
export const WELD_LENGTHS = [300, 100, 30] as const
export type WeldLength = (typeof WELD_LENGTHS)[number]

export const INK = '#000000'
export const RED = '#f5222d'
/** Dash pattern of the dashed symbols (虚线). */
export const DASH = [4, 3]

/** The diagram's canvas, with the tank outline drawn on a blank one. */
export const DIAGRAM_CANVAS = { width: 1180, height: 620, background: '#ffffff' } as const
/** A capsule: a cylinder with elliptical heads (rounded corners as deep as half the height). */
export const TANK_OUTLINE = { width: 900, height: 300, headDepth: 70, strokeWidth: 2 } as const

/** §9: the sketch board. */
export const SKETCH_CANVAS = { width: 1180, height: 520, stroke: 'red', penWidth: 2, background: '#ffffff' } as const

/** A symbol as drawn: a circle of one of the ellipse sizes, solid or dashed, hollow or filled; or a seam line. */
export type Glyph =
  | { shape: 'circle'; diameter: number; dashed?: boolean; filled?: boolean }
  | { shape: 'line'; vertical: boolean; length: WeldLength; strokeWidth: number; stroke: string }

export interface PaletteItem {
  /** kept on the placed object (`data.kind`), so a saved diagram still says what each mark is */
  key: string
  label: string
  glyph: Glyph
}

const circle = (key: string, label: string, diameter: (typeof ELLIPSE_SIZES)[number], more: { dashed?: boolean; filled?: boolean } = {}): PaletteItem =>
  ({ key, label, glyph: { shape: 'circle', diameter, ...more } })

/**
 * The spec names the symbols and lists the ellipse sizes without pairing them; the larger fittings take
 * the larger sizes (manhole 40 … gas phase 8 and 6), instruments and the drain hole 10.
 */
export const SYMBOLS: PaletteItem[] = [
  circle('manhole', '人孔', 40),
  circle('safetyValve', '安全阀', 19),
  circle('levelGauge', '液位计（实线）', 16),
  circle('levelGaugeDashed', '液位计（虚线）', 16, { dashed: true }),
  circle('liquidPhase', '液相（实线）', 14),
  circle('liquidPhaseDashed', '液相（虚线）', 14, { dashed: true }),
  circle('gasPhase', '气相（实线，大）', 8),
  circle('gasPhaseDashed', '气相（虚线，大）', 8, { dashed: true }),
  circle('gasPhaseSmall', '气相（实线，小）', 6),
  circle('gasPhaseSmallDashed', '气相（虚线，小）', 6, { dashed: true }),
  circle('instrument', '仪表（空心）', 10),
  circle('instrumentFilled', '仪表（实心）', 10, { filled: true }),
  circle('drainHole', '排污孔（虚线）', 10, { dashed: true }),
]

export const WELD_STYLES = {
  thin: { label: '细', strokeWidth: 1, stroke: INK },
  thick: { label: '粗', strokeWidth: 5, stroke: INK },
  red: { label: '红', strokeWidth: 2, stroke: RED },
} as const
export type WeldStyle = keyof typeof WELD_STYLES
export const WELD_STYLE_KEYS = Object.keys(WELD_STYLES) as WeldStyle[]

/** One weld seam line: vertical or horizontal, thin, thick or red, 300, 100 or 30 long. */
export function weldItem(vertical: boolean, style: WeldStyle, length: WeldLength): PaletteItem {
  const { label, strokeWidth, stroke } = WELD_STYLES[style]
  return {
    key: `weld-${vertical ? 'v' : 'h'}-${style}-${length}`,
    label: `焊缝线（${vertical ? '竖' : '横'}，${label}，${length}）`,
    glyph: { shape: 'line', vertical, length, strokeWidth, stroke },
  }
}
/** Every weld seam line the palette offers (2 directions × 3 styles × 3 lengths). */
export const WELD_ITEMS: PaletteItem[] = [true, false].flatMap((v) => WELD_STYLE_KEYS.flatMap((s) => WELD_LENGTHS.map((l) => weldItem(v, s, l))))

/** Weld joint label groups (domain/inspection.md): A longitudinal, AF head splices, B circumferential, D nozzles and manholes. */
export const LABEL_GROUPS = {
  A: { title: 'A 纵焊缝', count: 8 },
  AF: { title: 'AF 封头拼接焊缝', count: 4 },
  B: { title: 'B 环焊缝', count: 10 },
  D: { title: 'D 接管、人孔焊缝', count: 12 },
} as const
export type LabelGroup = keyof typeof LABEL_GROUPS
export const LABEL_GROUP_KEYS = Object.keys(LABEL_GROUPS) as LabelGroup[]
export const labelsOf = (group: LabelGroup) => Array.from({ length: LABEL_GROUPS[group].count }, (_, i) => `${group}${i + 1}`)

/** Radiograph film positions are numbered under their joint: A1-1, A1-2 …; 0 places the joint's own label. */
export const FILM_MAX = 99
export const labelText = (label: string, film: number) => (film > 0 ? `${label}-${film}` : label)
/** After placing film n of a joint the next click places film n + 1 (up to FILM_MAX); a plain label stays plain. */
export const nextFilm = (film: number) => (film > 0 ? Math.min(film + 1, FILM_MAX) : 0)

/** What a key press asks of the editor: Delete removes the selection, Ctrl+Z (⌘Z) the last drawn object. */
export function keyAction(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey?: boolean }): 'delete' | 'undo' | null {
  if (e.key === 'Delete') return 'delete'
  if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') return 'undo'
  return null
}

/** Largest side of a placed image: a phone photo scaled to this keeps the diagram well under 5 MB. */
export const IMAGE_MAX_SIDE = 1000
/** The size an image is scaled to so that neither side exceeds `max` (never enlarged). */
export function fitWithin(width: number, height: number, max = IMAGE_MAX_SIDE) {
  const scale = Math.min(1, max / Math.max(width, height, 1))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** Name of the exported picture. */
export const diagramFileName = (reportNumber: string | null | undefined, ext: 'png' | 'json' = 'png') =>
  `${reportNumber ? `示意图-${reportNumber}` : '示意图'}.${ext}`
