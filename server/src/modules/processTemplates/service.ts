import crypto from 'node:crypto'
import {
  formatDateTime, InspectionRefMsg, normalizeCheckItem, TEMPLATE_EXPORT_NAME,
  type CheckItem, type Page, type Paging, type ProcessTemplate, type ProcessTemplateDetail, type TemplateBody,
  type TemplateFilters, type TemplateOption, type TemplateStep, type TemplateVersion, type TemplateVersionSummary,
} from '@app/contract'
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { indicators, processTemplates, processTemplateVersions, users } from '../../db/schema/index.js'
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { contains, isUniqueViolation } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'

/**
 * Process templates (车辆类型, `model`) and non-process templates (isOut, `indicator_out`): the steps
 * and check items an inspection goes through. Every save whose name or steps differ from the current
 * version writes a new immutable version row; reports point at a version id (`templateVersion`).
 * Templates are headquarters' reference data shared by every base; a deleted one keeps its versions.
 */

type Kind = { isOut: boolean }

const stepCount = (steps: TemplateStep[]) => steps.length
const itemCount = (steps: TemplateStep[]) => steps.reduce((n, s) => n + s.items.length, 0)

const newKey = (prefix: string) => `${prefix}${crypto.randomBytes(5).toString('hex')}`

/**
 * The steps as a version stores them: every step and item keyed, fields the kind does not use dropped.
 * A step or item sent without its key keeps the previous version's key of the same name, so an
 * unchanged template saved again is the same content.
 */
export function freezeSteps(steps: TemplateBody['steps'], previous: TemplateStep[] = []): TemplateStep[] {
  const used = new Set<string>()
  const key = (given: string | undefined, known: string | undefined, prefix: string) => {
    let k = given ?? known
    if (!k || used.has(k)) k = newKey(prefix)
    while (used.has(k)) k = newKey(prefix)
    used.add(k)
    return k
  }
  return steps.map((step) => {
    const before = previous.find((p) => p.name === step.name)
    return {
      key: key(step.key, before?.key, 's'),
      name: step.name,
      items: step.items.map((item): CheckItem => {
        const n = normalizeCheckItem(item)
        return {
          key: key(item.key, before?.items.find((i) => i.name === item.name)?.key, 'i'), name: n.name, kind: n.kind, unit: n.unit, min: n.min, max: n.max, options: n.options,
          required: item.required ?? true, indicatorId: item.indicatorId ?? null,
        }
      }),
    }
  })
}

const listColumns = {
  t: processTemplates,
  version: processTemplateVersions.version,
  steps: processTemplateVersions.steps,
}
type ListRow = { t: typeof processTemplates.$inferSelect; version: number; steps: TemplateStep[] }

const toTemplate = ({ t, version, steps }: ListRow): ProcessTemplate => ({
  id: t.id, name: t.name, isOut: t.isOut, remarks: t.remarks, versionId: t.currentVersionId!, version,
  stepCount: stepCount(steps), itemCount: itemCount(steps),
  createTimeStr: formatDateTime(t.createTime), updateTimeStr: formatDateTime(t.updateTime),
})

const withVersion = (db: Executor) =>
  db.select(listColumns).from(processTemplates)
    .innerJoin(processTemplateVersions, eq(processTemplateVersions.id, processTemplates.currentVersionId))

const live = (kind: Kind) => and(eq(processTemplates.isOut, kind.isOut), isNull(processTemplates.deletedAt))

function where(kind: Kind, q: TemplateFilters): SQL | undefined {
  return and(live(kind), q.name ? contains(processTemplates.name, q.name) : undefined)
}

const templateList = (db: Executor, kind: Kind, q: TemplateFilters) => listSource({
  db,
  query: () => withVersion(db).where(where(kind, q)).$dynamic(),
  orderBy: [asc(processTemplates.id)],
  map: toTemplate,
  count: () => db.select({ id: processTemplates.id }).from(processTemplates).where(where(kind, q)).$dynamic(),
})

export const findTemplates = (db: Executor, kind: Kind, q: TemplateFilters & Paging): Promise<Page<ProcessTemplate>> =>
  pagedList(templateList(db, kind, q), q)

export const allTemplates = (db: Executor, kind: Kind, q: TemplateFilters) => allRows(templateList(db, kind, q))

export const templateExport = (isOut: boolean) => defineExport<ProcessTemplate>({
  name: isOut ? `非流程${TEMPLATE_EXPORT_NAME}` : TEMPLATE_EXPORT_NAME, sheet: '检验模板', format: 'xlsx',
  columns: [
    { header: '模板名称', value: (r) => r.name, width: 24 },
    { header: '当前版本', value: (r) => `V${r.version}`, width: 10 },
    { header: '步骤数', value: (r) => r.stepCount, width: 10 },
    { header: '检验项数', value: (r) => r.itemCount, width: 10 },
    { header: '备注', value: (r) => r.remarks, width: 40 },
    { header: '更新时间', value: (r) => r.updateTimeStr, width: 20 },
  ],
})

/** A live template of this kind with its current steps (another kind's or a deleted id answers as missing). */
export async function getTemplate(db: Executor, kind: Kind, id: number): Promise<ProcessTemplateDetail> {
  const [row] = await withVersion(db).where(and(eq(processTemplates.id, id), live(kind)))
  if (!row) throw new NotFoundError(InspectionRefMsg.templateNotFound)
  return { ...toTemplate(row), steps: row.steps }
}

/** The current templates a start-inspection dialog offers (both kinds unless one is asked for). */
export async function templateOptions(db: Executor, isOut?: boolean): Promise<TemplateOption[]> {
  const rows = await withVersion(db)
    .where(and(isNull(processTemplates.deletedAt), isOut === undefined ? undefined : eq(processTemplates.isOut, isOut)))
    .orderBy(asc(processTemplates.isOut), asc(processTemplates.id))
  return rows.map(({ t, version }) => ({ id: t.id, name: t.name, isOut: t.isOut, versionId: t.currentVersionId!, version }))
}

const versionColumns = {
  v: processTemplateVersions,
  isOut: processTemplates.isOut,
  createdBy: users.name,
}

/**
 * The frozen content of one version, whatever has happened to its template since (edited, deleted):
 * what a report started from this version records against.
 */
export async function templateVersion(db: Executor, versionId: number): Promise<TemplateVersion> {
  const [row] = await db.select(versionColumns).from(processTemplateVersions)
    .innerJoin(processTemplates, eq(processTemplates.id, processTemplateVersions.templateId))
    .leftJoin(users, eq(users.id, processTemplateVersions.createdBy))
    .where(eq(processTemplateVersions.id, versionId))
  if (!row) throw new NotFoundError(InspectionRefMsg.versionNotFound)
  return toVersion(row)
}

const toVersion = ({ v, isOut, createdBy }: { v: typeof processTemplateVersions.$inferSelect; isOut: boolean; createdBy: string | null }): TemplateVersion => ({
  id: v.id, templateId: v.templateId, version: v.version, name: v.name, isOut, steps: v.steps, createdBy, createTimeStr: formatDateTime(v.createTime),
})

/** A version of a template of this kind (for the history screen; the template may be deleted since). */
export async function getTemplateVersion(db: Executor, kind: Kind, versionId: number): Promise<TemplateVersion> {
  const version = await templateVersion(db, versionId).catch(() => null)
  if (!version || version.isOut !== kind.isOut) throw new NotFoundError(InspectionRefMsg.versionNotFound)
  return version
}

/** The versions of a live template, newest first. */
export async function templateVersions(db: Executor, kind: Kind, id: number): Promise<TemplateVersionSummary[]> {
  await getTemplate(db, kind, id)
  const rows = await db.select(versionColumns).from(processTemplateVersions)
    .innerJoin(processTemplates, eq(processTemplates.id, processTemplateVersions.templateId))
    .leftJoin(users, eq(users.id, processTemplateVersions.createdBy))
    .where(eq(processTemplateVersions.templateId, id))
    .orderBy(desc(processTemplateVersions.version))
  return rows.map((r) => {
    const { steps, ...rest } = toVersion(r)
    return { ...rest, stepCount: stepCount(steps), itemCount: itemCount(steps) }
  })
}

/** Indicators a step names must exist (their content was copied by the editor; the id is provenance). */
async function assertIndicators(db: Executor, body: TemplateBody) {
  const ids = [...new Set(body.steps.flatMap((s) => s.items.map((i) => i.indicatorId)).filter((x): x is number => x != null))]
  if (!ids.length) return
  const found = await db.select({ id: indicators.id }).from(indicators).where(inArray(indicators.id, ids))
  if (found.length !== ids.length) throw new ValidationError(InspectionRefMsg.indicatorNotFound)
}

async function nameUnique<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err, 'process_template_name_idx')) throw new ConflictError(InspectionRefMsg.templateNameTaken(name))
    throw err
  }
}

/** A new template and its version 1. */
export async function saveTemplate(db: Executor, auth: SessionUser, kind: Kind, body: TemplateBody): Promise<ProcessTemplateDetail> {
  await assertIndicators(db, body)
  const id = await nameUnique(body.name, () => db.transaction(async (tx) => {
    const [t] = await tx.insert(processTemplates).values({ name: body.name, isOut: kind.isOut, remarks: body.remarks ?? null }).returning({ id: processTemplates.id })
    const [v] = await tx.insert(processTemplateVersions).values({
      templateId: t!.id, version: 1, name: body.name, steps: freezeSteps(body.steps), createdBy: auth.userId,
    }).returning({ id: processTemplateVersions.id })
    await tx.update(processTemplates).set({ currentVersionId: v!.id }).where(eq(processTemplates.id, t!.id))
    return t!.id
  }))
  return getTemplate(db, kind, id)
}

/** JSON with object keys sorted (jsonb does not keep the order they were written in). */
const canonical = (v: unknown): string => JSON.stringify(v, (_k, x) =>
  x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x)

const sameContent = (a: { name: string; steps: TemplateStep[] }, b: { name: string; steps: TemplateStep[] }) =>
  a.name === b.name && canonical(a.steps) === canonical(b.steps)

/**
 * Saves an edit: a new version when the name or the steps differ from the current version (the old
 * version row is never touched); remarks alone change the template row only. The template row is
 * locked first, so two parallel edits get consecutive version numbers.
 */
export async function updateTemplate(db: Executor, auth: SessionUser, kind: Kind, id: number, body: TemplateBody): Promise<ProcessTemplateDetail> {
  await assertIndicators(db, body)
  await nameUnique(body.name, () => db.transaction(async (tx) => {
    const [t] = await tx.select({ id: processTemplates.id, currentVersionId: processTemplates.currentVersionId }).from(processTemplates)
      .where(and(eq(processTemplates.id, id), live(kind))).for('update')
    if (!t) throw new NotFoundError(InspectionRefMsg.templateNotFound)
    const [current] = await tx.select().from(processTemplateVersions).where(eq(processTemplateVersions.id, t.currentVersionId!))
    const steps = freezeSteps(body.steps, current?.steps)
    let currentVersionId = t.currentVersionId!
    if (!current || !sameContent(current, { name: body.name, steps })) {
      const [last] = await tx.select({ n: sql<number>`coalesce(max(${processTemplateVersions.version}), 0)` }).from(processTemplateVersions)
        .where(eq(processTemplateVersions.templateId, id))
      const [v] = await tx.insert(processTemplateVersions).values({
        templateId: id, version: Number(last?.n ?? 0) + 1, name: body.name, steps, createdBy: auth.userId,
      }).returning({ id: processTemplateVersions.id })
      currentVersionId = v!.id
    }
    await tx.update(processTemplates).set({ name: body.name, remarks: body.remarks ?? null, currentVersionId, updateTime: new Date() })
      .where(eq(processTemplates.id, id))
  }))
  return getTemplate(db, kind, id)
}

/** Leaves the lists; its versions stay for the reports that use them, and its name is free again. */
export async function deleteTemplate(db: Executor, kind: Kind, id: number) {
  await getTemplate(db, kind, id)
  await db.update(processTemplates).set({ deletedAt: new Date() }).where(eq(processTemplates.id, id))
}
