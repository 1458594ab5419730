import {
  formatDateTime, PROTECTED_FORMAT_ID, resolvePaging, TICKET_FIELDS,
  type ExtractionRule, type ExtractionRuleBody, type Page, type ReceiptFormat, type ReceiptFormatBody, type TicketField,
  type extractionRuleQuery, type receiptFormatQuery,
} from '@app/contract'
import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Executor } from '../../db/client.js'
import { extractionRules, receiptFormats } from '../../db/schema/index.js'
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { fieldPrefix } from '../../ocr/extract.js'
import { validateUserRegex } from '../../ocr/safeRegex.js'
import type { ExtractionRule as OcrRule, ReceiptFormat as OcrFormat } from '../../ocr/types.js'
import { contains } from '../../platform/query.js'

type FormatRow = typeof receiptFormats.$inferSelect

const splitFields = (s: string | null) => (s ? s.split(',').filter((f): f is TicketField => f in TICKET_FIELDS) : [])

const toFormat = (r: FormatRow, ruleCount = 0): ReceiptFormat => ({
  id: r.id, name: r.name, type: r.type as 1 | 2, regular: r.regular, rankcom: r.rankcom, excludeKeywords: r.excludeKeywords,
  requiredFields: splitFields(r.requiredFields), description: r.description, ruleCount, createTime: formatDateTime(r.createTime),
})

/** A match rule is a regex unless it is a plain keyword list; either way it must be safe to run. */
async function checkPattern(label: string, pattern: string | null | undefined) {
  if (!pattern) return
  const problem = await validateUserRegex(pattern)
  if (problem) throw new ValidationError(`${label}：${problem}`)
}

/** The patterns of an extraction rule, saved or tried in the rule tester: the same checks. */
export async function checkRulePatterns(rule: { valueNameRegular?: string | null; valueRegular?: string | null }) {
  await checkPattern('名称表达式', rule.valueNameRegular)
  await checkPattern('取值表达式', rule.valueRegular)
}

async function formatValues(body: ReceiptFormatBody) {
  await checkPattern('匹配规则', body.regular)
  return {
    name: body.name, type: body.type, regular: body.regular ?? '', rankcom: body.rankcom, excludeKeywords: body.excludeKeywords ?? null,
    requiredFields: body.requiredFields?.length ? body.requiredFields.join(',') : null, description: body.description ?? null,
  }
}

export async function findFormats(db: Executor, q: z.infer<typeof receiptFormatQuery>): Promise<Page<ReceiptFormat>> {
  const { size, offset } = resolvePaging(q)
  const cond = and(q.name ? contains(receiptFormats.name, q.name) : undefined, q.type ? eq(receiptFormats.type, q.type) : undefined)
  const [rows, [total]] = await Promise.all([
    db.select({ f: receiptFormats, ruleCount: count(extractionRules.id) }).from(receiptFormats)
      .leftJoin(extractionRules, eq(extractionRules.receiptFormatId, receiptFormats.id))
      .where(cond).groupBy(receiptFormats.id).orderBy(desc(receiptFormats.rankcom), asc(receiptFormats.id)).limit(size).offset(offset),
    db.select({ n: count() }).from(receiptFormats).where(cond),
  ])
  return { data: rows.map((r) => toFormat(r.f, Number(r.ruleCount))), totalCount: Number(total?.n ?? 0) }
}

export async function getFormat(db: Executor, id: number) {
  const [row] = await db.select().from(receiptFormats).where(eq(receiptFormats.id, id))
  if (!row) throw new NotFoundError('票据格式不存在')
  return row
}

export async function saveFormat(db: Executor, body: ReceiptFormatBody) {
  const [row] = await db.insert(receiptFormats).values(await formatValues(body)).returning()
  return toFormat(row!)
}

export async function updateFormat(db: Executor, id: number, body: ReceiptFormatBody) {
  await getFormat(db, id)
  const [row] = await db.update(receiptFormats).set(await formatValues(body)).where(eq(receiptFormats.id, id)).returning()
  return toFormat(row!)
}

/** Deleting a format deletes its rules too (the page warns first); the fallback format stays. */
export async function deleteFormat(db: Executor, id: number) {
  if (id === PROTECTED_FORMAT_ID) throw new ConflictError('该票据格式为系统默认格式，不能删除')
  await getFormat(db, id)
  await db.delete(receiptFormats).where(eq(receiptFormats.id, id))
}

// ---- extraction rules -------------------------------------------------------------------------

const ruleColumns = {
  id: extractionRules.id, property: extractionRules.property, receiptFormatId: extractionRules.receiptFormatId,
  receiptFormatName: receiptFormats.name, valueName: extractionRules.valueName,
  valueNameRegular: extractionRules.valueNameRegular, valueRegular: extractionRules.valueRegular,
}

export async function findRules(db: Executor, q: z.infer<typeof extractionRuleQuery>): Promise<Page<ExtractionRule>> {
  const { size, offset } = resolvePaging(q, 50)
  const cond = and(
    q.property ? contains(extractionRules.property, q.property) : undefined,
    q.receiptFormatId ? eq(extractionRules.receiptFormatId, q.receiptFormatId) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db.select(ruleColumns).from(extractionRules).innerJoin(receiptFormats, eq(receiptFormats.id, extractionRules.receiptFormatId))
      .where(cond).orderBy(asc(extractionRules.receiptFormatId), asc(extractionRules.id)).limit(size).offset(offset),
    db.select({ n: count() }).from(extractionRules).where(cond),
  ])
  return { data: rows as ExtractionRule[], totalCount: Number(total?.n ?? 0) }
}

async function checkRule(db: Executor, body: Omit<ExtractionRuleBody, 'property'>, property: string) {
  const format = await getFormat(db, body.receiptFormatId).catch(() => {
    throw new ValidationError('所选票据格式不存在')
  })
  const prefix = fieldPrefix(format.type as 1 | 2)
  if (!property.startsWith(prefix)) {
    throw new ValidationError(`字段“${TICKET_FIELDS[property as TicketField] ?? property}”不属于${format.type === 1 ? '发货单' : '收货单'}`)
  }
  if (!body.valueNameRegular && !body.valueRegular && !body.valueName) throw new ValidationError('字段名称、名称表达式和取值表达式至少填写一项')
  await checkRulePatterns(body)
}

export async function saveRule(db: Executor, body: ExtractionRuleBody) {
  await checkRule(db, body, body.property)
  const [row] = await db.insert(extractionRules).values({
    property: body.property, receiptFormatId: body.receiptFormatId, valueName: body.valueName ?? null,
    valueNameRegular: body.valueNameRegular ?? null, valueRegular: body.valueRegular ?? null,
  }).returning()
  return row!
}

export async function updateRule(db: Executor, id: number, body: Omit<ExtractionRuleBody, 'property'>) {
  const [existing] = await db.select().from(extractionRules).where(eq(extractionRules.id, id))
  if (!existing) throw new NotFoundError('取值规则不存在')
  await checkRule(db, body, existing.property)
  const [row] = await db.update(extractionRules).set({
    receiptFormatId: body.receiptFormatId, valueName: body.valueName ?? null,
    valueNameRegular: body.valueNameRegular ?? null, valueRegular: body.valueRegular ?? null,
  }).where(eq(extractionRules.id, id)).returning()
  return row!
}

export async function deleteRule(db: Executor, id: number) {
  const deleted = await db.delete(extractionRules).where(eq(extractionRules.id, id)).returning({ id: extractionRules.id })
  if (!deleted.length) throw new NotFoundError('取值规则不存在')
}

/** What the ticket reader applies: every format and every rule. */
export interface ReadingConfig {
  formats: OcrFormat[]
  rules: OcrRule[]
}

/** Everything the ticket reader needs, in one read. */
export async function loadReadingConfig(db: Executor): Promise<ReadingConfig> {
  const [formats, rules] = await Promise.all([db.select().from(receiptFormats), db.select().from(extractionRules)])
  return {
    formats: formats.map((f) => ({ ...toFormat(f), excludeKeywords: f.excludeKeywords ?? undefined })),
    rules,
  }
}

/**
 * What the rule tester applies: everything stored, with the rule being edited (checked like a
 * saved one) replacing the stored rule of the same id, or added.
 */
export async function readingConfigWithCandidate(db: Executor, candidate?: Omit<OcrRule, 'id'> & { id?: number }): Promise<ReadingConfig> {
  if (candidate) await checkRulePatterns(candidate)
  const config = await loadReadingConfig(db)
  if (!candidate) return config
  const rule = { ...candidate, id: candidate.id ?? -1 }
  return { formats: config.formats, rules: [...config.rules.filter((r) => r.id !== rule.id), rule] }
}
