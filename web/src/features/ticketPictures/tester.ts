/** Pure logic of the rule tester (unit-tested in web/test/tickets.test.ts). */
import { TICKET_MAX_BYTES, TicketMsg, type CandidateRule, type FieldMeta, type TicketField, type TicketType } from '@app/contract'
import type { RuleTestResult } from '../../api/ticketReading'
import { fieldLabel, fieldsOfType, isTicketField } from '../../components/ticketFields'

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
const IMAGE_EXT = /\.(jpe?g|png|webp)$/i
/** the delay between the last change of the rule form and the test run */
export const TEST_DEBOUNCE_MS = 400

/** Why this file cannot be tested (checked before anything is sent, against the server's TICKET_MAX_BYTES), or null. */
export function imageProblem(file: { name: string; type?: string; size: number }): string | null {
  const typeOk = file.type ? IMAGE_TYPES.includes(file.type) : IMAGE_EXT.test(file.name)
  if (!typeOk) return `“${file.name}”不是 JPG、PNG 或 WebP 图片，请选择票据照片`
  if (file.size === 0) return `“${file.name}”是空文件，请重新选择`
  if (file.size > TICKET_MAX_BYTES) return `${TicketMsg.pictureTooLarge}（“${file.name}”为 ${(file.size / 1024 / 1024).toFixed(1)}MB）`
  return null
}

export interface RuleDraft {
  property?: string | null
  receiptFormatId?: number | null
  valueName?: string | null
  valueNameRegular?: string | null
  valueRegular?: string | null
}

const blankToNull = (s: string | null | undefined) => {
  const t = (s ?? '').trim()
  return t ? t : null
}

/**
 * The rule form's values as the tester sends them; undefined while the form has no field or format
 * yet (the test then runs the stored rules only). `id` replaces the stored rule being edited.
 */
export function candidateRule(draft: RuleDraft | null | undefined, id?: number): CandidateRule | undefined {
  if (!draft?.property || !isTicketField(draft.property) || !draft.receiptFormatId) return undefined
  const rule: CandidateRule = {
    property: draft.property,
    receiptFormatId: Number(draft.receiptFormatId),
    valueName: blankToNull(draft.valueName),
    valueNameRegular: blankToNull(draft.valueNameRegular),
    valueRegular: blankToNull(draft.valueRegular),
  }
  if (!rule.valueName && !rule.valueNameRegular && !rule.valueRegular) return undefined
  return id ? { id, ...rule } : rule
}

/** A regular expression the browser cannot compile: the message to show, else null. */
export function regexProblem(label: string, pattern: string | null | undefined): string | null {
  if (!pattern?.trim()) return null
  try {
    new RegExp(pattern)
    return null
  } catch {
    return `${label}不是有效的正则表达式`
  }
}

export const SOURCE_LABELS: Record<FieldMeta['source'], string> = { rule: '规则', synonym: '同义词', title: '标题' }
export const SOURCE_COLORS: Record<FieldMeta['source'], string> = { rule: 'blue', synonym: 'cyan', title: 'purple' }

export interface ResultRow {
  field: TicketField
  label: string
  value: string | null
  source: FieldMeta['source'] | null
  /** 0..1 */
  confidence: number | null
  box: number[][] | null
  flag: string | null
}

const shown = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v))

/** One row per field of the ticket type, in the reader's order, with what the test found for it. */
export function resultRows(result: RuleTestResult, fileType: TicketType): ResultRow[] {
  return fieldsOfType(fileType).map((field) => {
    const meta = result.meta?.[field]
    const value = shown(result.fields?.[field])
    return {
      field,
      label: fieldLabel(field),
      value,
      source: value !== null ? meta?.source ?? null : null,
      confidence: value !== null && typeof meta?.confidence === 'number' ? meta.confidence : null,
      box: value !== null && validBox(meta?.box) ? meta!.box : null,
      flag: result.flags?.[field] ?? null,
    }
  })
}

export const validBox = (box: unknown): box is number[][] =>
  Array.isArray(box) && box.length >= 2 && box.every((p) => Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n)))

/** SVG polygon points of a box ([[x,y]...] in picture pixels); two points are the corners of a rectangle. */
export function boxPoints(box: number[][]): string {
  const pts = box.length === 2 ? [box[0]!, [box[1]![0]!, box[0]![1]!], box[1]!, [box[0]![0]!, box[1]![1]!]] : box
  return pts.map(([x, y]) => `${round(x!)},${round(y!)}`).join(' ')
}

/** The box's bounding rectangle scaled from the picture's pixels to `scale` (display pixels per picture pixel). */
export function scaledRect(box: number[][], scale: number) {
  const xs = box.map((p) => p[0]!)
  const ys = box.map((p) => p[1]!)
  const left = Math.min(...xs) * scale
  const top = Math.min(...ys) * scale
  return { left: round(left), top: round(top), width: round(Math.max(...xs) * scale - left), height: round(Math.max(...ys) * scale - top) }
}

const round = (n: number) => Math.round(n * 100) / 100

export const formatConfidence = (c: number | null) => (c === null ? '' : `${Math.round(Math.max(0, Math.min(1, c)) * 100)}%`)

/**
 * Runs the latest job only, one at a time: a job asked for while one runs waits, and a newer one
 * replaces it (the server reads one picture per call; rapid edits must not queue up OCR runs).
 */
export class LatestRunner<J, R> {
  private busy = false
  private next: { job: J } | null = null
  private closed = false

  constructor(
    private readonly exec: (job: J) => Promise<R>,
    private readonly on: { start?: () => void; result: (r: R, job: J) => void; error: (e: unknown, job: J) => void; idle?: () => void },
  ) {}

  run(job: J) {
    if (this.closed) return
    if (this.busy) {
      this.next = { job }
      return
    }
    void this.loop(job)
  }

  close() {
    this.closed = true
    this.next = null
  }

  private async loop(first: J) {
    this.busy = true
    this.on.start?.()
    let job: J | null = first
    while (job !== null && !this.closed) {
      const current: J = job
      try {
        const r = await this.exec(current)
        if (!this.next && !this.closed) this.on.result(r, current)
      } catch (e) {
        if (!this.next && !this.closed) this.on.error(e, current)
      }
      job = this.next ? this.next.job : null
      this.next = null
    }
    this.busy = false
    if (!this.closed) this.on.idle?.()
  }
}
