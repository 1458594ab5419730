import type { candidateRule, TicketType } from '@app/contract'
import type { z } from 'zod'
import type { Executor } from '../../db/client.js'
import type { TicketReader } from '../../ocr/reader.js'
import type { AnalyzeInput } from '../../ocr/types.js'
import { checkRulePatterns, loadReadingConfig, type ReadingConfig } from '../receiptFormats/index.js'

/**
 * Reading a ticket: the OCR with the stored receipt formats and extraction rules turns a photo (or
 * pasted text) into fields, boxes and doubts. It keeps nothing and knows nothing of transports: the
 * upload flow (transports) charges, keeps and records the picture around `readTicket`.
 */
export interface ReadingDeps {
  db: Executor
  reader: TicketReader
}

/**
 * One photographed ticket read in the OCR pool with the stored formats and rules. `savedNames`: names the
 * base already uses, per field (a reading one or two look-alike characters off is corrected to one),
 * looked up while the formats load; `keep`: the size of the copy the worker encodes to be kept.
 */
export async function readTicket(deps: ReadingDeps, input: Omit<AnalyzeInput, 'formats' | 'rules' | 'savedNames'> & { savedNames?: Promise<AnalyzeInput['savedNames']> }) {
  const [config, savedNames] = await Promise.all([loadReadingConfig(deps.db), input.savedNames])
  return deps.reader.analyze({ ...input, ...config, savedNames })
}

// ---- the rule tester: formats and rules tried on a ticket, no upload time taken ---------------------

type Candidate = z.infer<typeof candidateRule>

/**
 * Everything stored, with the rule being edited (checked like a saved one) in place of the stored
 * rule of the same id, or added.
 */
async function configWithCandidate(db: Executor, candidate?: Candidate): Promise<ReadingConfig> {
  if (candidate) await checkRulePatterns(candidate)
  const config = await loadReadingConfig(db)
  if (!candidate) return config
  const rule = { ...candidate, id: candidate.id ?? -1 }
  return { formats: config.formats, rules: [...config.rules.filter((r) => r.id !== rule.id), rule] }
}

/** The rule tester on pasted OCR text (in the pool too, so no user pattern runs on this thread). */
export async function testRulesOnText(deps: ReadingDeps, input: { text: string; fileType: TicketType; rule?: Candidate }) {
  return deps.reader.analyzeText({ text: input.text, fileType: input.fileType, ...await configWithCandidate(deps.db, input.rule) })
}

/** The rule tester on an uploaded picture. */
export async function testRulesOnPicture(deps: ReadingDeps, input: { buffer: Buffer; fileType: TicketType; rule?: Candidate }) {
  return deps.reader.analyze({ buffer: input.buffer, fileType: input.fileType, ...await configWithCandidate(deps.db, input.rule) })
}
