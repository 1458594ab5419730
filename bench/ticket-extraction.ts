/**
 * The reader's extraction alone, for developing it: `node --import tsx bench/ticket-extraction.ts
 * [--only=blind] [--layouts=a,b] [--errors]`. Each ticket of bench/ticketSets.ts's sets is read by the
 * OCR engine once, as the endpoint reads it (`readTicketLines`), and its lines are kept in
 * .generated/lines (by the picture's hash, under a key of the code and packages that read it); then `analyzeLines` with the default formats and rules
 * scores every set in seconds. Held-out and blind sets print totals only, as in the bench. The figures
 * to report are the bench's, through the endpoint (bench/ticket-generalisation.bench.ts).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { analyzeLines, readTicketLines } from '../server/src/ocr/analyze.js'
import type { OcrLine } from '../server/src/ocr/ocrLine.js'
import { root } from './lib.js'
import { developmentBands, printBands, SetScore, ticketSets, type TicketReadingAnswer } from './ticketSets.js'

const CACHE = path.join(root, '.generated/lines')
/** what the lines depend on besides the picture (the engine, its preparing of the picture, the models' package): a change reads them afresh */
const READER = createHash('sha1')
for (const f of ['engine.ts', 'image.ts', 'stamps.ts', 'raster.ts', 'ctcDecode.ts']) READER.update(fs.readFileSync(path.join(root, 'server/src/ocr', f)))
READER.update(fs.readFileSync(path.join(root, 'package-lock.json')))
const readerKey = READER.digest('hex').slice(0, 12)
const showErrors = process.argv.includes('--errors')
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7)
const layouts = process.argv.find((a) => a.startsWith('--layouts='))?.slice(10).split(',')

type Lines = { lines: OcrLine[]; width: number; height: number }

async function linesOf(file: string): Promise<Lines> {
  const buffer = fs.readFileSync(file)
  const cached = path.join(CACHE, readerKey, `${createHash('sha1').update(buffer).digest('hex')}.json`)
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8')) as Lines
  const { lines, width, height } = await readTicketLines({ buffer })
  fs.mkdirSync(path.dirname(cached), { recursive: true })
  fs.writeFileSync(cached, JSON.stringify({ lines, width, height }))
  return { lines, width, height }
}

const scores: SetScore[] = []
let extractMs = 0
let tickets = 0
for (const set of ticketSets()) {
  if (only && !set.name.includes(only)) continue
  if (layouts) set.entries = set.entries.filter((t) => layouts.includes(t.layout))
  if (!set.entries.length) continue
  const score = new SetScore(set)
  for (const t of set.entries) {
    const { lines, width, height } = await linesOf(path.join(set.dir, t.file))
    const t0 = performance.now()
    const { fields, meta, flags } = analyzeLines({ lines, fileType: t.fileType, width, height })
    extractMs += performance.now() - t0
    tickets++
    score.add(t, { ...fields, meta, flags } as TicketReadingAnswer)
  }
  score.print(showErrors)
  scores.push(score)
}
const development = developmentBands(scores)
if (development.some((b) => b.n)) printBands('all development sets', development)
console.log(`extraction: ${(extractMs / Math.max(1, tickets)).toFixed(1)} ms a ticket over ${tickets}`)
process.exit(0)
