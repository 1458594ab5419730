import { z } from 'zod'
import { IMAGE_MAX_PIXELS } from './attachments.js'
import type { ReportStatus } from './reports.js'

/**
 * The tank diagram of an inspection report (spec 000 §2 "Diagram drawing screen", issue 13): a fabric.js
 * canvas JSON document per report, saved with `/report/saveFabric/{id}` and loaded with
 * `/report/loadFabric/{id}`. Every save names the version it was edited from, so the later of two
 * people editing at once is told who saved in between instead of overwriting their work.
 */

/** Largest canvas JSON a report keeps (UTF-8 bytes): placed images are stored inside it as data URLs. */
export const DIAGRAM_MAX_BYTES = 5 * 1024 * 1024

/**
 * How deep a canvas may nest (the canvas object is 1, `objects` 2, an object in it 3). fabric writes 5 at
 * most (a pen stroke: canvas, objects, the Path, its path, one command); a group adds 2, so a stroke in
 * 29 nested groups still fits. Far past this JSON.stringify overflows its stack (20,000 levels did: the
 * canvas saved, and every load of it answered 500).
 */
export const DIAGRAM_MAX_DEPTH = 64
/**
 * How many values a canvas may hold: objects, arrays, keys, strings, numbers, true, false and null. A
 * heavy drawing (the tank, 124 symbols and seam lines, 150 labels, 40 shapes, 60 pen strokes of 400
 * points, as the editor's tools make them) holds 176,000 in 1.2 MB, 6.7 bytes each; pen strokes, the
 * densest part of a drawing, fill DIAGRAM_MAX_BYTES with about 830,000. Only text denser than any
 * drawing (`[],` or `0,` over and over) reaches this.
 */
export const DIAGRAM_MAX_VALUES = 1_000_000

/** Largest picture of the diagram kept for the report's PDF and overview (data URL characters). */
export const DIAGRAM_PNG_MAX_CHARS = 4 * 1024 * 1024
/**
 * The picture is kept at most this wide or high (a larger one is shrunk): the editor's 1180 px canvas at
 * twice the pixel density is 2360 px, and the PDF prints it 515 pt wide, 2146 px at 300 dpi.
 */
export const DIAGRAM_PICTURE_MAX_SIDE = 2400

export const DiagramMsg = {
  saved: '示意图已保存',
  tooLarge: `示意图不能超过 ${DIAGRAM_MAX_BYTES / 1024 / 1024} MB，请删除或缩小其中的图片后再保存`,
  invalid: '示意图格式不正确',
  tooComplex: `示意图结构过于复杂（嵌套超过 ${DIAGRAM_MAX_DEPTH} 层或超过 ${DIAGRAM_MAX_VALUES / 10_000} 万个数据项），无法保存`,
  unreadable: '示意图数据已损坏，无法打开，请联系管理员',
  stale: (name: string, time: string) => `示意图已被 ${name || '其他用户'} 于 ${time} 保存，请刷新后再编辑`,
  staleUnknown: '示意图版本已变化，请刷新后再编辑',
  readOnly: (status: string) => `报告当前状态为“${status}”，示意图只能查看；只有正在检验的报告才能编辑示意图`,
  saveAction: '保存示意图',
  imageOnly: '只能放置图片文件',
  imageUnreadable: '图片无法读取，请换一张图片',
  placedInvalid: '示意图中放置的图片无法读取（只能放置 PNG 或 JPG 图片），请删除后重新放置',
  jsonUnreadable: '文件不是有效的画板 JSON',
  noReport: '缺少报告编号，请从检验登记列表进入示意图',
  pictureInvalid: '示意图图片格式不正确（应为 PNG）',
  pictureTooLarge: '示意图图片过大，请删除或缩小其中的图片后再保存',
  pictureTooManyPixels: `示意图图片像素过大（最多 ${IMAGE_MAX_PIXELS / 10_000} 万像素）`,
  pictureUnreadable: '示意图图片无法读取，请重新保存示意图',
  noPicture: '该报告还没有保存示意图',
} as const

/** A fabric.js canvas as `canvas.toJSON()` gives it: its objects and whatever else fabric writes beside them. */
export type DiagramCanvas = { objects: unknown[] } & Record<string, unknown>

/** `POST /report/saveFabric/{id}`: the canvas (its JSON text or the object) and the version it was loaded at (0: never saved). */
export const diagramSaveBody = z.object({
  canvas: z.union([z.string(), z.record(z.string(), z.unknown())], { error: (iss) => (iss.input == null ? '示意图不能为空' : DiagramMsg.invalid) }).describe('示意图'),
  version: z.number({ error: (iss) => (iss.input == null ? '示意图版本不能为空' : '示意图版本必须是整数') })
    .int({ error: '示意图版本必须是整数' }).min(0, { error: '示意图版本不能小于0' }).max(2_147_483_647).describe('示意图版本'),
  /** the drawing as a PNG data URL, for the report's PDF and overview */
  png: z.string({ error: DiagramMsg.pictureInvalid }).max(DIAGRAM_PNG_MAX_CHARS, { error: DiagramMsg.pictureTooLarge })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: DiagramMsg.pictureInvalid }).optional().describe('示意图图片'),
})
export type DiagramSaveBody = z.infer<typeof diagramSaveBody>

/** What a save answers: the version now saved (send it with the next save), who saved it and when. */
export interface DiagramSaved {
  version: number
  updateUserName: string
  updateTimeStr: string
}
/**
 * `/report/loadFabric/{id}`: the saved canvas (null: never saved, version 0), who saved it when, and the
 * report it belongs to: the editor's title, and whether it may be saved now (正在检验) or only viewed.
 */
export interface DiagramState extends DiagramSaved {
  canvas: DiagramCanvas | null
  report: { reportNumber: string; licenseNumber: string; status: ReportStatus; statusName: string }
  editable: boolean
}

const utf8 = new TextEncoder()
/** UTF-8 size of a canvas's JSON text, the measure of DIAGRAM_MAX_BYTES. */
export const diagramBytes = (text: string) => utf8.encode(text).length

/** What a character of JSON text does to its shape (ASCII; anything else is part of a number or a word). */
const WORD = 0
const OPEN = 1
const CLOSE = 2
const APART = 3
const QUOTE = 4
const JSON_CHARACTER = new Uint8Array(128)
for (const c of ' \t\r\n,:') JSON_CHARACTER[c.charCodeAt(0)] = APART
JSON_CHARACTER[0x7b] = JSON_CHARACTER[0x5b] = OPEN
JSON_CHARACTER[0x7d] = JSON_CHARACTER[0x5d] = CLOSE
JSON_CHARACTER[0x22] = QUOTE

/** Where the string opened before `from` ends: the first quote after it not escaped by an odd run of backslashes; -1: never. */
function stringEnd(text: string, from: number) {
  for (let end = text.indexOf('"', from); end !== -1; end = text.indexOf('"', end + 1)) {
    let slashes = 0
    while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++
    if (slashes % 2 === 0) return end
  }
  return -1
}

/**
 * Whether a JSON text nests deeper than `maxDepth` or holds more than `maxValues` values (objects,
 * arrays, keys, strings, numbers, true, false and null), found in one pass over its characters with
 * nothing parsed: JSON.parse and JSON.stringify recurse, and 10 MB of `[` took seconds to parse. A
 * string is passed over with indexOf, so a picture's data URL costs next to nothing. Counts of a text
 * that is not JSON mean nothing; JSON.parse refuses it after.
 */
export function jsonTooComplex(text: string, maxDepth: number, maxValues: number): boolean {
  let depth = 0
  let values = 0
  let inWord = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const kind = c < 128 ? JSON_CHARACTER[c] : WORD
    if (kind === WORD) {
      if (!inWord && ++values > maxValues) return true
      inWord = true
      continue
    }
    inWord = false
    if (kind === QUOTE) {
      i = stringEnd(text, i + 1)
      if (i === -1) return false
      if (++values > maxValues) return true
    } else if (kind === OPEN) {
      if (++depth > maxDepth || ++values > maxValues) return true
    } else if (kind === CLOSE) {
      depth--
    }
  }
  return false
}

export type DiagramRefusal = 'tooLarge' | 'tooComplex' | 'invalid'

/**
 * The canvas as the text a report keeps and the object it stands for, or why it is refused (with the
 * message): over DIAGRAM_MAX_BYTES, past DIAGRAM_MAX_DEPTH or DIAGRAM_MAX_VALUES, or not a fabric canvas
 * (a JSON object with an `objects` array). The web checks before it sends, the server again, and again
 * when it loads a canvas kept before these limits.
 */
export function diagramCanvasText(canvas: string | Record<string, unknown>):
  { text: string; canvas: DiagramCanvas } | { error: DiagramRefusal; message: string } {
  const refused = (error: DiagramRefusal) => ({ error, message: DiagramMsg[error] })
  let text: string
  try {
    text = typeof canvas === 'string' ? canvas : JSON.stringify(canvas)
  } catch (err) {
    // a stack overflow: nested too deep to write
    return refused(err instanceof RangeError ? 'tooComplex' : 'invalid')
  }
  // a JS string has at most 3 UTF-8 bytes per UTF-16 unit: short ones skip the encoding
  if (text.length * 3 > DIAGRAM_MAX_BYTES && diagramBytes(text) > DIAGRAM_MAX_BYTES) return refused('tooLarge')
  if (jsonTooComplex(text, DIAGRAM_MAX_DEPTH, DIAGRAM_MAX_VALUES)) return refused('tooComplex')
  let value: unknown = canvas
  if (typeof canvas === 'string') {
    try { value = JSON.parse(canvas) } catch { return refused('invalid') }
  }
  const objects = (value as { objects?: unknown } | null)?.objects
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Array.isArray(objects)) return refused('invalid')
  return { text, canvas: value as DiagramCanvas }
}
