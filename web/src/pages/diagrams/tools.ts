/** The fabric.js objects the palettes place and the tools that place them (click, drag, polygon, pen). */
import { Circle, Ellipse, type FabricObject, IText, Line, Path, Polygon, Polyline, Rect } from 'fabric'
import type { Board, ObjectData, Tool } from './board'
import { arrowPath, dragBox, pentagramPoints, polygonClick, type XY } from './geometry'
import { DASH, INK, type PaletteItem, RECT_SIZE, TANK_OUTLINE, TEXT_FONT_SIZE } from './palette'

const FONT = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif'

function tagged<T extends FabricObject>(o: T, data: ObjectData): T {
  ;(o as T & { data?: ObjectData }).data = data
  return o
}

export interface Ink { stroke: string; strokeWidth: number }

/** A palette symbol or weld seam line centred on `p`. */
export function glyphObject(item: PaletteItem, p: XY): FabricObject {
  const g = item.glyph
  if (g.shape === 'line') {
    const half = g.length / 2
    const points: [number, number, number, number] = g.vertical ? [p.x, p.y - half, p.x, p.y + half] : [p.x - half, p.y, p.x + half, p.y]
    return tagged(new Line(points, { stroke: g.stroke, strokeWidth: g.strokeWidth, strokeUniform: true }), { kind: item.key })
  }
  return tagged(new Circle({
    left: p.x, top: p.y, radius: g.diameter / 2, stroke: INK, strokeWidth: 1, strokeUniform: true,
    fill: g.filled ? INK : 'transparent', strokeDashArray: g.dashed ? DASH : null,
  }), { kind: item.key })
}

/** Text (a label such as A1-1, or a text box) at `p`, 16 px; double-click edits it. */
export const textObject = (text: string, p: XY, kind: string, fill = INK) =>
  tagged(new IText(text, { left: p.x, top: p.y, fontSize: TEXT_FONT_SIZE, fontFamily: FONT, fill }), { kind })

export const ellipseObject = (diameter: number, p: XY, ink: Ink) =>
  tagged(new Ellipse({ left: p.x, top: p.y, rx: diameter / 2, ry: diameter / 2, fill: 'transparent', strokeUniform: true, ...ink }), { kind: 'ellipse' })

export const rectObject = (p: XY, ink: Ink, size: { width: number; height: number } = RECT_SIZE) =>
  tagged(new Rect({ left: p.x, top: p.y, width: size.width, height: size.height, fill: 'transparent', strokeUniform: true, ...ink }), { kind: 'rect' })

/** The blank diagram's tank: a cylinder with elliptical heads, centred, fixed in place. */
export function tankOutline(canvas: { width: number; height: number }) {
  const { width, height, headDepth, strokeWidth } = TANK_OUTLINE
  return tagged(new Rect({
    left: canvas.width / 2, top: canvas.height / 2, width, height, rx: headDepth, ry: height / 2,
    fill: 'transparent', stroke: INK, strokeWidth, selectable: false, evented: false,
  }), { role: 'outline' })
}

/** Starts editing a text just placed, all of it selected, with the select tool back in hand. */
export function editNow(o: FabricObject, board: Board) {
  board.setTool(null)
  board.canvas.setActiveObject(o)
  ;(o as IText).enterEditing()
  ;(o as IText).selectAll()
}

/** Each click places `make(p)`; `then` runs after (the text box starts editing, a film number moves on). */
export function placeTool(make: (p: XY) => FabricObject, then?: (o: FabricObject, board: Board) => void): Tool {
  return {
    cursor: 'crosshair',
    down(p, board) {
      const o = make(p)
      board.add(o)
      then?.(o, board)
    },
  }
}

/** Press, drag and release draws `make(from, to)`; a click without dragging draws nothing. */
export function dragTool(make: (a: XY, b: XY) => FabricObject, minDrag = 3): Tool {
  let start: XY | null = null
  let shown: FabricObject | null = null
  const redraw = (board: Board, b: XY) => {
    if (!start) return
    if (shown) board.canvas.remove(shown)
    shown = Math.hypot(b.x - start.x, b.y - start.y) >= minDrag ? make(start, b) : null
    if (shown) board.add(shown)
  }
  return {
    cursor: 'crosshair',
    down(p) { start = p; shown = null },
    move(p, board) { redraw(board, p) },
    up(p, board) { redraw(board, p); start = null; shown = null },
    cancel() { start = null; shown = null },
  }
}

export const lineTool = (ink: () => Ink) =>
  dragTool((a, b) => tagged(new Line([a.x, a.y, b.x, b.y], { strokeUniform: true, ...ink() }), { kind: 'line' }))

export const arrowTool = (ink: Ink) =>
  dragTool((a, b) => tagged(new Path(arrowPath(a, b), { fill: '', strokeLineCap: 'round', strokeLineJoin: 'round', ...ink }), { kind: 'arrow' }))

export const pentagramTool = (ink: Ink) =>
  dragTool((a, b) => tagged(new Polygon(pentagramPoints(a, Math.hypot(b.x - a.x, b.y - a.y)), { fill: 'transparent', ...ink }), { kind: 'pentagram' }))

export const ellipseDragTool = (ink: Ink) => dragTool((a, b) => {
  const box = dragBox(a, b)
  return tagged(new Ellipse({ left: box.cx, top: box.cy, rx: box.width / 2, ry: box.height / 2, fill: 'transparent', ...ink }), { kind: 'ellipse' })
})

export const rectDragTool = (ink: Ink) => dragTool((a, b) => {
  const box = dragBox(a, b)
  return tagged(new Rect({ left: box.cx, top: box.cy, width: box.width, height: box.height, fill: 'transparent', ...ink }), { kind: 'rect' })
})

/**
 * Polygon: each click adds a corner (the outline so far is drawn as it grows); a click on the first
 * corner, once there are three, closes it into a polygon. Choosing another tool drops the unfinished one.
 */
export function polygonTool(ink: Ink, onClosed?: (polygon: FabricObject) => void): Tool {
  let points: XY[] = []
  let draft: FabricObject | null = null
  const clear = (board: Board) => {
    if (draft) board.canvas.remove(draft)
    draft = null
    points = []
  }
  return {
    cursor: 'crosshair',
    down(p, board) {
      const next = polygonClick(points, p)
      if (draft) board.canvas.remove(draft)
      draft = null
      if (next.closed) {
        const polygon = tagged(new Polygon(next.points, { fill: 'transparent', ...ink }), { kind: 'polygon' })
        points = []
        board.add(polygon)
        onClosed?.(polygon)
        return
      }
      points = next.points
      draft = tagged(new Polyline(points, { fill: '', ...ink, strokeDashArray: [4, 4], selectable: false, evented: false }), { kind: 'polygonDraft' })
      board.add(draft)
    },
    cancel: clear,
  }
}
