import {
  RULE_PAGE_SIZE,
  extractionRuleBody, FIELD_PREFIX, formatDateTime, PROTECTED_FORMAT_ID, receiptFormatBody, TICKET_FIELDS, TICKET_TYPES, TicketMsg,
  type ExtractionRule, type ExtractionRuleBody, type Page, type ReceiptFormat, type ReceiptFormatBody, type TicketField, type TicketType,
  type extractionRuleQuery, type receiptFormatQuery,
} from '@app/contract'
import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Executor } from '../../db/client.js'
import { rememberRead } from '../../db/countMemo.js'
import { extractionRules, receiptFormats } from '../../db/schema/index.js'
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { contains } from '../../platform/query.js'
import { validateUserRegex } from '../../ocr/safeRegex.js'
import type { ExtractionRule as OcrRule, ReceiptFormat as OcrFormat } from '../../ocr/types.js'

type FormatRow = typeof receiptFormats.$inferSelect
type FormatQuery = z.infer<typeof receiptFormatQuery>
type RuleQuery = z.infer<typeof extractionRuleQuery>
type RuleChange = Omit<ExtractionRuleBody, 'property'>

/** The rule list shows 50 rules a page unless asked otherwise. */

const splitFields = (s: string | null) => (s ? s.split(',').filter((f): f is TicketField => f in TICKET_FIELDS) : [])

const toFormat = (r: FormatRow, ruleCount: number): ReceiptFormat => ({
  id: r.id, name: r.name, type: r.type as TicketType, regular: r.regular, rankcom: r.rankcom, excludeKeywords: r.excludeKeywords,
  requiredFields: splitFields(r.requiredFields), description: r.description, ruleCount, createTime: formatDateTime(r.createTime),
})

/**
 * A match rule is a regex unless it is a plain keyword list; either way it must be safe to run.
 * A refusal names the form field by its schema's label.
 */
async function checkPattern(field: z.ZodType, pattern: string | null | undefined) {
  if (!pattern) return
  const problem = await validateUserRegex(pattern)
  if (problem) throw new ValidationError(TicketMsg.badPattern(field.description!, problem))
}

/** The patterns of an extraction rule, saved or tried in the rule tester: the same checks. */
export async function checkRulePatterns(rule: { valueNameRegular?: string | null; valueRegular?: string | null }) {
  await checkPattern(extractionRuleBody.shape.valueNameRegular, rule.valueNameRegular)
  await checkPattern(extractionRuleBody.shape.valueRegular, rule.valueRegular)
}

async function formatValues(body: ReceiptFormatBody) {
  await checkPattern(receiptFormatBody.shape.regular, body.regular)
  return {
    name: body.name, type: body.type, regular: body.regular ?? '', rankcom: body.rankcom, excludeKeywords: body.excludeKeywords ?? null,
    requiredFields: body.requiredFields?.length ? body.requiredFields.join(',') : null, description: body.description ?? null,
  }
}

/** Formats with the number of their rules, as the list shows them. */
const formatsWithRuleCount = (db: Executor) =>
  db.select({ f: receiptFormats, ruleCount: count(extractionRules.id) }).from(receiptFormats)
    .leftJoin(extractionRules, eq(extractionRules.receiptFormatId, receiptFormats.id)).groupBy(receiptFormats.id).$dynamic()

const formatList = (db: Executor, q: Omit<FormatQuery, 'page' | 'size' | 'pageNo' | 'pageSize'>) => listSource({
  db,
  query: () => formatsWithRuleCount(db)
    .where(and(q.name ? contains(receiptFormats.name, q.name) : undefined, q.type ? eq(receiptFormats.type, q.type) : undefined)),
  orderBy: [desc(receiptFormats.rankcom), asc(receiptFormats.id)],
  map: (r) => toFormat(r.f, r.ruleCount),
})

export const findFormats = (db: Executor, q: FormatQuery): Promise<Page<ReceiptFormat>> => pagedList(formatList(db, q), q)

/** Every format, for the export. */
export const allFormats = (db: Executor) => allRows(formatList(db, {}))

export async function getFormat(db: Executor, id: number) {
  const [row] = await db.select().from(receiptFormats).where(eq(receiptFormats.id, id))
  if (!row) throw new NotFoundError(TicketMsg.formatNotFound)
  return row
}

/** One format as the list shows it, its rules counted. */
async function formatAnswer(db: Executor, id: number): Promise<ReceiptFormat> {
  const [r] = await formatsWithRuleCount(db).where(eq(receiptFormats.id, id))
  return toFormat(r!.f, r!.ruleCount)
}

export async function saveFormat(db: Executor, body: ReceiptFormatBody) {
  const [row] = await db.insert(receiptFormats).values(await formatValues(body)).returning({ id: receiptFormats.id })
  return formatAnswer(db, row!.id)
}

export async function updateFormat(db: Executor, id: number, body: ReceiptFormatBody) {
  await getFormat(db, id)
  await db.update(receiptFormats).set(await formatValues(body)).where(eq(receiptFormats.id, id))
  return formatAnswer(db, id)
}

/** Deleting a format deletes its rules too (the page warns first); the fallback format stays. */
export async function deleteFormat(db: Executor, id: number) {
  if (id === PROTECTED_FORMAT_ID) throw new ConflictError(TicketMsg.formatProtected)
  await getFormat(db, id)
  await db.delete(receiptFormats).where(eq(receiptFormats.id, id))
}

// ---- extraction rules -------------------------------------------------------------------------

/** Rules with the name of their format, as the list shows them. */
const rulesWithFormatName = (db: Executor) => db.select({
  id: extractionRules.id, property: extractionRules.property, receiptFormatId: extractionRules.receiptFormatId,
  receiptFormatName: receiptFormats.name, valueName: extractionRules.valueName,
  valueNameRegular: extractionRules.valueNameRegular, valueRegular: extractionRules.valueRegular,
}).from(extractionRules).innerJoin(receiptFormats, eq(receiptFormats.id, extractionRules.receiptFormatId)).$dynamic()

const ruleList = (db: Executor, q: Omit<RuleQuery, 'page' | 'size' | 'pageNo' | 'pageSize'>) => listSource({
  db,
  query: () => rulesWithFormatName(db).where(and(
    q.property ? contains(extractionRules.property, q.property) : undefined,
    q.receiptFormatId ? eq(extractionRules.receiptFormatId, q.receiptFormatId) : undefined,
  )),
  orderBy: [asc(extractionRules.receiptFormatId), asc(extractionRules.id)],
  map: (r) => r as ExtractionRule,
})

export const findRules = (db: Executor, q: RuleQuery): Promise<Page<ExtractionRule>> =>
  pagedList(ruleList(db, q), { ...q, size: q.size ?? q.pageSize ?? RULE_PAGE_SIZE })

/** Every rule, for the export. */
export const allRules = (db: Executor) => allRows(ruleList(db, {}))

async function ruleAnswer(db: Executor, id: number): Promise<ExtractionRule> {
  const [rule] = await rulesWithFormatName(db).where(eq(extractionRules.id, id))
  return rule as ExtractionRule
}

async function checkRule(db: Executor, body: RuleChange, property: string) {
  const format = await getFormat(db, body.receiptFormatId).catch(() => {
    throw new ValidationError(TicketMsg.ruleFormatMissing)
  })
  const type = format.type as TicketType
  if (!property.startsWith(FIELD_PREFIX[type])) {
    throw new ValidationError(TicketMsg.fieldNotOfType(TICKET_FIELDS[property as TicketField] ?? property, TICKET_TYPES[type]))
  }
  if (!body.valueNameRegular && !body.valueRegular && !body.valueName) throw new ValidationError(TicketMsg.ruleEmpty)
  await checkRulePatterns(body)
}

export async function saveRule(db: Executor, body: ExtractionRuleBody) {
  await checkRule(db, body, body.property)
  const [row] = await db.insert(extractionRules).values({
    property: body.property, receiptFormatId: body.receiptFormatId, valueName: body.valueName ?? null,
    valueNameRegular: body.valueNameRegular ?? null, valueRegular: body.valueRegular ?? null,
  }).returning({ id: extractionRules.id })
  return ruleAnswer(db, row!.id)
}

export async function updateRule(db: Executor, id: number, body: RuleChange) {
  const [existing] = await db.select().from(extractionRules).where(eq(extractionRules.id, id))
  if (!existing) throw new NotFoundError(TicketMsg.ruleNotFound)
  await checkRule(db, body, existing.property)
  await db.update(extractionRules).set({
    receiptFormatId: body.receiptFormatId, valueName: body.valueName ?? null,
    valueNameRegular: body.valueNameRegular ?? null, valueRegular: body.valueRegular ?? null,
  }).where(eq(extractionRules.id, id))
  return ruleAnswer(db, id)
}

export async function deleteRule(db: Executor, id: number) {
  const deleted = await db.delete(extractionRules).where(eq(extractionRules.id, id)).returning({ id: extractionRules.id })
  if (!deleted.length) throw new NotFoundError(TicketMsg.ruleNotFound)
}

/** What the ticket reader applies: every format and every rule. */
export interface ReadingConfig {
  formats: OcrFormat[]
  rules: OcrRule[]
}

/** Everything the ticket reader needs; on the embedded database kept until a format or rule is written (every upload asks). */
export async function loadReadingConfig(db: Executor): Promise<ReadingConfig> {
  const formatsQuery = db.select().from(receiptFormats)
  const rulesQuery = db.select().from(extractionRules)
  const [formats, rules] = await Promise.all([
    rememberRead(db, formatsQuery.toSQL(), () => formatsQuery.execute()),
    rememberRead(db, rulesQuery.toSQL(), () => rulesQuery.execute()),
  ])
  return { formats: formats.map((f) => ({ ...f, type: f.type as TicketType, requiredFields: splitFields(f.requiredFields) })), rules }
}
