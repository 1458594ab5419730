/** Pure geometry of the drawing tools (diagram and sketch board), kept apart from fabric.js so it is tested in Node. */

export interface XY { x: number; y: number }

/** The box a drag from `a` to `b` spans, whichever way it went: its centre and size. */
export function dragBox(a: XY, b: XY) {
  const width = Math.abs(b.x - a.x)
  const height = Math.abs(b.y - a.y)
  return { cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, width, height }
}

/** SVG path of an arrow from `from` to `to`: the shaft and a two-stroke head at `to`. */
export function arrowPath(from: XY, to: XY, head = 14): string {
  const angle = Math.atan2(to.y - from.y, to.x - from.x)
  const wing = (side: number) => {
    const a = angle + Math.PI - side * (Math.PI / 7)
    return `${round(to.x + head * Math.cos(a))} ${round(to.y + head * Math.sin(a))}`
  }
  return `M ${round(from.x)} ${round(from.y)} L ${round(to.x)} ${round(to.y)} M ${wing(1)} L ${round(to.x)} ${round(to.y)} L ${wing(-1)}`
}

/** The ten corners of a five-pointed star around `c`, first point straight up; inner radius by the regular star's ratio. */
export function pentagramPoints(c: XY, outer: number): XY[] {
  const inner = outer * (Math.sin(Math.PI / 10) / Math.sin((7 * Math.PI) / 10))
  return Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner
    const a = -Math.PI / 2 + (i * Math.PI) / 5
    return { x: round(c.x + r * Math.cos(a)), y: round(c.y + r * Math.sin(a)) }
  })
}

/** How near (px) to the first point of a polygon a click closes it. */
export const CLOSE_DISTANCE = 10

/**
 * One click of the polygon tool on the points placed so far: a click on (near) the first point, once
 * there are at least three, closes the polygon; any other click adds a point.
 */
export function polygonClick(points: XY[], p: XY, near = CLOSE_DISTANCE): { closed: true; points: XY[] } | { closed: false; points: XY[] } {
  const first = points[0]
  if (first && points.length >= 3 && Math.hypot(p.x - first.x, p.y - first.y) <= near) return { closed: true, points }
  return { closed: false, points: [...points, { x: round(p.x), y: round(p.y) }] }
}

const round = (n: number) => Math.round(n * 100) / 100
