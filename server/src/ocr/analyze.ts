/**
 * Ticket analysis: image -> OCR lines -> format choice -> rules -> synonyms -> checks.
 * `analyzeTicket` runs in the calling thread (the pool's workers call it); the server uses
 * `OcrPool.analyze` (same input and output) so that its event loop never blocks on OCR.
 */
import { checkFields } from './checks.js'
import { correctFields, type SavedNames } from './correct.js'
import { doubtFields } from './doubtful.js'
import { OcrEngine, type EngineOptions } from './engine.js'
import type { OcrLine } from './ocrLine.js'
import { TicketMsg } from '@app/contract'
import { extractFields, fallbackExtractor, type FieldResult } from './extract.js'
import { fieldNames, fieldSuffixes, qualifyField } from './fieldCatalogue.js'
import { labelsByMeaning } from './labelMeaning.js'
import { knownLabels } from './segments.js'
import { rankFormats } from './formats.js'
import { prepareImage } from './image.js'
import { buildLayout } from './layout.js'
import { removeSeals } from './stamps.js'
import type { AnalyzeInput, ExtractionRule, FieldMeta, FieldValue, FileType, ReceiptFormat, TicketAnalysis, TicketReading } from './types.js'
import { DEFAULT_EXTRACTION_RULES, DEFAULT_RECEIPT_FORMATS } from './defaults.js'

export interface AnalyzeLinesInput {
  lines: OcrLine[]
  fileType: FileType
  formats?: ReceiptFormat[]
  rules?: ExtractionRule[]
  /** size of the space the line boxes are in */
  width: number
  height: number
  /** names the base saved before, per field suffix: readings within a look-alike character or two snap to them */
  savedNames?: SavedNames
}

function requiredOk(format: ReceiptFormat, fileType: FileType, results: Record<string, FieldResult>): boolean {
  const req = format.requiredFields ?? []
  return req.every((f) => {
    const r = results[qualifyField(f, fileType)]
    return r && r.value !== null && r.value !== ''
  })
}

/** extraction from OCR lines (no image work): used by analyzeTicket and by unit tests */
export function analyzeLines(input: AnalyzeLinesInput): Omit<TicketAnalysis, 'width' | 'height'> {
  const { lines, fileType, width, height } = input
  const formats = input.formats ?? DEFAULT_RECEIPT_FORMATS
  const rules = input.rules ?? DEFAULT_EXTRACTION_RULES
  let layout = buildLayout(lines, fileType, width, height)
  const text = layout.items.map((i) => i.text).join('\n')
  const { candidates, errors: formatErrors } = rankFormats(formats, fileType, text)

  // the built-in fallbacks depend on the layout only: worked out once for all candidate formats
  const fallback = fallbackExtractor(layout)
  let chosen: ReceiptFormat | null = null
  let extraction: ReturnType<typeof extractFields> | null = null
  for (const f of candidates) {
    const ex = extractFields(layout, rules.filter((r) => Number(r.receiptFormatId) === f.id), fallback)
    if (requiredOk(f, fileType, ex.results)) {
      chosen = f
      extraction = ex
      break
    }
  }
  if (!extraction) extraction = extractFields(layout, [], fallback)

  // fields left empty: labels no list holds whose words name them, read as theirs in a second look at the layout
  const empty = fieldSuffixes(fileType).filter((s) => !extraction!.results[qualifyField(s, fileType)])
  const extra = empty.length ? labelsByMeaning(layout, empty, knownLabels(fileType)) : {}
  if (Object.keys(extra).length) {
    layout = buildLayout(lines, fileType, width, height, extra)
    const again = fallbackExtractor(layout)
    for (const suffix of Object.keys(extra)) {
      const r = again(suffix)
      if (r) extraction.results[qualifyField(suffix, fileType)] = r
    }
  }

  const fields: Record<string, FieldValue> = {}
  const meta: Record<string, FieldMeta> = {}
  for (const name of fieldNames(fileType)) {
    const r = extraction.results[name]
    fields[name] = r ? r.value : null
    if (r) meta[name] = r.meta
  }
  correctFields(fields, meta, input.savedNames)
  doubtFields(fields, meta, fileType)
  const flags: Record<string, string> = { ...checkFields(fields, fileType) }
  for (const [k, v] of Object.entries(extraction.errors)) flags[k] ??= v
  const fe = Object.entries(formatErrors)
  if (fe.length) flags.format = fe.map(([id, m]) => TicketMsg.formatRuleFailed(id, m)).join('；')
  return {
    fields,
    origin: lines.map((l) => l.text).join('\n'),
    format: chosen ? { id: chosen.id, name: chosen.name } : null,
    meta,
    flags,
  }
}

let sharedEngine: Promise<OcrEngine> | null = null
/** one engine per thread, created on first use */
export function getEngine(options?: EngineOptions): Promise<OcrEngine> {
  if (!sharedEngine) {
    sharedEngine = OcrEngine.create(options)
    sharedEngine.catch(() => (sharedEngine = null))
  }
  return sharedEngine
}

export interface AnalyzeOptions {
  engine?: OcrEngine
  /** longest side of the working image */
  workMaxSide?: number
  detMaxSide?: number
}

/** The lines a picture holds, boxes in the uploaded (EXIF-oriented) picture's pixels: what `analyzeLines` reads. */
export async function readTicketLines(input: Pick<AnalyzeInput, 'buffer' | 'keep'>, options: AnalyzeOptions = {}) {
  const img = await prepareImage(input.buffer, { maxSide: options.workMaxSide, keep: input.keep })
  const engine = options.engine ?? (await getEngine())
  removeSeals(img)
  const lines = await engine.recognize(img, { detMaxSide: options.detMaxSide })
  const inv = 1 / img.scale
  const scaled: OcrLine[] = lines.map((l) => ({
    ...l,
    box: l.box.map(([x, y]) => [Math.round(x * inv), Math.round(y * inv)]) as OcrLine['box'],
  }))
  return { lines: scaled, width: img.originalWidth, height: img.originalHeight, kept: img.kept }
}

/** full analysis in this thread. Throws TicketImageError for a bad upload. */
export async function analyzeTicket(input: AnalyzeInput, options: AnalyzeOptions = {}): Promise<TicketReading> {
  const fileType = Number(input.fileType) as FileType
  if (fileType !== 1 && fileType !== 2) throw new RangeError('fileType must be 1 or 2')
  const { lines, width, height, kept } = await readTicketLines(input, options)
  const res = analyzeLines({ lines, fileType, formats: input.formats, rules: input.rules, savedNames: input.savedNames, width, height })
  return { ...res, width, height, kept: await kept }
}
