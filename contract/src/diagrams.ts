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
  stale: (name: string, time: string) => `示意图已被 ${name || '其他用户'} 于 ${time} 保存，请刷新后再编辑`,
  staleUnknown: '示意图版本已变化，请刷新后再编辑',
  readOnly: (status: string) => `报告当前状态为“${status}”，示意图只能查看；只有正在检验的报告才能编辑示意图`,
  saveAction: '保存示意图',
  imageOnly: '只能放置图片文件',
  imageUnreadable: '图片无法读取，请换一张图片',
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

/**
 * The canvas as the text a report keeps, or why it is refused: over DIAGRAM_MAX_BYTES, or not a
 * fabric canvas (a JSON object with an `objects` array). The web checks before it sends, the server again.
 */
export function diagramCanvasText(canvas: string | Record<string, unknown>): { text: string } | { error: 'tooLarge' | 'invalid' } {
  const text = typeof canvas === 'string' ? canvas : JSON.stringify(canvas)
  // a JS string has at most 3 UTF-8 bytes per UTF-16 unit: short ones skip the encoding
  if (text.length * 3 > DIAGRAM_MAX_BYTES && diagramBytes(text) > DIAGRAM_MAX_BYTES) return { error: 'tooLarge' }
  let value: unknown = canvas
  if (typeof canvas === 'string') {
    try { value = JSON.parse(canvas) } catch { return { error: 'invalid' } }
  }
  const objects = (value as { objects?: unknown } | null)?.objects
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Array.isArray(objects)) return { error: 'invalid' }
  return { text }
}
