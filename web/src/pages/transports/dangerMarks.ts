/**
 * How the grid marks a transport by its dangerLevel (spec 001 §2: 1 pink, 2 yellow, 3 red): a pale
 * tint of the spec's colour with a strong left edge, and an icon with the 磅差 value. The row's links
 * and 删除 are drawn darker than antd's defaults (#1677ff, #ff4d4f: about 4.1:1 and 3.3:1 on white)
 * so that they read at 4.5:1 or more on every tint (WCAG AA; a component test checks it).
 */
import type { DangerLevel } from '@app/contract'

export interface DangerMark {
  /** the row's background */
  tint: string
  /** its left edge and the icon's colour */
  edge: string
  /** the legend's wording for operators, after the spec's label */
  meaning: string
}

export const DANGER_MARKS: Record<DangerLevel, DangerMark> = {
  1: { tint: '#fff0f6', edge: '#c41d7f', meaning: '收发净重之差超过容差' },
  2: { tint: '#fffbe6', edge: '#ad6800', meaning: '人工修改重量超过限额' },
  3: { tint: '#fff1f0', edge: '#cf1322', meaning: '磅差超标且人工修改重量超过限额' },
}

export const dangerMark = (level: DangerLevel | null | undefined): DangerMark | undefined => (level ? DANGER_MARKS[level] : undefined)

/** Whether the pound difference is over tolerance (levels 1 and 3). */
export const poundOver = (level: DangerLevel | null | undefined) => level === 1 || level === 3
/** Whether a weight was changed by hand beyond the limit (levels 2 and 3). */
export const modifiedOver = (level: DangerLevel | null | undefined) => level === 2 || level === 3

/** The grid rows' link and 删除 colours (antd's blue 7 and red 7). */
export const ROW_LINK_COLOR = '#0958d9'
export const ROW_DELETE_COLOR = '#cf1322'
/** the CSS variables the rows' and the cards' styles read them from (the emphasised 磅差 takes the red) */
export const ROW_TEXT_COLORS = { '--grid-link': ROW_LINK_COLOR, '--grid-delete': ROW_DELETE_COLOR }

const channel = (c: number) => {
  const s = c / 255
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => channel(parseInt(hex.slice(i, i + 2), 16)))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** WCAG 2 contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}
